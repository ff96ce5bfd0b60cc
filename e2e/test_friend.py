"""Two players, one device: a whole match between friends (to 10 points), both seats driven by
the legal actions their own views give. At every hand-over neither hand shows (no card face in
the table's DOM, the screen covers the window, nothing of the table in the accessibility tree)
and stray keys do not skip it; a reload mid-match comes back to a hand-over; the statistics keep
the match apart: in their "Between friends" section, never in the player's own figures."""

from __future__ import annotations

import datetime
import json
import time
from typing import Any

import pytest
from gintable import IDLE, engine_call, medium_date, seed_where, simple_choice
from playwright.sync_api import expect
from test_player import stats_rows

from gin.match import format_decks, seed_decks

BOOT = 120_000
HANDOVER = "#dlg-handover[open]"
NAMES = ("Ana", "Ben")
TARGET = 25
PLAYING = ("opening", "draw", "discard")
SHOWN = "html:not([data-handover])[data-busy='0']"


def choose(view: dict[str, Any]) -> str:
    """Both friends' policy: gin or knock when they can, else the simple one."""
    acts = [a["action"] for a in view["legal_actions"]]
    for kind in ("gin ", "knock "):
        chosen = [a for a in acts if a.startswith(kind)]
        if chosen:
            return chosen[0]
    action = simple_choice(view)
    assert action is not None
    return action


def short_decks() -> list[str]:
    """Decks whose match (this policy on both seats) lasts two hands or more and about 25
    hand-overs at most: a whole match, in a lean test. Found with the engine, as the page plays."""

    def fits(seed: str) -> bool:
        decks = format_decks(seed_decks(seed, 4))
        request = {"op": "new", "decks": decks, "rules": {"target": TARGET}}
        reply = engine_call({**request, "opponent": "friend", "names": list(NAMES)})
        covers, prev = 0, None
        while reply["view"]["phase"] != "match_over":
            view = reply["view"]
            if view["phase"] in PLAYING and (
                prev is None or prev["seat"] != view["seat"] or prev["phase"] not in PLAYING
            ):
                covers += 1
            prev = view
            reply = engine_call(
                {"op": "act", "action": "next" if view["phase"] == "hand_over" else choose(view)}
            )
        return bool(reply["view"]["hand_number"] >= 2 and covers <= 25)

    # The first fit of the search, checked first: the search runs again only if the engine's
    # play has changed (it costs a second per match tried on a busy machine).
    seed = "friend-17" if fits("friend-17") else seed_where("friend", fits, 60)
    return format_decks(seed_decks(seed, 4))


def stored_matches(page: Any, part: str = "matches") -> list[dict[str, Any]]:
    """The statistics' list of matches against the computer, or (``friends``) between friends."""
    raw = page.evaluate("localStorage.getItem('gin-rummy:stats:v1')")
    matches: list[dict[str, Any]] = json.loads(raw).get(part, []) if raw else []
    return matches


def stats_panel(page: Any) -> dict[str, str]:
    """The statistics panel's rows of the player's own figures (opened, then closed)."""
    page.click("#btn-stats")
    rows = stats_rows(page)
    page.keyboard.press("Escape")
    return rows


def friends_shown(page: Any) -> list[dict[str, str]]:
    """The statistics panel's tables between friends: each pair's caption and rows."""
    page.click("#btn-stats")
    section = page.locator("#stats-friends")
    expect(section).to_be_visible()
    tables: list[dict[str, str]] = section.locator("table").evaluate_all(
        "ts => ts.map(t => Object.fromEntries([['pair', t.caption.textContent],"
        " ...[...t.rows].map(r => [r.cells[0].textContent, r.cells[1].textContent])]))"
    )
    page.keyboard.press("Escape")
    return tables


def ui_view(page: Any) -> dict[str, Any]:
    view: dict[str, Any] = page.evaluate("window.__gin.ui.view")
    return view


