// The statistics of matches between friends on this device (web/friends/friend.js): kept apart from the
// player's own (the store's `friends` list, recorded and checked by web/record/stats.js) and shown in a
// section of their own, one table per pair of names. Like every other figure, these are summed
// from the list of matches each time the panel opens.
import { formatDay, formatNumber, t } from "../words/i18n.js";

const GINS = new Set(["gin", "big_gin"]);

/** A name as the statistics tell people apart: "Ana" and "ana" are one person (as the names
 * dialog says, web/friends/friend.js). */
export const nameKey = (name) => name.toLocaleLowerCase("en");

/** Each pair of names' figures, the pair played last first: {names, matches, wins, hands, gins,
 * best, last}; `names` as spelled (and seated) in their last match, `wins` and `gins` in that
 * order, `best` the highest final total of a finished match ({score, name, date}) or null, and
 * `last` the day their last match began. */
export function friendPairs(list) {
  const pairs = new Map();
  for (const m of list) {
    const key = m.names.map(nameKey).sort().join("\n");
    const pair = pairs.get(key) || { names: m.names, matches: 0, wins: {}, hands: 0, gins: {}, best: null, last: "" };
    pairs.set(key, pair);
    if (m.started >= pair.last) {
      pair.last = m.started;
      pair.names = m.names;
    }
    const count = (tally, seat) => {
      const who = nameKey(m.names[seat]);
      tally[who] = (tally[who] || 0) + 1;
    };
    pair.hands += m.hands.length;
    for (const h of m.hands) if (GINS.has(h.kind)) count(pair.gins, h.knocker);
    if (!m.finished) continue;
    pair.matches += 1;
    count(pair.wins, m.winner);
    const top = m.totals[1 - m.winner] > m.totals[m.winner] ? 1 - m.winner : m.winner; // (no game bonus)
    const score = m.totals[top];
    if (!pair.best || score > pair.best.score) pair.best = { score, name: m.names[top], date: m.started.slice(0, 10) };
  }
  const bySeat = (tally, names) => names.map((n) => tally[nameKey(n)] || 0);
  return [...pairs.values()]
    .sort((a, b) => (a.last < b.last ? 1 : a.last > b.last ? -1 : 0))
    .map((p) => ({ ...p, wins: bySeat(p.wins, p.names), gins: bySeat(p.gins, p.names), last: p.last.slice(0, 10) }));
}

function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function pairTable(p) {
  const [first, second] = p.names;
  const each = ([a, b]) => t("stats.friends.each", { first, a, second, b });
  const rows = [
    ["stats.friends.matches", formatNumber(p.matches)],
    ["stats.row.matchesWon", each(p.wins)],
    ["stats.friends.hands", formatNumber(p.hands)],
    ["stats.row.gins", each(p.gins)],
    ["stats.friends.best",
      p.best ? t("stats.friends.bestValue", { ...p.best, date: formatDay(p.best.date) }) : t("stats.value.none")],
    ["stats.friends.last", t("stats.friends.lastValue", { date: formatDay(p.last) })],
  ];
  return el("table", { className: "stats stats-pair" },
    el("caption", { textContent: t("stats.friends.pair", { first, second }) }),
    el("tbody", {}, ...rows.map(([key, value]) => el("tr", {},
      el("th", { scope: "row", textContent: t(key) }), el("td", { textContent: value })))));
}

/** Write the friends' section of the statistics into `box` from the store's `friends` list;
 * hidden while there is none. */
export function showFriends(box, list) {
  box.hidden = list.length === 0;
  if (box.hidden) return void box.replaceChildren();
  box.replaceChildren(
    el("h3", { textContent: t("stats.friends.heading") }),
    el("p", { className: "small", textContent: t("stats.friends.apart") }),
    ...friendPairs(list).map(pairTable),
  );
}
