// The hand-over screen of a match between friends: a modal that covers the whole table while the
// device passes from one player to the other. Only a deliberate activation of its own button lets
// the next player in: a click or tap, or Enter/Space on that button, and only once a short guard
// has passed since the screen came up, with the key pressed after it (a key held down from the
// last move repeats, and a finger still on the glass lifts, into the guard and is ignored).
// While it is up, every key is kept from the table's own shortcuts (web/controls/input.js).
import { $ } from "../table/dom.js";
import { t } from "../words/i18n.js";

export const GUARD_MS = 400;

/** Wire the screen (#dlg-handover); `onReady()` runs once the player to act lets themselves in. */
export function createHandover({ onReady }) {
  const dialog = $("dlg-handover");
  const button = $("handover-ready");
  let armed = false; // the guard has passed
  let timer = 0;
  let pressed = null; // the key or pointer pressed on the button since the guard passed

  const up = () => dialog.open;
  // The modal already takes the page out of reach; marked inert and hidden as well, so that no
  // tool that reads the page past a modal (or a browser without one) finds either hand there.
  const hideTable = (hidden) => {
    for (const part of document.querySelectorAll("body > header, body > .layout")) {
      part.inert = hidden;
      if (hidden) part.setAttribute("aria-hidden", "true");
      else part.removeAttribute("aria-hidden");
    }
  };
  const arm = () => {
    armed = true;
    dialog.dataset.armed = "1";
  };

  function show(name, scores) {
    $("handover-title").textContent = t("friend.pass_to", { name });
    $("handover-note").textContent = t("friend.handover_note", { name });
    $("handover-scores").textContent = scores;
    $("handover-text").textContent = t("friend.ready", { name });
    $("handover-cue").textContent = t("friend.ready_hint");
    armed = false;
    pressed = null;
    delete dialog.dataset.armed;
    clearTimeout(timer);
    hideTable(true);
    if (!dialog.open) dialog.showModal();
    button.focus({ preventScroll: true });
    timer = setTimeout(arm, GUARD_MS);
  }

  function close() {
    clearTimeout(timer);
    if (dialog.open) dialog.close();
  }

  function letIn() {
    if (!up()) return;
    close();
    onReady();
  }

  // Capture on the window: before the table's shortcuts (and the button's own default) see a key.
  window.addEventListener("keydown", (event) => {
    if (!up()) return;
    event.stopPropagation();
    if (event.key === "Tab") return; // focus stays in the modal; the button is its only stop
    event.preventDefault();
    const onButton = event.target === button && armed && !event.repeat;
    if (onButton && event.key === "Enter") letIn();
    else if (onButton && event.key === " ") pressed = "Space"; // a button activates on Space's release
  }, true);
  window.addEventListener("keyup", (event) => {
    if (!up()) return;
    event.stopPropagation();
    event.preventDefault();
    if (event.key === " " && pressed === "Space" && event.target === button) letIn();
  }, true);
  button.addEventListener("pointerdown", () => {
    if (armed) pressed = "pointer";
  });
  button.addEventListener("click", (event) => {
    // A pointer's click counts when it was pressed after the guard; a click with no pointer
    // (detail 0: an assistive technology's activation) once the guard has passed.
    if (armed && (pressed === "pointer" || event.detail === 0)) letIn();
  });
  dialog.addEventListener("cancel", (event) => event.preventDefault()); // Escape does not skip it
  // Also when a new match clears the table (the event comes later: the screen may be up again).
  dialog.addEventListener("close", () => dialog.open || hideTable(false));

  return { show, up, close };
}
