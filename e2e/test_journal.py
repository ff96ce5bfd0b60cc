"""The journal's faults (web/store/journal.js, docs/save.md): one that never answers at the start,
a newer record the engine refuses, and a journal with no room left. Each is said in the
player's words, and none costs the other copy of the save. Screenshots of each notice go to
$GIN_SCREENS."""

from __future__ import annotations

import json
from typing import Any

import pytest
from gintable import Table
from playwright.sync_api import BrowserContext, Page, expect
from screenwalk import shoot

SAVE_KEY = "gin-rummy:save:v1"
STAMP_KEY = "gin-rummy:save-stamp:v1"
FAST = "speed=0&sw=0"
NOTICE_SIZES = [(360, 640), (640, 360), (1280, 800)]

# Open the journal's database without a version (any page of the site may) and run `body`
# with `db`, resolving to what it gives.
WITH_DB = """(arg) => new Promise((done, failed) => {{
  const request = indexedDB.open("gin-rummy");
  request.onupgradeneeded = () => request.result.createObjectStore("journal");
  request.onerror = () => failed(request.error);
  request.onsuccess = () => {{
    const db = request.result;
    {body}
  }};
}})"""
PUT_RECORD = WITH_DB.format(
    body="""
    const tx = db.transaction("journal", "readwrite");
    tx.objectStore("journal").put({ stamp: arg.stamp, save: arg.save }, "save");
    tx.oncomplete = () => { db.close(); done(true); };
    tx.onabort = () => failed(tx.error);"""
)
ASIDE_RECORDS = WITH_DB.format(
    body="""
    const range = IDBKeyRange.bound("aside:", "aside:\\uffff");
    const all = db.transaction("journal").objectStore("journal").getAll(range);
    all.onsuccess = () => { db.close(); done(all.result.map((r) => r.save)); };"""
)
# Another page holding the database open, deaf to a request for a new version (as a page of an
# older game, or of another app on the site, may be).
HOLD_OPEN = WITH_DB.format(body="window.heldOpen = db; done(db.version);")
ASK_UPGRADE = """() => new Promise((done) => {
  const request = indexedDB.open("gin-rummy", 2);
  request.onblocked = () => done("blocked");
  request.onsuccess = () => done("upgraded");
})"""
# A journal with no room left: each write's transaction aborts with the quota error, as
# Chromium's does when the site's quota or the disk is full.
FULL_JOURNAL = """(() => {
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (...args) {
    const request = put.apply(this, args);
    if (window.fullJournal) {
      const error = new DOMException(
        "Encountered disk full while committing transaction.", "QuotaExceededError");
      Object.defineProperty(this.transaction, "error", { value: error });
      this.transaction.abort();
    }
    return request;
  };
})()"""


def notice(page: Page, kind: str) -> Any:
    return page.locator(f'#notices [data-notice="{kind}"]')


def shoot_notice(page: Page, what: str) -> None:
    """The table with its notice at a phone's, a phone turned sideways and a laptop's sizes."""
    for width, height in NOTICE_SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done)))")
        shoot(page, what)


def a_saved_match(page: Page, seed: str) -> tuple[str, int]:
    """Two moves of a new match, then the table's page left: the saved text and its stamp."""
    table = Table(page).open(f"./?{FAST}&seed={seed}")
    table.play_by_keys("pass")
    table.idle()
    page.goto("./help.html")  # the site, without the table: nothing writes the saves now
    return page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"), int(
        page.evaluate(f"localStorage.getItem('{STAMP_KEY}')")
    )


def saved_actions(page: Page) -> list[str]:
    actions: list[str] = json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))["actions"]
    return actions


# ------------------------------------------------------------------------------------ no answer


def test_a_journal_that_never_answers_does_not_stop_the_start(context: BrowserContext) -> None:
    holder = context.new_page()
    saved, _ = a_saved_match(holder, "no-answer")
    assert holder.evaluate(HOLD_OPEN, None) == 1
    asker = context.new_page()
    asker.goto("./help.html")
    assert asker.evaluate(ASK_UPGRADE) == "blocked"  # and every later opening waits behind it
    page = context.new_page()
    table = Table(page).open(f"./?{FAST}")
    said = notice(page, "journal-start")
    expect(said).to_contain_text("did not answer in time, so the game started without it")
    expect(said).to_contain_text("Close the game's other tabs and windows")
    assert saved_actions(page) == json.loads(saved)["actions"]  # the saved match, on the table
    shoot_notice(page, "journal-start")
    said.get_by_role("button", name="OK").click()
    expect(said).to_have_count(0)
    table.idle()


