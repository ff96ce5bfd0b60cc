// Card motion, FLIP style: measure where the cards are (First), let render() put them where they
// go (Last), then play each card from its old place to its new one with a transform (Invert, Play).
// Layout is read once before and once after a render, never during an animation; only transforms
// animate. Every animation is named "motion": a new view finishes the running ones at once (so a
// quick player is never kept waiting), and the tests can find them. Nothing moves under
// prefers-reduced-motion, the Reduce motion option, or a pace of 0 (?speed=0, Instant).

const ID = "motion";
const EASE = "cubic-bezier(.2, .75, .25, 1)";
const MS = { move: 200, draw: 280, discard: 300, theirs: 340, deal: 240, dealGap: 30, reveal: 300, lay: 320 };

const rectOf = (node) => (node ? node.getBoundingClientRect() : null);
// The animations this module started and that may still run. settle() finishes these rather
// than asking document.getAnimations(), which recomputes the style of the whole page.
const running = new Set();

const SYSTEM_REDUCED = "(prefers-reduced-motion: reduce)";

/** Whether the system asks for reduced motion; `onChange(reduces)` hears it change. */
export function systemReducesMotion(onChange = null) {
  const query = window.matchMedia(SYSTEM_REDUCED);
  if (onChange) query.addEventListener("change", () => onChange(query.matches));
  return query.matches;
}

function reduced() {
  return document.documentElement.classList.contains("motion-reduced") || systemReducesMotion();
}

/**
 * Play each flight `[node, from, options]`: the node from rectangle `from` to where it now is
 * (options: duration, delay, turn). Every rectangle is read before any animation starts: a
 * rectangle read after an animation has started makes the browser compute the page's style
 * again, once per card.
 */
function flyAll(flights) {
  const tos = flights.map(([node]) => node.getBoundingClientRect());
  flights.forEach(([node, from, options], i) => fly(node, from, tos[i], options));
}

/** Play `node` from rectangle `from` to `to` (where it is now); `turn` turns it face up. */
function fly(node, from, to, { duration, delay = 0, turn = false } = {}) {
  if (!from || !to.width || !from.width) return null;
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  const sx = from.width / to.width;
  const sy = from.height / to.height;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1 && Math.abs(sx - 1) < 0.01) return null;
  const start = `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})` + (turn ? " rotateY(90deg)" : "");
  const anim = node.animate([{ transform: start, offset: 0 }], {
    id: ID, duration, delay, easing: EASE, fill: "backwards",
  });
  running.add(anim);
  anim.finished.then(() => running.delete(anim), () => running.delete(anim));
  return anim;
}

/** Stop every card motion where it would end (a new view is on its way). */
function settle() {
  for (const anim of running) anim.finish();
  running.clear();
}

/**
 * `enabled()` says whether the pace allows motion (main.js: a pace above 0). Use: `const before =
 * motion.measure()` before a new view is drawn, `motion.play(before, prev, view)` after.
 */
export function createMotion({ enabled }) {
  const on = () => enabled() && !reduced();

  function measure() {
    settle();
    if (!on()) return null;
    const hand = new Map();
    for (const btn of document.querySelectorAll("#hand button.card")) hand.set(btn.dataset.card, rectOf(btn));
    const opp = document.querySelectorAll("#opp-cards .card");
    const top = document.getElementById("discard-card");
    return {
      hand,
      stock: rectOf(document.querySelector("#stock .card")),
      pile: rectOf(top),
      top: top.dataset.card || null,
      opp: rectOf(opp[opp.length - 1] || document.getElementById("opp-cards")),
    };
  }

  function play(before, prev, view) {
    if (!before || !on()) return;
    const sameHand = prev && prev.hand_number === view.hand_number;
    const handButtons = [...document.querySelectorAll("#hand button.card")];
    const flights = [];
    if (!view.history.length && (!sameHand || prev.history.length)) {
      // A new deal: every card flies out of the stock, one after the other.
      const backs = [...document.querySelectorAll("#opp-cards .card")];
      handButtons.forEach((btn, i) => {
        flights.push([btn, before.stock, { duration: MS.deal, delay: 2 * i * MS.dealGap }]);
        if (backs[i]) flights.push([backs[i], before.stock, { duration: MS.deal, delay: (2 * i + 1) * MS.dealGap }]);
      });
      flyAll(flights);
      return;
    }
    if (!sameHand) return;
    const pile = view.discard_pile;
    const top = pile.length ? pile[pile.length - 1] : null;
    // Your cards: those held slide to their new places; a new one comes from the pile or stock.
    for (const btn of handButtons) {
      const code = btn.dataset.card;
      if (before.hand.has(code)) flights.push([btn, before.hand.get(code), { duration: MS.move }]);
      else flights.push([btn, code === before.top ? before.pile : before.stock, { duration: MS.draw }]);
    }
    // A discard: from your hand, or out of the computer's.
    const slot = document.getElementById("discard-card");
    let thrown = false; // by the computer: its highlight restarts once the flights have started
    if (top && top !== before.top && pile.length > prev.discard_pile.length) {
      if (before.hand.has(top)) flights.push([slot, before.hand.get(top), { duration: MS.discard }]);
      else {
        flights.push([slot, before.opp, { duration: MS.theirs, turn: true }]);
        thrown = true;
      }
    }
    // The computer's draw: its new card comes from the stock, or face up from the pile.
    if (view.opponent.count > prev.opponent.count && view.phase !== "hand_over") {
      const cards = document.querySelectorAll("#opp-cards .card");
      const taken = before.top && !pile.includes(before.top) && !view.hand.includes(before.top)
        ? document.querySelector(`#opp-cards .card[data-card="${before.top}"]`) : null;
      if (taken) flights.push([taken, before.pile, { duration: MS.theirs }]);
      else if (cards.length) flights.push([cards[cards.length - 1], before.stock, { duration: MS.theirs }]);
    }
    // The hand's end: the computer's hand turns face up, card by card.
    if (view.phase !== prev.phase && (view.phase === "hand_over" || view.phase === "match_over")) {
      const shown = document.querySelectorAll("#opp-cards .card");
      shown.forEach((card, i) => flights.push([card, before.opp, { duration: MS.reveal, delay: i * MS.dealGap, turn: true }]));
    }
    flyAll(flights);
    if (thrown) {
      slot.parentElement.classList.remove("just-thrown");
      void slot.offsetWidth; // restart the highlight for a second discard in a row
      slot.parentElement.classList.add("just-thrown");
    }
  }

  /**
   * The knock lay-down in the hand-end dialog (`body`): the knocker's melds come down one after
   * the other, then each card laid off flies from the defender's hand onto its meld.
   */
  function layDown(body) {
    settle();
    if (!on() || !body) return;
    const rows = body.querySelectorAll(".row");
    if (!rows.length) return;
    const cards = [...rows[0].querySelectorAll(".card:not(.laid)")];
    const laid = [...body.querySelectorAll(".card.laid")];
    const from = rectOf(rows[rows.length - 1]);
    const flights = [];
    cards.forEach((card, i) => {
      const r = card.getBoundingClientRect();
      flights.push([card, { left: r.left, top: r.top + 40, width: r.width, height: r.height }, { duration: MS.lay, delay: i * MS.dealGap }]);
    });
    laid.forEach((card, i) => {
      const r = card.getBoundingClientRect();
      const start = from ? { left: from.left, top: from.top, width: r.width, height: r.height } : null;
      flights.push([card, start, { duration: MS.lay, delay: cards.length * MS.dealGap + i * 120 }]);
    });
    flyAll(flights);
  }

  return { measure, play, layDown };
}
