// render(view, ui): draws the table from the engine's view. Keyed card elements (one per card
// code) keep focus and selection across renders. No rule is decided here: what is possible comes
// from the view's legal actions.
import { SORTS, SORT_WORDS, handGroups } from "./handsort.js";
import { endings, showPrompt } from "./prompt.js";
import { cardFace as faceText, cardFullName, formatNumber, formatPercent, rankFace, said, t } from "../words/i18n.js";
import { $, replaceWhenChanged, setAttr, setText } from "./dom.js";
import { isYou, seatNames } from "./seats.js";

export { handGroups };

const SUIT_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };

/** "7H" -> "7 of hearts", "QS" -> "queen of spades" (in the page's language). */
export function cardName(code) {
  return cardFullName(code);
}

/** "7H" -> "7♥", "QH" -> "Q♥" ("D♥" in German). */
export function pretty(code) {
  return faceText(code);
}

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function setGlyph(node, text) {
  if (node.dataset.glyph !== text) node.dataset.glyph = text;
}

/** A span whose text is drawn by CSS from data-glyph (style.css): seen on screen, yet outside
 * the accessible name of the control it sits in, which says it in words ("7 of hearts",
 * "Stock"), so that the name holds all the visible label (WCAG 2.5.3, checked by the audit). */
function glyph(cls, text) {
  const node = el("span", cls);
  node.dataset.glyph = text;
  return node;
}

/** Fill a card element's face (corners and centre pip). */
export function paintFace(node, code) {
  node.replaceChildren();
  const rank = rankFace(code);
  const suit = SUIT_SYMBOLS[code[1]];
  node.classList.add("card");
  node.classList.toggle("red", code[1] === "H" || code[1] === "D");
  node.dataset.card = code;
  for (const where of ["top", "bottom"]) {
    const corner = el("span", `corner ${where}`);
    corner.setAttribute("aria-hidden", "true");
    corner.append(glyph("r", rank), glyph("s", suit));
    node.append(corner);
  }
  const face = "JQK".includes(code[0]);
  const pip = glyph(face ? "pip face" : "pip", face ? rank : suit);
  if (face) pip.append(glyph("fs", suit));
  pip.setAttribute("aria-hidden", "true");
  node.append(pip);
  return node;
}

/** A static (non-interactive) card face, e.g. for dialogs and the log. */
export function cardFace(code, extra = "") {
  const node = el("span", `card ${extra}`.trim());
  paintFace(node, code);
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", cardName(code));
  return node;
}

export function cardBack() {
  const node = el("span", "card back");
  node.setAttribute("aria-hidden", "true");
  return node;
}

// ------------------------------------------------------------------------------------ table

const handButtons = new Map(); // card code -> its button, kept across renders

/** The button for one of your cards (created once, reused while the card is held). */
function handButton(code) {
  let btn = handButtons.get(code);
  if (!btn) {
    btn = el("button", "card");
    btn.type = "button";
    paintFace(btn, code);
    btn.setAttribute("aria-label", cardName(code));
    handButtons.set(code, btn);
  }
  return btn;
}

/** Put the hand's groups and cards in place, moving as few nodes as it can: a card moved in the
 * page is laid out anew, and a move usually changes one or two cards of the hand. A group is
 * kept while its kind and rank among groups of its kind stay (the second meld stays the second
 * meld even when a card joins it). */
function placeGroups(hand, shown) {
  const old = new Map([...hand.children].map((g) => [g.dataset.key, g]));
  const seen = {};
  const wanted = shown.map((group) => {
    seen[group.kind] = (seen[group.kind] || 0) + 1;
    const key = `${group.kind}${seen[group.kind]}`;
    let g = old.get(key);
    if (!g) {
      g = el("div");
      g.dataset.key = key;
      g.setAttribute("role", "group");
      const lab = el("span", "label");
      lab.setAttribute("aria-hidden", "true");
      g.append(lab, el("div", "cards"));
    }
    setAttr(g, "class", `group ${group.kind}`);
    setAttr(g, "aria-label", group.said);
    setText(g.firstElementChild, group.label);
    return [g, group.cards.map(handButton)];
  });
  // Cards leaving a group go first (a card that joins another group moves once, into it) ...
  for (const [g, cards] of wanted) {
    const keep = new Set(cards);
    for (const btn of [...g.lastElementChild.children]) if (!keep.has(btn)) btn.remove();
  }
  // ... then each node is put in place only where the one there is not already it.
  placeChildren(hand, wanted.map(([g]) => g));
  for (const [g, cards] of wanted) placeChildren(g.lastElementChild, cards);
}

