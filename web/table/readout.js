// The hand read out for a screen reader, on the R key ("read my hand"): each meld group, then the
// deadwood and its count, in the groups the table shows (or the one sorted row, then the melds it
// holds). And what changed when a view follows another, said aloud by main.js as it happens.
import { cardName, handGroups } from "./render.js";
import { SORT_WORDS } from "./handsort.js";
import { said, t } from "../words/i18n.js";
import { seatNames } from "./seats.js";

/** The hand in words, e.g. "Your hand, 10 cards. Run: 3 of hearts, 4 of hearts, 5 of hearts. Deadwood 12: …" */
export function handWords(view, order, sort = "melds") {
  const parts = handGroups(view, order, sort).map((g) => {
    const names = g.cards.map(cardName).join(", ");
    const n = view.deadwood;
    if (g.kind === "dead") return t("table.read_dead", { n, cards: names });
    if (g.kind === "row") {
      const melds = view.melds.map((m) => m.map(cardName).join(", "));
      const sorted = t("table.read_sorted", { sort: t(SORT_WORDS[g.sort]), cards: names });
      const held = melds.length ? t("table.read_melds", { melds: melds.join("; ") }) : t("table.read_no_melds");
      return `${sorted} ${held} ${t("table.read_deadwood", { n })}`;
    }
    return t(g.kind === "run" ? "table.read_run" : "table.read_set", { cards: names });
  });
  if (!view.deadwood_cards.length) parts.push(t("table.read_no_deadwood"));
  return `${t("table.read_hand", { n: view.hand.length })} ${parts.join(" ")}`;
}

/** What the table says when `view` follows `prev`: the words of the moves since (`words`, of the
 * history entries `fresh`), the hand's or the match's end, and "Your turn." when the other
 * player has just moved; `ends` are the lines the log gets for a hand's or a match's end. */
export function changeWords(prev, view, fresh, words) {
  const sentence = (text) => t("table.sentence", { text });
  const out = words.map(sentence);
  const ends = [];
  const result = view.result && said(view.result.words);
  if (view.phase === "hand_over" && result && (!prev || prev.phase !== "hand_over")) {
    out.push(sentence(result));
    ends.push(result);
  }
  if (view.phase === "match_over" && view.final && (!prev || prev.phase !== "match_over")) {
    if (result) out.push(sentence(result));
    const line = wonWords(view);
    out.push(sentence(line));
    ends.push(line);
  }
  if (view.to_act === view.seat && (view.phase === "draw" || view.phase === "opening") &&
      fresh.some((e) => e.seat !== view.seat)) {
    out.push(t("table.your_turn_said"));
  }
  return { said: out.join(" "), ends };
}

/** "Computer won the match, 132 to 87" (the names as the view gives them: `names` of a save). */
export function wonWords(view, names = view.names) {
  const f = view.final;
  return t("table.won_match", { name: seatNames({ names })[f.winner], a: f.totals[0].total, b: f.totals[1].total });
}
