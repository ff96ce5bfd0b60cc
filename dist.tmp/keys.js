// Every key of the game in one list. input.js dispatches the page's keys from it and marks the
// action buttons with them; the keys dialog, the line under the hand and the help page are drawn
// from it; so no list can disagree with what the keys do.
//
// An entry: `keys` as shown (the first is the one named on its button), `does` in words,
// `intent` the controller method a key press calls (none: the hand or a dialog handles the key
// itself), `button` the id of the action button it presses, `short` its words on the line under
// the hand (none: not listed there), `dialog` the ids of dialogs in which the key still works.

export const TABLE_KEYS = [
  { keys: ["S"], intent: "draw", button: "stock", does: "Draw from the stock", short: "stock" },
  { keys: ["T"], intent: "take", button: "act-take", does: "Take the upcard, or the top card of the discard pile", short: "take" },
  { keys: ["P"], intent: "pass", button: "act-pass", does: "Pass on the opening upcard" },
  { keys: ["←", "→"], does: "Move across your cards (Home and End too)", short: "cards" },
  { keys: ["Enter", "Space"], does: "Select a card as your discard; again on the selected card discards it", short: "select / discard" },
  { keys: ["D"], intent: "discardSelected", button: "act-discard", does: "Discard the selected card" },
  {
    keys: ["K"], intent: "knock", button: "act-knock", short: "knock",
    does: "Knock with the selected card as the discard (gin when it leaves no deadwood, big gin when all 11 cards meld); with none selected, selects the best card and says what K will do",
  },
  { keys: ["G"], intent: "gin", button: "act-gin", does: "Go gin, or big gin when all 11 cards meld", short: "gin" },
  { keys: ["N"], intent: "next", button: "act-next", dialog: ["dlg-result"], does: "Next hand; on the last hand's result, the match's end" },
  { keys: ["O"], intent: "sort", does: "Sort your hand: melds first, by rank, by suit (in turn)", short: "sort" },
  { keys: ["C"], intent: "sheet", button: "btn-sheet", does: "The score sheet: every hand, the running totals and boxes", short: "score sheet" },
  { keys: ["V"], intent: "pile", does: "See the whole discard pile" },
  { keys: ["H"], intent: "hint", button: "act-hint", does: "Hint: what the expert would play now, and why", short: "hint" },
  { keys: ["R"], intent: "readHand", does: "Read out your hand: melds, then deadwood", short: "read hand" },
  { keys: ["Esc"], intent: "clear", does: "Clear the selection, or close a dialog", short: "clear" },
  { keys: ["?"], intent: "keys", button: "btn-keys", does: "This list of keys", short: "keys" },
];

export const REPLAY_KEYS = [
  { keys: ["←", "→"], does: "A move back or forward" },
  { keys: ["PgUp", "PgDn"], does: "The previous or the next hand" },
  { keys: ["Home", "End"], does: "The first or the last step" },
];

// KeyboardEvent.key of the names shown.
const EVENT_KEYS = { Esc: "Escape", Space: " ", "←": "ArrowLeft", "→": "ArrowRight", PgUp: "PageUp", PgDn: "PageDown" };

/** The entry a key press calls, or null: `key` as KeyboardEvent.key; `dialog` the open dialog's id. */
export function entryFor(key, dialog = null) {
  const k = key.length === 1 ? key.toUpperCase() : key;
  return TABLE_KEYS.find((e) => e.intent && e.keys.some((name) => (EVENT_KEYS[name] || name) === k) &&
    (!dialog || (e.dialog || []).includes(dialog))) || null;
}

function kbd(name) {
  const node = document.createElement("kbd");
  node.textContent = name;
  return node;
}

/** Table rows of keys and what they do (the keys dialog, the help page). */
export function keyRows(entries) {
  return entries.map((e) => {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    e.keys.forEach((name, i) => th.append(...(i ? [" ", kbd(name)] : [kbd(name)])));
    const td = document.createElement("td");
    td.textContent = e.does;
    tr.append(th, td);
    return tr;
  });
}

/** A line of keys, "S stock · T take …": under the hand (the entries with `short`), in the replay. */
export function keysLine(entries = TABLE_KEYS.filter((x) => x.short), words = (e) => e.short) {
  const parts = [];
  for (const e of entries) {
    if (parts.length) parts.push(" · ");
    e.keys.forEach((name, i) => parts.push(...(i ? [" ", kbd(name)] : [kbd(name)])));
    parts.push(` ${words(e)}`);
  }
  return parts;
}

/** Put each entry's key on its button: aria-keyshortcuts and the key cap drawn in it. */
export function markButtons(byId) {
  for (const e of TABLE_KEYS.filter((x) => x.button)) {
    const button = byId(e.button);
    if (!button) continue;
    button.setAttribute("aria-keyshortcuts", e.keys.map((n) => EVENT_KEYS[n] || n).join(" "));
    const cap = button.querySelector("kbd[data-glyph], .key-hint");
    if (cap) cap.dataset.glyph = e.keys[0];
  }
}
