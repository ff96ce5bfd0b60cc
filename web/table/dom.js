// The page's small DOM helpers, shared by every part of the table: finding a node, and writing
// to it only when what it shows has changed (the table is drawn again on every move).
export const $ = (id) => document.getElementById(id);

/** Set a node's text only when it differs: the same text set again still replaces the text
 * node, and the browser lays it out anew on every move. */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/** Set an attribute only when it differs, for the same reason as setText: the table is drawn
 * again on every move, and most of what it says has not changed. */
export function setAttr(node, name, value) {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

const shows = new WeakMap(); // container -> {key, first}: what its children show, and the first

/** Replace a container's children only when `key` (what they show) changed since the last time,
 * or when something else has written into the container since. */
export function replaceWhenChanged(node, key, build) {
  const shown = shows.get(node);
  if (shown && shown.key === key && shown.first === node.firstChild) return;
  node.replaceChildren(...build());
  shows.set(node, { key, first: node.firstChild });
}
