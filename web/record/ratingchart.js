// The player's rating in the statistics: the latest, in plain words (about so much, still settling,
// until the engine calls it settled), and a chart of its history (every figure as the engine's "rate" op gave it: web/record/rating.js).
import { drawChart } from "./chart.js";
import { t } from "../words/i18n.js";

// A rating is written as one whole number, with no thousands separator (as chess ratings are).
const whole = (x) => String(Math.round(x));
let stopChart = null; // the chart drawn last time, redrawn with its box until replaced

function el(tag, props = {}) {
  return Object.assign(document.createElement(tag), props);
}

/** The rating's sentence: the rating ("about" it while its interval is wide: the engine's
 * `settled`, gin/ai/ratings/elo.py), how many matches. */
export function ratingWords(r) {
  const args = { rating: whole(r.rating), n: r.matches };
  return t(r.settled ? "rating.words.plain" : "rating.words.settling", args);
}

/** Write the rating part of the statistics into `box` from `history` (web/record/stats.js). */
export function showRating(box, history) {
  if (stopChart) stopChart();
  stopChart = null;
  const head = el("h3", { textContent: t("rating.heading") });
  if (!history.length) {
    box.replaceChildren(head, el("p", { className: "small", textContent: t("rating.none") }));
    return;
  }
  const last = history[history.length - 1];
  const line = el("p", { id: "stats-rating-now", textContent: t("rating.sentence", { words: ratingWords(last) }) });
  const chart = el("div", { id: "stats-rating-chart" });
  box.replaceChildren(head, line, chart);
  stopChart = drawChart(chart, {
    title: t("rating.chart.title"),
    desc: t("rating.chart.desc", { first: whole(history[0].rating), now: whole(last.rating) }),
    xLabel: t("rating.chart.x"), yLabel: t("rating.chart.y"), yFormat: whole,
    series: [{ name: t("rating.chart.y"), points: history.map((r, i) => ({ x: i + 1, y: r.rating, lo: r.low, hi: r.high })) }],
  });
}
