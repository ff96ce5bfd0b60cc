"""The player's features in Chromium: statistics, files, the daily deal, replays, rules options,
and the accessibility audit (the screen sizes: test_screens.py)."""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path
from typing import Any

import pytest
from audit import AXE, axe_problems
from gintable import (
    BOOT_TIMEOUT,
    MY_TURN,
    Plan,
    Table,
    engine_call,
    english,
    medium_date,
    seed_where,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect

from gin.i18n import catalogue
from gin.match import daily_seed
from gin.replay import frames

ROOT = Path(__file__).resolve().parent.parent
SAVE_KEY = "gin-rummy:save:v1"
SETTINGS_KEY = "gin-rummy:settings:v1"
STATS_KEY = "gin-rummy:stats:v1"
NAMES = ["You", "Computer"]
FAST = "speed=0&sw=0"


def store_before_load(context: BrowserContext, items: dict[str, Any]) -> None:
    """Put items in localStorage before the first page of the context runs (once: a reload, or
    a second tab, then finds what the pages themselves wrote)."""
    script = (
        "if (!localStorage.getItem('e2e-stored')) {"
        f" for (const [k, v] of Object.entries({json.dumps(items)}))"
        " localStorage.setItem(k, JSON.stringify(v));"
        " localStorage.setItem('e2e-stored', '1'); }"
    )
    context.add_init_script(script)


# ------------------------------------------------------------------------------------ the engine


def autoplay_choice(view: dict[str, Any]) -> str:
    """The page's autoplay policy (main.js), for the human seat: big gin, gin, knock, draw, pass,
    else the discard that leaves the least deadwood."""
    acts = [a["action"] for a in view["legal_actions"]]
    for fits in (
        lambda a: a == "big gin",
        lambda a: a.startswith("gin "),
        lambda a: a.startswith("knock "),
        lambda a: a == "draw",
        lambda a: a == "pass",
    ):
        for action in acts:
            if fits(action):
                return action
    options = sorted(
        (o for o in view["discard_options"] if f"discard {o['card']}" in acts),
        key=lambda o: o["deadwood"],
    )
    return f"discard {options[0]['card']}" if options else acts[0]


def mirror(
    seed: str, rules: dict[str, Any] | None = None, stop: Any = None, opponent: str | None = None
) -> dict[str, Any]:
    """Play a match in CPython as the page does (autoplay for you, the computer at once) until
    ``stop(view)`` or the match's end; the last reply, with ``results`` of the hands."""
    request: dict[str, Any] = {"op": "new", "seed": seed, "names": NAMES}
    if rules:
        request["rules"] = rules
    if opponent:
        request["opponent"] = opponent
    reply = engine_call(request)
    results = []
    while True:
        view = reply["view"]
        if view["result"] and (not results or results[-1][0] != view["hand_number"]):
            results.append((view["hand_number"], view["result"]))
        if view["phase"] == "match_over" or (stop and stop(view)):
            return {**reply, "results": [r for _, r in results]}
        if view["phase"] == "hand_over":
            reply = engine_call({"op": "act", "action": "next"})
        elif view["to_act"] == 1:
            reply = engine_call({"op": "bot"})
        else:
            reply = engine_call({"op": "act", "action": autoplay_choice(view)})
        assert reply["ok"], reply


def stats_rows(page: Page) -> dict[str, str]:
    dialog = page.get_by_role("dialog", name="Statistics")
    expect(dialog).to_be_visible()
    rows: list[list[str]] = dialog.locator("#stats-table tr").evaluate_all(
        "trs => trs.map(tr => [tr.cells[0].textContent, tr.cells[1].textContent])"
    )
    return dict((k, v) for k, v in rows)


def open_stats(page: Page) -> dict[str, str]:
    page.get_by_role("button", name="Stats").click()
    return stats_rows(page)


# The coach's rows: filled once the coach's review of a match's end is in (e2e/test_coach.py).
COACH_ROWS = ("Accuracy (reviewed matches)", "Luck per match")


def counted_rows(page: Page) -> dict[str, str]:
    """The statistics panel's rows but the coach's, which depend on the review's pace."""
    return {k: v for k, v in open_stats(page).items() if k not in COACH_ROWS}


# ------------------------------------------------------------------------------------ statistics


def test_statistics_after_a_seeded_match(context: BrowserContext, page: Page) -> None:
    rules = {"target": 25}  # short matches: the seed search below plays them in CPython
    # Against the rung below the expert: the autoplay's simple policy must win a match (with an
    # undercut) for every row to show, and the expert rarely lets it.
    rival = "tactician"

    def shows_a_won_match_with_an_undercut(seed: str) -> bool:
        played = mirror(seed, rules, opponent=rival)
        return played["view"]["final"]["winner"] == 0 and any(
            r["kind"] == "undercut" for r in played["results"]
        )

    seed = seed_where("stats", shows_a_won_match_with_an_undercut, tries=150)
    settings = {"speed": "instant", "rules": rules, "opponent": rival}
    store_before_load(context, {SETTINGS_KEY: settings})
    page.goto(f"./?{FAST}&autoplay=1&seed={seed}")
    end = page.get_by_role("dialog", name=re.compile("won the match"))
    expect(end).to_be_visible(timeout=60_000)
    played = mirror(seed, rules, opponent=rival)
    results, final, me = played["results"], played["view"]["final"], 0
    assert any(r["kind"] == "undercut" for r in results)  # the seed shows an undercut
    won = [r for r in results if r["winner"] == me]
    mine, theirs = final["totals"][me]["total"], final["totals"][1]["total"]
    pct = lambda a, b: f" ({round(100 * a / b)}%)" if b else ""  # noqa: E731
    count = lambda test: str(sum(1 for r in results if test(r)))  # noqa: E731
    rival_label = catalogue("en")[f"opponents.{played['save']['opponent']}.label"]
    today = medium_date(datetime.datetime.now(datetime.UTC).date())
    expected = {
        "Matches won": "1 of 1 (100%)" if final["winner"] == me else "0 of 1 (0%)",
        "Hands won": f"{len(won)} of {len(results)}{pct(len(won), len(results))}",
        "Gins": count(lambda r: r["kind"] in ("gin", "big_gin") and r["knocker"] == me),
        "Knocks": count(lambda r: r["kind"] in ("knock", "undercut") and r["knocker"] == me),
        "Undercuts given": count(lambda r: r["kind"] == "undercut" and r["winner"] == me),
        "Undercuts suffered": count(lambda r: r["kind"] == "undercut" and r["knocker"] == me),
        "Points per hand": f"{round(sum(r['points'] for r in won) / len(results) * 10) / 10:g}",
        "Void hands": count(lambda r: r["kind"] == "void"),
        "Matches abandoned": "0",
        "Best match": f"won {mine} to {theirs} on {today}",
        f"Against {rival_label}": "1 won, 0 lost",
    }
    assert final["winner"] == me
    page.keyboard.press("Escape")
    assert counted_rows(page) == expected
    # Both sides of the match were recorded once, even though the last view was seen twice.
    page.reload()
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=BOOT_TIMEOUT)
    page.keyboard.press("Escape")
    assert counted_rows(page) == expected