/** Make `parent`'s children exactly `nodes`, in order, inserting only those out of place. */
function placeChildren(parent, nodes) {
  nodes.forEach((node, i) => {
    const here = parent.children[i];
    if (here !== node) parent.insertBefore(node, here || null);
  });
  while (parent.children.length > nodes.length) parent.lastElementChild.remove();
}

export function handButtonFor(code) {
  return handButtons.get(code) || null;
}

/** The page's busy mark (html[data-busy], the tests' hook): whether a request is in flight. */
export function markBusy(busy) {
  setAttr(document.documentElement, "data-busy", busy ? "1" : "0");
}

/** Draw the whole table from a view, one region after another. */
export function renderTable(view, ui) {
  markTable(view, ui);
  renderScores(view);
  renderOpponent(view);
  renderTurns(view, ui);
  renderPiles(view, ui);
  renderHand(view, ui);
  renderSort(ui);
  renderActions(view, ui);
  showPrompt(view, ui);
}

const handOver = (view) => view.phase === "hand_over" || view.phase === "match_over";
const legalSet = (view) => new Set(view.legal_actions.map((a) => a.action));
const pileTop = (view) => (view.discard_pile.length ? view.discard_pile[view.discard_pile.length - 1] : null);

/** State hooks for the browser tests (and styling): the phase, whose turn, whether a request is
 * in flight. */
function markTable(view, ui) {
  const table = $("table");
  setAttr(table, "data-phase", view.phase);
  setAttr(table, "aria-busy", ui.busy ? "true" : "false");
  markBusy(ui.busy);
  setAttr(document.documentElement, "data-phase", view.phase);
  setAttr(document.documentElement, "data-turn", view.to_act === null ? "none" : view.to_act === view.seat ? "me" : "opp");
}

/** The header's scores, boxes, target and hand number. */
function renderScores(view) {
  const names = seatNames(view);
  for (const seat of [0, 1]) {
    const box = $(`score-${seat}`);
    const points = view.scores.points[seat];
    const boxes = view.scores.boxes[seat];
    setText(box.querySelector(".who"), names[seat]);
    setText(box.querySelector(".pts"), formatNumber(points));
    setText(box.querySelector(".boxes"), `▣ ${formatNumber(boxes)}`);
    setAttr(box.querySelector(".boxes"), "title", t("table.boxes", { n: boxes }));
    scoreWords(box, t("table.score_said", { name: names[seat], points: t("table.points", { n: points }), boxes: t("table.boxes", { n: boxes }) }));
    box.classList.toggle("leading", points > view.scores.points[1 - seat]);
  }
  // Two parts that a narrow header puts on two lines, each whole.
  const target = t("table.target", { n: view.scores.target });
  const hand = view.hand_number ? t("table.hand_number", { n: view.hand_number }) : "";
  replaceWhenChanged($("target"), `${target}|${hand}`, () => [
    el("span", "", target), ...(hand ? [" ", el("span", "", `· ${hand}`)] : []),
  ]);
}

