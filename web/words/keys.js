// Every key of the game in one list. input.js dispatches the page's keys from it and marks the
// action buttons with them; the keys dialog, the line under the hand and the help page are drawn
// from it; so no list can disagree with what the keys do.
//
// An entry: `keys` as shown (the first is the one named on its button), `does` in words (a
// catalogue key, as `short`),
// `intent` the controller method a key press calls (none: the hand or a dialog handles the key
// itself), `button` the id of the action button it presses, `short` its words on the line under
// the hand (none: not listed there), `dialog` the ids of dialogs in which the key still works.

import { t } from "./i18n.js";

export const TABLE_KEYS = [
  { keys: ["S"], intent: "draw", button: "stock", does: "keys.draw", short: "keys.short_stock" },
  { keys: ["T"], intent: "take", button: "act-take", does: "keys.take", short: "keys.short_take" },
  { keys: ["P"], intent: "pass", button: "act-pass", does: "keys.pass" },
  // Within the hand the hand moves the focus itself; elsewhere on the table the arrows bring it there.
  { keys: ["←", "→"], intent: "enterHand", does: "keys.move", short: "keys.short_cards" },
  { keys: ["Enter", "Space"], does: "keys.select", short: "keys.short_select" },
  { keys: ["D"], intent: "discardSelected", button: "act-discard", does: "keys.discard" },
  { keys: ["K"], intent: "knock", button: "act-knock", short: "keys.short_knock", does: "keys.knock" },
  { keys: ["G"], intent: "gin", button: "act-gin", does: "keys.gin", short: "keys.short_gin" },
  { keys: ["N"], intent: "next", button: "act-next", dialog: ["dlg-result"], does: "keys.next" },
  { keys: ["O"], intent: "sort", does: "keys.sort", short: "keys.short_sort" },
  { keys: ["C"], intent: "sheet", button: "btn-sheet", does: "keys.sheet", short: "keys.short_sheet" },
  { keys: ["V"], intent: "pile", does: "keys.pile" },
  { keys: ["H"], intent: "hint", button: "act-hint", does: "keys.hint", short: "keys.short_hint" },
  { keys: ["R"], intent: "readHand", does: "keys.read", short: "keys.short_read" },
  { keys: ["Esc"], intent: "clear", does: "keys.clear", short: "keys.short_clear" },
  { keys: ["?"], intent: "keys", button: "btn-keys", does: "keys.keys", short: "keys.short_keys" },
];

export const REPLAY_KEYS = [
  { keys: ["P"], does: "keys.replay_play", short: "keys.short_replay_play" },
  { keys: ["←", "→"], does: "keys.replay_step", short: "keys.short_replay_step" },
  { keys: ["PgUp", "PgDn"], does: "keys.replay_hand", short: "keys.short_replay_hand" },
  { keys: ["Home", "End"], does: "keys.replay_ends", short: "keys.short_replay_ends" },
];

// KeyboardEvent.key of the names shown.
const EVENT_KEYS = { Esc: "Escape", Space: " ", "←": "ArrowLeft", "→": "ArrowRight", PgUp: "PageUp", PgDn: "PageDown" };

/** The entry a key press calls, or null: `key` as KeyboardEvent.key; `dialog` the open dialog's id. */
export function entryFor(key, dialog = null) {
  const k = key.length === 1 ? key.toUpperCase() : key;
  return TABLE_KEYS.find((e) => e.intent && e.keys.some((name) => (EVENT_KEYS[name] || name) === k) &&
    (!dialog || (e.dialog || []).includes(dialog))) || null;
}

/** A key's name as the player reads it: a single character as it is, a named key ("Enter",
 * "Esc", "PgUp") in the page's language. */
export function keyName(name) {
  return name.length === 1 ? name : t(`keys.name_${name}`);
}

function kbd(name) {
  const node = document.createElement("kbd");
  node.textContent = keyName(name);
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
    td.textContent = t(e.does);
    tr.append(th, td);
    return tr;
  });
}

/** A line of keys, "S stock · T take …": under the hand (the entries with `short`), in the replay. */
export function keysLine(entries = TABLE_KEYS.filter((x) => x.short), words = (e) => t(e.short)) {
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
