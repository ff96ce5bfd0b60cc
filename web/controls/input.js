// Keys, clicks, taps and drags -> intents of the controller (main.js). Nothing here knows a rule.
// Which key does what is keys.js's list, the one the keys dialog and the help page show.
import { handButtonFor } from "../table/render.js";
import { $ } from "../table/dom.js";
import { TABLE_KEYS, entryFor, keyRows, keysLine, markButtons } from "../words/keys.js";

const DRAG_THRESHOLD = 6;

/**
 * Wire the page's input to `ctl`, an object with:
 * the intents of keys.js (draw(), take(), pass(), next(), discardSelected(), knock(), gin(), sort(),
 * sheet(), pile(), hint(), readHand(), clear(), keys()), and cardClick(code), cardKey(code),
 * move(code, delta | "home" | "end"), dropOnDiscard(code), reorder(code, targetCode, after),
 * sortBy(name), hintReason(), newMatch(), settings(), openDialogId() (the open dialog's id, or null) and
 * inputKind(kind) ("keys", "mouse" or "touch": how the player plays, for the prompt's words).
 */
export function wireInput(ctl) {
  $("keys-table").replaceChildren(...keyRows(TABLE_KEYS));
  $("keys-line").replaceChildren(...keysLine());
  markButtons($);
  // How the player plays: for the prompt's words (ctl) and on <html>, where style.css shows the key
  // caps to all but touch players.
  const showCaps = (kind) => {
    if (document.documentElement.dataset.input !== kind) document.documentElement.dataset.input = kind;
  };
  const inputKind = (kind) => {
    showCaps(kind);
    ctl.inputKind(kind);
  };
  inputKind(matchMedia("(pointer: coarse)").matches ? "touch" : "mouse");
  const pointerKind = (event) => (event.pointerType === "touch" ? "touch" : "mouse");
  document.addEventListener("pointerdown", (event) => ctl.inputKind(pointerKind(event)), true);
  // The caps only once the press is over (after its click): showing or hiding them moves the
  // buttons, and switched on the press they moved the button from under the mouse before its click.
  document.addEventListener("pointerup", (event) => {
    const kind = pointerKind(event);
    setTimeout(() => showCaps(kind));
  }, true);
  document.addEventListener("keydown", (event) => {
    if (!event.altKey && !event.ctrlKey && !event.metaKey && event.key !== "Shift") inputKind("keys");
  }, true);
  for (const b of $("sort").querySelectorAll("button[data-sort]")) b.addEventListener("click", () => ctl.sortBy(b.dataset.sort));
  $("sort-next").addEventListener("click", () => ctl.sort()); // phones: one button, the sorts in turn
  $("btn-sheet").addEventListener("click", () => ctl.sheet());
  $("scores").addEventListener("click", () => ctl.sheet()); // the scores open their sheet (phones have no room for the button)
  $("stock").addEventListener("click", () => ctl.draw());
  $("discard").addEventListener("click", () => ctl.discardPileClick());
  $("btn-pile").addEventListener("click", () => ctl.pile());
  $("act-take").addEventListener("click", () => ctl.take());
  $("act-pass").addEventListener("click", () => ctl.pass());
  $("act-discard").addEventListener("click", () => ctl.discardSelected());
  $("act-knock").addEventListener("click", () => ctl.knock());
  $("act-gin").addEventListener("click", () => ctl.gin());
  $("act-next").addEventListener("click", () => ctl.next());
  $("act-hint").addEventListener("click", () => ctl.hint());
  $("hint-chip").addEventListener("click", () => ctl.hintReason());
  $("btn-new").addEventListener("click", () => ctl.newMatch());
  $("btn-settings").addEventListener("click", () => ctl.settings());
  $("btn-keys").addEventListener("click", () => ctl.keys());

  const hand = $("hand");
  let suppressClick = false;
  hand.addEventListener("click", (event) => {
    const btn = event.target.closest("button.card");
    if (!btn || !hand.contains(btn)) return;
    if (suppressClick) {
      suppressClick = false;
      return;
    }
    ctl.cardClick(btn.dataset.card);
  });

  // Keyboard on the cards: roving focus and select/confirm.
  hand.addEventListener("keydown", (event) => {
    const btn = event.target.closest("button.card");
    if (!btn || event.altKey || event.ctrlKey || event.metaKey) return;
    const code = btn.dataset.card;
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1, Home: "home", End: "end" };
    if (event.key in moves) {
      event.preventDefault();
      ctl.move(code, moves[event.key]);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      event.stopPropagation();
      ctl.cardKey(code);
    }
  });

  // Keys anywhere on the page.
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
    const tag = event.target && event.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    // In a dialog only the keys listed for it work (Escape closes it, Enter presses its buttons).
    const entry = entryFor(event.key, ctl.openDialogId());
    if (entry) {
      event.preventDefault();
      ctl[entry.intent]();
    }
  });

  wireDrag(ctl, hand, () => {
    suppressClick = true;
    // A click follows pointerup only on the same element; clear the flag soon in any case.
    setTimeout(() => (suppressClick = false), 0);
  });
}

