// The player's rating in the statistics: the latest, its 95% interval while matches are few, and
// a chart of its history (every figure as the engine's "rate" op gave it: web/rating.js).
import { drawChart } from "./chart.js";

// Below this many rated matches the interval is wide enough to be worth saying in words.
const FEW = 20;
const whole = (x) => String(Math.round(x));
let stopChart = null; // the chart drawn last time, redrawn with its box until replaced

function el(tag, props = {}) {
  return Object.assign(document.createElement(tag), props);
}

/** The rating's sentence: the rating, its interval while matches are few, how many matches. */
export function ratingWords(r) {
  const span = r.matches < FEW ? ` (95% interval ${whole(r.low)} to ${whole(r.high)})` : "";
  return `${whole(r.rating)}${span} after ${r.matches} rated match${r.matches === 1 ? "" : "es"}`;
}

/** Write the rating part of the statistics into `box` from `history` (web/stats.js). */
export function showRating(box, history) {
  if (stopChart) stopChart();
  stopChart = null;
  const head = el("h3", { textContent: "Your rating" });
  if (!history.length) {
    box.replaceChildren(head, el("p", { className: "small", textContent: "Finish a match to get your rating." }));
    return;
  }
  const last = history[history.length - 1];
  const line = el("p", { id: "stats-rating-now", textContent: `${ratingWords(last)}.` });
  const chart = el("div", { id: "stats-rating-chart" });
  box.replaceChildren(head, line, chart);
  stopChart = drawChart(chart, {
    title: "Your rating after each match",
    desc: `From ${whole(history[0].rating)} after your first rated match to ${whole(last.rating)} now; ` +
      "the band is its 95% interval.",
    xLabel: "Match", yLabel: "Rating", yFormat: whole,
    series: [{ name: "Rating", points: history.map((r, i) => ({ x: i + 1, y: r.rating, lo: r.low, hi: r.high })) }],
  });
}
