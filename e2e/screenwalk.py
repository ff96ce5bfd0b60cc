"""The screen test's walk (test_screens.py, test_languages.py): one page through every screen
state, in one language, checked at each state at the eight sizes of the issue by layout.py (or,
with the browser zoomed, at the two phones of ZOOMED and the smallest of SMALLEST).

The states: the loading shell, the opening, the header's dialogs (keys, settings, statistics with
two pairs of friends, the daily deal; each checked at its top as it opens), a discard with eleven
cards in four groups, then two notices over it (and their dialog, where the header holds them),
a knock on offer (its verdict in the prompt, then the hint shown, its reason, a card selected,
and Knock pressed once), the knock review with seven declarations, the hand's end
(its dialog with the deal's stock and Verify, the coach's review of the hand, then the table with
the opponent's hand revealed), the match's end (its last hand, the match, the replay with its moves
marked by the coach), a header with three-digit scores and the score sheet, a first launch's
first deal while Python loads (the download's line, a move held), and a newcomer's first launch:
the welcome, the Learn list, a lesson with its task and its answer to a wrong move.

The walk finds its way by ids, never by words, so that it walks every language alike. The
positions are found once a run with the engine in CPython. Screenshots go to $GIN_SCREENS when
it is set.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from gintable import (
    BOOT_TIMEOUT,
    MY_TURN,
    HeldEngine,
    Table,
    engine_call,
    human_first,
    seed_where,
    visited,
)
from layout import layout_problems
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from test_player import FAST, SAVE_KEY, STATS_KEY, a_friends_match, mirror

SIZES = [
    (360, 640),
    (390, 844),
    (412, 915),
    (640, 360),
    (844, 390),
    (768, 1024),
    (1280, 800),
    (1920, 1080),
]
# The phones walked again with the browser zoomed to 200% (test_screens.py): a zoom of z lays the
# page out as a viewport of 1/z of the CSS pixels at z times the device scale, as browsers do.
ZOOMED = [(360, 640), (640, 360)]
# The smallest phones (an iPhone SE of 2016; a phone zoomed to 110% or 125%) have no room for the
# table at 100%: under REFLOW_UNDER CSS px either way, the page reflows as a zoomed one does
# (web/table/zoomed.css), and they are walked with the zoomed phones.
SMALLEST = [(320, 568), (568, 320)]
REFLOW_UNDER = 340
SHOTS = os.environ.get("GIN_SCREENS")


def can_knock(view: dict[str, Any]) -> bool:
    return view["phase"] == "discard" and any(
        a["action"].startswith("knock ") for a in view["legal_actions"]
    )


def long_knock() -> tuple[dict[str, Any], str, int]:
    """The first knock position of the seeds ``decl-0``, ``decl-1``, ... with a knocking card
    that has seven declarations or more (a list long enough to bury the dialog's buttons on a
    phone), that card and its number of declarations. Searched, not named: the position depends
    on how the computer plays."""
    found: dict[str, Any] = {}

    def fits(seed: str) -> bool:
        knock = mirror(seed, stop=can_knock)
        if not can_knock(knock["view"]):
            return False
        for action in knock["view"]["legal_actions"]:
            if action["action"].startswith("knock "):
                card = action["action"].split()[1]
                count = len(engine_call({"op": "declarations", "card": card})["declarations"])
                if count >= 7:
                    found.update(knock=knock, card=card, options=count)
                    return True
        return False

    seed_where("decl", fits, tries=60)
    return found["knock"], found["card"], found["options"]


def three_digits(view: dict[str, Any]) -> bool:
    """Your turn to draw, with a score of three digits on the board."""
    return view["phase"] == "draw" and view["to_act"] == 0 and max(view["scores"]["points"]) >= 100


@cache
def find_positions() -> dict[str, Any]:
    """Saves of the positions walked, found with the engine and checked to be what they claim
    (once a run: every language walks them)."""
    fan = mirror(
        "fan-2",
        stop=lambda v: v["phase"] == "discard" and v["to_act"] == 0 and len(v["melds"]) >= 3,
    )
    assert len(fan["view"]["hand"]) == 11 and fan["view"]["deadwood_cards"], fan["view"]
    knock, card, options = long_knock()
    ended = mirror("lay-1", stop=lambda v: v["phase"] == "hand_over" and v["result"]["layoffs"])
    assert ended["view"]["phase"] == "hand_over", ended["view"]["phase"]
    done = mirror("audit-3", rules={"target": 1})
    high = mirror("high-1", rules={"target": 300}, stop=three_digits)
    assert three_digits(high["view"]), high["view"]["scores"]
    return {
        "high": high["save"],
        "opening": seed_where("screens-open", human_first),
        "discard": fan["save"],
        "knock": knock["save"],
        "knock_card": card,
        "knock_options": options,
        "hand_over": ended["save"],
        "match_over": done["save"],
    }


def shoot(page: Page, what: str, size: str = "") -> None:
    """A screenshot named by the size (``size``, else the viewport's) and ``what``."""
    if SHOTS:
        seen = page.viewport_size or {}
        size = size or f"{seen['width']}x{seen['height']}"
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=Path(SHOTS) / f"{size}-{what}.png")