def a_store() -> dict[str, Any]:
    hands = [
        {"deal": 1, "kind": "gin", "knocker": 0, "winner": 0, "points": 37},
        {"deal": 2, "kind": "undercut", "knocker": 0, "winner": 1, "points": 27},
        {"deal": 3, "kind": "void", "knocker": None, "winner": None, "points": 0},
    ]
    match = {
        "id": "a@2026-01-02T10:00:00Z",
        "seed": "a",
        "daily": None,
        "opponent": "simple",
        "seat": 0,
        "started": "2026-01-02T10:00:00Z",
        "hands": hands,
        "finished": True,
        "winner": 0,
        "totals": [262, 52],
        "coach": {"accuracy": 85, "decisions": 120, "skill": 31.5, "luck": -12.4},
        "save": None,
    }
    return {"format": "gin-stats", "version": 1, "current": None, "matches": [match]}


def a_friends_match(names: tuple[str, str] = ("Ana", "Ben")) -> dict[str, Any]:
    """A finished match between two friends, as the statistics keep it apart
    (web/record/stats.js)."""
    return {
        "id": f"f-{names[0]}@2026-01-03T18:00:00Z",
        "seed": f"f-{names[0]}",
        "names": list(names),
        "started": "2026-01-03T18:00:00Z",
        "hands": [
            {"deal": 1, "kind": "gin", "knocker": 1, "winner": 1, "points": 41},
            {"deal": 2, "kind": "knock", "knocker": 0, "winner": 0, "points": 9},
            {"deal": 3, "kind": "big_gin", "knocker": 1, "winner": 1, "points": 52},
        ],
        "finished": True,
        "winner": 1,
        "totals": [34, 318],
        "moves": 96,
    }


