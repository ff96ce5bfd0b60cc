// Deals you can verify (docs/fairness.md). From the deal on, the table shows the first
// characters of the deal's fingerprint and the log its full value; at the hand's end the
// dialog shows the cards left in the stock, the deck as dealt and the hand's salt, and Verify
// hashes them with the browser's own SHA-256 (crypto.subtle). The page never asks the engine
// whether the deal was fair: it recomputes, and compares with what it showed before the first
// move.
import { $, cardFace } from "./render.js";
import { loadSave } from "./storage.js";
import { download } from "./notice.js";

const SHORT = 12; // hex characters shown on the table: 48 bits, in groups of four

// The fingerprint this page showed for the hand on the table, and whether it showed it before
// the hand's first move (a page opened in the middle of a hand learns it from the save).
let shown = { hand: 0, fingerprint: "", before: false };

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
  shown = { hand: view.hand_number, fingerprint, before: view.history.length === 0 };
  const line = $("deal-line");
  const code = line.querySelector("code");
  code.textContent = shortPrint(fingerprint);
  line.title = `Fingerprint of this deal, fixed before the first move: ${fingerprint}`;
  line.hidden = false;
  const item = node("li", "deal", "Deal fingerprint ");
  item.append(node("code", "", fingerprint));
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
  const where = known && shown.before ? "the table showed before the first move"
    : "recorded when the hand was dealt (this page was opened later)";
  const intro = node("p", "small", `The fingerprint ${where}: `);
  const print = node("code", "", shortPrint(fingerprint));
  print.id = "deal-print";
  print.dataset.fingerprint = fingerprint;
  intro.append(print, ". It is SHA-256 of the deck as dealt and a secret salt, both shown here now.");
  const details = node("details", "deal-data");
  const deck = node("code", "", deal.deck.join(" "));
  deck.id = "deal-deck";
  const salt = node("code", "", deal.salt);
  salt.id = "deal-salt";
  details.append(node("summary", "", "The deck and the salt"),
    node("p", "small", "The deck, top first (20 cards dealt one at a time, the non-dealer first; the upcard; then the stock):"),
    deck, node("p", "small", "The hand's salt:"), salt,
    node("p", "small", "SHA-256 of gin-fingerprint|salt|deck gives the fingerprint (help page: Is it fair?)."));
  const verify = node("button", "link", "Verify");
  verify.type = "button";
  verify.id = "deal-verify";
  verify.addEventListener("click", () => check(box));
  const verdict = node("p", "deal-verdict");
  verdict.id = "deal-verdict";
  verdict.setAttribute("role", "status");
  const parts = [node("h3", "", `Cards left in the stock (${deal.stock.length}, the next first)`), stock,
    node("h3", "", "Check the deal"), intro, details, verify, verdict];
  if (view.phase === "match_over") parts.push(downloadButton());
  box.replaceChildren(...parts);
}

function downloadButton() {
  const button = node("button", "link", "Download the match (python -m gin verify FILE checks every hand)");
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
    say(verdict, "unknown", "This browser offers no SHA-256 on this page (it needs HTTPS). Hash the text " +
      "gin-fingerprint|salt|deck with any SHA-256 tool, or run python -m gin verify on the match.");
    return;
  }
  const got = await sha256Hex(dealText(deck, $("deal-salt").textContent));
  const cards = deck.split(" ");
  const tail = cards.slice(cards.length - stock.length).join(" ");
  if (got !== expected) {
    say(verdict, "bad", `✗ It does NOT match! SHA-256 of this deck and salt is ${shortPrint(got)}…, ` +
      `not the fingerprint ${shortPrint(expected)}…: this is not the deck that was dealt.`);
  } else if (tail !== stock.join(" ")) {
    say(verdict, "bad", "✗ The fingerprint matches this deck, but the stock shown is NOT the end of it.");
  } else {
    say(verdict, "good", `✓ It matches: SHA-256 of this deck and salt gives ${shortPrint(got)}…, the ` +
      `fingerprint shown, and the ${stock.length} cards left in the stock are the end of this deck.`);
  }
}

function say(verdict, how, text) {
  verdict.dataset.verdict = how;
  verdict.textContent = text;
  verdict.scrollIntoView({ block: "nearest" });
}
