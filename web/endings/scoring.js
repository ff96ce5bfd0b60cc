// The hand-end screen's scoring, step by step. The view's result words give the sum in one line
// (shown as the verdict); these steps say where each number comes from, using the match's rules.
import { pretty } from "../table/render.js";
import { $ } from "../table/dom.js";
import { t } from "../words/i18n.js";
import { isYou, seatNames } from "../table/seats.js";

const VALUE = { A: 1, T: 10, J: 10, Q: 10, K: 10 };
const value = (code) => VALUE[code[0]] || Number(code[0]);
const sum = (cards) => cards.reduce((n, c) => n + value(c), 0);
const list = (cards) => cards.map(pretty).join(" ");

/** The steps from a view at a hand's end (result set), as sentences. A step about a seat has a
 * variant for the seat addressed as "you" (its key ending in "_you"). */
export function scoringSteps(view) {
  const r = view.result;
  const rules = view.rules;
  if (r.kind === "void") {
    return [t("sheet.step_void"), t(`sheet.step_void_${rules.dealer_after_void === "alternate" ? "alternate" : "same"}`)];
  }
  const names = seatNames(view);
  const k = r.knocker;
  const d = 1 - k;
  // The step's message, in the variant for whoever is `you` among the seats it names.
  const step = (key, args, ...seats) => {
    const you = seats.map((s) => (isYou(view.names, s) ? "y" : "o")).join("");
    const named = seats.some((s) => isYou(view.names, s)) ? `${key}_${you}` : key;
    return t(named, { ...args, k: names[k], d: names[d], w: r.winner === null ? "" : names[r.winner] });
  };
  const steps = [];
  if (r.kind === "gin" || r.kind === "big_gin") {
    const bonus = r.kind === "gin" ? rules.gin_bonus : rules.big_gin_bonus;
    const dead = r.defender_deadwood_cards.length ? "_cards" : "";
    steps.push(step(`sheet.step_${r.kind}`, {}, k));
    steps.push(step(`sheet.step_no_layoff${dead}`, { n: r.defender_deadwood, cards: list(r.defender_deadwood_cards) }, d));
    steps.push(step(`sheet.step_${r.kind}_bonus`, { bonus, n: r.defender_deadwood, total: bonus + r.defender_deadwood }, k));
  } else {
    const dead = r.knocker_deadwood_cards.length ? "_cards" : "";
    steps.push(step(`sheet.step_knocked${dead}`, { n: r.knocker_deadwood, cards: list(r.knocker_deadwood_cards) }, k));
    steps.push(step("sheet.step_before", { n: r.defender_deadwood_before }, d));
    const laid = r.layoffs.map((l) => l.card);
    if (laid.length) {
      steps.push(step("sheet.step_laid", {
        cards: list(laid), before: r.defender_deadwood_before, off: sum(laid), after: r.defender_deadwood,
      }, d, k));
    }
    const diff = r.defender_deadwood - r.knocker_deadwood;
    if (r.kind === "undercut") {
      steps.push(step("sheet.step_undercut", { a: r.defender_deadwood, b: r.knocker_deadwood }, d, k));
      steps.push(step("sheet.step_undercut_bonus", { bonus: rules.undercut_bonus, n: -diff, total: rules.undercut_bonus - diff }, d));
    } else if (r.winner === null) {
      steps.push(t("sheet.step_tie"));
    } else {
      steps.push(step("sheet.step_difference", { a: r.defender_deadwood, b: r.knocker_deadwood, n: diff }, k));
    }
  }
  if (r.multiplier === 2) steps.push(t("sheet.step_doubled", { n: r.points }));
  if (r.winner !== null) {
    steps.push(step(rules.box_bonus ? "sheet.step_box_worth" : "sheet.step_box", { n: rules.box_bonus }, r.winner));
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