/** The opponent's seat: its name, its cards (backs, known ones, all of them once revealed). */
function renderOpponent(view) {
  const opp = 1 - view.seat;
  const names = seatNames(view);
  setText($("opp-label"), names[opp]);
  setText($("me-label"), names[view.seat]);
  const known = view.opponent.known || [];
  const shownOpp = handOver(view) && view.result ? view.result.hands[opp] : null;
  const count = view.opponent.count;
  setText($("opp-count"), t("table.cards", { n: count }));
  const backs = shownOpp ? 0 : count - known.length;
  const groups = shownOpp ? revealedGroups(view.result, opp) : [known];
  $("opp-cards").classList.toggle("revealed", !!shownOpp);
  replaceWhenChanged($("opp-cards"), `${backs} ${groups.map((g) => g.join(" ")).join(" | ")}`, () => [
    ...Array.from({ length: backs }, cardBack),
    ...groups.flatMap((group, i) => group.map((c, j) => cardFace(c, i && !j ? "known group-start" : "known"))),
  ]);
  setText($("opp-known"), known.length && !shownOpp
    ? t("table.known", { name: names[opp], cards: known.map(pretty).join(" ") })
    : "");
}

/** A hand laid face up at the hand's end, as the score worked it out: its melds, the cards it
 * laid off, then its deadwood (a void hand's cards as they were). */
function revealedGroups(result, seat) {
  if (result.knocker === null) return [result.hands[seat]];
  const groups = seat === result.knocker
    ? [...result.knocker_melds, result.knocker_deadwood_cards]
    : [...result.defender_melds, result.layoffs.map((lay) => lay.card), result.defender_deadwood_cards];
  return groups.filter((g) => g.length);
}

/** Turn markers and the dealer's chip, on the table itself. */
function renderTurns(view, ui) {
  const me = view.seat;
  const over = handOver(view);
  const myTurn = !over && view.to_act === me;
  const oppTurn = !over && view.to_act === 1 - me;
  $("me-turn").classList.toggle("on", myTurn);
  setGlyph($("me-turn"), t("table.your_turn"));
  $("opp-turn").classList.toggle("on", oppTurn);
  setGlyph($("opp-turn"), t(ui.busy ? "table.thinking" : "table.to_play"));
  $("me-turn").closest(".seat").classList.toggle("acting", myTurn);
  $("opp-turn").closest(".seat").classList.toggle("acting", oppTurn);
  $("me-dealer").toggleAttribute("hidden", view.dealer !== me);
  $("opp-dealer").toggleAttribute("hidden", view.dealer !== 1 - me);
}

/** The stock and the discard pile. */
function renderPiles(view, ui) {
  const legal = legalSet(view);
  $("stock").disabled = ui.busy || !legal.has("draw");
  setGlyph($("stock-count"), t("table.stock_left", { n: view.stock_count }));
  const pile = view.discard_pile;
  const top = pileTop(view);
  const slot = $("discard-card");
  if (top) {
    if (slot.dataset.card !== top) paintFace(slot, top);
    slot.classList.toggle("slot", false);
  } else if (slot.dataset.card) {
    slot.replaceChildren();
    slot.className = "card slot";
    delete slot.dataset.card;
  }
  setGlyph($("discard-top"), top ? t("table.pile_top", { card: { card: top }, n: pile.length }) : t("table.pile_empty"));
  const discardBtn = $("discard");
  const myTurn = !handOver(view) && view.to_act === view.seat;
  discardBtn.disabled = ui.busy || !(legal.has("take") || (ui.selected && view.phase === "discard" && myTurn));
  setAttr(discardBtn, "aria-describedby", "discard-top");
  $("btn-pile").disabled = pile.length === 0;
}

