// The help page: every paragraph from the catalogue (gin/locales/<language>/help.json), and its
// lists of keys drawn from the one list the game itself uses (words/keys.js).
import { REPLAY_KEYS, TABLE_KEYS, keyRows } from "./words/keys.js";
import { loadLanguage, localize, wantedLanguage } from "./words/i18n.js";
import { loadSettings } from "./store/storage.js";

const words = await loadLanguage(wantedLanguage(loadSettings().language));
localize();
if (words.trouble) { // a catalogue that did not load: said above the page's words
  const notice = Object.assign(document.createElement("p"), { textContent: words.trouble });
  notice.setAttribute("role", "alert");
  notice.dataset.notice = "words";
  document.querySelector("main").prepend(notice);
}

document.getElementById("help-keys").replaceChildren(...keyRows(TABLE_KEYS));
document.getElementById("help-replay-keys").replaceChildren(...keyRows(REPLAY_KEYS));
// A link to a section (help.html#fair) arrived before its words: go there now that they are in.
if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
document.documentElement.dataset.ready = "1"; // its words are in (the tests wait for this, as on the table)
