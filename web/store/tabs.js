// One match, one tab. The tab that opened the match last owns it: only the owner saves the match
// and counts it in the statistics. Any other tab of this browser on the same site learns of the
// change from a `storage` event, stops, and offers to take the match over (which reloads it from
// the save, with every move made elsewhere). Following the other tab's moves live was the other
// choice; it would let two tabs act on one position at once, and one of the two moves would be
// lost. With one owner, every move lands in the save exactly once.
import { safeGet, safeRemove, safeSet } from "./storage.js";

const OWNER_KEY = "gin-rummy:owner:v1";
const words = new Uint32Array(2);
crypto.getRandomValues(words);
const me = `tab-${Array.from(words, (w) => w.toString(36).padStart(7, "0")).join("")}`;

/** Whether this tab may save the match (it owns it, or the owner key cannot be kept at all). */
export function ownsMatch() {
  const owner = safeGet(OWNER_KEY);
  return owner === null || owner === me;
}

/** This tab takes the match: any other tab stops at its next `storage` event. In a full storage
 * the key may refuse this tab's name; it is then dropped, since the name it holds is most likely
 * this tab's own before a reload, which would otherwise hold the table still for good. */
export function claimMatch() {
  if (!safeSet(OWNER_KEY, me)) safeRemove(OWNER_KEY);
}

/** Call `lost()` when another tab takes the match over; `take()` takes it back. */
export function watchTabs({ openDialog, lost }) {
  const take = () => {
    claimMatch();
    location.reload(); // the save holds every move made in the other tab
  };
  document.getElementById("elsewhere-take").addEventListener("click", take);
  document.getElementById("dlg-elsewhere").addEventListener("cancel", (event) => event.preventDefault());
  window.addEventListener("storage", (event) => {
    if (event.key !== OWNER_KEY || event.newValue === me || ownsMatch()) return;
    for (const d of document.querySelectorAll("dialog[open]")) d.close();
    lost();
    openDialog("dlg-elsewhere");
  });
}
