// Deals you can verify (docs/fairness.md). From the deal on, the table shows the first
// characters of the deal's fingerprint and the log its full value; at the hand's end the
// dialog shows the cards left in the stock, the deck as dealt and the hand's salt, and Verify
// hashes them with the browser's own SHA-256 (crypto.subtle). The page never asks the engine
// whether the deal was fair: it recomputes, and compares with what it showed before the first
// move.
import { cardFace } from "../table/render.js";
import { $ } from "../table/dom.js";
import { loadSave } from "../store/storage.js";
import { download } from "../table/notice.js";
import { t } from "../words/i18n.js";

const SHORT = 12; // hex characters shown on the table: 48 bits, in groups of four

// The fingerprint this page showed for the hand on the table, and whether it showed it before
// the hand's first move (a page opened in the middle of a hand learns it from the save).
let shown = { hand: 0, fingerprint: "", before: false };
// Every fingerprint this page showed before its hand's first move. A lesson takes the table and
// gives the match back mid-hand: its deal was still shown before the first move.
const shownBefore = new Set();

function node(tag, cls, text) {
  const n = document.createElement(tag);
  if (cls) n.className = cls;
  if (text !== undefined) n.textContent = text;
  return n;
}

/** "bda3 c998 20ad": the start of a fingerprint as the table shows it. */
export function shortPrint(fingerprint) {
  return fingerprint.slice(0, SHORT).match(/.{4}/g).join(" ");
}

/** The text whose SHA-256 is a deal's fingerprint; the same bytes as gin.fairness.deal_text. */
export function dealText(deck, salt) {
  return `gin-fingerprint|${salt}|${deck}`;
}

export async function sha256Hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A new hand on the table (or the first one this page sees): remember and show its
 * fingerprint. Returns the log's line with the full value, to go under "Hand N". */
export function newDeal(view) {
  const fingerprint = view.deal.fingerprint;
  if (view.history.length === 0) shownBefore.add(fingerprint);
  shown = { hand: view.hand_number, fingerprint, before: shownBefore.has(fingerprint) };
  const line = $("deal-line");
  const code = line.querySelector("code");
  code.textContent = shortPrint(fingerprint);
  line.title = t("fairness.lineTitle", { fingerprint });
  line.hidden = false;
  const item = node("li", "deal", t("fairness.logItem"));
  item.append(" ", node("code", "", fingerprint));
  return [item];
}

/** The hand's end: the stock left, the deck and the salt, Verify (not yet run). */
export function renderDealCheck(view) {
  const box = $("result-deal");
  const deal = view.deal;
  const known = shown.hand === view.hand_number;
  const fingerprint = known ? shown.fingerprint : deal.fingerprint;
  const stock = node("div", "mini-group stock-left");
  stock.id = "deal-stock";
  stock.append(...deal.stock.map((c) => cardFace(c)));
  const intro = node("p", "small", t(known && shown.before ? "fairness.shownBefore" : "fairness.shownLater"));
  const print = node("code", "", shortPrint(fingerprint));
  print.id = "deal-print";
  print.dataset.fingerprint = fingerprint;
  intro.append(" ", print, ". ", t("fairness.whatItIs"));
  const details = node("details", "deal-data");
  const deck = node("code", "", deal.deck.join(" "));
  deck.id = "deal-deck";
  const salt = node("code", "", deal.salt);
  salt.id = "deal-salt";
  details.append(node("summary", "", t("fairness.deckAndSalt")),
    node("p", "small", t("fairness.deckIntro")),
    deck, node("p", "small", t("fairness.saltIntro")), salt,
    node("p", "small", t("fairness.howTo")));
  const verify = node("button", "link", t("fairness.verify"));
  verify.type = "button";
  verify.id = "deal-verify";
  verify.addEventListener("click", () => check(box));
  const verdict = node("p", "deal-verdict");
  verdict.id = "deal-verdict";
  verdict.setAttribute("role", "status");
  const parts = [node("h3", "", t("fairness.stockLeft", { n: deal.stock.length })), stock,
    node("h3", "", t("fairness.check")), node("p", "deal-plain", t("fairness.plain")), intro, details, verify, verdict];
  if (view.phase === "match_over") parts.push(downloadButton());
  box.replaceChildren(...parts);
}

function downloadButton() {
  const button = node("button", "link", t("fairness.download"));
  button.type = "button";
  button.addEventListener("click", () => {
    const saved = loadSave();
    if (saved) download(`gin-rummy-match-${new Date().toISOString().slice(0, 10)}.json`, saved.raw);
  });
  return button;
}

/** Verify: hash the deck and the salt as the dialog shows them, compare with the fingerprint
 * shown, and check that the stock shown is the end of that deck. */
async function check(box) {
  const verdict = $("deal-verdict");
  const expected = $("deal-print").dataset.fingerprint;
  const deck = $("deal-deck").textContent;
  const stock = [...box.querySelectorAll("#deal-stock .card")].map((c) => c.dataset.card);
  if (!globalThis.crypto || !crypto.subtle) {
    say(verdict, "unknown", t("fairness.noCrypto"));
    return;
  }
  const got = await sha256Hex(dealText(deck, $("deal-salt").textContent));
  const cards = deck.split(" ");
  const tail = cards.slice(cards.length - stock.length).join(" ");
  if (got !== expected) {
    say(verdict, "bad", t("fairness.mismatch", { got: shortPrint(got), expected: shortPrint(expected) }));
  } else if (tail !== stock.join(" ")) {
    say(verdict, "bad", t("fairness.stockBad"));
  } else {
    say(verdict, "good", t("fairness.good", { got: shortPrint(got), n: stock.length }));
  }
}

function say(verdict, how, text) {
  verdict.dataset.verdict = how;
  verdict.textContent = text;
  verdict.scrollIntoView({ block: "nearest" });
}
