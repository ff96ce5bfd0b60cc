// Words for the player, in their language: every sentence on the page comes from the message
// catalogues (gin/locales/<language>/<part>.json, merged by build.py into locales/<language>.json),
// the same files the engine's command line words its messages with (gin/i18n.py, which documents
// the format). Numbers, percentages, plurals and dates go through Intl.
//
//   t("table.stock", { n: 31 })   a message by key, its arguments filled in
//   said(message)                 a message the engine sent: {key, args}
//   localize(root)                fills elements marked data-i18n="key" (their text) and
//                                 data-i18n-attr="aria-label=key;title=key" (attributes)
//
// The language: the setting if the player chose one, else the browser's first language the game
// speaks, else English. "?lang=xx" overrides both for one page (tests; "pseudo" is the
// pseudo-locale: English wrapped in ⟦ ⟧ and stretched by 40%, to find words that bypass the
// catalogues and layouts that cannot take longer words).
export const LANGUAGES = ["en", "es", "de", "fr", "pt-BR"];
const PSEUDO = "pseudo";
const SUIT_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };

let language = "en";
let messages = {};
let plurals = new Intl.PluralRules("en");
let numbers = new Intl.NumberFormat("en");
let percents = new Intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 0 });

/** The language the page speaks now ("en", …, or "pseudo"). */
export function currentLanguage() {
  return language;
}

/** The game's language for a language tag, matched as a browser matches them: case aside, the
 * tag itself ("pt-br" is "pt-BR"), else by its first part ("de-DE" is "de", "pt" is "pt-BR");
 * null when the game does not speak it. "pseudo" is the pseudo-locale. */
export function matchLanguage(tag) {
  const wanted = String(tag ?? "").toLowerCase().replace(/_/g, "-");
  if (wanted === PSEUDO) return PSEUDO;
  const exact = LANGUAGES.find((lang) => lang.toLowerCase() === wanted);
  if (exact) return exact;
  const base = wanted.split("-")[0];
  return (base && LANGUAGES.find((lang) => lang.split("-")[0].toLowerCase() === base)) || null;
}

/** The game's language for a saved choice and the browser's list: the first the game speaks. */
export function chooseLanguage(saved, preferred) {
  for (const tag of [saved, ...(preferred || [])]) {
    const lang = matchLanguage(tag);
    if (lang) return lang;
  }
  return "en";
}

/** The language this page should speak: ?lang=, the saved setting (`saved`), the browser. */
export function wantedLanguage(saved) {
  const asked = new URLSearchParams(location.search).get("lang");
  return chooseLanguage(matchLanguage(asked) || saved, navigator.languages || [navigator.language]);
}

// A catalogue that does not come in time must not hold the page: after this long it starts without.
const CATALOGUE_WAIT = 10_000; // ms
// The only words the page carries itself, for when no catalogue loaded, English's included: the
// notice that says so and its buttons, and the cards' letters (the notation's, with 10 for T), so
// that the hand can still be read. The shell's own English (index.html) stays as it is then; the
// other words the page makes show their keys.
const BUILT_IN = {
  "notices.words_none": "The game's words could not be loaded ({why}). Reload the page to try again.",
  "notices.reload": "Reload",
  "notices.ok": "OK",
  ...Object.fromEntries([..."A23456789TJQK"].map((r) => [`card.rank.short.${r}`, r === "T" ? "10" : r])),
};
let builtIn = false;

let settle;
/** Settled once the page's catalogue is in, or given up (for what may come before it: the engine's boot). */
export const languageLoaded = new Promise((resolve) => { settle = resolve; });

/** A catalogue (locales/<file>.json), or an error whose `said` words why not ({key, args}) and
 * whose message says it in plain English, for when no catalogue can word it. */
async function fetchCatalogue(file) {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), CATALOGUE_WAIT);
  const failed = (english, key, args = {}) => Object.assign(
    new Error(`locales/${file}.json: ${english}`), { said: { key, args: { file: `locales/${file}.json`, ...args } } });
  try {
    const response = await fetch(`locales/${file}.json`, { signal: abort.signal });
    if (!response.ok) throw failed(`HTTP ${response.status}`, "notices.words_http", { status: String(response.status) });
    const loaded = await response.json();
    if (!loaded || typeof loaded !== "object") throw new Error("not a catalogue");
    return loaded;
  } catch (err) {
    if (err.said) throw err;
    const seconds = CATALOGUE_WAIT / 1000;
    if (abort.signal.aborted) throw failed(`no answer in ${seconds} s`, "notices.words_timeout", { seconds });
    throw failed(err.message || String(err), "notices.words_failed");
  } finally {
    clearTimeout(timer);
  }
}

function useCatalogue(lang, loaded) {
  messages = lang === PSEUDO ? pseudoCatalogue(loaded) : loaded;
  language = lang;
  const intlLang = lang === PSEUDO ? "en" : lang;
  plurals = new Intl.PluralRules(intlLang);
  numbers = new Intl.NumberFormat(intlLang);
  percents = new Intl.NumberFormat(intlLang, { style: "percent", maximumFractionDigits: 0 });
  document.documentElement.lang = intlLang;
}

