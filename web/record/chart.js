// A small line chart drawn as SVG by the page (no library), for figures over matches: a rating
// with its 95% interval, an accuracy, a luck measure.
//
//   drawChart(box, {
//     title: "Your rating",                  // required: the chart's name (SVG <title>, table caption)
//     desc: "Rises from 1500 to 1580 ...",   // optional: one sentence said before the table
//     xLabel: "Match", yLabel: "Rating",     // optional axis names
//     xFormat: (x) => String(x),             // optional: x as text (ticks, table); e.g. a date from ms
//     yFormat: (y) => y.toFixed(0),          // optional: y as text
//     yMin, yMax,                            // optional: the y range is widened to include them
//     height: 180,                           // optional: pixels; else from the width (140 to 260)
//     series: [{
//       name: "Rating",                      // said in the legend (when several series) and table
//       color: "#0f5132",                    // optional; else from a palette
//       points: [{ x: 1, y: 1512, lo: 1300, hi: 1724 }, ...],  // x and y numbers; lo/hi optional
//     }, ...],                               // a series whose points carry lo and hi gets a band
//   });
//
// x is any number (a match number, or a time in ms with an xFormat that prints a date). The chart
// fills the box's width and is drawn again when that width changes, so its text keeps its size at
// every screen size. For those who cannot see it, the SVG is an image named by the title and desc,
// and a visually hidden table beside it gives every point (and interval) as text.
// Returns a function that stops the redrawing (for a box that is about to be thrown away).

import { formatNumber, t } from "../words/i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const PALETTE = ["#0f5132", "#b0521d", "#2b5ea8", "#7a3f9d"];
const FONT = 12;
const PAD = { top: 10, right: 12, bottom: 34, left: 46 }; // room for tick labels and the x axis name
const Y_NAME = 16; // more room on the left for the y axis name
const number = (v) => formatNumber(+v.toPrecision(4));
let ids = 0;

function el(name, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== null) node.textContent = text;
  return node;
}

/** About `count` round tick values within lo..hi (steps of 1, 2 or 5 times a power of ten);
 * with `outward`, from the round value at or below lo to the one at or above hi, so that every
 * value drawn lies between two labelled ticks (a luck of -13 is not read as the axis's -10). */
export function ticks(lo, hi, count, outward = false) {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
  const out = [];
  const first = (outward ? Math.floor(lo / step + 1e-9) : Math.ceil(lo / step)) * step;
  const last = outward ? Math.ceil(hi / step - 1e-9) * step : hi;
  for (let v = first; v <= last + step * 1e-9; v += step) out.push(+v.toPrecision(12));
  return out;
}