def friends_text(page: Page) -> str:
    """The statistics panel's section between friends, as it reads."""
    section = page.get_by_role("dialog", name="Statistics").locator("#stats-friends")
    expect(section).to_be_visible()
    return section.inner_text()


def test_statistics_export_import_and_a_refused_file(
    context: BrowserContext, page: Page, tmp_path: Path
) -> None:
    store = {**a_store(), "friends": [a_friends_match()]}
    store_before_load(context, {STATS_KEY: store})
    Table(page).open(f"./?{FAST}&seed=files")
    before = open_stats(page)
    assert before["Gins"] == "1" and before["Undercuts suffered"] == "1"
    # Between friends: apart, and not in the figures above (one gin, two hands won).
    friends = friends_text(page)
    for line in (
        "Ana and Ben",
        "Matches played\t1",
        "Matches won\tAna 0\u00a0–\u00a01 Ben",
        "Hands played\t3",
        "Gins\tAna 0\u00a0–\u00a02 Ben",
        "Highest match score\t318, Ben (Jan 3, 2026)",
        "Last played\tJan 3, 2026",
    ):
        assert line in friends, (line, friends)
    assert before["Best match"] == "won 262 to 52 on Jan 2, 2026"
    assert before["Accuracy (reviewed matches)"] == "85% over 1 match"
    assert before["Luck per match"] == "-12 points"
    dialog = page.get_by_role("dialog", name="Statistics")
    expect(dialog.locator("#stats-accuracy svg")).to_have_count(1)  # the coach's chart
    expect(dialog.locator("#stats-accuracy table")).to_contain_text("85%")
    with page.expect_download() as download:
        dialog.get_by_role("button", name="Export").click()
    exported = tmp_path / "stats.json"
    download.value.save_as(exported)
    kept = json.loads(exported.read_text())
    assert kept["matches"][0] == store["matches"][0]
    assert (
        kept["matches"][1]["seed"] == "files" and not kept["matches"][1]["finished"]
    )  # on the table
    assert kept["friends"] == store["friends"]

    # Reset asks first; "Keep them" keeps them.
    dialog.get_by_role("button", name="Reset…").click()
    dialog.get_by_role("button", name="Keep them").click()
    assert stats_rows(page) == before
    dialog.get_by_role("button", name="Reset…").click()
    dialog.get_by_role("button", name="Reset", exact=True).click()
    assert stats_rows(page)["Hands won"] == "0 of 0"
    expect(dialog.locator("#stats-friends")).to_be_hidden()

    page.set_input_files("#stats-file", exported)
    expect(dialog.locator("#stats-note")).to_contain_text("Imported")
    assert stats_rows(page) == before
    assert friends_text(page) == friends

    refused = {
        "not-json.json": (b"{ this is not json", "it is not valid JSON"),
        "other.json": (b'{"format": "gin-match", "version": 1}', "not a Gin Rummy statistics file"),
        "newer.json": (
            json.dumps({**store, "version": 2}).encode(),
            "version 2, from a newer game",
        ),
        "bad-hand.json": (
            json.dumps(
                {**store, "matches": [{**store["matches"][0], "hands": [{"kind": "schneider"}]}]}
            ).encode(),
            'match 1, hand 1: unknown kind "schneider"',
        ),
        "bad-coach.json": (
            json.dumps(
                {**store, "matches": [{**store["matches"][0], "coach": {"accuracy": 150}}]}
            ).encode(),
            "match 1: coach accuracy must be a whole number from 0 to 100",
        ),
        "bad-friends.json": (
            json.dumps(
                {**store, "friends": [{**a_friends_match(), "names": ["Ana", "ANA"]}]}
            ).encode(),
            "friends' match 1: its two names must differ",
        ),
        "bad-friends-hand.json": (
            json.dumps(
                {**store, "friends": [{**a_friends_match(), "hands": [{"kind": "x"}]}]}
            ).encode(),
            'friends\' match 1, hand 1: unknown kind "x"',
        ),
    }
    for name, (content, reason) in refused.items():
        page.set_input_files(
            "#stats-file", files=[{"name": name, "mimeType": "application/json", "buffer": content}]
        )
        note = dialog.locator("#stats-note")
        expect(note).to_contain_text(reason)
        expect(note).to_contain_text("Your statistics are unchanged")
        assert stats_rows(page) == before
        assert friends_text(page) == friends
    # A file from before the friends' part is read as it always was, with none between friends.
    old = json.dumps(a_store()).encode()
    page.set_input_files(
        "#stats-file", files=[{"name": "old.json", "mimeType": "application/json", "buffer": old}]
    )
    expect(dialog.locator("#stats-note")).to_contain_text("Imported old.json")
    expect(dialog.locator("#stats-friends")).to_be_hidden()
    assert stats_rows(page) == before


