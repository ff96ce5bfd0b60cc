"""Card motion at the default (Normal) pace, none under reduced motion; the sound switch.

Unlike the other browser tests these run at the page's own pace (no ?speed=0): the motion is
skipped at a pace of 0.
"""

from __future__ import annotations

from gintable import MY_TURN, Table, human_first, seed_where
from playwright.sync_api import Browser, Page, expect

# Counts, frame by frame from now on, the card motions running (main.js names them "motion").
WATCH = """() => {
  window.__motions = 0;
  const tick = () => {
    const now = document.getAnimations().filter((a) => a.id === "motion").length;
    window.__motions = Math.max(window.__motions, now);
    requestAnimationFrame(tick);
  };
  tick();
}"""
MOVING = "(id) => document.getElementById(id).getAnimations().some((a) => a.id === 'motion')"


def open_and_take(browser: Browser, base_url: str) -> tuple[Page, Table]:
    """A page at the Normal pace, the upcard taken: your turn to discard from eleven cards."""
    context = browser.new_context(base_url=base_url)
    page = context.new_page()
    page.set_default_timeout(20_000)
    table = Table(page).open(f"./?sw=0&seed={seed_where('motion', human_first)}")
    assert not page.evaluate("window.__gin.sound.started"), "sound before any gesture"
    page.keyboard.press("t")
    page.wait_for_selector('html[data-busy="0"][data-phase="discard"][data-turn="me"]')
    return page, table


def discard(page: Page, table: Table) -> str:
    taken = page.evaluate("window.__gin.ui.view.taken")  # not to be thrown back at once
    card = next(c for c in table.hand() if c != taken)
    table.card(card).click()
    table.card(card).click()
    return card


def test_a_discard_moves_at_the_normal_pace_and_none_when_reduced(
    browser: Browser, base_url: str
) -> None:
    page, table = open_and_take(browser, base_url)
    mine = discard(page, table)
    # Your discard flies from your hand to the pile...
    page.wait_for_function(MOVING, arg="discard-card", polling="raf", timeout=2_000)
    assert table.top() == mine
    # ...and so does the computer's, from its side of the table, when its turn comes.
    page.wait_for_function(
        f"(id) => document.getElementById(id).dataset.card !== '{mine}' && ({MOVING})(id)",
        arg="discard-card",
        polling="raf",
        timeout=5_000,
    )
    # The Reduce motion option (the class the setting puts on <html>), then the system's
    # reduced-motion preference: a whole round, your draw and discard and the computer's, with
    # no motion at all.
    for reduce in ("the option", "the system"):
        page.wait_for_selector(MY_TURN, state="attached")
        if reduce == "the option":
            page.evaluate("document.documentElement.classList.add('motion-reduced')")
        else:
            page.evaluate("document.documentElement.classList.remove('motion-reduced')")
            page.emulate_media(reduced_motion="reduce")
        page.evaluate(  # the computer's discard may still be landing
            "Promise.all(document.getAnimations()"
            ".filter((a) => a.id === 'motion').map((a) => a.finished))"
        )
        page.evaluate(WATCH)
        page.keyboard.press("s")
        page.wait_for_selector('html[data-busy="0"][data-phase="discard"][data-turn="me"]')
        discard(page, table)
        page.wait_for_selector(MY_TURN, state="attached")
        assert page.evaluate("window.__motions") == 0, f"motion despite {reduce}"

    # The sound switch: silent until a gesture (open_and_take checks), then muted from the
    # header, shown in the settings, and kept in this browser.
    assert page.evaluate("window.__gin.sound.started")
    mute = page.get_by_role("button", name="Mute", exact=True)
    expect(mute).to_have_attribute("aria-pressed", "false")
    mute.click()
    expect(mute).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Settings", exact=True).click()
    expect(page.get_by_label("Mute sounds")).to_be_checked()
    page.get_by_label("Mute sounds").uncheck()
    page.keyboard.press("Escape")
    expect(mute).to_have_attribute("aria-pressed", "false")
    mute.click()
    assert page.evaluate("localStorage.getItem('gin-rummy:sound-muted:v1')") == "1"
    page.context.close()
