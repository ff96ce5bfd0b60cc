// The hand read out for a screen reader, on the R key ("read my hand"): each meld group, then the
// deadwood and its count, in the groups the table shows (or the one sorted row, then the melds it
// holds). And what changed when a view follows another, said aloud by main.js as it happens.
import { cardName, handGroups } from "./render.js";
import { SORT_WORDS } from "./handsort.js";

/** The hand in words, e.g. "Your hand, 10 cards. Run: 3 of hearts, 4 of hearts, 5 of hearts. Deadwood 12: …" */
export function handWords(view, order, sort = "melds") {
  const parts = handGroups(view, order, sort).map((g) => {
    const names = g.cards.map(cardName).join(", ");
    if (g.kind === "dead") return `Deadwood ${view.deadwood}: ${names}.`;
    if (g.kind === "row") {
      const melds = view.melds.map((m) => m.map(cardName).join(", "));
      return `Sorted ${SORT_WORDS[g.sort]}: ${names}. ` +
        (melds.length ? `Melds: ${melds.join("; ")}. ` : "No melds. ") + `Deadwood ${view.deadwood}.`;
    }
    return `${g.kind === "run" ? "Run" : "Set"}: ${names}.`;
  });
  if (!view.deadwood_cards.length) parts.push("No deadwood.");
  return `Your hand, ${view.hand.length} cards. ${parts.join(" ")}`;
}

/** What the table says when `view` follows `prev`: the words of the moves since (`words`, of the
 * history entries `fresh`), the hand's or the match's end, and "Your turn." when the other
 * player has just moved; `ends` are the lines the log gets for a hand's or a match's end. */
export function changeWords(prev, view, fresh, words) {
  const said = words.map((w) => w + ".");
  const ends = [];
  const result = view.result && view.result.words.replace(/^you/, "You");
  if (view.phase === "hand_over" && result && (!prev || prev.phase !== "hand_over")) {
    said.push(result + ".");
    ends.push(result);
  }
  if (view.phase === "match_over" && view.final && (!prev || prev.phase !== "match_over")) {
    if (result) said.push(result + ".");
    const f = view.final;
    const line = `${view.names[f.winner]} won the match, ${f.totals[0].total} to ${f.totals[1].total}`;
    said.push(line + ".");
    ends.push(line);
  }
  if (view.to_act === view.seat && (view.phase === "draw" || view.phase === "opening") &&
      fresh.some((e) => e.seat !== view.seat)) {
    said.push("Your turn.");
  }
  return { said: said.join(" "), ends };
}
