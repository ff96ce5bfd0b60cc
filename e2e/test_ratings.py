"""The rated ladder on the page: the opponents' ratings in Settings, and after a match the
player's rating (kept in the statistics, charted there) and the suggested next opponent. One
short seeded match (to 10 points against the beginner, the autoplay hook playing your seat;
the seed is one that your seat wins, so the suggestion is the next level up), at 360x640."""

from __future__ import annotations

import json
from typing import Any

from gintable import IDLE, engine_call
from screenwalk import every_size

from gin.i18n import catalogue

BOOT = 120_000
MATCH_OVER = 'html[data-phase="match_over"][data-ready="1"]'
SETTINGS = "{speed: 'instant', rules: {target: 10}, opponent: 'beginner'}"


def stored_matches(page: Any) -> list[dict[str, Any]]:
    matches: list[dict[str, Any]] = json.loads(
        page.evaluate("localStorage.getItem('gin-rummy:stats:v1')")
    )["matches"]
    return matches


def in_sight(page: Any, selector: str) -> bool:
    """Whether the node is wholly inside the window and its open dialog, none of them scrolled."""
    seen: bool = page.evaluate(
        """(selector) => {
          const node = document.querySelector(selector), box = node.closest('dialog');
          const r = node.getBoundingClientRect(), d = box.getBoundingClientRect();
          return box.scrollTop === 0 && window.scrollY === 0 && r.height > 0 && r.top >= d.top
            && r.bottom <= Math.min(d.bottom, innerHeight);
        }""",
        selector,
    )
    return seen


def test_ratings_in_settings_and_after_a_match(page: Any) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto("./?speed=0&sw=0")
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    page.click("#btn-settings")
    rated = [o for o in engine_call({"op": "opponents"})["opponents"] if "rating" in o]
    assert rated
    for o in rated:
        label = page.locator(f"#opponent-list label:has(input[value='{o['name']}'])")
        assert f"rated {o['rating']} (" in label.inner_text()
    page.keyboard.press("Escape")

    page.evaluate(f"localStorage.setItem('gin-rummy:settings:v1', JSON.stringify({SETTINGS}))")
    page.goto("./?seed=ratings-2&speed=0&autoplay=1&sw=0")
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=BOOT)
    if page.locator("#dlg-confirm[open]").count():
        page.locator("#confirm-yes").click()
    page.wait_for_selector(MATCH_OVER, state="attached", timeout=BOOT + 240_000)
    page.wait_for_selector("#match-rating-now", timeout=30_000)

    # The rating stored with the match is the engine's for a new player after this result.
    [match] = [m for m in stored_matches(page) if m["finished"]]
    score = 1 if match["winner"] == match["seat"] else 0
    expected = engine_call({"op": "rate", "player": None, "opponent": "beginner", "score": score})
    assert match["rating"] == expected["player"]
    assert (match["rating"]["rating"] > 1500) == (score == 1)
    shown = str(round(match["rating"]["rating"]))
    # In plain words while one match leaves it wide: no "95% interval".
    now = page.locator("#match-rating-now").inner_text()
    assert now == f"Your rating: about {shown}, still settling after 1 rated match.", now

    # The suggestion: one level up the ladder from the beginner (not the opponent nearest one
    # lucky win), one tap away for the next match, in sight on a phone without scrolling.
    name = expected["suggest"]
    assert name == "cautious", "one win against the beginner leads to the next level up"
    label = str(catalogue("en")[f"opponents.{name}.label"])  # shown by its catalogue label
    assert label in page.locator("#match-suggest").inner_text()
    assert in_sight(page, "#match-suggest-play")
    problems = every_size(page, "rating-match-end")
    # Reloaded at the match end, the page asks the engine again from the rating it kept.
    page.goto("./?speed=0&sw=0")
    page.wait_for_selector(MATCH_OVER, state="attached", timeout=BOOT)
    page.click("#result-next")  # the last hand's end shows first: "See the match"
    page.wait_for_selector("#match-suggest-play", timeout=30_000)
    assert label in page.locator("#match-suggest").inner_text()
    page.click("#match-suggest-play")
    page.wait_for_selector(
        'html[data-ready="1"]:not([data-phase="match_over"])', state="attached", timeout=BOOT
    )
    settings = json.loads(page.evaluate("localStorage.getItem('gin-rummy:settings:v1')"))
    assert settings["opponent"] == name
    assert page.evaluate("window.__gin.ui.opponent") == name

    # Statistics: the rating, its interval (few matches) and the chart with its table of points.
    page.click("#btn-stats")
    assert page.locator("#stats-rating-now").inner_text().startswith(f"about {shown}, still")
    page.wait_for_selector("#stats-rating-chart svg[role='img']")
    assert page.locator("#stats-rating-chart table tbody tr").count() == 1
    # One match: its interval drawn as a bar, and the rating between two labelled ticks.
    chart = page.locator("#stats-rating-chart svg")
    assert chart.locator("line[stroke-width='10']").count() == 1
    ticks = chart.locator("text[text-anchor='end']").all_text_contents()
    labels = [float(v.replace(",", "")) for v in ticks]
    assert min(labels) <= float(shown) <= max(labels), (shown, labels)
    assert not problems + every_size(page, "rating-statistics")

    # A stored rating is checked like every other figure: a file with a bad one is refused.
    before = page.evaluate("localStorage.getItem('gin-rummy:stats:v1')")
    store = json.loads(before)
    [rated] = [m for m in store["matches"] if m.get("rating")]
    rated["rating"]["deviation"] = 1e-300  # the engine's rate once divided by zero on it
    refuse = "t => import('./record/stats.js').then((m) => m.importStats(t))"
    why = page.evaluate(refuse, json.dumps(store))
    assert "its rating needs a deviation from 50 to 350" in why
    assert page.evaluate("localStorage.getItem('gin-rummy:stats:v1')") == before


def test_the_welcome_lists_the_levels_from_the_weakest_to_the_strongest(page: Any) -> None:
    """The welcome listed the levels in the engine's order, the baseline (1500) after the expert
    (1738): by the fitted ratings it shows beside them, weakest first."""
    page.goto("./?sw=0")  # a first launch: no test hook in the address, nothing stored
    page.wait_for_selector("#dlg-welcome[open] #welcome-levels input", timeout=BOOT)
    ratings = {o["name"]: o["rating"] for o in engine_call({"op": "opponents"})["opponents"]}
    listed = page.locator("#welcome-levels input").evaluate_all("els => els.map(e => e.value)")
    assert listed == sorted(ratings, key=lambda name: ratings[name])
    shown = page.locator("#welcome-levels label b").all_inner_texts()
    assert [int(text.rsplit(" ", 1)[1].strip("()")) for text in shown] == sorted(ratings.values())