# ------------------------------------------------------------------------------------ refused


def illegal(doc: dict[str, Any]) -> dict[str, Any]:
    return {**doc, "actions": [*doc["actions"], "next"]}  # "next" only ends a hand


REFUSED = {
    "an illegal action": illegal,
    "an unknown field": lambda doc: {**illegal(doc), "colour": "red"},
    "version 3": lambda doc: {**doc, "version": 3},
    "12 MB": lambda doc: {**doc, "names": ["x" * 12_000_000, "Computer"]},
}


@pytest.mark.parametrize("fault", list(REFUSED))
def test_a_newer_journal_record_the_engine_refuses_costs_not_the_saved_match(
    page: Page, fault: str
) -> None:
    saved, stamp = a_saved_match(page, "refused")
    good = json.loads(saved)
    refused = json.dumps(REFUSED[fault](good))
    page.evaluate(PUT_RECORD, {"stamp": stamp + 5, "save": refused})
    table = Table(page).open(f"./?{FAST}")
    said = notice(page, "save-copies")
    expect(said).to_contain_text("The game's journal held a copy of your save that cannot be read")
    expect(said).to_contain_text("kept aside in the game's journal")
    expect(said).to_contain_text(
        f"Your match was restored from the saved match, at move {len(good['actions'])}."
    )
    expect(page.get_by_role("dialog", name="Notice")).to_have_count(0)
    assert saved_actions(page) == good["actions"]
    assert refused in page.evaluate(ASIDE_RECORDS, None)
    if fault == "12 MB":
        shoot_notice(page, "journal-refused")
    # The saves go on: the next move is saved, and nothing holds them.
    table.play_by_keys("draw")
    table.idle()
    assert len(saved_actions(page)) > len(good["actions"])
    expect(notice(page, "save-held")).to_have_count(0)


def test_a_saved_match_the_engine_refuses_falls_back_on_the_journals_copy(page: Page) -> None:
    saved, _ = a_saved_match(page, "damaged")
    page.evaluate(f"localStorage.setItem('{SAVE_KEY}', '{{not json')")
    Table(page).open(f"./?{FAST}")
    said = notice(page, "save-copies")
    expect(said).to_contain_text("Your saved match could not be read (it is not valid JSON)")
    expect(said).to_contain_text("Your match was restored from the game's journal, at move")
    assert saved_actions(page) == json.loads(saved)["actions"]
    assert "{not json" in page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('gin-rummy:backup:'))"
        ".map(k => localStorage.getItem(k))"
    )


def test_a_match_kept_in_the_journal_alone_is_resumed_with_no_first_deal_over_it(
    page: Page,
) -> None:
    """localStorage lost, the journal kept: no first deal (web/store/resume.js) is drawn, even
    for a moment, and the journal's match comes back."""
    saved, _ = a_saved_match(page, "journal-alone")
    page.evaluate("localStorage.clear()")
    page.add_init_script(
        "new MutationObserver(() => { if (document.documentElement.dataset.firstDeal) "
        "window.firstDealSeen = true; }).observe(document, { subtree: true, attributes: true })"
    )
    Table(page).open(f"./?{FAST}")
    assert saved_actions(page) == json.loads(saved)["actions"]
    assert page.evaluate("window.firstDealSeen || false") is False


# ------------------------------------------------------------------------------------ full


def test_a_full_journal_is_named_full_with_advice_that_makes_room(
    context: BrowserContext, page: Page
) -> None:
    context.add_init_script(FULL_JOURNAL)
    table = Table(page).open(f"./?{FAST}&seed=journal-full")
    page.evaluate("window.fullJournal = true")
    table.play_by_keys("pass")
    table.idle()
    said = notice(page, "journal")
    expect(said).to_contain_text("no room left for this site's data")
    expect(said).to_contain_text("free space on this device")
    expect(said).not_to_contain_text("did not answer")
    shoot_notice(page, "journal-full")
    page.evaluate("window.fullJournal = false")  # room made: Try again takes the notice down
    said.get_by_role("button", name="Try again").click()
    expect(said).to_have_count(0)
