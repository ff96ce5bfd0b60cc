// The opponent (every one the engine names, with its one-line description), the rules options
// (every option of gin.rules.Rules, and the presets the engine names), supplied decks for
// duplicate play, and the display options (four-colour deck, large cards, left-handed, high contrast, reduced
// motion) and the language. All live in the settings object that storage.js keeps; the engine
// alone decides whether rules and decks are valid. Every word comes from the catalogue
// (gin/locales/<language>/settings.json, opponents.json): an opponent by its name's
// opponents.<name>.label and .about, not the engine's English description.
import { mirrorOrder } from "./comfort.js";
import { dailyDate } from "../deals/daily.js";
import { LANGUAGES, currentLanguage, formatNumber, t } from "../words/i18n.js";
import { systemReducesMotion } from "../table/motion.js";
import { $ } from "../table/dom.js";
import { loadSettings, writeSettings } from "../store/storage.js";

// Every option of gin.rules.Rules, in the order of RULES.md's table; its words are the catalogue's
// settings.rule.<name> (the label), settings.rule.<name>.short (in the rules line) and
// settings.rule.<name>.<choice>.
const RULE_FIELDS = [
  { name: "target", min: 1, max: 10000 },
  { name: "knock_limit", min: 0, max: 10 },
  { name: "gin_bonus", min: 0, max: 10000 },
  { name: "undercut_bonus", min: 0, max: 10000 },
  { name: "undercut_on_tie" },
  { name: "box_bonus", min: 0, max: 10000 },
  { name: "game_bonus", min: 0, max: 10000 },
  { name: "shutout" },
  { name: "big_gin" },
  { name: "big_gin_bonus", min: 0, max: 10000 },
  { name: "oklahoma" },
  { name: "oklahoma_spades_double" },
  { name: "dealer_after", choices: ["alternate", "winner", "loser"] },
  { name: "dealer_after_void", choices: ["same", "alternate"] },
  { name: "knock_discard_face_up" },
];
// Display option -> the class it sets on <html> (options.css and comfort.css draw them).
const DISPLAY = { fourColour: "deck-four", largeCards: "cards-large", highContrast: "contrast-high", reduceMotion: "motion-reduced", leftHanded: "hand-left" };

// The strongest opponent plays a new player; saves made before the ladder name "simple".
export const DEFAULT_OPPONENT = "expert";
const OPPONENT_ALIASES = { simple: "baseline" };

let presets = null; // name -> rules, from the engine
let opponents = []; // [{name, description, rating?, low?, high?}], from the engine

const same = (a, b) => Object.keys(a).every((k) => a[k] === b[k]) && Object.keys(b).every((k) => a[k] === b[k]);

/** The preset name of a rules object, or null for custom rules. */
function presetOf(rules) {
  if (!presets) return null;
  return Object.keys(presets).find((name) => same(presets[name], rules)) || null;
}

/**
 * The rules part of a "new" request: a daily always plays Standard, so it is the same deal for all.
 * Supplied decks go with a null seed: the engine takes the seed from the decks, so every table
 * given the same decks has the same first dealer (duplicate play).
 */
export function rulesRequest(seed, settings) {
  if (dailyDate(seed)) return { preset: "standard" };
  const rules = settings.rules ? { rules: settings.rules } : { preset: "standard" };
  return settings.decks ? { ...rules, decks: settings.decks, seed: null } : rules;
}

/** The decks typed in the settings, one a line; undefined when none. */
function formDecks() {
  const lines = $("rules-decks").value.split("\n").map((line) => line.trim()).filter(Boolean);
  return lines.length ? lines : undefined;
}

/** The opponent part of a "new" request. */
export function opponentRequest(settings) {
  return { opponent: settings.opponent || DEFAULT_OPPONENT };
}

/** An opponent's name for the player: "Expert", "Experte", … (an unknown one keeps its name). */
export function opponentLabel(name) {
  const key = OPPONENT_ALIASES[name] || name;
  const label = t(`opponents.${key}.label`);
  return label === `opponents.${key}.label` ? key : label;
}

/** Who plays the match on the table (a save's opponent), under its seat's name. */
export function showOpponent(name) {
  const key = OPPONENT_ALIASES[name] || name;
  const entry = opponents.find((o) => o.name === key);
  const desc = document.createElement("span");
  desc.className = "desc"; // dropped on a phone held sideways (screens.css)
  desc.textContent = entry ? t("settings.opponent.about", { about: t(`opponents.${key}.about`) }) : "";
  $("opp-who").replaceChildren(key ? opponentLabel(key) : "", desc);
}

