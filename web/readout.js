// The hand read out for a screen reader, on the R key ("read my hand"): each meld group, then the
// deadwood and its count, in the groups the table shows (or the one sorted row, then the melds it
// holds). Moves are announced by main.js as they happen.
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
