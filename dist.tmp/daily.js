// The daily deal: one seeded match per UTC day, the same for everyone, and links that open a
// given deal or seed. The seed is the engine's gin.match.daily_seed form, "daily-YYYY-MM-DD"
// (a browser test checks the two agree); a daily always plays the Standard rules, so that
// everyone's deal of the day is the same match.
import { $ } from "./render.js";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in UTC, "YYYY-MM-DD". */
export function todayUTC() {
  return new Date().toISOString().slice(0, 10);
}

export function dailySeed(date) {
  return `daily-${date}`;
}

/** The date of a daily seed, or null for any other seed. */
export function dailyDate(seed) {
  const m = /^daily-(\d{4}-\d{2}-\d{2})$/.exec(seed || "");
  return m && validDate(m[1]) ? m[1] : null;
}

export function validDate(text) {
  if (!DATE.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** What a link asks for: ?daily=YYYY-MM-DD (or ?daily=today), else ?seed=TEXT. Null without
 * either; {seed, what} (the seed and the link's match in words); or {error} for a date that is
 * not one, or a day still to come (in UTC). */
export function linkRequest(params) {
  if (params.has("daily")) {
    const asked = params.get("daily");
    const date = asked === "today" ? todayUTC() : asked;
    if (!validDate(date)) {
      return { error: `The link asks for the daily deal of “${asked}”, which is not a date: ` +
        "a daily link gives a day as YYYY-MM-DD, or “today”. Pick a deal here." };
    }
    if (date > todayUTC()) {
      return { error: `The daily deal of ${date} is not out yet: today is ${todayUTC()} (UTC). ` +
        "Play today's deal, or a past one." };
    }
    return { seed: dailySeed(date), what: `This link opens the daily deal of ${date}.` };
  }
  const seed = params.get("seed");
  if (seed && seed.length > 200) return { error: "The link's seed is longer than 200 characters." };
  return seed ? { seed, what: `This link opens the match of seed “${seed}”.` } : null;
}

/** A link to this page that opens the given seed (a daily as ?daily=DATE). */
export function linkTo(seed) {
  const url = new URL(location.pathname, location.href);
  const date = dailyDate(seed);
  url.searchParams.set(date ? "daily" : "seed", date || seed);
  return url.href;
}

function resultText(match) {
  if (!match) return "not played";
  if (!match.finished) return `in progress, ${match.hands.length} hand${match.hands.length === 1 ? "" : "s"} played`;
  const me = match.seat;
  const [mine, theirs] = [match.totals[me], match.totals[1 - me]];
  return match.winner === me ? `won ${mine} to ${theirs}` : `lost ${mine} to ${theirs}`;
}

/**
 * Wire the daily dialog. `matches()` gives the statistics' match records, `seed()` the seed of
 * the match on the table, `newMatch(seed)` starts a match (asking first when one is in
 * progress), `replay(save)` steps through one. Returns `open(note)`, which opens the panel
 * with a note (a link that could not be followed).
 */
export function wireDaily({ openDialog, matches, seed, newMatch, replay }) {
  const fill = () => {
    const today = todayUTC();
    const byDate = new Map();
    for (const m of matches()) if (m.daily) byDate.set(m.daily, m); // the latest try of each day
    $("daily-today").textContent = `Today (${today}, UTC): ${resultText(byDate.get(today))}.`;
    $("daily-link").value = linkTo(dailySeed(today));
    $("match-link").value = seed() ? linkTo(seed()) : "";
    const past = [...byDate.values()].filter((m) => m.daily !== today).sort((a, b) => (a.daily < b.daily ? 1 : -1));
    const list = $("daily-list");
    list.replaceChildren(...past.map((m) => {
      const li = document.createElement("li");
      li.append(`${m.daily}: ${resultText(m)} `);
      if (m.save) {
        const btn = document.createElement("button");
        btn.type = "button";
        btn.className = "ghost";
        btn.textContent = "Replay";
        btn.setAttribute("aria-label", `Replay the daily deal of ${m.daily}`);
        btn.addEventListener("click", () => replay(m.save));
        li.append(btn);
      }
      return li;
    }));
    $("daily-none").hidden = past.length > 0;
  };
  const open = (note = "") => {
    fill();
    $("seed-note").textContent = note;
    openDialog("dlg-daily");
  };
  $("btn-daily").addEventListener("click", () => open());
  $("daily-play").addEventListener("click", () => newMatch(dailySeed(todayUTC())));
  $("seed-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("seed-input").value.trim();
    const seed = /^\d{4}-\d{2}-\d{2}$/.test(text) ? (validDate(text) ? dailySeed(text) : null) : text;
    if (!seed || seed.length > 200) {
      $("seed-note").textContent = "Give a seed of 1 to 200 characters, or a date as YYYY-MM-DD.";
      return;
    }
    if (dailyDate(seed) && dailyDate(seed) > todayUTC()) {
      $("seed-note").textContent = `The daily deal of ${dailyDate(seed)} is not out yet: today is ${todayUTC()} (UTC).`;
      return;
    }
    newMatch(seed);
  });
  return open;
}