/** Loads a language's catalogue (the pseudo-locale is made from English) and makes it current.
 * One that fails or takes too long gives way to English, and English to the built-in notice:
 * resolves to {language, trouble}, `trouble` the sentence that says so ("" when all went well). */
export async function loadLanguage(lang) {
  try {
    try {
      useCatalogue(lang, await fetchCatalogue(lang === PSEUDO ? "en" : lang));
      return { language: lang, trouble: "" };
    } catch (err) {
      if (lang === "en" || lang === PSEUDO) throw err;
      console.warn("catalogue:", err.message);
      useCatalogue("en", await fetchCatalogue("en"));
      return { language: "en", trouble: t("notices.words_fallback", { language: t(`language.${lang}`), why: { msg: err.said } }) };
    }
  } catch (err) {
    console.warn("catalogue:", err.message);
    useCatalogue("en", BUILT_IN);
    builtIn = true;
    return { language: "en", trouble: t("notices.words_none", { why: err.message }) };
  } finally {
    settle();
  }
}

/** A message by key with its arguments (see gin/i18n.py for the kinds of argument). */
export function t(key, args = {}) {
  let entry = messages[key];
  if (entry === undefined) return key; // a missing message shows its key: the tests look for those
  if (typeof entry === "object") {
    const n = Number(args.n);
    entry = entry[plurals.select(n)] ?? entry.other;
  }
  return entry.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name) =>
    name in args ? wordArg(args[name]) : whole);
}

/** A message the engine sent, {key, args}, in words. */
export function said(message) {
  return message && message.key ? t(message.key, message.args || {}) : "";
}

function wordArg(value) {
  if (typeof value === "number") return numbers.format(value);
  if (value && typeof value === "object") {
    if ("msg" in value) return said(value.msg);
    if ("card" in value) return cardFace(value.card);
    if ("suit" in value) return t(`card.suit.${value.suit}`);
    if ("rank" in value) return t(`card.rank.name.${value.rank}`);
    if ("percent" in value) return formatPercent(value.percent);
  }
  return String(value);
}

/** A whole number or decimal in the page's language. */
export function formatNumber(n) {
  return numbers.format(n);
}

/** A share (0..1) as a whole percentage in the page's language: "46%", "46 %". */
export function formatPercent(share) {
  return percents.format(share);
}

/** A date (a Date or a time in ms) in the page's language. */
export function formatDate(when, options = { dateStyle: "medium" }) {
  return new Intl.DateTimeFormat(language === PSEUDO ? "en" : language, options).format(new Date(when));
}

/** A calendar day kept as "2026-11-30" (a UTC day, as the statistics keep them), shown as that
 * day in the page's language. */
export function formatDay(day) {
  return formatDate(day, { dateStyle: "medium", timeZone: "UTC" });
}

/** A card's rank as its face shows it in this language: "Q" in English, "D" in German. */
export function rankFace(code) {
  return t(`card.rank.short.${code[0]}`);
}

/** "QH" -> "Q♥" (its face in this language's letters). */
export function cardFace(code) {
  return rankFace(code) + SUIT_SYMBOLS[code[1]];
}

/** "QH" -> "queen of hearts", "Herz-Dame", … */
export function cardFullName(code) {
  return t("card.full", { rank: { rank: code[0] }, suit: { suit: code[1] } });
}

/** Fills the marked elements under root with their messages (with no catalogue, the page's
 * own English stays). */
export function localize(root = document) {
  if (builtIn) return;
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of node.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split("=").map((s) => s.trim());
      if (attr && key) node.setAttribute(attr, t(key));
    }
  }
}

// The pseudo-locale: each message's own words accented, each word stretched by 40%, the whole
// wrapped in ⟦ ⟧, its {arguments} kept. Card letters stay as they are: they are symbols on a face.
const ACCENTS = { a: "á", e: "é", i: "í", o: "ö", u: "ü", A: "Å", E: "É", I: "Í", O: "Ö", U: "Ü", c: "ç", n: "ñ" };

function pseudoText(text) {
  const stretched = text.split(/(\{[A-Za-z_][A-Za-z0-9_]*\})/).map((part, i) => i % 2 ? part : part
    .replace(/[aeiouAEIOUcn]/g, (ch) => ACCENTS[ch])
    .replace(/\S+/g, (word) => word + "~".repeat(Math.ceil(word.length * 0.4))));
  return `⟦${stretched.join("")}⟧`;
}

function pseudoCatalogue(english) {
  const out = {};
  for (const [key, entry] of Object.entries(english)) {
    if (key.startsWith("card.rank.short.")) out[key] = entry;
    else if (typeof entry === "string") out[key] = pseudoText(entry);
    else out[key] = Object.fromEntries(Object.entries(entry).map(([k, v]) => [k, pseudoText(v)]));
  }
  return out;
}

/** An action in notation with its cards in display form: "discard 7H" -> "discard 7♥". */
export function prettyText(text) {
  return text.replace(/\b([A2-9TJQK])([CDHS])\b/g, (_, rank, suit) => cardFace(rank + suit));
}