// An opponent's ladder rating and 95% interval, as the engine gives it (docs/opponents.md); the
// anchor of the scale has no interval. Nothing for an opponent the ladder did not rate.
function opponentRating(o) {
  if (!Number.isFinite(o.rating)) return [];
  const rating = document.createElement("span");
  rating.className = "opp-rating";
  rating.textContent = " " + (o.low === o.high
    ? t("settings.opponent.yardstick", { rating: String(o.rating) }) // ratings: no thousands separator
    : t("settings.opponent.rated", { rating: String(o.rating), low: String(o.low), high: String(o.high) }));
  return [rating];
}

function buildOpponents() {
  const list = $("opponent-list");
  list.replaceChildren(...opponents.map((o) => {
    const label = document.createElement("label");
    label.className = "check";
    const input = document.createElement("input");
    input.type = "radio";
    input.name = "opponent";
    input.value = o.name;
    const text = document.createElement("span");
    const name = document.createElement("b");
    name.textContent = opponentLabel(o.name);
    text.append(name, ...opponentRating(o), ` — ${t(`opponents.${o.name}.about`)}`);
    label.append(input, text);
    return label;
  }));
}

/** The active rules on the table, in a few words. */
export function showRules(view) {
  if (!presets) return; // written once the engine has named its presets
  const name = presetOf(view.rules);
  const parts = [];
  if (name) {
    parts.push(t(`settings.line.${name}`));
  } else {
    const std = presets.standard;
    const changed = RULE_FIELDS.filter((f) => view.rules[f.name] !== std[f.name]);
    const changes = changed.map((f) => t("settings.line.change",
      { rule: t(`settings.rule.${f.name}.short`), value: describe(f, view.rules[f.name]) }));
    parts.push(t("settings.line.custom", { changes: changes.join(", ") }));
  }
  if (view.supplied_decks) parts.push(t("settings.line.decks", { n: view.supplied_decks }));
  if (view.multiplier === 2) parts.push(t("settings.line.double"));
  if (view.rules.oklahoma) parts.push(t("settings.line.knockLimit", { n: view.knock_limit }));
  const text = parts.join(" · ");
  if ($("rules-line").textContent !== text) $("rules-line").textContent = text; // unchanged on most views
}

function describe(field, value) {
  if (typeof value === "boolean") return t(value ? "settings.value.on" : "settings.value.off");
  return field.choices ? t(`settings.rule.${field.name}.${value}`) : formatNumber(value);
}

/** The Reduce motion box says what is in force: ticked, and not to be unticked, while the system
 * asks for reduced motion (the game never overrides that); otherwise the player's own choice,
 * which is kept through both and applies again whenever the system setting is off. */
function showReduceMotion(settings) {
  const system = systemReducesMotion();
  const own = !!(settings.display || {}).reduceMotion;
  const box = $("settings-form").querySelector("input[name=reduceMotion]");
  box.checked = system || own;
  box.disabled = system;
  const note = $("motion-note");
  note.hidden = !system;
  note.textContent = system ? t(own ? "settings.motion.on" : "settings.motion.off") : "";
}

export function applyDisplay(settings) {
  const root = document.documentElement.classList;
  for (const [option, cls] of Object.entries(DISPLAY)) root.toggle(cls, !!(settings.display || {})[option]);
  mirrorOrder(root.contains("hand-left"));
}

function buildRuleFields() {
  const grid = $("rules-grid");
  for (const f of RULE_FIELDS) {
    const label = document.createElement("label");
    let input;
    if (f.choices) {
      input = document.createElement("select");
      for (const value of f.choices) input.append(new Option(t(`settings.rule.${f.name}.${value}`), value));
    } else {
      input = document.createElement("input");
      if ("min" in f) {
        input.type = "number";
        input.min = String(f.min);
        if (f.max) input.max = String(f.max);
        input.step = "1";
        input.required = true;
      } else {
        input.type = "checkbox";
      }
    }
    input.name = `rule-${f.name}`;
    input.dataset.rule = f.name;
    label.className = input.type === "checkbox" ? "check" : "field";
    const text = document.createElement("span");
    text.textContent = t(`settings.rule.${f.name}`);
    if (input.type === "checkbox") label.append(input, text);
    else label.append(text, input);
    grid.append(label);
  }
}

function formRules() {
  const rules = {};
  for (const input of $("rules-grid").querySelectorAll("[data-rule]")) {
    const f = RULE_FIELDS.find((x) => x.name === input.dataset.rule);
    rules[f.name] = input.type === "checkbox" ? input.checked : "min" in f ? Number(input.value) : input.value;
  }
  return rules;
}

