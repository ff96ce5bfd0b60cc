// The left-handed layout (comfort.css mirrors the piles and the action bar): the piles and the
// action buttons are put in the order they are seen, so that the Tab key moves left to right in
// either layout. Nothing finds them by their place: every one has its id.

/** Puts the piles and the action buttons in the mirrored order (`left`) or the standard one. */
export function mirrorOrder(left) {
  for (const row of [document.querySelector(".piles"), document.getElementById("actions")]) {
    if (row && (row.dataset.mirrored === "1") !== left) {
      row.append(...[...row.children].reverse());
      row.dataset.mirrored = left ? "1" : "0";
    }
  }
}
