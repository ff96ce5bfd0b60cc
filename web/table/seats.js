// The seats' names as the player reads them. The engine keeps the names it was given (a save
// holds them); its default names, "You", "Computer" and "Opponent" (gin/view.py NAME_MESSAGES),
// are worded in the page's language here, and any other name (a friend's) shows as typed.
import { t } from "../words/i18n.js";

const DEFAULT_NAMES = { You: "view.name.you", Computer: "view.name.computer", Opponent: "view.name.opponent" };

/** A name as shown: a default name in the page's language, any other as it is. */
export function shownName(name) {
  return DEFAULT_NAMES[name] ? t(DEFAULT_NAMES[name]) : name;
}

/** Both seats' names as shown, indexed by seat. */
export function seatNames(view) {
  return view.names.map(shownName);
}

/** Whether the words address this seat as "you" (the player's own default name). */
export function isYou(names, seat) {
  return names[seat] === "You";
}
