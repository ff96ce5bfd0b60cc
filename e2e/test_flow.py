"""Every hand told in full (issue 9): the hand and the match ends, the score sheet, knock, gin and
big gin, the selection rule, sorting, links, the keys and the words, in Chromium.

Each test opens the page on a seeded position: a match played in CPython by a simple policy for
both seats (fast: no search opponent) up to the moment wanted, saved as the page saves it and
put in localStorage before the page loads. The page is then driven by its own controls."""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from gintable import BOOT_TIMEOUT, Table, card_name, english, medium_date
from playwright.sync_api import BrowserContext, Page, expect

from gin.actions import Action
from gin.ai.coach.hint import hint
from gin.match import Match, apply, new_match
from gin.replay import frames
from gin.rules import Rules
from gin.save import dump
from gin.view import view

SAVE_KEY = "gin-rummy:save:v1"
NAMES = ["You", "Computer"]
FAST = "speed=0&sw=0"
PHONE = {"width": 360, "height": 640}

# ------------------------------------------------------------------------------------ positions

Want = Callable[[dict[str, Any], list[str]], bool]


def policy(seen: dict[str, Any], acts: list[str], end: bool) -> str:
    """Pass, draw from the stock, shed the card that leaves the least deadwood; with ``end``, go
    gin or knock (the engine's best declaration) as soon as possible."""
    if end:
        for prefix in ("big gin", "gin ", "knock "):
            first = next((a for a in acts if a.startswith(prefix)), None)
            if first:
                return first
    for simple in ("next", "pass", "draw"):
        if simple in acts:
            return simple
    options = sorted(
        (o for o in seen["discard_options"] if f"discard {o['card']}" in acts),
        key=lambda o: o["deadwood"],
    )
    return f"discard {options[0]['card']}"


def position(
    prefix: str, want: Want, rules: Rules | None = None, end: bool = False, tries: int = 60
) -> tuple[Match, dict[str, Any]]:
    """The first match ``prefix-0``, ``prefix-1``... that reaches a point where ``want(view of
    You, legal actions)`` holds (on your turn, or at a hand's or the match's end)."""
    for i in range(tries):
        match = new_match(rules or Rules(), f"{prefix}-{i}")
        for _ in range(600):
            seat = match.to_act if match.to_act is not None else 0
            seen = view(match, seat, NAMES if seat == 0 else None)
            acts = [a["action"] for a in seen["legal_actions"]]
            if seat == 0 and want(seen, acts):
                return match, seen
            if match.winner is not None:
                break
            match = apply(match, Action.from_text(policy(seen, acts, end)))
    raise AssertionError(f"no position {prefix}-0..{tries - 1} fits")


def open_at(context: BrowserContext, page: Page, match: Match, query: str = "") -> Table:
    """The page opened on a saved match (its opponent: the page's default)."""
    doc = dump(match, NAMES, "expert")
    context.add_init_script(
        "if (!sessionStorage.getItem('e2e-stored')) {"
        f" localStorage.setItem('{SAVE_KEY}', JSON.stringify({json.dumps(doc)}));"
        " sessionStorage.setItem('e2e-stored', '1'); }"
    )
    page.set_default_timeout(20_000)
    return Table(page).open(f"./?{FAST}{query}")


def can_knock(seen: dict[str, Any], acts: list[str]) -> bool:
    return any(a.startswith("knock ") for a in acts) and not any(
        a.startswith(("gin ", "big gin")) for a in acts
    )


def pretty(code: str) -> str:
    return ("10" if code[0] == "T" else code[0]) + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[code[1]]


def prompt(page: Page) -> str:
    return str(page.locator("#prompt .prompt-main").inner_text())