def faces_on_table(page: Any) -> int:
    """Card faces of either hand in the table's DOM: the own hand, the opponent's known cards
    and any face among the opponent's cards (backs do not count)."""
    count: int = page.evaluate(
        "document.querySelectorAll('#hand .card, #opp-known .card, "
        "#opp-cards .card:not(.back), #hand [data-card]').length"
    )
    return count


def check_cover(page: Any, name: str) -> None:
    """The hand-over for `name` hides both hands and covers the window."""
    assert faces_on_table(page) == 0
    assert page.locator("#handover-title").inner_text() == f"Pass to {name}"
    covered = page.evaluate(
        """() => {
        const d = document.getElementById('dlg-handover');
        const w = innerWidth, h = innerHeight;
        const points = [[1, 1], [w - 2, 1], [w / 2, h / 2], [1, h - 2], [w - 2, h - 2]];
        return points.every(([x, y]) => d.contains(document.elementFromPoint(x, y)));
    }"""
    )
    assert covered, "the hand-over must cover the whole window"
    tree = page.locator("body").aria_snapshot()
    assert f"Pass to {name}" in tree
    for word in ("Stock", "Discard pile", "Your hand", "Moves"):
        assert word not in tree, f"{word!r} of the table is in the accessibility tree"


def stray_keys(page: Any) -> tuple[bool, bool]:
    """Keys within the guard, keys that are no activation and keys with the focus off the button
    leave the screen up. Returns (whether Enter or Space landed provably within the guard,
    whether the screen is still up: a key that straddled the guard's end may let the player in)."""
    state = "(d => [d.open, !!d.dataset.armed])(document.getElementById('dlg-handover'))"
    early = False
    for key in ("Enter", " "):
        if page.evaluate(state)[1]:
            break
        page.keyboard.press(key)
        up, armed = page.evaluate(state)
        if not armed:  # the key's press came before the guard passed: it must not count
            assert up, f"{key!r} within the guard skipped the hand-over"
            early = True
        elif not up:
            return early, False  # pressed as the guard ended: a fair activation
    for key in ("k", "d", "Escape"):
        page.keyboard.press(key)
    assert page.evaluate(state)[0], "a key that is no activation skipped the hand-over"
    page.wait_for_selector("#dlg-handover[data-armed]", state="attached")
    page.evaluate("document.activeElement.blur()")
    for key in ("Enter", " ", "n", "s"):
        page.keyboard.press(key)
    assert page.locator(HANDOVER).count() == 1, "a key off the button skipped the hand-over"
    return early, True


def let_in(page: Any, how: int) -> None:
    """The player to act lets themselves in: a tap, or Enter or Space on the focused button."""
    if how == 0:
        page.tap("#handover-ready")
    else:
        for _ in range(3):  # the button is the modal's one stop (the browser's own may come first)
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.id") == "handover-ready":
                break
        assert page.evaluate("document.activeElement.id") == "handover-ready"
        page.keyboard.press("Enter" if how == 1 else " ")
    page.wait_for_selector(SHOWN, state="attached")


