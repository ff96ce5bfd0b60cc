// The hand-end screen's scoring, step by step. The view's result words give the sum in one line
// (shown as the verdict); these steps say where each number comes from, using the match's rules.
import { $, pretty } from "./render.js";

const VALUE = { A: 1, T: 10, J: 10, Q: 10, K: 10 };
const value = (code) => VALUE[code[0]] || Number(code[0]);
const sum = (cards) => cards.reduce((n, c) => n + value(c), 0);
const list = (cards) => cards.map(pretty).join(" ");
// "You" takes no "'s" and a plural verb; the computer's name takes both.
const own = (name) => (name === "You" ? "your" : `${name}'s`);
const cap = (text) => text[0].toUpperCase() + text.slice(1);
// "for you" inside a sentence; the computer's name as it is.
const whom = (name) => (name === "You" ? "you" : name);

/** The steps from a view at a hand's end (result set), as sentences. */
export function scoringSteps(view) {
  const r = view.result;
  const rules = view.rules;
  const names = view.names;
  if (r.kind === "void") {
    return [
      "Only two cards are left in the stock and nobody knocked: the hand is void.",
      `Nobody scores points or a box; ${rules.dealer_after_void === "alternate" ? "the deal passes to the other player" : "the same dealer deals again"}.`,
    ];
  }
  const k = names[r.knocker];
  const d = names[1 - r.knocker];
  const steps = [];
  const gin = r.kind === "gin" || r.kind === "big_gin";
  if (gin) {
    const bonus = r.kind === "gin" ? rules.gin_bonus : rules.big_gin_bonus;
    steps.push(`${k} went ${r.kind === "gin" ? "gin" : "big gin"}: every card in a meld, no deadwood.`);
    steps.push(`No laying off against gin: ${own(d)} deadwood is ${r.defender_deadwood}` +
      (r.defender_deadwood_cards.length ? ` (${list(r.defender_deadwood_cards)}).` : "."));
    const label = r.kind === "gin" ? "Gin bonus" : "Big gin bonus";
    steps.push(`${label} ${bonus} + ${r.defender_deadwood} = ${bonus + r.defender_deadwood} for ${whom(k)}.`);
  } else {
    steps.push(`${k} knocked with ${r.knocker_deadwood} deadwood` +
      (r.knocker_deadwood_cards.length ? ` (${list(r.knocker_deadwood_cards)}).` : "."));
    steps.push(`${cap(own(d))} best melds leave ${r.defender_deadwood_before} deadwood before laying off.`);
    const laid = r.layoffs.map((l) => l.card);
    if (laid.length) {
      steps.push(`${d} laid off ${list(laid)} on ${own(k)} melds: ${r.defender_deadwood_before} − ${sum(laid)} = ${r.defender_deadwood}.`);
    }
    const diff = r.defender_deadwood - r.knocker_deadwood;
    if (r.kind === "undercut") {
      steps.push(`${cap(own(d))} ${r.defender_deadwood} is no more than ${own(k)} ${r.knocker_deadwood}: an undercut.`);
      steps.push(`Undercut bonus ${rules.undercut_bonus} + ${-diff} = ${rules.undercut_bonus - diff} for ${whom(d)}.`);
    } else if (r.winner === null) {
      steps.push("Equal deadwood, and a tie is not an undercut under these rules: nobody scores.");
    } else {
      steps.push(`${r.defender_deadwood} − ${r.knocker_deadwood} = ${diff} for ${whom(k)}.`);
    }
  }
  if (r.multiplier === 2) steps.push(`The first upcard was a spade: doubled to ${r.points}.`);
  if (r.winner !== null) {
    const box = rules.box_bonus ? `, worth ${rules.box_bonus} at the end of the match` : "";
    const who = names[r.winner];
    steps.push(`${who} ${who === "You" ? "bank" : "banks"} a box${box}.`);
  }
  return steps;
}

/** Fill the hand-end dialog's list of steps. */
export function renderSteps(view) {
  const ol = $("result-steps");
  ol.replaceChildren(...scoringSteps(view).map((text) => {
    const li = document.createElement("li");
    li.textContent = text;
    return li;
  }));
}