# ------------------------------------------------------------------------------------ daily deal


def test_the_same_daily_deal_on_two_fresh_contexts(browser: Browser, base_url: str) -> None:
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    # The deal as the player first sees it: when the computer has the first say on the upcard,
    # its choice (which depends on the day's deal) is already on the table.
    expected = Plan(daily_seed()).view
    seen = []
    for way in ("dialog", "link"):
        context = browser.new_context(base_url=base_url)
        page = context.new_page()
        page.set_default_timeout(20_000)
        table = Table(page)
        if way == "dialog":
            table.open(f"./?{FAST}")
            page.get_by_role("button", name="Daily deal").click()
            daily = page.get_by_role("dialog", name="Daily deal")
            link = daily.get_by_label("Link to today's deal").input_value()
            assert link.endswith(f"?daily={today}")
            daily.get_by_role("button", name="Play today's deal").click()
            # A match was on the table: starting another asks first.
            page.get_by_role("dialog", name="New match?").get_by_role(
                "button", name="Start a new match"
            ).click()
            page.wait_for_function(
                "seed => window.__gin.ui.view && window.__gin.ui.seed === seed", arg=daily_seed()
            )
            table.idle()
        else:
            table.open(f"./?{FAST}&daily={today}")
        view = page.evaluate("window.__gin.ui.view")
        assert page.evaluate("window.__gin.ui.seed") == daily_seed()
        assert view["rules"] == expected["rules"]
        seen.append((view["hand_number"], view["dealer"], view["discard_pile"][:1], view["hand"]))
        page.get_by_role("button", name="Daily deal").click()
        shown = medium_date(datetime.date.fromisoformat(today))
        expect(page.locator("#daily-today")).to_contain_text(f"Today ({shown}, UTC): in progress")
        context.close()
    first = (1, expected["dealer"], expected["discard_pile"][:1], expected["hand"])
    assert seen == [first, first]


