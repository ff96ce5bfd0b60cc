// The line that tells the player what to do now, from the view's legal actions. It names the
// best thing on offer (big gin, gin, a knock) before anything else, in the words of the way the
// player is playing: keys, mouse or touch (ui.input, kept by input.js). A hint is shown beside
// it, never instead of it.
import { $, pretty, replaceWhenChanged } from "./render.js";

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
      const again = { touch: "tap it again", mouse: "click it again" }[ui.input] || "Enter";
      return `${pretty(sel)}: ${deadwood(sel)} deadwood. ${cap(press(ui, "K", "Knock"))} to knock, ${again} to discard.`;
    }
    if (view.taken === sel) return `You took ${pretty(sel)} this turn; pick another card to discard.`;
    return `Discarding ${pretty(sel)}${after}: ${discardWords(ui, sel)}.`;
  }
  const k = cap(press(ui, "K", "Knock"));
  // Short enough for three lines beside the piles on a phone; K's first press says the rest.
  if (gins.length) return `Gin! ${k} twice: discard ${pretty(gins[0])} and go gin.`;
  if (knocks.length) return `You can knock! ${k} twice: discard ${pretty(knocks[0])}, ${deadwood(knocks[0])} deadwood.`;
  return "Pick a card to discard.";
}

/** The prompt for a view; the hint, when there is one for this view, follows on its own line. */
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

/** Fill the prompt, and beside it the hint for this view. */
export function showPrompt(view, ui) {
  const span = (cls, text) => Object.assign(document.createElement("span"), { className: cls, textContent: text });
  const main = promptText(view, ui);
  const hint = ui.hint && ui.hint.view === view ? `Hint: ${ui.hint.reason}` : "";
  replaceWhenChanged($("prompt"), `${main}\n${hint}`, () => [span("prompt-main", main), ...(hint ? [span("prompt-hint", hint)] : [])]);
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
    return {
      select: knocks[0],
      say: `Discarding ${pretty(knocks[0])} leaves ${deadwood(knocks[0])} deadwood: ${press(ui, "K", "Knock")} again to knock, or select another card.`,
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