/** Your hand, grouped, with the roving tabindex and the deadwood count. */
function renderHand(view, ui) {
  const hand = $("hand");
  const groups = handGroups(view, ui.order, ui.sort);
  const focusedCard = document.activeElement && document.activeElement.dataset
    ? document.activeElement.dataset.card : null;
  const hadFocus = hand.contains(document.activeElement);
  const inHand = new Set(view.hand);
  for (const code of [...handButtons.keys()]) if (!inHand.has(code)) handButtons.delete(code);
  let focusTarget = ui.focus && inHand.has(ui.focus) ? ui.focus : null;
  const shown = groups.map((group) => {
    const n = view.deadwood;
    const sort = group.kind === "row" ? t(SORT_WORDS[group.sort]) : "";
    const label = group.kind === "dead" ? t("table.deadwood", { n })
      : group.kind === "row" ? t("table.sorted", { sort })
      : t(group.kind === "run" ? "table.run" : "table.set");
    const said = group.kind === "dead" ? t("table.deadwood_said", { n })
      : group.kind === "row" ? t("table.row_said", { sort, n })
      : t("table.meld_said", { meld: label, cards: group.cards.map(cardName).join(", ") });
    const kind = group.kind === "dead" ? "dead" : group.kind === "row" ? "row" : "meld";
    return { kind, label, said, cards: group.cards };
  });
  for (const code of view.hand) {
    const btn = handButton(code);
    setAttr(btn, "aria-pressed", ui.selected === code ? "true" : "false");
    const fresh = code === view.drawn || code === ui.justAdded;
    btn.classList.toggle("fresh", fresh);
    btn.classList.toggle("taken", code === view.taken);
    // The badge's word is drawn by CSS from data-glyph (style.css), like the other glyphs.
    const badge = code === view.taken ? t("table.badge_taken") : fresh ? t("table.badge_new") : "";
    if (badge) setGlyph(btn, badge);
    else if (btn.dataset.glyph !== undefined) delete btn.dataset.glyph;
    btn.classList.toggle("hinted", !!ui.hint && ui.hint.view === view && ui.hint.card === code);
    btn.disabled = false;
  }
  placeGroups(hand, shown);
  // How far the cards fan (style.css): the count of cards and of the groups they sit in.
  hand.style.setProperty("--cards", String(view.hand.length));
  hand.style.setProperty("--groups", String(Math.max(1, groups.length)));
  // Roving tabindex: exactly one card is in the tab order.
  const ordered = groups.flatMap((g) => g.cards);
  if (!focusTarget) focusTarget = ui.selected && inHand.has(ui.selected) ? ui.selected : ordered[0];
  ui.focus = focusTarget || null;
  for (const code of ordered) setAttr(handButton(code), "tabindex", code === focusTarget ? "0" : "-1");
  if (hadFocus && focusedCard && inHand.has(focusedCard)) handButton(focusedCard).focus({ preventScroll: true });
  else if (hadFocus && focusTarget) handButton(focusTarget).focus({ preventScroll: true });
  ui.visualOrder = ordered;
  setText($("deadwood"), t("table.deadwood", { n: view.deadwood }));
}

/** The sort buttons (one cycling button on phones). */
function renderSort(ui) {
  const sort = SORTS.includes(ui.sort) ? ui.sort : "melds";
  for (const b of $("sort").querySelectorAll("button[data-sort]")) {
    setAttr(b, "aria-pressed", b.dataset.sort === sort ? "true" : "false");
  }
  const next = SORTS[(SORTS.indexOf(sort) + 1) % SORTS.length];
  setText($("sort-next"), `⇅ ${$("sort").querySelector(`[data-sort=${sort}]`).textContent}`);
  setAttr($("sort-next"), "aria-label", t("table.sort_said", { sort: t(SORT_WORDS[sort]), next: t(SORT_WORDS[next]) }));
}

/** The action bar. Knock (and K) with no card selected picks the best card to end the hand with. */
function renderActions(view, ui) {
  const legal = legalSet(view);
  const sel = ui.selected;
  const end = endings(view);
  const ginFor = sel && end.gins.includes(sel);
  $("act-take").disabled = ui.busy || !legal.has("take");
  takeLabel(view, pileTop(view));
  $("act-pass").disabled = ui.busy || !legal.has("pass");
  $("act-discard").disabled = ui.busy || !(sel && legal.has(`discard ${sel}`));
  $("act-knock").disabled = ui.busy || !(end.bigGin || end.gins.length || end.knocks.length);
  const ginLabel = t(end.bigGin ? "view.action.big_gin" : "table.gin");
  setText($("act-gin").querySelector(".label"), ginLabel);
  setAttr($("act-gin"), "aria-label", ginLabel);
  $("act-gin").disabled = ui.busy || !(ginFor || end.bigGin || (!sel && end.gins.length === 1));
  $("act-next").disabled = ui.busy || !legal.has("next");
  $("act-hint").disabled = ui.busy || view.to_act !== view.seat || !view.legal_actions.length;
}