def test_a_link_opens_a_past_daily_with_the_standard_rules(
    context: BrowserContext, page: Page
) -> None:
    store_before_load(context, {SETTINGS_KEY: {"rules": {"target": 50, "gin_bonus": 20}}})
    table = Table(page).open(f"./?{FAST}&daily=2026-01-05")
    view = page.evaluate("window.__gin.ui.view")
    expected = engine_call({"op": "new", "seed": "daily-2026-01-05", "names": NAMES})["view"]
    assert view["hand"] == expected["hand"] and view["rules"]["target"] == 100
    assert table.page.evaluate("location.search").find("daily") < 0  # consumed: a reload resumes
    expect(page.locator("#rules-line")).to_have_text("Standard rules")


# ------------------------------------------------------------------------------------ replay


def replay_texts(page: Page) -> tuple[str, str]:
    return page.locator("#replay-step").inner_text(), page.locator("#replay-text").inner_text()


def test_replay_steps_through_a_match(context: BrowserContext, page: Page) -> None:
    store_before_load(context, {SETTINGS_KEY: {"rules": {"target": 1}}})
    page.goto(f"./?{FAST}&autoplay=1&seed=replay-2")
    end = page.get_by_role("dialog", name=re.compile("won the match"))
    expect(end).to_be_visible(timeout=60_000)
    doc = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))
    shots = frames(doc)
    total = len(shots)
    assert total > 20
    end.get_by_role("button", name="Watch the replay").click()
    dialog = page.get_by_role("dialog", name="Replay")
    expect(dialog).to_be_visible()

    def at(i: int) -> None:
        f = shots[i]
        step, text = f"Step {i + 1} of {total}", english(f["text"])
        expect(page.locator("#replay-step")).to_contain_text(step)
        expect(page.locator("#replay-text")).to_contain_text(text)
        for seat in (0, 1):
            cards = dialog.locator(f"#replay-hand-{seat} .card").evaluate_all(
                "els => els.map(e => e.dataset.card)"
            )
            assert sorted(cards) == sorted(f["hands"][seat]["cards"]), (i, seat)

    at(0)
    assert english(shots[0]["text"]).startswith("Hand 1: ")
    expect(dialog.get_by_role("button", name="Back")).to_be_disabled()
    dialog.get_by_role("button", name="Forward").click()
    at(1)
    page.keyboard.press("ArrowRight")
    at(2)
    page.keyboard.press("ArrowLeft")
    at(1)
    page.keyboard.press("End")
    at(total - 1)
    expect(page.locator("#replay-text")).to_contain_text("won the match")
    expect(dialog.get_by_role("button", name="Forward")).to_be_disabled()
    page.keyboard.press("ArrowLeft")  # the keys still work once the focused button is disabled
    at(total - 2)
    dialog.get_by_role("button", name="First step").click()
    at(0)
    deals = [i for i, f in enumerate(shots) if f["seat"] is None]
    page.keyboard.press("PageDown")
    at(deals[1] if len(deals) > 1 else total - 1)
    dialog.get_by_role("slider", name="Step").focus()
    page.keyboard.press("Home")
    at(0)
    # A drawn card, hidden in the moves log, is named in the replay.
    draw = next(i for i, f in enumerate(shots) if f["action"] == "draw")
    for _ in range(draw):
        page.keyboard.press("ArrowRight")
    at(draw)
    assert re.search(r"drew (10|[2-9AJQK])[♣♦♥♠] from the stock", english(shots[draw]["text"]))


# ------------------------------------------------------------------------------------ rules


