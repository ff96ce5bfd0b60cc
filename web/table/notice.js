// The notice bar under the header: what the player must know about this browser's storage, other
// tabs and new versions, each notice with the actions that answer it. A notice stays until the
// condition that raised it is gone (or the player acts), so nothing is claimed that is not so.
//
// A screen narrower than a laptop's, or with no height to spare, has no room above the table for
// a notice's words: a notice there pushed the hand under the action bar. There the bar is kept for
// screen readers (its alert is still spoken), and the header's Notice button opens every
// standing notice, with its actions, in a dialog (notice.css says where).
import { $ } from "./dom.js";

const standing = new Map(); // id → {text, actions}: the notices shown now, in the order raised

/** ``box`` holding ``text`` and a button for each action. */
function fill(box, text, actions) {
  const words = document.createElement("p");
  words.textContent = text;
  const buttons = actions.map(({ label, run }) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.addEventListener("click", run);
    return b;
  });
  box.replaceChildren(words, ...buttons);
}

/** The header's button and the dialog, as the standing notices are. */
function drawStanding() {
  $("btn-notices").hidden = standing.size === 0;
  $("notice-count").textContent = standing.size > 1 ? ` ${standing.size}` : "";
  const list = $("notices-list");
  const dialog = $("dlg-notices");
  // The focus in the list (an answer that failed again, and said so anew) stays on that notice.
  const focused = list.contains(document.activeElement) && document.activeElement.closest(".notice");
  list.replaceChildren(...[...standing].map(([id, { text, actions }]) => {
    const box = document.createElement("section");
    box.className = "notice";
    box.dataset.notice = id;
    fill(box, text, actions);
    return box;
  }));
  if (!standing.size) {
    if (dialog.open) dialog.close();
  } else if (focused) {
    const again = list.querySelector(`[data-notice="${focused.dataset.notice}"] button`);
    (again || dialog.querySelector("form button")).focus();
  }
}

/** Show (or replace) the notice `id`: a sentence and buttons [{label, run}]. */
export function showNotice(id, text, actions = []) {
  const bar = $("notices");
  let box = bar.querySelector(`[data-notice="${id}"]`);
  if (!box) {
    box = document.createElement("div");
    box.className = "notice";
    box.dataset.notice = id;
    box.setAttribute("role", "alert");
    bar.append(box);
  }
  fill(box, text, actions);
  standing.set(id, { text, actions });
  drawStanding();
}

export function hideNotice(id) {
  const box = $("notices").querySelector(`[data-notice="${id}"]`);
  if (box) box.remove();
  if (standing.delete(id)) drawStanding();
}

/** Offer `text` as a file named `name` in the player's downloads (needs no storage room). */
export function download(name, text) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