/** The scores read out in words ("You: 12 points, 1 box"); the figures and ▣ are for the eye. */
function scoreWords(box, words) {
  let said = box.querySelector(".sr-only");
  if (!said) {
    said = el("span", "sr-only");
    for (const child of box.children) child.setAttribute("aria-hidden", "true");
    box.append(said);
  }
  setText(said, words);
}

/** "Take upcard" in the opening, else "Take" and the top card of the pile. */
function takeLabel(view, top) {
  const btn = $("act-take");
  const opening = view.phase === "opening";
  const label = btn.querySelector(".label");
  const plain = opening || !top;
  replaceWhenChanged(label, plain ? "" : top, () => {
    if (plain) return [t("table.take_upcard")];
    // The card sits where the language puts it: the words around a marker in its place.
    const [before, after] = t("table.take_card", { card: "\u0001" }).split("\u0001");
    return [before, glyph("take-card", pretty(top)), after].filter((part) => part !== "");
  });
  setAttr(btn, "aria-label", plain ? t("table.take_upcard") : t("table.take_card", { card: cardName(top) }));
}

// ------------------------------------------------------------------------------------ log

// The log keeps the last lines of the match (about six hands); older ones are dropped so that
// a long match does not make every layout of the page slower.
const LOG_LINES = 240;
let scrollQueued = false;

/** Add lines to the log and keep its end in sight. The scroll waits for the next frame, where
 * the browser lays the page out anyway: setting it now would force a second layout per move. */
function addToLog(items) {
  const log = $("log");
  log.append(...items);
  for (let extra = log.childElementCount - LOG_LINES; extra > 0; extra--) log.firstElementChild.remove();
  if (scrollQueued) return;
  scrollQueued = true;
  requestAnimationFrame(() => {
    scrollQueued = false;
    scrollLogToEnd();
  });
}

export function scrollLogToEnd() {
  const log = $("log");
  log.scrollTop = log.scrollHeight;
}

/** Append history entries to the log; returns the words of the new ones. A new hand starts
 * with its heading and the `dealt` lines (web/deals/fairness.js). */
export function appendLog(entries, me, handNumber, startNew, dealt = []) {
  const items = startNew ? [el("li", "sep", t("table.log_hand", { n: handNumber })), ...dealt] : [];
  const words = entries.map((entry) => said(entry.text));
  entries.forEach((entry, i) => items.push(el("li", entry.seat === me ? "me" : "opp", words[i])));
  addToLog(items);
  return words;
}

export function logLine(text, cls = "end") {
  addToLog([el("li", cls, text)]);
}

// ------------------------------------------------------------------------------------ dialogs

function miniGroup(cards, cls = "", laid = new Set()) {
  const g = el("div", `mini-group ${cls}`.trim());
  for (const c of cards) g.append(cardFace(c, laid.has(c) ? "laid" : ""));
  return g;
}

export function renderPile(view) {
  const list = $("pile-list");
  list.replaceChildren(...view.discard_pile.map((c) => cardFace(c)));
  $("dlg-pile-title").textContent = t("table.pile_title", { n: view.discard_pile.length });
}

/** The knock review: each declaration as a radio choice. */
export function renderKnock(card, options, chosen) {
  $("dlg-knock-title").textContent = t("table.knock_title", { card: { card } });
  const box = $("knock-options");
  box.replaceChildren();
  options.forEach((opt, i) => {
    const label = el("label");
    const input = el("input");
    input.type = "radio";
    input.name = "declaration";
    input.value = String(i);
    input.checked = i === chosen;
    const row = el("div", "row");
    for (const meld of opt.melds) row.append(miniGroup(meld));
    if (opt.deadwood_cards.length) row.append(miniGroup(opt.deadwood_cards, "dead"));
    const args = { n: opt.deadwood, risk: opt.undercut === undefined ? "" : formatPercent(opt.undercut) };
    const risky = opt.undercut === undefined ? "" : "_risk";
    const text = el("span", "", t(`table.knock_option${risky}${i === 0 ? "_best" : ""}`, args));
    const melds = opt.melds.map((m) => m.map(pretty).join(" ")).join("; ");
    label.setAttribute("aria-label", t(`table.knock_option_said${risky}`, { ...args, melds }));
    label.append(input, row, text);
    box.append(label);
  });
  knockSummary(options[chosen], options.length > 1);
}

