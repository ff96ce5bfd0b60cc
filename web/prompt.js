// The line that tells the player what to do now, from the view's legal actions. It names the
// best thing on offer (big gin, gin, a knock) before anything else, in the words of the way the
// player is playing: keys, mouse or touch (ui.input, kept by input.js). Where a knock is on offer
// it gives the search's verdict beside the fact (ui.advice, the engine's hint for the view).
//
// The prompt area holds one text at a time, so that its height stays bounded: a message (what a
// key just did, an error) replaces the prompt (style.css), and the hint's reason, once its chip
// is opened, replaces both. The chip itself names the hinted move.
import { $, pretty, prettyText, replaceWhenChanged, setAttr } from "./render.js";

const cap = (text) => text[0].toUpperCase() + text.slice(1);

/** "press K", "click Knock (K)" or "tap Knock", as the player plays. */
export function press(ui, key, button) {
  if (ui.input === "touch") return `tap ${button}`;
  if (ui.input === "mouse") return `click ${button} (${key})`;
  return `press ${key}`;
}

/** What a player can end the hand with now: big gin, the gin discards, the knock discards. */
export function endings(view) {
  const acts = view.legal_actions.map((a) => a.action);
  const deadwood = (card) => ((view.discard_options || []).find((o) => o.card === card) || {}).deadwood;
  const cards = (kind) => [...new Set(acts.filter((a) => a.startsWith(`${kind} `)).map((a) => a.split(" ")[1]))];
  const knocks = cards("knock").sort((a, b) => deadwood(a) - deadwood(b));
  return { bigGin: acts.includes("big gin"), gins: cards("gin"), knocks, deadwood };
}

function discardWords(ui, card) {
  if (ui.input === "touch") return `tap ${pretty(card)} again to discard it`;
  if (ui.input === "mouse") return `click ${pretty(card)} again to discard it`;
  return `press Enter to discard ${pretty(card)}`;
}

/** The prompt for the player's own discard turn. */
function discardPrompt(view, ui) {
  const { bigGin, gins, knocks, deadwood } = endings(view);
  const sel = ui.selected;
  const bonus = view.rules.big_gin_bonus;
  if (bigGin) {
    return `Big gin! All 11 cards meld: ${press(ui, "G", "Big gin")} for the big gin bonus of ${bonus}` +
      (sel ? `, or ${discardWords(ui, sel)}.` : ".");
  }
  if (sel) {
    const after = deadwood(sel) === undefined ? "" : ` leaves ${deadwood(sel)} deadwood`;
    if (gins.includes(sel)) return `Gin! Discarding ${pretty(sel)} leaves no deadwood: ${press(ui, "K", "Knock")} to go gin.`;
    if (knocks.includes(sel)) {
      return `${pretty(sel)} leaves ${deadwood(sel)} deadwood: ${press(ui, "K", "Knock")} to knock, or ${discardWords(ui, sel)}.`;
    }
    if (view.taken === sel) return `You took ${pretty(sel)} this turn; pick another card to discard.`;
    return `Discarding ${pretty(sel)}${after}: ${discardWords(ui, sel)}.`;
  }
  const k = cap(press(ui, "K", "Knock"));
  // Short enough for three lines beside the piles on a phone; K's first press says the rest.
  if (gins.length) return `Gin! ${k} twice: discard ${pretty(gins[0])} and go gin.`;
  if (knocks.length) return knockLine(view, ui, deadwood(knocks[0]));
  return "Pick a card to discard.";
}

/** The engine's word on the knock on offer in this view ({advice, card, deadwood, undercut}),
 * once it has come (main.js asks for it); null until then. */
export function knockVerdict(view, ui) {
  return ui.advice && ui.advice.view === view && ui.advice.hint.knock ? ui.advice.hint.knock : null;
}

/** "You can knock with 6 — the expert would play on (undercut risk 40%).": the fact, and the
 * search's verdict beside it once it has come. */
function knockLine(view, ui, least) {
  const fact = `You can knock with ${least}`;
  const verdict = knockVerdict(view, ui);
  if (!verdict) return `${fact}: ${press(ui, "K", "Knock")}.`;
  const would = verdict.advice !== "knock" ? "play on"
    : verdict.deadwood === least ? "knock" : `knock with ${verdict.deadwood}`;
  return `${fact} — the expert would ${would} (undercut risk ${percent(verdict.undercut)}).`;
}

/** A share as a whole percentage: 0.4 -> "40%". */
export function percent(share) {
  return `${Math.round(share * 100)}%`;
}

/** The prompt for a view. */
export function promptText(view, ui) {
  const opp = view.names[1 - view.seat];
  if (view.phase === "match_over") return "The match is over.";
  if (view.phase === "hand_over") return `The hand is over: ${press(ui, "N", "Next hand")} for the next one.`;
  if (view.to_act !== view.seat) return ui.busy ? `${opp} is thinking…` : `${opp}'s turn…`;
  const legal = new Set(view.legal_actions.map((a) => a.action));
  const top = view.discard_pile[view.discard_pile.length - 1];
  const touch = ui.input === "touch";
  if (view.phase === "opening") {
    if (legal.has("pass")) {
      return touch ? `Take the upcard ${pretty(top)} or pass?` : `Take the upcard ${pretty(top)} (T) or pass (P)?`;
    }
    return touch ? "Both passed: tap the stock to draw." : "Both passed: draw from the stock (S).";
  }
  if (view.phase === "draw") {
    return touch ? `Your turn: tap the stock, or the discard pile to take ${pretty(top)}.`
      : `Your turn: draw from the stock (S) or take ${pretty(top)} (T).`;
  }
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
  const move = prettyText(hint.action.replace(/ \[.*$/, "")); // "knock 7C [..]" -> "knock 7♣"
  const label = open ? "Hide hint" : `Hint: ${move}`;
  if (chip.textContent !== label) chip.textContent = label;
  if ($("hint-text").textContent !== hint.reason) $("hint-text").textContent = hint.reason;
}

/** What K does with nothing selected: selects the best card to end the hand with and says so;
 * or says why the hand cannot end yet. Returns {select, say}. */
export function knockAdvice(view, ui) {
  const mine = view.to_act === view.seat;
  if (!mine || (view.phase !== "discard" && view.phase !== "draw" && view.phase !== "opening")) {
    return { select: null, say: "You can knock only on your own turn, after you draw." };
  }
  if (view.phase !== "discard") {
    return { select: null, say: "Draw first (from the stock or the discard pile); then select your discard and press K to knock." };
  }
  const { gins, knocks, deadwood } = endings(view);
  if (gins.length) {
    return { select: gins[0], say: `Discarding ${pretty(gins[0])} goes gin: ${press(ui, "K", "Knock")} again to go gin.` };
  }
  if (knocks.length) {
    const card = knocks[0];
    const verdict = knockVerdict(view, ui);
    const risk = verdict && verdict.card === card ? ` (undercut risk ${percent(verdict.undercut)})` : "";
    return {
      select: card,
      say: `${pretty(card)} leaves ${deadwood(card)} deadwood${risk}: ${press(ui, "K", "Knock")} again to knock.`,
    };
  }
  const best = Math.min(...(view.discard_options || []).map((o) => o.deadwood));
  const limit = view.knock_limit;
  return {
    select: null,
    say: limit === 0 ? `Only gin ends this hand, and your best discard leaves ${best} deadwood.`
      : `You cannot knock yet: your best discard leaves ${best} deadwood, and a knock needs ${limit} or less.`,
  };
}
