// The help page's lists of keys, drawn from the one list the game itself uses (keys.js).
import { REPLAY_KEYS, TABLE_KEYS, keyRows } from "./keys.js";
import { loadLanguage, localize } from "./i18n.js";

await loadLanguage();
localize();

document.getElementById("help-keys").replaceChildren(...keyRows(TABLE_KEYS));
document.getElementById("help-replay-keys").replaceChildren(...keyRows(REPLAY_KEYS));
