// The notice bar under the header: what the player must know about this browser's storage, other
// tabs and new versions, each notice with the actions that answer it. A notice stays until the
// condition that raised it is gone (or the player acts), so nothing is claimed that is not so.
import { $ } from "./dom.js";

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

export function hideNotice(id) {
  const box = $("notices").querySelector(`[data-notice="${id}"]`);
  if (box) box.remove();
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
