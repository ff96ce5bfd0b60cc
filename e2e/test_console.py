"""No error in the console through a whole match: the autoplay hook plays a short match (to 10
points against the beginner) after a lesson, and at its end the last hand's Verify, its Review
and the statistics with their charts are opened. Every console.error, every uncaught error and
every refusal of the page's Content Security Policy fails the test."""

from __future__ import annotations

from gintable import IDLE
from playwright.sync_api import BrowserContext, Page, expect

BOOT = 120_000
MATCH_OVER = 'html[data-phase="match_over"][data-ready="1"]'
SETTINGS = "{speed: 'instant', rules: {target: 10}, opponent: 'beginner'}"
# A CSP refusal is said on the console too, but only the event names the directive for certain.
HEAR_CSP = (
    "addEventListener('securitypolicyviolation', (e) => console.error("
    "`CSP refused ${e.violatedDirective}: ${e.blockedURI || 'inline'} in ${e.sourceFile}`));"
)


def test_a_whole_match_with_a_lesson_verify_review_and_stats_logs_no_error(
    context: BrowserContext, page: Page
) -> None:
    heard: list[str] = []
    page.on("console", lambda m: heard.append(f"console: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: heard.append(f"pageerror: {e}"))
    context.add_init_script(HEAR_CSP)
    page.set_default_timeout(30_000)

    page.goto("./?speed=0&sw=0&seed=console-lesson")
    page.wait_for_selector(IDLE, state="attached", timeout=BOOT)
    page.evaluate(f"localStorage.setItem('gin-rummy:settings:v1', JSON.stringify({SETTINGS}))")
    page.locator("#btn-learn").click()
    page.locator("#dlg-learn button.lesson").first.click()
    page.wait_for_selector("#coach:not([hidden])")
    page.wait_for_selector(IDLE, state="attached")
    page.get_by_role("button", name="Leave the lesson").click()
    page.wait_for_selector(IDLE, state="attached")

    # The whole match by the autoplay hook (the link asks before it abandons the match above).
    page.goto("./?seed=console-match&speed=0&autoplay=1&sw=0")
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=BOOT)
    if page.locator("#dlg-confirm[open]").count():
        page.locator("#confirm-yes").click()
    page.wait_for_selector(MATCH_OVER, state="attached", timeout=BOOT + 240_000)
    expect(page.locator("#dlg-match")).to_be_visible()

    # The last hand's end: Verify, then its Review once the coach has it.
    page.keyboard.press("Escape")
    page.evaluate("document.getElementById('dlg-result').showModal()")
    result = page.locator("#dlg-result")
    expect(result).not_to_contain_text("python -m")
    page.locator("#deal-verify").click()
    expect(page.locator("#deal-verdict")).to_have_attribute("data-verdict", "good")
    review = page.locator("#result-review")
    expect(review).to_be_visible(timeout=120_000)
    review.click()
    expect(page.locator("#dlg-review")).to_be_visible()
    page.locator("#review-close").click()
    expect(result).to_be_visible()  # the review gives the hand's end back; Escape closes that
    page.keyboard.press("Escape")
    expect(result).to_be_hidden()

    # The statistics, with the rating's chart (and the coach's, once a match is reviewed).
    page.locator("#btn-stats").click()
    expect(page.locator("#dlg-stats")).to_be_visible()
    expect(page.locator("#stats-rating-chart svg")).to_be_visible()
    page.wait_for_timeout(500)  # a refusal is reported a task after the drawing
    assert heard == [], "\n".join(heard)