def test_a_rules_change_asks_before_a_new_match(page: Page, table: Table) -> None:
    table.open(f"./?{FAST}&seed=rules-1")
    expect(page.locator("#rules-line")).to_have_text("Standard rules")
    page.get_by_role("button", name="Settings").click()
    settings = page.get_by_role("dialog", name="Settings")
    view = page.evaluate("window.__gin.ui.view")
    fields = settings.locator("[data-rule]").evaluate_all("els => els.map(e => e.dataset.rule)")
    assert sorted(fields) == sorted(view["rules"])  # every option of gin.rules.Rules

    settings.get_by_label("Preset").select_option("classic")
    expect(settings.get_by_label("Gin bonus", exact=True)).to_have_value("20")
    expect(settings.get_by_label("Undercut bonus")).to_have_value("10")
    expect(settings.get_by_label("Box bonus (each hand won)")).to_have_value("20")
    target = settings.get_by_label("Points to win the match")
    target.fill("50")
    target.press("Tab")
    expect(settings.get_by_label("Preset")).to_have_value("custom")
    expect(settings.locator("#rules-note")).to_contain_text("keeps its rules")

    settings.get_by_role("button", name="New match with these rules").click()
    confirm = page.get_by_role("dialog", name="New match?")
    confirm.get_by_role("button", name="Keep playing").click()
    assert page.evaluate("window.__gin.ui.view.rules.target") == 100

    page.get_by_role("button", name="Settings").click()
    settings.get_by_role("button", name="New match with these rules").click()
    confirm.get_by_role("button", name="Start a new match").click()
    page.wait_for_function("() => window.__gin.ui.view && window.__gin.ui.view.rules.target === 50")
    table.idle()
    rules = page.evaluate("window.__gin.ui.view.rules")
    classic = engine_call({"op": "presets"})["presets"]["classic"]
    assert rules == {**classic, "target": 50}
    expect(page.locator("#rules-line")).to_have_text(
        "Custom rules: target: 50, gin bonus: 20, undercut bonus: 10, box bonus: 20"
    )
    expect(page.locator("#target")).to_contain_text("to 50")
    stored = json.loads(page.evaluate(f"localStorage.getItem('{SETTINGS_KEY}')"))
    assert stored["rules"] == rules  # kept for the next visit (a reload is tested with Display)


# ------------------------------------------------------------------------------------ access


def test_display_options_focus_and_the_hand_read_out(page: Page, table: Table) -> None:
    table.open(f"./?{FAST}&seed=access-1")
    page.wait_for_selector(MY_TURN, state="attached")
    hand = table.hand()
    # The hand read out in its groups, with the deadwood, on R ("read my hand").
    page.keyboard.press("r")
    said = page.locator("#announcer p").last
    view = page.evaluate("window.__gin.ui.view")
    expect(said).to_contain_text(f"Your hand, {len(hand)} cards.")
    expect(said).to_contain_text(f"Deadwood {view['deadwood']}:")
    # Focus and selection look different: a ring for focus, a raised gold edge for selection.
    table.focus_hand_by_tab()
    first = table.focused_card()
    page.keyboard.press("ArrowRight")
    focused = table.focused_card()
    assert focused and first and focused != first
    look = "el => [getComputedStyle(el).outlineStyle, getComputedStyle(el).transform]"
    assert table.card(focused).evaluate(look)[0] != "none"
    assert table.card(first).evaluate(look)[0] == "none"
    # Display options put their classes on the page and change the cards.
    page.get_by_role("button", name="Settings").click()
    settings = page.get_by_role("dialog", name="Settings")
    club = next((c for c in hand if c.endswith("C")), None)
    for label, cls in [
        ("Four-colour deck", "deck-four"),
        ("Large cards", "cards-large"),
        ("High contrast", "contrast-high"),
        ("Reduce motion", "motion-reduced"),
    ]:
        settings.get_by_label(re.compile(label)).check()
        assert page.evaluate(f"document.documentElement.classList.contains('{cls}')")
    page.keyboard.press("Escape")
    width = table.card(hand[0]).evaluate("el => el.getBoundingClientRect().width")
    assert width >= 80
    if club:
        color = table.card(club).evaluate("el => getComputedStyle(el).color")
        assert color == "rgb(23, 112, 44)"
    page.reload()
    table.idle(BOOT_TIMEOUT)
    assert page.evaluate("document.documentElement.className").split() == [
        "deck-four",
        "cards-large",
        "contrast-high",
        "motion-reduced",
    ]


