// The player's rating after each finished match, and the opponent suggested for the next one.
// The engine rates (its "rate" op: Glicko's update against the opponent's ladder rating, and the
// opponent to play next: one level from this one until the rating settles, then the nearest); the page keeps each match's figures with that match in the
// statistics (web/record/stats.js), so the rating's history is the list of matches. Matches finished
// before the page rated them are rated too, oldest first.
import { $ } from "../table/dom.js";
import { loadStats, storeRatings } from "./stats.js";
import { ratingWords } from "./ratingchart.js";
import { writeSettings } from "../store/storage.js";
import { opponentLabel, opponentRequest } from "../settings/settings.js";
import { t } from "../words/i18n.js";

function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/**
 * Wire the match-end rating. `call(request)` asks the engine; `ui.settings` names the opponent of
 * the next match; `newMatch()` starts one. Returns `viewed(view)`, for every view the table shows.
 */
export function wireRatings({ call, ui, newMatch }) {
  let queue = Promise.resolve();
  let seen = null; // the last match-end view handled
  let listed = null; // the engine's opponents, asked once

  // Rate every finished match not yet rated, in order; the last reply (with its suggestion).
  async function rateUnrated() {
    let player = null;
    let last = null;
    const rated = {};
    for (const m of loadStats().matches) {
      if (!m.finished) continue;
      if (m.rating) {
        player = m.rating;
        continue;
      }
      const score = m.winner === m.seat ? 1 : 0;
      const reply = await call({ op: "rate", player, opponent: m.opponent, score });
      if (!reply.ok) continue; // an opponent this engine does not know: that match stays unrated
      player = reply.player;
      rated[m.id] = player;
      last = { id: m.id, suggest: reply.suggest };
    }
    storeRatings(rated);
    return last;
  }

  async function show(last) {
    const box = $("match-rating");
    const store = loadStats();
    const match = store.matches.find((m) => m.id === store.current);
    if (!match || !match.rating) return void box.replaceChildren();
    const parts = [el("p", { id: "match-rating-now" }, t("rating.yours", { words: ratingWords(match.rating) }))];
    // Rated on an earlier visit (the page was reloaded at the match end): ask again from the rating kept.
    const name = last && last.id === match.id ? last.suggest
      : await call({ op: "suggest", player: match.rating, opponent: match.opponent }).then((reply) => (reply.ok ? reply.suggest : null));
    if (name) {
      listed ||= call({ op: "opponents" }).then((reply) => (reply.ok ? reply.opponents : []));
      const entry = (await listed).find((o) => o.name === name);
      const rated = entry && Number.isFinite(entry.rating);
      const args = { name: opponentLabel(name), rating: rated ? String(entry.rating) : "" };
      if (name === opponentRequest(ui.settings).opponent) {
        parts.push(el("p", { id: "match-suggest" }, t(rated ? "rating.suggest.sameRated" : "rating.suggest.same", args)));
      } else {
        const play = el("button", { type: "button", className: "ghost", id: "match-suggest-play",
          textContent: t("rating.suggest.play", args) });
        play.addEventListener("click", () => {
          ui.settings = { ...ui.settings, opponent: name };
          writeSettings(ui.settings);
          newMatch();
        });
        parts.push(el("p", { id: "match-suggest" }, t(rated ? "rating.suggest.otherRated" : "rating.suggest.other", args), " ", play));
      }
    }
    box.replaceChildren(...parts);
  }

  return function viewed(view) {
    if (view.phase !== "match_over") {
      if (seen) $("match-rating").replaceChildren(); // a new match: the last one's words go
      seen = null;
      return;
    }
    if (seen === view) return;
    seen = view;
    queue = queue.then(rateUnrated).then(show).catch((err) => console.warn("rating:", err));
  };
}