/** What the chosen declaration leaves, and the engine's undercut risk for it. */
export function knockSummary(opt, more) {
  const risky = opt.undercut === undefined ? "" : "_risk";
  const args = { n: opt.deadwood, risk: opt.undercut === undefined ? "" : formatPercent(opt.undercut) };
  $("knock-summary").textContent = t(`table.knock_summary${risky}${more ? "_more" : ""}`, args);
}

/** The hand-end dialog's title: "Void hand", "You went gin", "Undercut!", "Computer knocked". */
function resultTitle(r, names) {
  if (r.kind === "void") return t("table.result_void");
  if (r.kind === "undercut") return t("table.result_undercut");
  const key = { gin: "table.result_gin", big_gin: "table.result_big_gin" }[r.kind] || "table.result_knocked";
  return t(key, { name: names[r.knocker] });
}

/** "Your hand", "Computer's hand", … with the key's variant for a seat addressed as "you". */
function whose(view, names, seat, key, args = {}) {
  return isYou(view.names, seat) ? t(`${key}_you`, args) : t(key, { ...args, name: names[seat] });
}

/** The end of a hand: both hands, melds, layoffs, the score in words. */
export function renderResult(view) {
  const r = view.result;
  const names = seatNames(view);
  const me = view.seat;
  const body = $("result-body");
  body.replaceChildren();
  $("dlg-result-title").textContent = resultTitle(r, names);
  $("result-verdict").textContent = t("table.sentence", { text: said(r.words) });
  if (r.kind === "void") {
    for (const seat of [me, 1 - me]) {
      body.append(el("h3", "", whose(view, names, seat, "table.hand_of")));
      body.append(miniGroup(r.hands[seat]));
    }
    return;
  }
  const k = r.knocker;
  const d = 1 - k;
  const discard = r.discard ? "_discard" : "";
  body.append(el("h3", "", whose(view, names, k, `table.declaration${discard}`,
    { n: r.knocker_deadwood, card: r.discard ? { card: r.discard } : "" })));
  const krow = el("div", "row");
  const laidOn = new Map();
  for (const lay of r.layoffs) {
    if (!laidOn.has(lay.meld)) laidOn.set(lay.meld, []);
    laidOn.get(lay.meld).push(lay.card);
  }
  r.knocker_melds.forEach((meld, i) => {
    const extra = laidOn.get(i) || [];
    krow.append(miniGroup([...meld, ...extra], "", new Set(extra)));
  });
  if (r.knocker_deadwood_cards.length) krow.append(miniGroup(r.knocker_deadwood_cards, "dead"));
  body.append(krow);
  const laid = r.layoffs.map((l) => l.card);
  body.append(el("h3", "", whose(view, names, d, `table.defence${laid.length ? "_laid" : ""}`,
    { n: r.defender_deadwood, cards: laid.map(pretty).join(" ") })));
  const drow = el("div", "row");
  for (const meld of r.defender_melds) drow.append(miniGroup(meld));
  if (r.defender_deadwood_cards.length) drow.append(miniGroup(r.defender_deadwood_cards, "dead"));
  body.append(drow);
  if (laid.length) body.append(el("p", "small", t("table.laid_note")));
  if (r.winner !== null && r.winner !== undefined) {
    const points = view.scores.points;
    body.append(el("p", "", whose(view, names, r.winner, "table.banks_box") + " " + t("table.score_line", {
      name0: names[0], points0: points[0], name1: names[1], points1: points[1], target: view.scores.target,
    })));
  }
}