def test_the_hand_end_explains_the_score(context: BrowserContext, page: Page) -> None:
    ended = mirror("explain-2", stop=lambda v: v["phase"] == "hand_over")
    store_before_load(context, {SAVE_KEY: ended["save"]})
    Table(page).open(f"./?{FAST}")
    result = page.get_by_role("dialog", name=re.compile("knocked|gin|Undercut|Void"))
    expect(result).to_be_visible()
    r = ended["view"]["result"]
    steps = result.locator("#result-steps li").all_inner_texts()
    assert len(steps) >= 3
    # The steps end on the view's own sum, and the verdict is the view's words.
    expect(result.locator("#result-verdict")).to_contain_text(english(r["words"]))
    assert str(r["points"]) in " ".join(steps)
    assert steps[-1].endswith("a box, worth 25 at the end of the match.")


# ------------------------------------------------------------------------------------ the audit


def axe(page: Page, what: str) -> None:
    bad = axe_problems(page)
    assert not bad, f"{what}: " + "; ".join(bad)


def saved_states() -> dict[str, Any]:
    """Saves to open the page at: a knock to review, a hand's end, a match's end."""
    knock = mirror(
        "audit-1", stop=lambda v: any(a["action"].startswith("knock ") for a in v["legal_actions"])
    )
    over = mirror("audit-2", stop=lambda v: v["phase"] == "hand_over")
    done = mirror("audit-3", rules={"target": 1})
    return {"knock": knock, "hand_over": over, "match_over": done}


@pytest.fixture(scope="module")
def states() -> dict[str, Any]:
    return saved_states()


def test_accessibility_audit(context: BrowserContext, page: Page, states: dict[str, Any]) -> None:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `npm ci` (build.py build does)")
    knock = states["knock"]
    store_before_load(context, {SAVE_KEY: knock["save"]})
    table = Table(page).open(f"./?{FAST}")
    axe(page, "the table")
    for button, name in [
        ("Keys", "Keys"),
        ("Settings", "Settings"),
        ("Stats", "Statistics"),
        ("Daily deal", "Daily deal"),
    ]:
        page.get_by_role("button", name=button, exact=True).click()
        expect(page.get_by_role("dialog", name=name)).to_be_visible()
        axe(page, f"the {name} dialog")
        page.keyboard.press("Escape")
    page.get_by_role("button", name="Stats").click()
    page.get_by_role("button", name="Reset…").click()
    axe(page, "the statistics reset question")
    page.keyboard.press("Escape")
    page.get_by_role("button", name="See the whole pile").click()
    axe(page, "the discard pile")
    page.keyboard.press("Escape")
    acts = [a["action"] for a in knock["view"]["legal_actions"]]
    knocks = [a for a in acts if a.startswith("knock ")]
    table.card(knocks[0].split()[1]).click()
    page.keyboard.press("k")
    expect(page.get_by_role("dialog", name=re.compile("Knock"))).to_be_visible()
    axe(page, "the knock review")
    page.get_by_role("button", name="Cancel").click()
    page.get_by_role("button", name="New match").click()
    expect(page.get_by_role("dialog", name="New match?")).to_be_visible()
    axe(page, "the new match question")
    page.keyboard.press("Escape")

    for state, dialog in [
        ("hand_over", re.compile("knocked|gin|Undercut|Void")),
        ("match_over", re.compile("won the match")),
    ]:
        page.evaluate(
            f"localStorage.setItem('{SAVE_KEY}', {json.dumps(json.dumps(states[state]['save']))})"
        )
        page.reload()
        if state == "match_over":  # the last hand's result first, then the match
            see = page.get_by_role("button", name="See the match")
            expect(see).to_be_visible(timeout=BOOT_TIMEOUT)
            axe(page, "the last hand's result")
            see.click()
        expect(page.get_by_role("dialog", name=dialog)).to_be_visible(timeout=BOOT_TIMEOUT)
        axe(page, f"the {state} dialog")
    page.get_by_role("button", name="Watch the replay").click()
    expect(page.get_by_role("dialog", name="Replay")).to_be_visible()
    axe(page, "the replay")
    page.goto("./help.html")
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=BOOT_TIMEOUT)
    axe(page, "the how-to-play page")
