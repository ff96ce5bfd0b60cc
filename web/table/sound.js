// Card sounds, made in the page with Web Audio (no sound files): a card dealt, drawn or thrown is
// a short burst of filtered noise; a knock two low thumps; gin, a win and a loss a few soft tones.
// The audio context is created only on the first key press or tap (browsers require a gesture,
// and a page should not make noise unasked). Mute is one switch, shown in the header and in the
// settings, and kept in this browser.

import { t } from "../words/i18n.js";

const KEY = "gin-rummy:sound-muted:v1";
const VOLUME = 0.22;

function loadMuted() {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

function saveMuted(muted) {
  try {
    localStorage.setItem(KEY, muted ? "1" : "0");
  } catch {
    /* storage unavailable: the switch holds for this page only */
  }
}

/** The sounds, each `(ctx, out, at)` scheduling itself at time `at` into node `out`. */
function noiseBuffer(ctx) {
  const buffer = ctx.createBuffer(1, Math.floor(ctx.sampleRate * 0.25), ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  return buffer;
}

function burst(ctx, out, at, { freq, length, level = 1, q = 0.9 }) {
  const src = ctx.createBufferSource();
  src.buffer = ctx.noise;
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = freq;
  filter.Q.value = q;
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0, at);
  gain.gain.linearRampToValueAtTime(level, at + 0.004);
  gain.gain.exponentialRampToValueAtTime(0.001, at + length);
  src.connect(filter).connect(gain).connect(out);
  src.start(at);
  src.stop(at + length + 0.02);
}

function tone(ctx, out, at, { freq, length, level = 0.5, type = "triangle", to = null }) {
  const osc = ctx.createOscillator();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  if (to) osc.frequency.exponentialRampToValueAtTime(to, at + length);
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0, at);
  gain.gain.linearRampToValueAtTime(level, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.001, at + length);
  osc.connect(gain).connect(out);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

const notes = (ctx, out, at, freqs, step, length, level) =>
  freqs.forEach((freq, i) => tone(ctx, out, at + i * step, { freq, length, level }));

const SOUNDS = {
  deal: (ctx, out, at) => {
    for (let i = 0; i < 10; i++) burst(ctx, out, at + i * 0.06, { freq: 3200, length: 0.035, level: 0.5 });
  },
  draw: (ctx, out, at) => burst(ctx, out, at, { freq: 1800, length: 0.12, level: 0.6, q: 0.6 }),
  discard: (ctx, out, at) => {
    burst(ctx, out, at, { freq: 2600, length: 0.05, level: 0.9, q: 1.2 });
    burst(ctx, out, at + 0.02, { freq: 900, length: 0.06, level: 0.4 });
  },
  knock: (ctx, out, at) => {
    for (const t of [0, 0.16]) {
      tone(ctx, out, at + t, { freq: 150, to: 60, length: 0.12, level: 0.9, type: "sine" });
      burst(ctx, out, at + t, { freq: 500, length: 0.05, level: 0.5 });
    }
  },
  gin: (ctx, out, at) => notes(ctx, out, at, [784, 988, 1175, 1568], 0.09, 0.35, 0.35),
  win: (ctx, out, at) => notes(ctx, out, at, [523, 659, 784, 1047], 0.14, 0.5, 0.35),
  lose: (ctx, out, at) => notes(ctx, out, at, [392, 311, 262], 0.2, 0.55, 0.3),
};

/** What a new view sounds like, from the history entries it adds and its phase. */
function soundsOf(prev, view) {
  const sameHand = prev && prev.hand_number === view.hand_number;
  if (!view.history.length) return sameHand && !prev.history.length ? [] : ["deal"];
  const fresh = sameHand ? view.history.slice(prev.history.length) : view.history.slice(-1);
  const names = fresh.map(({ action }) =>
    action === "draw" || action === "take" ? "draw"
      : action.startsWith("discard") ? "discard"
      : action.startsWith("knock") ? "knock"
      : action.startsWith("gin") || action === "big gin" ? "gin"
      : null).filter(Boolean);
  if (view.phase === "match_over" && (!prev || prev.phase !== "match_over") && view.final) {
    names.push(view.final.winner === view.seat ? "win" : "lose");
  }
  return names.slice(-3);
}

/** The sound switch: `button` in the header, `checkbox` in the settings. */
export function createSound({ button, checkbox }) {
  let muted = loadMuted();
  let ctx = null;
  let out = null;

  const show = () => {
    button.setAttribute("aria-pressed", muted ? "true" : "false");
    button.title = t(muted ? "table.sound_off" : "table.sound_on");
    button.setAttribute("aria-label", t("table.mute"));
    checkbox.checked = muted;
  };
  const set = (value) => {
    muted = value;
    saveMuted(muted);
    show();
  };
  button.addEventListener("click", () => set(!muted));
  checkbox.addEventListener("change", () => set(checkbox.checked));
  show();

  // The first gesture lets the page make sound: only then does the audio context exist.
  const wake = () => {
    if (ctx || typeof AudioContext === "undefined") return;
    ctx = new AudioContext();
    ctx.noise = noiseBuffer(ctx);
    out = ctx.createGain();
    out.gain.value = VOLUME;
    out.connect(ctx.destination);
  };
  for (const type of ["pointerdown", "keydown"]) window.addEventListener(type, wake, { capture: true, once: true });

  function play(name, delay = 0) {
    if (muted || !ctx || !SOUNDS[name]) return;
    if (ctx.state === "suspended") ctx.resume();
    SOUNDS[name](ctx, out, ctx.currentTime + 0.01 + delay);
  }

  return {
    play,
    /** Play what happened between two views. */
    view(prev, view) {
      soundsOf(prev, view).forEach((name, i) => play(name, i * 0.18));
    },
    get started() {
      return ctx !== null;
    },
  };
}