@pytest.mark.browser_context_args(has_touch=True)
def test_a_whole_friend_match_hides_each_hand_at_every_hand_over(page: Any) -> None:
    started = time.monotonic()
    settings = {"speed": "instant", "rules": {"target": TARGET}, "decks": short_decks()}
    # In before the game boots (and again, unchanged, at the reload below).
    page.add_init_script(
        f"localStorage.setItem('gin-rummy:settings:v1', {json.dumps(json.dumps(settings))})"
    )
    page.goto("./?speed=0&sw=0")
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    booted = time.monotonic() - started
    before = stored_matches(page)
    own_before = stats_panel(page)
    assert page.locator("#stats-friends").is_hidden()  # no match between friends yet

    page.click("#btn-settings")
    page.click("#friend-play")
    page.fill("#friend-name-0", f"  {NAMES[0]}  ")
    page.fill("#friend-name-1", NAMES[0].lower())
    page.click("#friend-start")
    assert page.locator("#friend-error").inner_text() == "Give the two players different names."
    page.fill("#friend-name-1", NAMES[1])
    page.click("#friend-start")

    handovers = early = 0
    reloaded = False
    results: dict[int, dict[str, Any]] = {}  # each hand's result, by its deal number
    for _ in range(400):
        page.wait_for_selector(f"{HANDOVER}, #dlg-result[open], #dlg-match[open]", timeout=20_000)
        if page.locator(HANDOVER).count():
            view = ui_view(page)
            assert view["names"] == list(NAMES)
            check_cover(page, NAMES[view["seat"]])
            within, up = stray_keys(page)
            early += within
            if handovers == 3 and not reloaded:  # a reload comes back to the hand-over, no hand
                reloaded = True
                page.reload()
                page.wait_for_selector(f"html[data-ready='1'] {HANDOVER}", timeout=BOOT)
                assert ui_view(page)["seat"] == view["seat"]
                # The saved view (a hand) was never drawn before the engine came back.
                assert page.evaluate("!document.documentElement.dataset.resumed")
                check_cover(page, NAMES[view["seat"]])
                page.wait_for_selector("#dlg-handover[data-armed]", state="attached")
            handovers += 1
            if up:
                let_in(page, handovers % 3)
            shown = ui_view(page)
            assert shown["seat"] == view["seat"] and shown["to_act"] == view["seat"]
            assert sorted(
                page.locator("#hand button.card").evaluate_all(
                    "els => els.map(e => e.dataset.card)"
                )
            ) == sorted(shown["hand"])
            # This seat plays its turn: until the other is to act, or the hand ends.
            while (v := ui_view(page))["to_act"] == shown["seat"] and not page.locator(
                HANDOVER
            ).count():
                reply = page.evaluate("a => window.__gin.act(a)", choose(v))
                assert reply and reply["ok"], reply
        elif page.locator("#dlg-result[open]").count():
            body = page.locator("#dlg-result").inner_text()
            assert NAMES[0] in body and NAMES[1] in body, body
            ended = ui_view(page)
            results[ended["hand_number"]] = ended["result"]
            last = ended["phase"] == "match_over"
            page.click("#result-next")
            if last:
                page.wait_for_selector("#dlg-match[open]")
        else:
            break
    match_text = page.locator("#dlg-match").inner_text()
    final = ui_view(page)["final"]
    assert NAMES[final["winner"]] in match_text and NAMES[1 - final["winner"]] in match_text
    assert reloaded and handovers >= 4
    assert early * 2 >= handovers, (
        f"only {early} of {handovers} hand-overs checked within the guard"
    )

    # The friend match is in none of the player's own figures: the stored matches are those
    # from before it, and the panel's rows are as they were but for the match against the
    # computer on the table at the start, left for this one (abandoned).
    after = stored_matches(page)
    assert [m["id"] for m in after] == [m["id"] for m in before]
    assert not any(m["opponent"] == "friend" for m in after)
    page.keyboard.press("Escape")  # the match's end
    abandoned = "Matches abandoned"
    assert stats_panel(page) == {**own_before, abandoned: str(int(own_before[abandoned]) + 1)}
    # It is kept apart, once (the reload mid-match did not start another), and shown for the pair.
    (kept,) = stored_matches(page, "friends")
    assert kept["names"] == list(NAMES) and kept["finished"] and kept["winner"] == final["winner"]
    assert [h["deal"] for h in kept["hands"]] == sorted(results) == list(range(1, len(results) + 1))
    totals = [t["total"] for t in final["totals"]]
    top = max((0, 1), key=lambda seat: (totals[seat], seat == final["winner"]))
    gins = [
        sum(1 for r in results.values() if r["kind"] in ("gin", "big_gin") and r["knocker"] == s)
        for s in (0, 1)
    ]
    wins = [int(final["winner"] == seat) for seat in (0, 1)]
    today = medium_date(datetime.datetime.now(datetime.UTC).date())
    assert friends_shown(page) == [
        {
            "pair": f"{NAMES[0]} and {NAMES[1]}",
            "Matches played": "1",
            "Matches won": f"{NAMES[0]} {wins[0]}\u00a0–\u00a0{wins[1]} {NAMES[1]}",
            "Hands played": str(len(results)),
            "Gins": f"{NAMES[0]} {gins[0]}\u00a0–\u00a0{gins[1]} {NAMES[1]}",
            "Highest match score": f"{totals[top]}, {NAMES[top]} ({today})",
            "Last played": today,
        }
    ]
    print(
        f"friend match: {handovers} hand-overs, {time.monotonic() - started:.1f} s"
        f", boot {booted:.1f} s"
    )