function fillRules(rules) {
  for (const input of $("rules-grid").querySelectorAll("[data-rule]")) {
    const value = rules[input.dataset.rule];
    if (input.type === "checkbox") input.checked = !!value;
    else input.value = String(value);
  }
  $("rules-preset").value = presetOf(rules) || "custom";
}

/** The language picker: each language in its own name, the page's language chosen. Changing it
 * saves the choice and reloads the page in it (the match is saved after every move). */
function buildLanguages(ui) {
  const select = $("settings-language");
  select.replaceChildren(...LANGUAGES.map((lang) => {
    const option = new Option(t(`language.${lang}`), lang, false, lang === currentLanguage());
    option.lang = lang;
    return option;
  }));
  select.addEventListener("change", () => {
    // main.js also writes ui.settings on every change of the form: it must carry the choice too.
    ui.settings = { ...ui.settings, language: select.value };
    writeSettings({ ...loadSettings(), language: select.value });
    const url = new URL(location.href);
    url.searchParams.delete("lang");
    location.replace(url);
  });
}

/**
 * Wire the rules and display parts of the settings dialog. `ui` holds `settings` and `view`;
 * `call(request)` asks the engine; `newMatch()` starts a match, asking first if one is on.
 */
export function wireSettings({ ui, call, newMatch }) {
  buildRuleFields();
  buildLanguages(ui);
  applyDisplay(ui.settings);
  const note = () => {
    const chosen = ui.settings.rules || (presets && presets.standard);
    const playing = ui.view && ui.view.phase !== "match_over";
    $("rules-note").textContent = playing && chosen && !same(chosen, ui.view.rules)
      ? t("settings.rulesNote")
      : "";
    const current = OPPONENT_ALIASES[ui.opponent] || ui.opponent;
    $("opponent-note").textContent = playing && current && opponentRequest(ui.settings).opponent !== current
      ? t("settings.opponent.note", { name: opponentLabel(current) })
      : "";
  };
  const fillOpponent = () => {
    const chosen = opponentRequest(ui.settings).opponent;
    for (const input of $("opponent-list").querySelectorAll("input")) input.checked = input.value === chosen;
  };
  const listed = call({ op: "opponents" }).then((reply) => {
    if (!reply.ok) return;
    opponents = reply.opponents;
    buildOpponents();
    fillOpponent();
    if (ui.opponent) showOpponent(ui.opponent);
  });
  const ready = call({ op: "presets" }).then((reply) => {
    if (!reply.ok) return;
    presets = reply.presets;
    fillRules(ui.settings.rules || presets.standard);
    if (ui.view) showRules(ui.view);
  });
  $("btn-settings").addEventListener("click", () => {
    ready.then(() => {
      if (presets) fillRules(ui.settings.rules || presets.standard);
      note();
    });
    $("rules-decks").value = (ui.settings.decks || []).join("\n");
    listed.then(() => {
      fillOpponent();
      note();
    });
    const display = ui.settings.display || {};
    for (const option of Object.keys(DISPLAY)) $("settings-form").querySelector(`input[name=${option}]`).checked = !!display[option];
    showReduceMotion(ui.settings);
  });
  systemReducesMotion(() => showReduceMotion(ui.settings));
  $("settings-form").addEventListener("change", (event) => {
    const target = event.target;
    if (target.name in DISPLAY) {
      ui.settings = { ...ui.settings, display: { ...ui.settings.display, [target.name]: target.checked } };
      applyDisplay(ui.settings);
    } else if (target.name === "opponent") {
      ui.settings = { ...ui.settings, opponent: target.value };
    } else if (target.id === "rules-preset" && presets && presets[target.value]) {
      fillRules(presets[target.value]);
      ui.settings = { ...ui.settings, rules: presets[target.value] };
    } else if (target.id === "rules-decks") {
      ui.settings = { ...ui.settings, decks: formDecks() };
      target.value = (ui.settings.decks || []).join("\n"); // blank lines dropped, as stored
    } else if (target.dataset.rule) {
      if (!target.checkValidity()) return;
      const rules = formRules();
      $("rules-preset").value = presetOf(rules) || "custom";
      ui.settings = { ...ui.settings, rules };
    } else {
      return;
    }
    writeSettings(ui.settings);
    note();
  });
  $("rules-apply").addEventListener("click", () => {
    $("dlg-settings").close();
    newMatch();
  });
}
