// Two players, one device. A match whose opponent is "friend" has a person on each seat; the
// engine answers every move with the view of the seat to act (gin/api.py), and this module keeps
// each player's cards from the other: whenever the seat to act changes to the other person (and at
// every new deal, and after a reload), the table is drawn without either hand and the hand-over
// screen (web/friends/handover.js) covers it until the player to act lets themselves in. It also asks the
// two names at the start. Friend matches are kept out of the player's statistics, rating and
// coach figures (main.js asks `active()`); the statistics list them apart (web/record/stats.js).
import { $ } from "../table/dom.js";
import { formatNumber, t } from "../words/i18n.js";
import { loadSave } from "../store/storage.js";
import { createHandover } from "./handover.js";
import { sortedOrder } from "../table/handsort.js";

export const FRIEND = "friend"; // the engine's opponent value of a match between friends
export const NAME_LENGTH = 40; // the engine's limit of a name (gin/limits.py)
const PLAYING = new Set(["opening", "draw", "discard"]);

/** A name as typed: spaces at either end dropped, at most NAME_LENGTH characters. */
export function cleanName(text) {
  return Array.from(String(text || "").trim()).slice(0, NAME_LENGTH).join("").trim();
}

/** The table as the cover leaves it: no card of either hand, no move to make. */
function withoutHands(view) {
  return {
    ...view, hand: [], melds: [], deadwood_cards: [], deadwood: 0, discard_options: [],
    taken: null, drawn: null, opponent: { ...view.opponent, known: [] },
    legal_actions: [], your_turn: false,
  };
}

/**
 * Wire the friend matches. `ui` is the page's state (ui.opponent names who plays the match on
 * the table); `inLesson()` is true while a lesson is on the table; `newMatch(seed, how)` starts a
 * match with `how` = {opponent, names}; `shown()` draws the table again and focuses the hand once
 * the player is in; `openDialog`/`closeDialog` as web/endings/endings.js; `hush()` takes away
 * every word the page has said (the live region keeps its last lines); `starting()` is true, and
 * says so, while the engine starts (no match may be asked for then).
 */
export function wireFriend({ ui, inLesson, newMatch, shown, openDialog, closeDialog, hush, starting }) {
  let covered = false;
  const orders = {}; // each seat's order of its cards on screen, kept while the other plays

  const handover = createHandover({
    onReady() {
      covered = false;
      delete document.documentElement.dataset.handover;
      shown();
    },
  });

  const active = () => ui.opponent === FRIEND && !inLesson();

  function cover(view) {
    covered = true;
    hush(); // the read-out of the last person's hand, their hint: not for the next one's ears
    document.documentElement.dataset.handover = String(view.seat);
    const [first, second] = view.names;
    const [a, b] = view.scores.points.map(formatNumber);
    handover.show(view.names[view.seat], t("friend.handover_scores", { first, second, a, b }));
  }

  /** A view arrives (before the table is drawn): cover the table when the other person is to act
   * or a deal is new; each seat keeps its own order of cards. */
  function viewed(prev, view) {
    if (!active()) {
      covered = false;
      handover.close();
      delete document.documentElement.dataset.friend;
      return;
    }
    document.documentElement.dataset.friend = "1"; // friend.css: no computer's line over a seat
    const other = prev && prev.seat !== view.seat;
    if (!prev) for (const seat of Object.keys(orders)) delete orders[seat];
    if (other) {
      orders[prev.seat] = ui.order;
      ui.order = orders[view.seat] || sortedOrder(view, ui.sort);
    }
    const playing = PLAYING.has(view.phase) && view.to_act === view.seat;
    const fresh = !prev || other || prev.hand_number !== view.hand_number || !PLAYING.has(prev.phase);
    if (playing && fresh) cover(view);
  }

  // ------------------------------------------------------------------------------ the names

  const inputs = [$("friend-name-0"), $("friend-name-1")];
  let defaults = []; // the name an empty field takes: "Player 1", or the name now at the table

  // The fields start empty, each showing in grey the name it takes if left so: a name typed
  // replaces it, never adds to it ("Player 2Ben").
  function ask() {
    if (starting()) return void closeDialog("dlg-settings");
    const playing = ui.opponent === FRIEND && ui.view;
    defaults = playing ? ui.view.names : [t("friend.default_first"), t("friend.default_second")];
    inputs.forEach((input, i) => {
      input.maxLength = NAME_LENGTH;
      input.value = "";
      input.placeholder = defaults[i];
    });
    $("friend-error").textContent = "";
    $("friend-abandon").hidden = !ui.view || ui.view.phase === "match_over";
    closeDialog("dlg-settings");
    openDialog("dlg-friend");
    inputs[0].focus();
  }

  function start(event) {
    event.preventDefault();
    const names = inputs.map((input, i) => cleanName(input.value) || defaults[i]);
    if (names[0].toLocaleLowerCase() === names[1].toLocaleLowerCase()) {
      $("friend-error").textContent = t("friend.same_names");
      inputs[1].focus();
      return;
    }
    closeDialog("dlg-friend");
    newMatch(undefined, { opponent: FRIEND, names });
  }

  $("friend-play").addEventListener("click", ask);
  $("friend-form").addEventListener("submit", start);
  $("friend-cancel").addEventListener("click", () => closeDialog("dlg-friend"));

  return {
    active,
    viewed,
    /** The view the table draws: without hands while the hand-over covers it. */
    drawn: (view) => (covered && active() ? withoutHands(view) : view),
    covered: () => covered && active(),
    /** The view kept to draw the next visit's first frame (web/store/resume.js): none between
     * friends, since it would hold the hand of the seat to act for whoever opens the page. */
    kept: (view) => (active() ? null : view),
    /** A saved friend match is never drawn before the engine loads it (a view kept by an older
     * page shows a hand). */
    savedIsFriends: () => {
      const saved = loadSave();
      return !!(saved && saved.doc && saved.doc.opponent === FRIEND);
    },
    /** What a rematch asks for: the same two friends, or null for a match against the computer. */
    rematch: () => (active() && ui.view ? { opponent: FRIEND, names: ui.view.names } : null),
  };
}