def friends_dialog(page: Any) -> None:
    """The names dialog, from Settings → Play a friend."""
    page.click("#btn-settings")
    page.click("#friend-play")
    expect(page.locator("#dlg-friend")).to_be_visible()


def come_in(page: Any) -> None:
    """The player to act lets themselves in, with Enter once the guard has passed."""
    page.wait_for_selector("#dlg-handover[data-armed]", state="attached")
    let_in(page, 1)


def test_a_name_typed_replaces_the_default_and_an_empty_field_takes_it(page: Any) -> None:
    """The default names are shown in grey in empty fields, not given as their text: a name
    typed into a field, after a click or a tap on it, is the name ("Ben", never
    "Player 2Ben"), and a field left empty takes the name it shows."""
    page.goto("./?speed=0&sw=0")
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    friends_dialog(page)
    first, second = page.locator("#friend-name-0"), page.locator("#friend-name-1")
    for field, default in ((first, "Player 1"), (second, "Player 2")):
        expect(field).to_have_value("")
        expect(field).to_have_attribute("placeholder", default)
    second.click()
    page.keyboard.type("Ben")
    expect(second).to_have_value("Ben")
    page.click("#friend-start")
    page.wait_for_selector(HANDOVER)
    assert ui_view(page)["names"] == ["Player 1", "Ben"]
    assert "Ben" in page.locator("#handover-scores").inner_text()
    # Asked again with these two at the table: an empty field takes the name now at the table.
    come_in(page)
    friends_dialog(page)
    expect(first).to_have_attribute("placeholder", "Player 1")
    expect(second).to_have_attribute("placeholder", "Ben")
    first.click()
    page.keyboard.type("Cy")
    page.click("#friend-start")
    page.wait_for_selector(HANDOVER)
    assert ui_view(page)["names"] == ["Cy", "Ben"]


def test_nothing_said_of_a_friends_hand_stays_for_the_other(page: Any) -> None:
    """The hand read out (R) and the hint (H) of one friend are gone from the live region when
    the device passes to the other, and so from the accessibility tree once the other is let in;
    the view kept in localStorage for the next visit's first frame (web/store/resume.js) holds
    neither hand: between friends none is kept."""
    page.goto("./?speed=0&sw=0")
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    friends_dialog(page)
    page.fill("#friend-name-0", NAMES[0])
    page.fill("#friend-name-1", NAMES[1])
    page.click("#friend-start")
    page.wait_for_selector(HANDOVER)
    come_in(page)
    view = ui_view(page)
    said = page.locator("#announcer")
    page.keyboard.press("r")
    page.keyboard.press("h")
    expect(said).to_contain_text("Your hand, 10 cards.")
    expect(said).to_contain_text("Hint: ")
    lines = said.locator("p").all_text_contents()
    secrets = [line for line in lines if line.startswith(("Your hand", "Hint: "))]
    assert len(secrets) == 2, lines

    reply = page.evaluate("a => window.__gin.act(a)", simple_choice(view))
    assert reply and reply["ok"], reply
    page.wait_for_selector(HANDOVER)
    assert ui_view(page)["seat"] != view["seat"]
    left = said.text_content() or ""
    assert not any(line in left for line in secrets), left
    assert page.locator("#message").text_content() == ""
    come_in(page)
    tree = page.locator("body").aria_snapshot()
    for line in secrets:
        assert line not in tree, f"{line!r} of the other friend is in the accessibility tree"
    assert page.evaluate("localStorage.getItem('gin-rummy:last-view:v1')") is None
