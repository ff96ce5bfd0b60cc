// The first launch: on a browser with no saved match, no statistics and no earlier welcome, a
// welcome offers an opponent level, the lessons and the rules, once. Choosing or dismissing it is
// remembered (WELCOME_KEY, docs/save.md). A link or a test hook in the address (?seed, ?daily,
// ?speed, ?autoplay) names what the visitor came for, so no welcome is shown over it.
import config from "../config.mjs";
import { SAVE_KEY, safeGet, safeSet } from "../store/storage.js";
import { readJournal } from "../store/journal.js";
import { t } from "../words/i18n.js";
import { opponentLabel } from "../settings/settings.js";

export const WELCOME_KEY = "gin-rummy:welcome:v1";
const STATS_KEY = "gin-rummy:stats:v1"; // web/record/stats.js
const FIRST_CHOICE = "beginner"; // a newcomer's suggested opponent

/** Whether this page load is a newcomer's first: read before anything is written. The journal
 * counts too: a browser killed during its first moves keeps the match there alone (journal.js). */
export async function firstVisit(params) {
  if (["seed", "daily", "speed", "autoplay"].some((p) => params.has(p))) return false;
  if (![SAVE_KEY, STATS_KEY, WELCOME_KEY].every((key) => safeGet(key) === null)) return false;
  try {
    return (await readJournal()) === null;
  } catch {
    return true; // no journal in this browser: localStorage said it all
  }
}

function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** The levels from the weakest to the strongest, by the ratings shown beside them (the engine
 * lists its players in the order they were made); any without a rating last. */
function byStrength(opponents) {
  const rating = (o) => (Number.isFinite(o.rating) ? o.rating : Infinity);
  return [...opponents].sort((a, b) => rating(a) - rating(b));
}

/**
 * Show the welcome, at once: its levels are the engine's answer to its "opponents" op, asked at
 * build time (config.mjs), so a first visit answers it while Python loads (a rating is shown
 * when the engine gives one). Resolves to {opponent, learn}: the level chosen (null when
 * dismissed) and whether the lessons were asked for; the table applies them once the engine is in.
 */
export function welcome() {
  const choices = el("div", { className: "welcome-levels", id: "welcome-levels" });
  const play = el("button", { type: "button", className: "primary", id: "welcome-play", textContent: t("welcome.play") });
  const learn = el("button", { type: "button", id: "welcome-learn", textContent: t("welcome.learn") });
  const later = el("button", { type: "button", className: "ghost", id: "welcome-skip", textContent: t("welcome.skip") });
  const dialog = el("dialog", { id: "dlg-welcome", className: "welcome" },
    el("h2", { id: "dlg-welcome-title", textContent: t("welcome.title") }),
    el("p", { textContent: t("welcome.intro") }),
    el("fieldset", {}, el("legend", { textContent: t("welcome.legend") }), choices),
    el("p", { className: "small", textContent: t("welcome.lessons") }),
    el("p", { className: "small" }, el("a", { href: "help.html", target: "_blank", textContent: t("welcome.rules") })),
    el("div", { className: "dialog-buttons" }, later, learn, play));
  dialog.setAttribute("aria-labelledby", "dlg-welcome-title");
  document.body.append(dialog);

  choices.replaceChildren(...byStrength(config.opponents).map((o) => {
    const input = el("input", { type: "radio", name: "welcome-opponent", value: o.name, checked: o.name === FIRST_CHOICE });
    const name = opponentLabel(o.name);
    const named = Number.isFinite(o.rating) ? t("welcome.rating", { name, rating: String(o.rating) }) : name;
    return el("label", {}, input, " ", el("b", { textContent: named }),
      el("span", { className: "small", textContent: ` ${t(`opponents.${o.name}.about`)}` }));
  }));

  return new Promise((resolve) => {
    const done = (asked) => {
      safeSet(WELCOME_KEY, "seen");
      const chosen = choices.querySelector("input:checked");
      if (dialog.open) dialog.close();
      resolve({ opponent: asked && chosen ? chosen.value : null, learn: asked === "learn" });
    };
    play.addEventListener("click", () => done("play"));
    learn.addEventListener("click", () => done("learn"));
    later.addEventListener("click", () => done(null));
    dialog.addEventListener("cancel", () => done(null)); // Escape
    dialog.showModal();
    dialog.scrollTop = 0;
    play.focus();
  });
}