function extent(values) {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) if (Number.isFinite(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
  return lo <= hi ? [lo, hi] : [0, 1];
}

function checkSpec(spec) {
  if (!spec || typeof spec.title !== "string" || !Array.isArray(spec.series)) {
    throw new TypeError("drawChart needs {title: string, series: [...]}");
  }
  for (const s of spec.series) {
    if (!Array.isArray(s.points) || s.points.some((p) => !Number.isFinite(p.x) || !Number.isFinite(p.y))) {
      throw new TypeError(`chart series "${s.name}": every point needs numeric x and y`);
    }
  }
}

function draw(spec, width) {
  const fx = spec.xFormat || number;
  const fy = spec.yFormat || number;
  const left = PAD.left + (spec.yLabel ? Y_NAME : 0);
  const height = spec.height || Math.round(Math.min(260, Math.max(140, width * 0.45)));
  const points = spec.series.flatMap((s) => s.points);
  let [x0, x1] = extent(points.map((p) => p.x));
  let [y0, y1] = extent([...points.flatMap((p) => [p.y, p.lo, p.hi]), spec.yMin, spec.yMax]);
  if (x0 === x1) { x0 -= 1; x1 += 1; }
  if (y0 === y1) { y0 -= 1; y1 += 1; }
  const yt = ticks(y0, y1, Math.max(2, Math.floor((height - PAD.top - PAD.bottom) / 40)), true);
  y0 = Math.min(y0, yt[0]);
  y1 = Math.max(y1, yt[yt.length - 1]);
  const w = Math.max(40, width - left - PAD.right);
  const h = Math.max(40, height - PAD.top - PAD.bottom);
  const sx = (x) => left + ((x - x0) / (x1 - x0)) * w;
  const sy = (y) => PAD.top + h - ((y - y0) / (y1 - y0)) * h;

  const id = `chart-${++ids}`;
  const svg = el("svg", { width, height, viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-labelledby": `${id}-t ${id}-d`, "font-size": FONT, "font-family": "system-ui, sans-serif" });
  // Through the CSSOM: the page's CSP refuses a style attribute, not a property set by script.
  Object.assign(svg.style, { display: "block", maxWidth: "100%" });
  svg.append(el("title", { id: `${id}-t` }, spec.title),
    el("desc", { id: `${id}-d` }, spec.desc || t("stats.chart.series", { n: spec.series.length, points: points.length })));

  // Grid and y ticks; x ticks at whole numbers when the x values are whole (match numbers).
  for (const v of yt) {
    svg.append(el("line", { x1: left, x2: left + w, y1: sy(v), y2: sy(v), stroke: "#0002" }),
      el("text", { x: left - 6, y: sy(v) + FONT / 3, "text-anchor": "end", fill: "currentColor" }, fy(v)));
  }
  const whole = points.every((p) => Number.isInteger(p.x));
  const xt = ticks(x0, x1, Math.max(2, Math.floor(w / 70))).filter((v) => !whole || Number.isInteger(v));
  for (const v of xt) {
    svg.append(el("text", { x: sx(v), y: PAD.top + h + FONT + 4, "text-anchor": "middle", fill: "currentColor" }, fx(v)));
  }
  svg.append(el("line", { x1: left, x2: left + w, y1: PAD.top + h, y2: PAD.top + h, stroke: "currentColor" }),
    el("line", { x1: left, x2: left, y1: PAD.top, y2: PAD.top + h, stroke: "currentColor" }));
  if (spec.xLabel) {
    svg.append(el("text", { x: left + w / 2, y: height - 4, "text-anchor": "middle", fill: "currentColor" }, spec.xLabel));
  }
  if (spec.yLabel) {
    const y = PAD.top + h / 2;
    svg.append(el("text", { x: 14, y, transform: `rotate(-90 14 ${y})`, "text-anchor": "middle", fill: "currentColor" }, spec.yLabel));
  }

  spec.series.forEach((s, i) => {
    const color = s.color || PALETTE[i % PALETTE.length];
    const pts = [...s.points].sort((a, b) => a.x - b.x);
    const banded = pts.filter((p) => Number.isFinite(p.lo) && Number.isFinite(p.hi));
    if (banded.length === 1) { // one point has no band to fill: its interval as a bar
      const [p] = banded;
      svg.append(el("line", { x1: sx(p.x), x2: sx(p.x), y1: sy(p.hi), y2: sy(p.lo), stroke: color,
        "stroke-opacity": 0.3, "stroke-width": 10, "stroke-linecap": "round" }));
    } else if (banded.length) {
      const top = banded.map((p) => `${sx(p.x)},${sy(p.hi)}`);
      const bottom = banded.map((p) => `${sx(p.x)},${sy(p.lo)}`).reverse();
      svg.append(el("polygon", { points: [...top, ...bottom].join(" "), fill: color, "fill-opacity": 0.15 }));
    }
    svg.append(el("polyline", { points: pts.map((p) => `${sx(p.x)},${sy(p.y)}`).join(" "),
      fill: "none", stroke: color, "stroke-width": 2, "stroke-linejoin": "round" }));
    if (pts.length <= 40) {
      for (const p of pts) svg.append(el("circle", { cx: sx(p.x), cy: sy(p.y), r: 2.5, fill: color }));
    }
    if (spec.series.length > 1) {
      const x = left + 8 + i * Math.min(120, w / spec.series.length);
      svg.append(el("rect", { x, y: PAD.top + 2, width: 10, height: 10, fill: color }),
        el("text", { x: x + 14, y: PAD.top + 11, fill: "currentColor" }, s.name));
    }
  });
  return svg;
}

// Every point as text, for screen readers (the SVG's shapes say nothing to them).
function table(spec) {
  const fx = spec.xFormat || number;
  const fy = spec.yFormat || number;
  const tab = document.createElement("table");
  tab.createCaption().textContent = spec.desc ? t("stats.chart.caption", { title: spec.title, desc: spec.desc }) : spec.title;
  const head = tab.createTHead().insertRow();
  for (const text of [spec.xLabel || t("stats.chart.x"), ...spec.series.map((s) => s.name)]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = text;
    head.append(th);
  }
  const xs = [...new Set(spec.series.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b);
  const body = tab.createTBody();
  for (const x of xs) {
    const row = body.insertRow();
    row.insertCell().textContent = fx(x);
    for (const s of spec.series) {
      const p = s.points.find((q) => q.x === x);
      const banded = p && Number.isFinite(p.lo) && Number.isFinite(p.hi);
      row.insertCell().textContent = !p ? "" : banded
        ? t("stats.chart.range", { value: fy(p.y), lo: fy(p.lo), hi: fy(p.hi) }) : fy(p.y);
    }
  }
  // Hidden by a box around it: a table is never narrower than its cells, whatever its own width.
  const hidden = document.createElement("div");
  hidden.className = "sr-only";
  hidden.append(tab);
  return hidden;
}

/** Draws `spec` (see the header) into `box`, replacing what it held; returns a stop function. */
export function drawChart(box, spec) {
  checkSpec(spec);
  let drawn = -1;
  const render = () => {
    const width = Math.floor(box.clientWidth);
    if (width <= 0 || width === drawn) return; // hidden (closed dialog) or unchanged
    drawn = width;
    box.querySelector(":scope > svg")?.remove();
    box.prepend(draw(spec, width));
  };
  box.replaceChildren(table(spec));
  box.classList.add("chart");
  // Until the redraw that follows a narrower box, the last drawing is clipped, not scrolled to.
  box.style.overflow = "hidden";
  render();
  const watch = new ResizeObserver(render);
  watch.observe(box);
  return () => watch.disconnect();
}
