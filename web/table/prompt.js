// The line that tells the player what to do now, from the view's legal actions. It names the
// best thing on offer (big gin, gin, a knock) before anything else, in the words of the way the
// player is playing: keys, mouse or touch (ui.input, kept by input.js). Where a knock is on offer
// it gives the search's verdict beside the fact (ui.advice, the engine's hint for the view).
//
// The prompt area holds one text at a time, so that its height stays bounded: a message (what a
// key just did, an error) replaces the prompt (style.css), and the hint's reason, once its chip
// is opened, replaces both until a new message (main.js) or Escape (intents.js) closes it: the
// newest text answers the player's latest act. The chip itself names the hinted move.
import { $, replaceWhenChanged, setAttr } from "./dom.js";
import { formatPercent, prettyText, said, t } from "../words/i18n.js";
import { seatNames } from "./seats.js";
import { keyName } from "../words/keys.js";

const cap = (text) => text[0].toUpperCase() + text.slice(1);
const card = (code) => ({ card: code });

/** "press K", "click Knock (K)" or "tap Knock", as the player plays; `button` a catalogue key. */
export function press(ui, key, button) {
  if (ui.input === "touch") return t("table.press_tap", { button: t(button) });
  if (ui.input === "mouse") return t("table.press_click", { button: t(button), key });
  return t("table.press_key", { key });
}

/** What a player can end the hand with now: big gin, the gin discards, the knock discards. */
export function endings(view) {
  const acts = view.legal_actions.map((a) => a.action);
  const deadwood = (card) => ((view.discard_options || []).find((o) => o.card === card) || {}).deadwood;
  const cards = (kind) => [...new Set(acts.filter((a) => a.startsWith(`${kind} `)).map((a) => a.split(" ")[1]))];
  const knocks = cards("knock").sort((a, b) => deadwood(a) - deadwood(b));
  return { bigGin: acts.includes("big gin"), gins: cards("gin"), knocks, deadwood };
}

function discardWords(ui, code) {
  if (ui.input === "touch") return t("table.discard_tap", { card: card(code) });
  if (ui.input === "mouse") return t("table.discard_click", { card: card(code) });
  return t("table.discard_key", { card: card(code), key: keyName("Enter") });
}

/** The prompt for the player's own discard turn. */
function discardPrompt(view, ui) {
  const { bigGin, gins, knocks, deadwood } = endings(view);
  const sel = ui.selected;
  const bonus = view.rules.big_gin_bonus;
  const knock = press(ui, "K", "table.knock");
  if (bigGin) {
    const big = { press: press(ui, "G", "view.action.big_gin"), bonus };
    return sel ? t("table.prompt_big_gin_or", { ...big, discard: discardWords(ui, sel) }) : t("table.prompt_big_gin", big);
  }
  if (sel) {
    const args = { card: card(sel), n: deadwood(sel), press: knock, discard: discardWords(ui, sel) };
    if (gins.includes(sel)) return t("table.prompt_gin_card", args);
    if (knocks.includes(sel)) return t("table.prompt_knock_card", args);
    if (view.taken === sel) return t("table.prompt_taken", args);
    return t(deadwood(sel) === undefined ? "table.prompt_discarding" : "table.prompt_discarding_leaves", args);
  }
  // Short enough for three lines beside the piles on a phone; K's first press says the rest.
  if (gins.length) return t("table.prompt_gin_twice", { press: cap(knock), card: card(gins[0]) });
  if (knocks.length) return knockLine(view, ui, deadwood(knocks[0]));
  return t("table.prompt_pick");
}

/** The engine's word on the knock on offer in this view ({advice, card, deadwood, undercut}),
 * once it has come (main.js asks for it); null until then. */
export function knockVerdict(view, ui) {
  return ui.advice && ui.advice.view === view && ui.advice.hint.knock ? ui.advice.hint.knock : null;
}

/** "You can knock with 6 — the expert would play on (undercut risk 40%).": the fact, and the
 * search's verdict beside it once it has come. */
