// The hand read out for a screen reader, on the R key ("read my hand"): each meld group, then the deadwood and
// its count, in the groups the table shows. Moves are announced by main.js as they happen.
import { cardName, handGroups } from "./render.js";

/** The hand in words, e.g. "Your hand, 10 cards. Run: 3 of hearts, 4 of hearts, 5 of hearts. Deadwood 12: …" */
export function handWords(view, order) {
  const parts = handGroups(view, order).map((g) => {
    const names = g.cards.map(cardName).join(", ");
    if (g.kind === "dead") return `Deadwood ${view.deadwood}: ${names}.`;
    return `${g.kind === "run" ? "Run" : "Set"}: ${names}.`;
  });
  if (!view.deadwood_cards.length) parts.push("No deadwood.");
  return `Your hand, ${view.hand.length} cards. ${parts.join(" ")}`;
}

/** Wire the R key; `ui` holds the view and the order on screen, `announce(text)` speaks. */
export function wireReadout({ ui, announce }) {
  document.addEventListener("keydown", (event) => {
    if (event.key.toLowerCase() !== "r" || event.altKey || event.ctrlKey || event.metaKey) return;
    if (document.querySelector("dialog[open]") || !ui.view) return;
    const tag = event.target && event.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    event.preventDefault();
    announce(handWords(ui.view, ui.order));
  });
}