def in_viewport(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box and size
    return bool(box["y"] >= 0 and box["y"] + box["height"] <= size["height"] and box["x"] >= 0)


def cells(row: Any) -> list[str]:
    texts: list[str] = row.evaluate("tr => [...tr.cells].map(c => c.textContent.trim())")
    return texts


def focused_id(page: Page) -> str:
    return str(page.evaluate("document.activeElement && document.activeElement.id"))


# ------------------------------------------------------------------------------------ hand end


def test_a_knock_by_keys_at_phone_size(context: BrowserContext, page: Page) -> None:
    """The knock prompt gives the search's verdict and stays beside a hint; K with nothing
    selected picks the card and says so in the prompt's place;
    Enter confirms in the review, whose Confirm is in sight; the hand end opens at its top with
    Next hand focused, and N deals the next hand."""
    match, seen = position("flow-knock", can_knock)
    page.set_viewport_size(PHONE)
    open_at(context, page, match)
    # Any key makes the prompt speak of keys: one with no move (S, the stock's, sent a draw the
    # engine refused, and the hint waited on it behind the knock's verdict on a loaded machine).
    page.keyboard.press("ArrowRight")
    left = {o["card"]: o["deadwood"] for o in seen["discard_options"]}
    knocks = [
        x["action"].split()[1] for x in seen["legal_actions"] if x["action"].startswith("knock ")
    ]
    best = min(knocks, key=lambda c: left[c])
    dead = left[best]
    # The fact, then the search's verdict beside it: the engine's own figures (one voice).
    verdict = hint(view(match, 0, NAMES, "expert"))["knock"]
    would = "play on" if verdict["advice"] != "knock" else "knock"
    if would == "knock" and verdict["deadwood"] != dead:
        would = f"knock with {verdict['deadwood']}"
    risk = f"(undercut risk {round(verdict['undercut'] * 100)}%)"
    expect(page.locator("#prompt .prompt-main")).to_have_text(
        f"You can knock with {dead} — the expert would {would} {risk}."
    )
    # A hint shows beside the prompt, as a chip naming its move, never instead of it.
    page.keyboard.press("h")
    expect(page.locator("#hint-chip")).to_contain_text("Hint: ")
    assert prompt(page).startswith(f"You can knock with {dead}")
    # K with nothing selected: selects the best knock and says, once, what K does now.
    page.keyboard.press("k")
    said = f" {risk}" if verdict["card"] == best else ""
    expect(page.get_by_role("alert")).to_have_text(
        f"{pretty(best)} leaves {dead} deadwood{said}: press K again to knock."
    )
    expect(page.locator("#prompt")).to_be_hidden()  # the message replaces the prompt
    expect(Table(page).card(best)).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("k")
    review = page.get_by_role("dialog", name=re.compile("^Knock"))
    expect(review).to_be_visible()
    assert in_viewport(page, "#knock-confirm")
    assert page.evaluate("document.activeElement.name") == "declaration"
    page.keyboard.press("Enter")
    end = page.get_by_role("dialog", name=re.compile("knocked|Undercut"))
    expect(end).to_be_visible()
    assert page.evaluate("document.getElementById('dlg-result').scrollTop") == 0
    assert in_viewport(page, "#dlg-result-title")
    assert focused_id(page) == "result-next"
    expect(end.get_by_role("button", name="Next hand")).to_be_focused()
    page.keyboard.press("n")
    expect(end).to_be_hidden()
    page.wait_for_function("() => window.__gin.ui.view.hand_number === 2")


def test_the_hand_that_ends_the_match_comes_first(context: BrowserContext, page: Page) -> None:
    """With 10 points to win, your winning knock shows its hand (both hands, the worked score),
    then the match: the winner, the score sheet and its totals, Rematch focused."""
    rules = Rules(target=10)
    match, seen = position(
        "flow-last", lambda v, a: can_knock(v, a) and v["hand_number"] >= 2, rules=rules, end=True
    )
    knock = next(a for a in [x["action"] for x in seen["legal_actions"]] if a.startswith("knock "))
    finished = apply(match, Action.from_text(knock))
    assert finished.winner is not None  # the position: this knock ends the match
    done = view(finished, 0, NAMES)
    page.set_viewport_size(PHONE)
    table = open_at(context, page, match)
    # At its index corner: a phone fans the hand, and the next card covers the middle.
    table.card(knock.split()[1]).click(position={"x": 6, "y": 12})
    page.get_by_role("button", name="Knock", exact=True).click()
    page.get_by_role("dialog", name=re.compile("^Knock")).get_by_role(
        "button", name="Confirm"
    ).click()
    r = done["result"]
    end = page.get_by_role("dialog", name=re.compile("knocked|Undercut"))
    expect(end).to_be_visible()
    expect(end.locator("#result-verdict")).to_contain_text(english(r["words"]))
    shown = end.locator("#result-body .card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert sorted(shown) == sorted(r["hands"][0] + r["hands"][1])  # both hands, layoffs too
    expect(end.locator("#result-steps li")).not_to_have_count(0)
    expect(end.get_by_role("button", name="See the match")).to_be_focused()
    assert page.evaluate("document.getElementById('dlg-result').scrollTop") == 0
    page.keyboard.press("n")
    final = page.get_by_role("dialog", name=re.compile("won the match"))
    expect(final).to_be_visible()
    expect(end).to_be_hidden()
    rows = final.locator("table.sheet tbody tr")
    expect(rows).to_have_count(len(done["score_sheet"]))
    total = done["final"]["totals"]
    assert cells(final.locator("tr.sum")) == [
        "Total",
        str(total[0]["total"]),
        str(total[1]["total"]),
    ]
    bonus = page.evaluate("window.__gin.ui.view.rules.box_bonus")
    each = [t["box_points"] // t["boxes"] if t["boxes"] else bonus for t in total]
    sums = [f"{t['boxes']} × {e} = {t['box_points']}" for t, e in zip(total, each, strict=True)]
    boxes = final.locator("tfoot tr", has_text="Boxes")
    assert cells(boxes) == ["Boxes", *sums]
    # On a phone a box sum may break before its "=" only: "1 × 25" and "= 25" each stay whole.
    parts = boxes.locator(".calc").evaluate_all(
        "els => els.map(e => getComputedStyle(e).whiteSpace)"
    )
    assert parts == ["nowrap"] * 4
    expect(final.get_by_role("button", name="Rematch")).to_be_focused()
    expect(final.get_by_role("button", name="Watch the replay")).to_be_visible()
    expect(final.get_by_role("button", name="Play the same deals again")).to_be_visible()
    seed = page.evaluate("window.__gin.ui.view.seed")
    page.keyboard.press("Enter")  # Rematch: a new deal
    page.wait_for_function("() => window.__gin.ui.view && window.__gin.ui.view.hand_number === 1")
    assert page.evaluate("window.__gin.ui.seed") != seed


# ------------------------------------------------------------------------------------ score sheet


def how(line: dict[str, Any]) -> str:
    k = NAMES[line["knocker"]] if line["knocker"] is not None else ""
    return {
        "void": "Void hand",
        "gin": f"{k} went gin",
        "big_gin": f"{k} went big gin",
        "undercut": f"{NAMES[line['winner']] if line['winner'] is not None else ''} undercut "
        f"{'you' if k == 'You' else k}",
        "knock": f"{k} knocked" + (": a tie" if line["winner"] is None else ""),
    }[line["kind"]]


def sheet_rows(page: Page) -> list[list[str]]:
    rows: list[list[str]] = page.locator("#dlg-sheet table.sheet tbody tr").evaluate_all(
        "trs => trs.map(tr => [...tr.cells].map(c => c.textContent.trim()))"
    )
    return rows


def test_the_score_sheet_at_any_time_and_after_a_reload(
    context: BrowserContext, page: Page
) -> None:
    match, seen = position(
        "flow-sheet",
        lambda v, a: v["hand_number"] == 4 and v["phase"] != "hand_over",
        end=True,
    )
    lines = seen["score_sheet"]
    assert len(lines) == 3
    expected = [
        [
            str(x["deal"]),
            NAMES[x["dealer"]],
            how(x),
            *(
                (f"+{x['points']} " if x["winner"] == s else "") + str(x["totals"][s])
                for s in (0, 1)
            ),
        ]
        for x in lines
    ]
    open_at(context, page, match)
    page.get_by_role("button", name="Score sheet").click()
    sheet = page.get_by_role("dialog", name="Score sheet")
    expect(sheet).to_be_visible()
    assert sheet_rows(page) == expected
    boxes = seen["scores"]["boxes"]
    assert cells(sheet.locator("tfoot tr")) == ["Boxes", str(boxes[0]), str(boxes[1])]
    page.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    # Saved with the match: after a reload, C shows the same sheet.
    page.reload()
    Table(page).idle(BOOT_TIMEOUT)
    page.keyboard.press("c")
    expect(sheet).to_be_visible()
    assert sheet_rows(page) == expected


# ------------------------------------------------------------------------------------ gin


def test_gin_and_big_gin_say_so_and_play_what_they_say(context: BrowserContext, page: Page) -> None:
    def gin_only(v: dict[str, Any], a: list[str]) -> bool:
        return any(x.startswith("gin ") for x in a) and "big gin" not in a

    match, seen = position("flow-gin", gin_only)
    open_at(context, page, match)
    gins = [
        a.split()[1] for a in [x["action"] for x in seen["legal_actions"]] if a.startswith("gin ")
    ]
    page.keyboard.press("ArrowRight")
    expect(page.locator("#prompt .prompt-main")).to_have_text(
        f"Gin! Press K twice: discard {pretty(gins[0])} and go gin."
    )
    page.keyboard.press("k")
    expect(page.get_by_role("alert")).to_contain_text(f"Discarding {pretty(gins[0])} goes gin")
    expect(page.locator("#prompt .prompt-main")).to_contain_text("Gin! Discarding")
    page.keyboard.press("k")
    end = page.get_by_role("dialog", name="You went gin")
    expect(end).to_be_visible()
    against = view(apply(match, Action.from_text(f"gin {gins[0]}")), 0)["result"][
        "defender_deadwood"
    ]
    bonus = f"Gin bonus 25 + {against} = {25 + against} for you."
    expect(end.locator("#result-steps")).to_contain_text(bonus)

    big, _ = position("flow-big", lambda v, a: "big gin" in a, rules=Rules(big_gin=True))
    doc = dump(big, NAMES, "expert")
    page.evaluate(f"localStorage.setItem('{SAVE_KEY}', JSON.stringify({json.dumps(doc)}))")
    page.reload()
    Table(page).idle(BOOT_TIMEOUT)
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#prompt .prompt-main")).to_have_text(
        "Big gin! All 11 cards meld: press G for the big gin bonus of 31."
    )
    expect(page.get_by_role("button", name="Big gin", exact=True)).to_be_enabled()
    Table(page).focus_hand_by_tab()
    page.keyboard.press("Enter")  # a card selected: K still plays big gin, not gin with it
    page.keyboard.press("k")
    end = page.get_by_role("dialog", name="You went big gin")
    expect(end).to_be_visible()
    expect(end.locator("#result-steps")).to_contain_text("Big gin bonus 31 + ")


# ------------------------------------------------------------------------------------ selection


def test_a_card_chosen_before_the_draw_is_not_a_discard_after_it(
    context: BrowserContext, page: Page
) -> None:
    match, seen = position(
        "flow-first", lambda v, a: a == ["draw", "take"] or a == ["take", "draw"]
    )
    table = open_at(context, page, match)
    card = seen["hand"][0]
    table.card(card).click()  # before the draw
    page.keyboard.press("s")
    table.idle()
    assert len(table.hand()) == 11
    table.card(card).focus()
    page.keyboard.press("Space")  # now a preview, not a discard
    expect(table.card(card)).to_have_attribute("aria-pressed", "true")
    assert len(table.hand()) == 11 and not any("You discarded" in x for x in table.log())
    page.keyboard.press("Space")
    table.idle()
    assert card not in table.hand()


def test_sort_by_rank_by_suit_and_melds_first(context: BrowserContext, page: Page) -> None:
    match, seen = position(
        "flow-sort", lambda v, a: "draw" in a and v["deadwood_cards"] and v["melds"]
    )
    table = open_at(context, page, match)
    ranks, suits = "A23456789TJQK", "CDSH"
    by_rank = sorted(seen["hand"], key=lambda c: (ranks.index(c[0]), suits.index(c[1])))
    by_suit = sorted(seen["hand"], key=lambda c: (suits.index(c[1]), ranks.index(c[0])))
    page.get_by_role("group", name="Sort the cards").get_by_role("button", name="Rank").click()
    assert table.hand() == by_rank
    expect(page.locator("#hand .group")).to_have_count(1)
    page.keyboard.press("o")
    assert table.hand() == by_suit
    page.keyboard.press("o")
    melded = [c for m in seen["melds"] for c in m]
    dead = sorted(seen["deadwood_cards"], key=lambda c: (ranks.index(c[0]), suits.index(c[1])))
    assert table.hand()[len(melded) :] == dead  # the deadwood sorted too, not in deal order
    assert sorted(table.hand()[: len(melded)]) == sorted(melded)
    # The choice is kept for the next visit.
    page.keyboard.press("o")
    page.reload()
    table.idle(BOOT_TIMEOUT)
    expect(page.get_by_role("button", name="Rank")).to_have_attribute("aria-pressed", "true")


# ------------------------------------------------------------------------------------ links


def test_a_link_asks_before_abandoning_a_match(context: BrowserContext, page: Page) -> None:
    match, _ = position("flow-link", lambda v, a: "draw" in a)
    table = open_at(context, page, match)
    hand = sorted(table.hand())
    page.goto(f"./?{FAST}&seed=another-deal")
    confirm = page.get_by_role("dialog", name="New match?")
    expect(confirm).to_be_visible(timeout=BOOT_TIMEOUT)
    expect(confirm).to_contain_text("This link opens the match of seed “another-deal”.")
    confirm.get_by_role("button", name="Keep playing").click()
    assert sorted(table.hand()) == hand and page.evaluate("window.__gin.ui.view.hand_number") == 1
    assert "seed=" not in page.url
    day = datetime.datetime.now(datetime.UTC).date() - datetime.timedelta(days=3)
    page.goto(f"./?{FAST}&daily={day.isoformat()}")
    expect(confirm).to_be_visible(timeout=BOOT_TIMEOUT)
    expect(confirm).to_contain_text(f"This link opens the daily deal of {medium_date(day)}.")
    confirm.get_by_role("button", name="Start a new match").click()
    page.wait_for_function(f"() => window.__gin.ui.seed === 'daily-{day.isoformat()}'")


@pytest.mark.parametrize("asked", ["2026-13-45", "tomorrow"])
def test_a_daily_link_to_no_such_day_says_so(page: Page, asked: str) -> None:
    today = datetime.datetime.now(datetime.UTC).date()
    tomorrow = today + datetime.timedelta(days=1)
    date = tomorrow.isoformat() if asked == "tomorrow" else asked
    page.set_default_timeout(20_000)
    page.goto(f"./?{FAST}&daily={date}")
    panel = page.get_by_role("dialog", name="Daily deal")
    expect(panel).to_be_visible(timeout=BOOT_TIMEOUT)
    note = panel.get_by_role("status")
    if asked == "tomorrow":
        expect(note).to_have_text(
            f"The daily deal of {medium_date(tomorrow)} is not out yet: today is "
            f"{medium_date(today)} (UTC). Play today's deal, or a past one."
        )
    else:
        expect(note).to_contain_text("“2026-13-45”, which is not a date")
    assert not page.evaluate("(window.__gin.ui.seed || '').startsWith('daily-')")


# ------------------------------------------------------------------------------------ replay


def test_the_replay_ends_on_the_hand_as_laid_down(context: BrowserContext, page: Page) -> None:
    def laid_off_last(v: dict[str, Any], a: list[str]) -> bool:
        return v["phase"] == "match_over" and bool(v["result"]["layoffs"])

    match, seen = position("flow-replay", laid_off_last, rules=Rules(target=30), end=True)
    shots = frames(dump(match, NAMES))
    last = shots[-1]
    r = seen["result"]
    defender = 1 - r["knocker"]
    open_at(context, page, match)
    page.get_by_role("button", name="See the match").click()
    page.get_by_role("button", name="Watch the replay").click()
    replay = page.get_by_role("dialog", name="Replay")
    expect(replay).to_be_visible()
    deal = page.locator("#replay-text")
    dealer = NAMES[shots[0]["dealer"]]
    expect(deal).to_have_text(f"Hand 1: {dealer} {'deal' if dealer == 'You' else 'deals'}.")
    page.keyboard.press("End")
    expect(page.locator(f"#replay-name-{defender}")).to_contain_text(
        f"deadwood {r['defender_deadwood']}"
    )
    laid = page.locator(f"#replay-hand-{defender} .mini-group.laid .card")
    assert laid.evaluate_all("els => els.map(e => e.dataset.card)") == [
        x["card"] for x in r["layoffs"]
    ]
    melds = page.locator(f"#replay-hand-{r['knocker']} .mini-group:not(.dead)").evaluate_all(
        "gs => gs.map(g => [...g.querySelectorAll('.card')].map(e => e.dataset.card))"
    )
    assert melds == last["hands"][r["knocker"]]["melds"] == r["knocker_melds"]


# ------------------------------------------------------------------------------------ keys, words


def test_one_list_of_keys_everywhere(context: BrowserContext, page: Page) -> None:
    match, _ = position("flow-keys", lambda v, a: "draw" in a)
    open_at(context, page, match)
    keys = page.evaluate(
        "Promise.all([import('./words/keys.js'), import('./words/i18n.js')]).then(([m, i]) =>"
        " m.TABLE_KEYS.map(e => [e.keys.map(m.keyName).join(' '), i.t(e.does)]))"
    )
    assert any(k == "G" for k, _ in keys) and any(k == "C" for k, _ in keys)
    page.keyboard.press("?")
    dialog = page.get_by_role("dialog", name="Keys")
    rows = dialog.locator("table.keys tr").evaluate_all(
        "trs => trs.map(tr => [tr.cells[0].textContent.trim(), tr.cells[1].textContent.trim()])"
    )
    assert rows == [list(x) for x in keys]
    footer = page.locator("#keys-line kbd").all_inner_texts()
    assert set(footer) <= {k for keys_, _ in keys for k in keys_.split()}
    for button, key in [
        ("act-gin", "G"),
        ("act-knock", "K"),
        ("act-hint", "H"),
        ("btn-sheet", "C"),
    ]:
        expect(page.locator(f"#{button}")).to_have_attribute("aria-keyshortcuts", key)
    page.keyboard.press("Escape")
    # The help page draws the same list.
    page.goto("./help.html")
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=BOOT_TIMEOUT)
    help_rows = page.locator("#help-keys tr").evaluate_all(
        "trs => trs.map(tr => [tr.cells[0].textContent.trim(), tr.cells[1].textContent.trim()])"
    )
    assert help_rows == rows
    expect(page.locator("main")).not_to_contain_text("H</kbd> reads out")
    assert "reads out your hand" not in page.locator("main").inner_text().split("R reads")[0]


def test_the_words_of_the_table(context: BrowserContext, page: Page) -> None:
    """Scores in words, the Take button naming what it takes, and no Enter on a phone."""
    match, seen = position("flow-words", lambda v, a: "take" in a and v["phase"] == "draw")
    table = open_at(context, page, match)
    points, boxes = seen["scores"]["points"], seen["scores"]["boxes"]
    box = "box" if boxes[0] == 1 else "boxes"
    expect(page.locator("#score-0 .sr-only")).to_have_text(
        f"You: {points[0]} points, {boxes[0]} {box}".replace(" 1 points", " 1 point")
    )
    expect(page.locator("#score-0 .pts")).to_have_attribute("aria-hidden", "true")
    top = seen["discard_pile"][-1]
    expect(page.get_by_role("button", name=f"Take {card_name(top)}", exact=True)).to_be_enabled()
    # By touch: taps, not keys.
    page.locator("#stock").dispatch_event("pointerdown", {"pointerType": "touch"})
    page.get_by_role("button", name="Stock", exact=True).click()
    table.idle()
    page.locator("#hand").dispatch_event("pointerdown", {"pointerType": "touch"})
    card = next(c for c in table.hand() if c != seen["drawn"])
    table.card(card).dispatch_event("pointerdown", {"pointerType": "touch"})
    table.card(card).dispatch_event("click")
    expect(page.locator("#prompt .prompt-main")).to_contain_text(
        f"tap {pretty(card)} again to discard it"
    )
    assert "Enter" not in prompt(page)