function knockLine(view, ui, least) {
  const verdict = knockVerdict(view, ui);
  if (!verdict) return t("table.prompt_can_knock", { n: least, press: press(ui, "K", "table.knock") });
  const would = verdict.advice !== "knock" ? "play_on" : verdict.deadwood === least ? "knock" : "knock_with";
  return t(`table.prompt_expert_${would}`, { n: least, deadwood: verdict.deadwood, risk: percent(verdict.undercut) });
}

/** A share as a whole percentage in the page's language: 0.4 -> "40%". */
export function percent(share) {
  return formatPercent(share);
}

/** The prompt for a view. */
export function promptText(view, ui) {
  const opp = seatNames(view)[1 - view.seat];
  if (view.phase === "match_over") return t("table.prompt_match_over");
  if (view.phase === "hand_over") return t("table.prompt_hand_over", { press: press(ui, "N", "view.action.next") });
  if (view.to_act !== view.seat) return t(ui.busy ? "table.prompt_thinking" : "table.prompt_their_turn", { name: opp });
  const legal = new Set(view.legal_actions.map((a) => a.action));
  const top = card(view.discard_pile[view.discard_pile.length - 1]);
  const how = ui.input === "touch" ? "touch" : "keys";
  if (view.phase === "opening") {
    return t(legal.has("pass") ? `table.prompt_upcard_${how}` : `table.prompt_both_passed_${how}`, { card: top });
  }
  if (view.phase === "draw") return t(`table.prompt_draw_${how}`, { card: top });
  if (view.phase === "discard") return discardPrompt(view, ui);
  return "";
}

/** Fill the prompt, and beside it the hint's chip (its reason shown in the prompt's place while
 * the chip is open). */
export function showPrompt(view, ui) {
  const main = promptText(view, ui);
  replaceWhenChanged($("prompt"), main, () => [Object.assign(document.createElement("span"), { className: "prompt-main", textContent: main })]);
  const hint = ui.hint && ui.hint.view === view ? ui.hint : null;
  const open = !!hint && !!hint.open;
  const chip = $("hint-chip");
  chip.hidden = !hint;
  $("hint-text").hidden = !open;
  setAttr(chip, "aria-expanded", String(open));
  if (!hint) return;
  const label = open ? t("table.hint_hide") : t("table.hint_move", { move: moveWords(view, hint.action) });
  if (chip.textContent !== label) chip.textContent = label;
  if ($("hint-text").textContent !== hint.reason) $("hint-text").textContent = hint.reason;
}

/** A move in words: its label among the view's legal actions ("Knock, discarding 7♣ (5 deadwood)"),
 * else its notation with the cards' faces. */
export function moveWords(view, action) {
  const bare = (text) => text.replace(/ \[.*$/, ""); // "knock 7C [..]" -> "knock 7C"
  const legal = view.legal_actions.find((a) => a.action === action) ||
    view.legal_actions.find((a) => bare(a.action) === bare(action));
  return legal ? said(legal.label) : prettyText(bare(action));
}

/** What K does with nothing selected: selects the best card to end the hand with and says so;
 * or says why the hand cannot end yet. Returns {select, say}. */
export function knockAdvice(view, ui) {
  const mine = view.to_act === view.seat;
  if (!mine || (view.phase !== "discard" && view.phase !== "draw" && view.phase !== "opening")) {
    return { select: null, say: t("table.knock_own_turn") };
  }
  if (view.phase !== "discard") return { select: null, say: t("table.knock_draw_first") };
  const { gins, knocks, deadwood } = endings(view);
  const knock = press(ui, "K", "table.knock");
  if (gins.length) return { select: gins[0], say: t("table.knock_goes_gin", { card: card(gins[0]), press: knock }) };
  if (knocks.length) {
    const code = knocks[0];
    const verdict = knockVerdict(view, ui);
    const risky = verdict && verdict.card === code;
    const args = { card: card(code), n: deadwood(code), press: knock, risk: risky ? percent(verdict.undercut) : "" };
    return { select: code, say: t(risky ? "table.knock_leaves_risk" : "table.knock_leaves", args) };
  }
  const best = Math.min(...(view.discard_options || []).map((o) => o.deadwood));
  const limit = view.knock_limit;
  return { select: null, say: t(limit === 0 ? "table.knock_only_gin" : "table.knock_not_yet", { n: best, limit }) };
}
