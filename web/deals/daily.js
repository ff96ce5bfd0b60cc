// The daily deal: one seeded match per UTC day, the same for everyone, and links that open a
// given deal or seed. The seed is the engine's gin.match.daily_seed form, "daily-YYYY-MM-DD"
// (a browser test checks the two agree); a daily always plays the Standard rules, so that
// everyone's deal of the day is the same match.
import { $ } from "../table/dom.js";
import { formatDay, t } from "../words/i18n.js";
import { wireLinkButtons } from "./share.js";

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
      return { error: t("table.daily_not_a_date", { asked }) };
    }
    if (date > todayUTC()) {
      return { error: t("table.daily_not_out_pick", { date: formatDay(date), today: formatDay(todayUTC()) }) };
    }
    return { seed: dailySeed(date), what: t("table.link_daily", { date: formatDay(date) }) };
  }
  const seed = params.get("seed");
  if (seed && seed.length > 200) return { error: t("table.link_seed_long", { n: 200 }) };
  return seed ? { seed, what: t("table.link_seed", { seed }) } : null;
}

/** A link to this page that opens the given seed (a daily as ?daily=DATE). */
export function linkTo(seed) {
  const url = new URL(location.pathname, location.href);
  const date = dailyDate(seed);
  url.searchParams.set(date ? "daily" : "seed", date || seed);
  return url.href;
}

/** The link to the match on the table, or "" while it would give away what is hidden: a seed
 * deals every deck of its match (stock order and both hands, docs/fairness.md), so its link is
 * given once the match is `over`. A daily's seed is public (everyone plays it): its link always. */
export function matchLink(seed, over) {
  return seed && (over || dailyDate(seed)) ? linkTo(seed) : "";
}

function resultText(match) {
  if (!match) return t("table.daily_not_played");
  if (!match.finished) return t("table.daily_in_progress", { n: match.hands.length });
  const me = match.seat;
  const [mine, theirs] = [match.totals[me], match.totals[1 - me]];
  return t(match.winner === me ? "table.daily_won" : "table.daily_lost", { mine, theirs });
}

/**
 * Wire the daily dialog. `matches()` gives the statistics' match records, `seed()` the seed of
 * the match on the table, `over()` whether that match has ended, `newMatch(seed)` starts a match (asking first when one is in
 * progress), `replay(save)` steps through one. Returns `open(note)`, which opens the panel
 * with a note (a link that could not be followed).
 */
export function wireDaily({ openDialog, matches, seed, over, newMatch, replay }) {
  const linksFilled = wireLinkButtons($("dlg-daily"), $("link-note"));
  const fill = () => {
    const today = todayUTC();
    const byDate = new Map();
    for (const m of matches()) if (m.daily) byDate.set(m.daily, m); // the latest try of each day
    $("daily-today").textContent = t("table.daily_today", { date: formatDay(today), result: resultText(byDate.get(today)) });
    $("daily-link").value = linkTo(dailySeed(today));
    const link = matchLink(seed(), over());
    $("match-link").value = link;
    $("match-link-row").hidden = !link;
    $("match-link-later").hidden = !!link;
    linksFilled();
    const past = [...byDate.values()].filter((m) => m.daily !== today).sort((a, b) => (a.daily < b.daily ? 1 : -1));
    const list = $("daily-list");
    list.replaceChildren(...past.map((m) => {
      const li = document.createElement("li");
      li.append(t("table.daily_past_line", { date: formatDay(m.daily), result: resultText(m) }), " ");
      if (m.save) {
        const btn = document.createElement("button");
        btn.type = "button";
        btn.className = "ghost";
        btn.textContent = t("table.replay");
        btn.setAttribute("aria-label", t("table.daily_replay", { date: formatDay(m.daily) }));
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
      $("seed-note").textContent = t("table.seed_give", { n: 200 });
      return;
    }
    if (dailyDate(seed) && dailyDate(seed) > todayUTC()) {
      $("seed-note").textContent = t("table.daily_not_out", { date: formatDay(dailyDate(seed)), today: formatDay(todayUTC()) });
      return;
    }
    newMatch(seed);
  });
  return open;
}