def menu_click(page: Page, button: str) -> None:
    """A button of the header's menu, through its More list when folded there (web/table/menufit.js,
    which folds them after a frame at the new size)."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done)))")
    if not page.locator(f"#{button}").is_visible():
        page.locator("#btn-more").click()
    page.locator(f"#{button}").click()


def every_size(
    page: Page, what: str, sizes: list[tuple[int, int]] | None = None, zoom: int = 1
) -> list[str]:
    """The layout problems of the page as it is, at each size (with a screenshot of each); at a
    ``zoom`` of the browser (2: 200%), each size as that zoom lays it out (ZOOMED). A page laid
    out under REFLOW_UNDER px either way is checked as one that reflows."""
    found = []
    for width, height in sizes or SIZES:
        page.set_viewport_size({"width": width // zoom, "height": height // zoom})
        at = f"{width}×{height}" + (f" at {zoom * 100}%" if zoom > 1 else "")
        shoot(page, what, at.replace("×", "x").replace(" at ", "-"))
        reflow = min(width, height) // zoom < REFLOW_UNDER
        found += [f"{what} at {at}: {p}" for p in layout_problems(page, reflow=reflow)]
    return found


def plant_broken_layouts(page: Page) -> None:
    """The check sees a control past the edge, one under another element, a page that scrolls,
    and a card pushed below the screen."""
    # The hand pushed first, and the table given its frames to take its tightest form
    # (web/table/textfit.js) before the lid is laid on the stock where it then is.
    page.evaluate("""() => new Promise((done) => {
        document.getElementById("hand").style.marginTop = "100vh";
        requestAnimationFrame(() => requestAnimationFrame(done));
    })""")
    page.evaluate("""() => {
        const wide = Object.assign(document.createElement("button"), {id: "e2e-wide"});
        wide.textContent = "too wide";
        wide.style.cssText = "position: absolute; left: calc(100vw - 40px); top: 30px; width: 99px";
        const lid = Object.assign(document.createElement("div"), {id: "e2e-lid"});
        const r = document.getElementById("stock").getBoundingClientRect();
        lid.style.cssText = `position: absolute; z-index: 9; left: ${r.left + scrollX}px;
            top: ${r.top + scrollY}px; width: ${r.width}px; height: ${r.height}px`;
        document.body.append(wide, lid);
    }""")
    problems = " ".join(layout_problems(page))
    page.evaluate("""() => {
        ['e2e-wide', 'e2e-lid'].forEach(id => document.getElementById(id).remove());
        document.getElementById("hand").style.marginTop = "";
    }""")
    for caught in (
        "#e2e-wide is outside",
        "#stock is covered by #e2e-lid",
        "the page scrolls",
        "of clubs is outside",
    ):
        assert caught in problems, f"the layout check missed {caught!r}: {problems}"


def caught(
    page: Page, plant: str, undo: str, wanted: str | tuple[str, ...], reflow: bool = False
) -> None:
    """The check (of a zoomed page: ``reflow``), on the layout broken by the script ``plant``
    (undone by ``undo``), names ``wanted`` (or one of them, where what reacts to the page,
    web/table/menufit.js, may leave one symptom or the other)."""
    page.evaluate(plant)
    problems = " ".join(layout_problems(page, reflow))
    page.evaluate(undo)
    signs = (wanted,) if isinstance(wanted, str) else wanted
    missed = f"the layout check missed {wanted!r}: {problems}"
    assert any(sign in problems for sign in signs), missed


# (In one line: web/table/textfit.js, which may run at any frame, cannot fit them there.)
STACKED = """() => {
    const prompt = document.getElementById('prompt');
    prompt.style.display = 'inline';
    prompt.parentElement.style.setProperty('--lines', '1');
}"""
UNSTACKED = """() => {
    const prompt = document.getElementById('prompt');
    prompt.style.display = '';
    prompt.parentElement.style.removeProperty('--lines');
}"""
BAR_UP = "() => document.getElementById('actions').style.transform = 'translateY(-30px)'"
BAR_BACK = "() => document.getElementById('actions').style.transform = ''"
INTL_LANG = {"pseudo": "en"}  # the <html lang> of a language that is not one of Intl's
# The walk finds its way by ids, never by words, so that it walks every language alike.
MY_CARD = "#hand button.card[data-card='{}']"


# Two notices raised as the page raises them (web/table/notice.js), in the page's language, each
# answered by a button that takes it away.
RAISE_NOTICES = """async () => {
    const { hideNotice, showNotice } = await import('./table/notice.js');
    const { t } = await import('./words/i18n.js');
    for (const [id, words, label] of [['journal', 'notices.journal_full', 'notices.try_again'],
                                      ['update', 'notices.update_ready', 'notices.update_now']]) {
        showNotice(id, t(words), [{ label: t(label), run: () => hideNotice(id) }]);
    }
}"""
# Where the notices show: their words above the table, or the header's Notice button.
NOTICES_SEEN = """() => {
    const seen = (el) => el.getBoundingClientRect().height > 1;
    return { words: seen(document.getElementById('notices')),
             button: seen(document.getElementById('btn-notices')) };
}"""

# The statistics between friends, two pairs, one with names as long as the names dialog takes.
FRIENDS = [a_friends_match(), a_friends_match(("Maximiliane-Charlotte von Oberhausen-Ulm", "Ben"))]
WITH_FRIENDS = f"""(friends) => {{
    const stats = JSON.parse(localStorage.getItem('{STATS_KEY}'));
    localStorage.setItem('{STATS_KEY}', JSON.stringify({{...stats, friends}}));
}}"""


def load(page: Page, save: Any, url: str = f"./?{FAST}") -> None:
    """A saved match on the table: the save put in storage, then the page at ``url``."""
    if page.url == "about:blank":  # the site's storage needs a page of the site
        page.goto("./help.html")
    page.evaluate(f"localStorage.setItem('{SAVE_KEY}', {json.dumps(json.dumps(save))})")
    page.goto(url)
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=BOOT_TIMEOUT)


# What the hand's end shows of the coach, and what else is open, when its Review button is not.
REVIEW_STATE = """() => {
    const button = document.getElementById('result-review');
    const line = document.getElementById('result-coach');
    return {
        line: line.textContent, line_hidden: line.hidden, button_hidden: button.hidden,
        open: [...document.querySelectorAll('dialog[open]')].map((d) => d.id),
        notice: document.documentElement.dataset.notice || null,
        // The worker's milliseconds on each review slice and each whole review, and the page's age.
        slices_ms: window.__gin ? (window.__gin.engine.times.review || []).map(Math.round) : null,
        reviews_ms: window.__gin ? window.__gin.reviewer.times.map(Math.round) : null,
        now_ms: Math.round(performance.now()),
    };
}"""


class Walk:
    """One page through every screen state, in one language (``?lang=``). At each state
    ``look(what)`` checks the page: the layout at every size, plus whatever the test adds
    (``also``). ``plants`` proves first, where a check is walked past, that it catches a broken
    layout (once, in English, is enough)."""

    def __init__(
        self,
        page: Page,
        positions: dict[str, Any],
        lang: str = "en",
        also: Callable[[Page, str], list[str]] | None = None,
        plants: bool = False,
        zoom: int = 1,
    ) -> None:
        self.page, self.positions, self.lang = page, positions, lang
        self.also, self.plants, self.zoom = also, plants, zoom
        self.table = Table(page)
        self.problems: list[str] = []
        self.loaded = ""  # the position on the table as it was loaded, untouched
        self.said: list[str] = []  # the page's warnings and errors, for a failure to quote
        page.on("console", self.heard)

    def heard(self, message: ConsoleMessage) -> None:
        if message.type in ("warning", "error"):
            self.said.append(message.text[:300])

    def url(self, query: str) -> str:
        return f"./?{query}&lang={self.lang}"

    def look(self, what: str) -> None:
        if what != "loading":  # the page speaks the language asked for (web/words/i18n.js)
            spoken = self.page.evaluate("document.documentElement.lang")
            assert spoken == INTL_LANG.get(self.lang, self.lang), f"{what}: lang={spoken}"
        name = what if self.lang == "en" else f"{self.lang} {what}"
        if self.zoom > 1:  # (the zoomed last: the walk goes on at the size it left)
            self.problems += every_size(self.page, name, SMALLEST)
            self.problems += every_size(self.page, name, ZOOMED, self.zoom)
        else:
            self.problems += every_size(self.page, name, SIZES)
        if self.also:
            self.problems += self.also(self.page, what)

    def resize(self, width: int, height: int) -> None:
        """The screen of ``width`` × ``height`` as the walk's zoom lays it out."""
        self.page.set_viewport_size({"width": width // self.zoom, "height": height // self.zoom})

    def caught(self, plant: str, undo: str, wanted: str) -> None:
        if self.plants:
            caught(self.page, plant, undo, wanted)

    def load(self, name: str) -> None:
        """The position ``name`` of ``positions`` on the table, from its save."""
        self.loaded = name
        load(self.page, self.positions[name], self.url(FAST))

    def card(self, code: str) -> Any:
        return self.page.locator(MY_CARD.format(code))

    def run(self) -> list[str]:
        """Every step, in order; the problems found."""
        for step in (
            self.opening,
            self.discard,
            self.notices,
            self.knock,
            self.hand_end,
            self.match_end,
            self.three_digit_header,
            self.first_deal,
            self.newcomer,
        ):
            step()
        return self.problems

    def opening(self) -> None:
        """The shell while Python loads (placeholder cards, nothing wider or taller than the
        screen; the engine held back, Pyodide's script not served, until every size is
        checked), the opening, then the header's dialogs."""
        page = self.page
        query = f"{FAST}&seed={self.positions['opening']}"
        held = HeldEngine(page)
        page.goto(self.url(query))
        page.wait_for_selector("#hand .placeholder", state="attached")
        page.wait_for_function("() => performance.getEntriesByName('gin:shell-painted').length > 0")
        self.look("loading")
        assert page.evaluate("document.documentElement.dataset.ready !== '1'"), "too soon"
        assert held.requested(), "Python's script was requested"
        held.release()
        self.table.idle(BOOT_TIMEOUT)
        self.look("opening")
        if self.plants:
            self.dialog_top()
        for name in ("keys", "settings", "stats", "daily"):
            if name == "stats":  # the panel at its longest, with its section between friends
                page.evaluate(WITH_FRIENDS, FRIENDS)
            # Opened where its focus is the hardest to keep in sight: the shortest screen.
            self.resize(640, 360)
            menu_click(page, f"btn-{name}")
            self.look(name)
            page.keyboard.press("Escape")

    def dialog_top(self) -> None:
        """The check sees a dialog opened scrolled to its end, its focus on its last link."""
        page = self.page
        self.resize(640, 360)
        page.locator("#btn-keys").click()
        caught(
            page,
            "() => { const d = document.getElementById('dlg-keys');"
            " d.querySelector('a').focus(); d.scrollTop = d.scrollHeight; }",
            "() => { const d = document.getElementById('dlg-keys'); d.scrollTop = 0;"
            " d.querySelector('h2').focus(); }",
            "#dlg-keys opened scrolled down",
        )
        page.keyboard.press("Escape")

    def discard(self) -> None:
        """Eleven cards in four groups."""
        self.load("discard")
        if self.plants:
            self.resize(1280, 800)
            plant_broken_layouts(self.page)
        self.look("discard")

    def notices(self) -> None:
        """Two notices standing over the table: the longest one (the journal out of room) and a
        new version's. Where the table has room their words show above it, elsewhere the
        header's Notice button, which opens them in a dialog; answering the last closes it."""
        page = self.page
        page.evaluate(RAISE_NOTICES)
        self.look("notices")
        for width, height in SIZES:
            self.resize(width, height)
            seen = page.evaluate(NOTICES_SEEN)
            at = f"notices at {width}×{height}"
            assert seen["words"] != seen["button"], f"{at}: the words or the button, not {seen}"
        self.resize(640, 360)
        menu_click(page, "btn-notices")
        expect(page.locator("#dlg-notices")).to_be_visible()
        self.look("notices-open")
        page.locator("#notices-list button").first.click()  # (each answer takes its notice away)
        expect(page.locator("#dlg-notices form button")).to_be_focused()  # the focus stays in it
        page.locator("#notices-list button").first.click()
        expect(page.locator("#dlg-notices")).to_be_hidden()
        expect(page.locator("#btn-notices")).to_be_hidden()
        expect(page.locator("#notices .notice")).to_have_count(0)

    def knock(self) -> None:
        """A knock on offer after your draw: the verdict in the prompt, then the hint shown, then
        a card selected, then (none selected) Knock pressed once; then the knock's review with
        seven declarations."""
        page, positions = self.page, self.positions
        if self.loaded != "knock":
            self.load("knock")
        self.loaded = ""
        verdict = page.locator("#prompt .prompt-main")
        if self.lang == "en":
            expect(verdict).to_contain_text(
                re.compile(r"the expert would .* \(undercut risk \d+%\)")
            )
        else:  # the undercut risk, in any language's percent
            expect(verdict).to_contain_text(re.compile(r"\d\s?%"))
        self.look("verdict")
        page.locator("#act-hint").click()
        chip = page.locator("#hint-chip")
        expect(chip).to_be_visible()
        if self.lang == "en":
            expect(chip).to_contain_text("Hint: ")
        self.resize(360, 640)
        self.caught(BAR_UP, BAR_BACK, "the action bar lies over")
        self.look("hint")
        chip.click()
        expect(page.locator("#hint-text")).to_be_visible()
        self.look("hint-reason")
        chip.click()
        first = self.table.hand()[0]
        self.card(first).click(position={"x": 6, "y": 12})  # at its corner: the hand fans
        expect(self.card(first)).to_have_attribute("aria-pressed", "true")
        self.look("selected")
        page.keyboard.press("Escape")
        message = page.locator("#message")
        expect(message).to_be_empty()
        page.locator("#act-knock").click()
        expect(message).not_to_be_empty()  # "again to knock"
        # The old way, the prompt and the knock's message stacked, squeezed into one line: the
        # check says the prompt area is cut.
        self.resize(360, 640)
        self.caught(STACKED, UNSTACKED, "#prompt-area is cut")
        self.look("knock-once")
        page.keyboard.press("Escape")
        self.card(positions["knock_card"]).click(position={"x": 6, "y": 12})
        page.keyboard.press("k")
        expect(page.locator("#knock-options input")).to_have_count(positions["knock_options"])
        if self.plants:
            self.resize(360, 640)
            unpin = (
                "(how) => document.querySelector('#dlg-knock .dialog-buttons').style.position = how"
            )
            page.evaluate(unpin, "static")
            planted = " ".join(layout_problems(page))
            assert "#knock-confirm is" in planted, f"the check missed the buried Confirm: {planted}"
            page.evaluate(unpin, "")
        self.look("knock")

    def hand_end(self) -> None:
        """The hand's end: its dialog with the deal's stock and Verify, the coach's review of
        the hand, then the table with the opponent's hand revealed."""
        page = self.page
        self.load("hand_over")
        expect(page.locator("#dlg-result #deal-verify")).to_be_visible()
        # The stock left drawn wider than a phone: the check sees the dialog scroll sideways.
        self.resize(360, 640)
        stock = "document.getElementById('deal-stock').style.minWidth"
        self.caught(
            f"() => {stock} = '120vw'", f"() => {stock} = ''", "#dlg-result scrolls sideways"
        )
        self.look("hand-end")
        self.review()
        page.locator("#result-table").click()
        expect(page.locator("#opp-cards .card[data-card]")).not_to_have_count(0)
        self.look("revealed")

    def review(self) -> None:
        """The coach's review of the hand, opened from the hand's end once it is in; first the
        check sees a list of decisions wider than the dialog."""
        page = self.page
        try:
            page.locator("#result-review").click(timeout=60_000)
        except PlaywrightTimeoutError as err:  # say what the page showed instead
            state = page.evaluate(REVIEW_STATE)
            said = f"no Review button in 60 s: {state}; the page's warnings: {self.said}"
            raise AssertionError(said) from err
        expect(page.locator("#dlg-review")).to_be_visible()
        self.resize(360, 640)
        self.caught(
            "() => document.getElementById('review-list').style.width = '900px'",
            "() => document.getElementById('review-list').style.width = ''",
            "#dlg-review scrolls sideways",
        )
        self.look("review")
        page.keyboard.press("Escape")
        expect(page.locator("#dlg-result")).to_be_visible()

    def match_end(self) -> None:
        """The match's last hand, the match's end, then the replay with its moves marked by the
        coach."""
        page = self.page
        self.load("match_over")
        expect(page.locator("#dlg-result")).to_be_visible()  # the last hand first
        self.look("last-hand")
        page.locator("#result-next").click()  # "See the match"
        expect(page.locator("#dlg-match")).to_be_visible()
        self.look("match-end")
        page.locator("#match-steps").click()  # "Watch the replay"
        page.wait_for_selector('html[data-replay-reviewed="1"]', state="attached", timeout=60_000)
        page.keyboard.press("PageDown")
        page.keyboard.press("ArrowRight")  # the first move after the deal's: a decision or not
        self.look("replay")
        page.keyboard.press("Escape")

    def three_digit_header(self) -> None:
        """A real match with a three-digit score, your score and the hand number then widened
        in place to three and two digits (the widest header a match shows); first the check sees
        the header's old single line run off a phone. Then the score sheet."""
        page = self.page
        self.load("high")
        page.evaluate("""() => {
            document.querySelector('#score-0 .pts').textContent = '199';
            const hand = document.querySelector('#target span:last-child');
            hand.textContent = hand.textContent.replace(/\\d+/, '12');
        }""")
        if self.plants:
            self.resize(360, 640)
            caught(
                page,
                "() => { document.getElementById('target').style.whiteSpace = 'nowrap';"
                " document.querySelector('.cue-word').style.display = 'inline'; }",
                "() => { document.getElementById('target').style.whiteSpace = '';"
                " document.querySelector('.cue-word').style.display = ''; }",
                ("the page scrolls", "overlap in the header"),
            )
            self.resize(640, 360)
            caught(
                page,
                "() => document.querySelector('.sheet-cue').style.marginLeft = '-40px'",
                "() => document.querySelector('.sheet-cue').style.marginLeft = ''",
                "overlap in the header",
            )
        self.look("three-digits")
        page.locator("#scores").click()  # the scores open the sheet
        expect(page.locator("#dlg-sheet")).to_be_visible()
        self.look("sheet")
        page.keyboard.press("Escape")

    def forget(self) -> None:
        """Nothing stored: the table's page gone first (it saves), then the saves, localStorage
        and the journal (web/store/journal.js)."""
        self.page.goto(f"./help.html?lang={self.lang}")
        self.page.evaluate(
            "() => { localStorage.clear(); return new Promise((done) =>"
            " indexedDB.deleteDatabase('gin-rummy').onsuccess = done); }"
        )

    def first_deal(self) -> None:
        """A first launch with Python's wasm held back: the welcome skipped, a first deal on the
        table (web/store/resume.js) with the download's line under its prompt, and a take held
        over it, the held move's words beside that line."""
        page = self.page
        self.resize(360, 640)
        self.forget()
        # The walk's earlier pages kept Python's files unpacked in Cache Storage: without them
        # they are downloaded again, so the download's line has bytes to say.
        page.evaluate(
            "caches.keys().then((keys) => Promise.all(keys.map((k) => caches.delete(k))))"
        )
        held: list[Any] = []
        wasm = "**/pyodide.asm.wasm.zst"
        page.route(wasm, lambda route: held.append(route))
        page.emulate_media(reduced_motion="reduce")  # no ?speed=0: it would skip the welcome
        page.goto(self.url("sw=0"))
        page.locator("#dlg-welcome[open] #welcome-skip").click(timeout=BOOT_TIMEOUT)
        page.wait_for_selector('html[data-first-deal="1"]', state="attached")
        page.wait_for_selector("#boot-wait progress", state="attached")
        page.locator("#act-take").click()
        expect(page.locator("#message")).not_to_be_empty()
        self.look("first deal")
        for route in held:
            route.continue_()
        page.unroute(wasm)

    def newcomer(self) -> None:
        """A first launch (nothing stored, no test hook in the address): the welcome at its
        top, the Learn list, lesson 1 on the table with its task, then its answer to a wrong
        move."""
        page = self.page
        self.resize(640, 360)
        self.forget()
        page.emulate_media(reduced_motion="reduce")  # no ?speed=0: it would skip the welcome
        page.goto(self.url("sw=0"))
        page.wait_for_selector("#dlg-welcome[open] #welcome-levels input", timeout=BOOT_TIMEOUT)
        self.caught(
            "() => { const d = document.getElementById('dlg-welcome');"
            " d.querySelector('a').focus(); d.scrollTop = d.scrollHeight; }",
            "() => { const d = document.getElementById('dlg-welcome'); d.scrollTop = 0;"
            " document.getElementById('welcome-play').focus(); }",
            "#dlg-welcome opened scrolled down",
        )
        self.look("welcome")
        page.locator("#welcome-learn").click()
        page.wait_for_selector("#dlg-learn[open] button.lesson")
        self.caught(
            "() => document.getElementById('lesson-list').style.minWidth = '120vw'",
            "() => document.getElementById('lesson-list').style.minWidth = ''",
            "#dlg-learn scrolls sideways",
        )
        self.look("learn")
        page.locator("#dlg-learn button.lesson").first.click()  # lesson 1: melds
        page.wait_for_selector("#coach[data-state=play]")
        page.wait_for_selector(MY_TURN, state="attached")  # its task: "Pass on it"
        self.table.idle()
        # The lesson's rule, open at its start, takes what the coach's other lines leave it and
        # scrolls inside (lessons.css); a rule that would not give way to them is caught.
        self.resize(640, 360)
        rule = "document.getElementById('coach-rule').style.minHeight"
        self.caught(f"() => {rule} = '100vh'", f"() => {rule} = ''", "#coach is cut")
        self.look("lesson")
        page.keyboard.press("t")  # wrong: the upcard is no use
        page.wait_for_selector("#coach[data-state=wrong]")
        self.caught(
            "() => document.getElementById('coach').style.maxHeight = '2em'",
            "() => document.getElementById('coach').style.maxHeight = ''",
            "#coach is cut",
        )
        self.look("lesson-wrong")


def language_page(browser: Browser, base_url: str, zoom: int = 1) -> tuple[BrowserContext, Page]:
    """A context and its page for one walk, at the first size (at ``zoom``: ZOOMED)."""
    context = visited(
        browser.new_context(
            base_url=base_url,
            viewport={"width": 360 // zoom, "height": 640 // zoom},
            device_scale_factor=zoom,
        )
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    return context, page
