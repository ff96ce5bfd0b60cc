// Replay: a saved match step by step with both hands face up. The engine turns the save's
// action log into frames (gin/replay.py); this steps through them by buttons, a slider and keys,
// or plays them on by itself at a reading pace.
import { cardFace, pretty } from "../table/render.js";
import { $ } from "../table/dom.js";
import { REPLAY_KEYS, keysLine } from "../words/keys.js";
import { formatNumber, said, t } from "../words/i18n.js";
import { seatNames } from "../table/seats.js";
import { wonWords } from "../table/readout.js";

// Time to read a step while the replay plays itself; a hand's end (its score in words) twice as long.
const PLAY_MS = 1200;

const state = { frames: [], at: 0, playing: false, timer: null };

function group(cards, cls) {
  const g = document.createElement("div");
  g.className = `mini-group ${cls}`.trim();
  for (const c of cards) g.append(cardFace(c));
  return g;
}

function seatRow(frame, seat, names) {
  const hand = frame.hands[seat];
  $(`replay-name-${seat}`).textContent = t(frame.to_act === seat ? "replay.seat_to_play" : "replay.seat",
    { name: names[seat], n: hand.deadwood });
  const row = $(`replay-hand-${seat}`);
  // At a hand's end: the melds as laid down, the cards laid off on the knocker's, the deadwood left.
  row.replaceChildren(...hand.melds.map((m) => group(m, "")));
  if (hand.laid_off.length) row.append(group(hand.laid_off, "laid"));
  if (hand.deadwood_cards.length) row.append(group(hand.deadwood_cards, "dead"));
  const cards = (list) => list.map(pretty).join(" ");
  row.setAttribute("aria-label", t("replay.hand_said", { name: names[seat], parts: [
    ...hand.melds.map((m) => t("replay.meld", { cards: cards(m) })),
    ...(hand.laid_off.length ? [t("replay.laid_off", { cards: cards(hand.laid_off) })] : []),
    hand.deadwood_cards.length ? t("replay.deadwood", { n: hand.deadwood, cards: cards(hand.deadwood_cards) })
      : t("replay.no_deadwood"),
  ].join("; ") }));
}

function show(at) {
  const frames = state.frames;
  state.at = Math.max(0, Math.min(frames.length - 1, at));
  const f = frames[state.at];
  const names = seatNames({ names: state.names });
  const step = t("replay.step", { at: state.at + 1, of: frames.length });
  $("replay-step").textContent = t("replay.step_line", { step, hand: f.hand_number,
    name0: names[0], points0: f.scores.points[0], name1: names[1], points1: f.scores.points[1] });
  const sentences = [said(f.text), ...(f.result ? [said(f.result.words)] : []),
    ...(f.final ? [wonWords(f, state.names)] : [])];
  $("replay-text").textContent = sentences.map((text) => t("table.sentence", { text })).join(" ");
  seatRow(f, 1, names);
  seatRow(f, 0, names);
  const pile = f.discard_pile;
  $("replay-pile").replaceChildren(...(pile.length ? [cardFace(pile[pile.length - 1])] : []));
  $("replay-stock").textContent = t("replay.piles", { stock: f.stock_count, pile: pile.length });
  const slider = $("replay-slider");
  slider.max = String(frames.length - 1);
  slider.value = String(state.at);
  slider.setAttribute("aria-valuetext", step);
  $("replay-first").disabled = $("replay-back").disabled = $("replay-prev-hand").disabled = state.at === 0;
  $("replay-last").disabled = $("replay-forward").disabled = $("replay-next-hand").disabled = state.at === frames.length - 1;
  state.coach.replayStep(state.at);
  playOn();
}

/** While playing, the next step after a reading pause; playing stops at the last step. Any step
 * shown meanwhile (a button, a key, the slider) restarts the pause: the play goes on from there. */
function playOn() {
  clearTimeout(state.timer);
  state.timer = null;
  if (!state.playing) return;
  if (state.at >= state.frames.length - 1) return void setPlaying(false);
  const wait = state.frames[state.at].result ? 2 * PLAY_MS : PLAY_MS;
  state.timer = setTimeout(() => show(state.at + 1), wait);
}

function setPlaying(on) {
  state.playing = on;
  $("replay-play").textContent = t(on ? "replay.pause_button" : "replay.play_button");
  playOn();
}

/** Play (from the first step when at the last) or pause. */
function togglePlay() {
  if (state.playing) return void setPlaying(false);
  state.playing = true;
  show(state.at >= state.frames.length - 1 ? 0 : state.at);
  setPlaying(true);
}

/** The deal frame of the next hand (+1) or of the previous one (-1), else the last or first. */
function handStart(direction) {
  const frames = state.frames;
  for (let i = state.at + direction; i > 0 && i < frames.length; i += direction) {
    if (frames[i].seat === null) return i;
  }
  return direction < 0 ? 0 : frames.length - 1;
}

/**
 * Wire the replay dialog. `call(request)` asks the engine; `openDialog(id)` shows a dialog;
 * `coach` (web/coach/coach.js) marks the player's moves.
 * Returns `openReplay(save)`, which loads a save's frames and shows the first; it resolves to
 * null, or to the engine's reason when the save cannot be replayed.
 */
export function wireReplay({ call, openDialog, coach }) {
  state.coach = coach;
  $("replay-keys").replaceChildren(...keysLine(REPLAY_KEYS));
  $("replay-first").addEventListener("click", () => show(0));
  $("replay-back").addEventListener("click", () => show(state.at - 1));
  $("replay-forward").addEventListener("click", () => show(state.at + 1));
  $("replay-last").addEventListener("click", () => show(state.frames.length - 1));
  $("replay-slider").addEventListener("input", (event) => show(Number(event.target.value)));
  $("replay-play").addEventListener("click", togglePlay);
  $("replay-prev-hand").addEventListener("click", () => show(handStart(-1)));
  $("replay-next-hand").addEventListener("click", () => show(handStart(1)));
  $("dlg-replay").addEventListener("close", () => setPlaying(false));
  // On the document, not the dialog: a step button that becomes disabled drops the focus to
  // the body, and the keys must keep working.
  document.addEventListener("keydown", (event) => {
    if (!$("dlg-replay").open || event.target.id === "replay-slider") return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = {
      ArrowLeft: () => state.at - 1, ArrowRight: () => state.at + 1,
      Home: () => 0, End: () => state.frames.length - 1,
      PageUp: () => handStart(-1), PageDown: () => handStart(1),
    };
    if (event.key in moves) {
      event.preventDefault();
      show(moves[event.key]());
    } else if (event.key === "p" || event.key === "P") {
      event.preventDefault();
      togglePlay();
    }
  });
  return async function openReplay(save) {
    const reply = await call({ op: "replay", save });
    if (!reply.ok) return reply.error;
    state.frames = reply.frames;
    state.names = Array.isArray(save.names) ? save.names : ["You", "Computer"];
    for (const d of document.querySelectorAll("dialog[open]")) d.close();
    setPlaying(false);
    coach.replayOpened(save);
    show(0);
    openDialog("dlg-replay", $("replay-forward"));
    return null;
  };
}