/** Pointer drags (mouse, pen, touch): onto the discard pile to discard, within the hand to reorder. */
function wireDrag(ctl, hand, dragged) {
  let drag = null;

  const clearMarks = () => {
    for (const n of hand.querySelectorAll(".insert-before, .insert-after")) {
      n.classList.remove("insert-before", "insert-after");
    }
    $("discard").classList.remove("drop-target");
  };

  const targetAt = (x, y) => {
    const pile = $("discard").getBoundingClientRect();
    if (x >= pile.left && x <= pile.right && y >= pile.top && y <= pile.bottom) return { pile: true };
    let best = null;
    for (const btn of hand.querySelectorAll("button.card")) {
      if (btn.dataset.card === drag.code) continue;
      const r = btn.getBoundingClientRect();
      if (y < r.top - 30 || y > r.bottom + 30) continue;
      const dx = x < r.left ? r.left - x : x > r.right ? x - r.right : 0;
      if (!best || dx < best.dx) best = { dx, btn, after: x > r.left + r.width / 2 };
    }
    return best && best.dx < 40 ? { card: best.btn.dataset.card, btn: best.btn, after: best.after } : null;
  };

  hand.addEventListener("pointerdown", (event) => {
    const btn = event.target.closest("button.card");
    if (!btn || event.button !== 0) return;
    drag = { code: btn.dataset.card, btn, x: event.clientX, y: event.clientY, moving: false, ghost: null, id: event.pointerId };
  });

  window.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moving) {
      if (Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      drag.moving = true;
      const r = drag.btn.getBoundingClientRect();
      drag.offX = drag.x - r.left;
      drag.offY = drag.y - r.top;
      const ghost = drag.btn.cloneNode(true);
      ghost.removeAttribute("id");
      ghost.setAttribute("aria-hidden", "true");
      ghost.tabIndex = -1;
      ghost.classList.add("drag-ghost");
      ghost.style.width = `${r.width}px`;
      ghost.style.height = `${r.height}px`;
      document.body.append(ghost);
      drag.ghost = ghost;
      drag.btn.classList.add("dragging");
    }
    event.preventDefault();
    drag.ghost.style.left = `${event.clientX - drag.offX}px`;
    drag.ghost.style.top = `${event.clientY - drag.offY}px`;
    clearMarks();
    const target = targetAt(event.clientX, event.clientY);
    if (target && target.pile) $("discard").classList.add("drop-target");
    else if (target) target.btn.classList.add(target.after ? "insert-after" : "insert-before");
  });

  const finish = (event, cancelled) => {
    if (!drag || event.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    clearMarks();
    if (!d.moving) return;
    d.ghost.remove();
    d.btn.classList.remove("dragging");
    dragged();
    if (cancelled) return;
    const target = (() => {
      drag = d;
      try {
        return targetAt(event.clientX, event.clientY);
      } finally {
        drag = null;
      }
    })();
    if (target && target.pile) ctl.dropOnDiscard(d.code);
    else if (target) ctl.reorder(d.code, target.card, target.after);
  };
  window.addEventListener("pointerup", (event) => finish(event, false));
  window.addEventListener("pointercancel", (event) => finish(event, true));
}

export { handButtonFor };
