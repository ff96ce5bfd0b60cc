// The score sheet, like a paper gin pad: a line per hand (who dealt, how it ended, the points,
// both running totals), the boxes, and at the match's end the box and game bonuses and the
// final totals. The lines are the engine's (the view's score_sheet, from the match itself:
// gin/scoresheet.py), so the sheet of a saved match comes back with it; this only draws them.
import { $ } from "../table/dom.js";
import { formatNumber, t } from "../words/i18n.js";
import { isYou, seatNames } from "../table/seats.js";

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

function row(cells, cls) {
  const tr = el("tr", undefined, cls);
  cells.forEach((cell, i) => {
    const td = el(i ? "td" : "th", undefined);
    if (!i) td.scope = "row";
    td.append(cell);
    tr.append(td);
  });
  return tr;
}

const WHOLE = 8;
/** Room in `cell` for the longest word of `text` whole, up to WHOLE characters: a name such as
 * "Computer" or a heading such as "Hand" is never split, while a longer word (a long name, a long
 * translation) still breaks rather than widen the sheet past a phone. */
function keepWhole(cell, text) {
  const longest = Math.max(0, ...String(text).split(/\s+/).map((word) => [...word].length));
  cell.style.minWidth = `${Math.min(longest, WHOLE) + 1}ch`; // + the cell's padding
}

/** A line of the sheet's foot: its label across the first three columns (a narrow first column
 * would split it), then the two seats' figures. */
function footRow(label, mine, theirs, cls) {
  const tr = row([label, mine, theirs], cls);
  tr.firstChild.colSpan = 3;
  return tr;
}

/** "2 × 25 = 50", which on a phone breaks only before the "=" (the boxes' figure in the foot of
 * the match's sheet). */
function boxSum(count, each, points) {
  const sum = el("span");
  sum.append(el("span", `${count} × ${each}`, "calc"), " ", el("span", `= ${points}`, "calc"));
  return sum;
}

/** How a hand ended, in a few words; `names` as the engine gave them (view.names). */
export function howWords(line, names) {
  const shown = seatNames({ names });
  const k = shown[line.knocker];
  if (line.kind === "void") return t("table.result_void");
  if (line.kind === "gin") return t("table.result_gin", { name: k });
  if (line.kind === "big_gin") return t("table.result_big_gin", { name: k });
  if (line.kind === "undercut") {
    const you = isYou(names, line.knocker) ? "_you" : "";
    return t(`sheet.how_undercut${you}`, { name: shown[line.winner], knocker: k });
  }
  return t(line.winner === null ? "sheet.how_tie" : "table.result_knocked", { name: k });
}

/** A seat's cell on a hand's line: the running total, and what this hand added. */
function cell(line, seat) {
  const node = el("span");
  if (line.winner === seat) node.append(el("span", `+${formatNumber(line.points)} `, "gain"));
  node.append(el("b", formatNumber(line.totals[seat])));
  return node;
}

/** The whole sheet of a view, as a table. */
export function sheetTable(view) {
  const names = seatNames(view);
  const lines = view.score_sheet;
  const table = el("table", undefined, "sheet totals");
  const caption = view.final ? "sheet.caption" : view.result ? "sheet.caption_over" : "sheet.caption_playing";
  table.append(el("caption", t(caption, { target: view.scores.target, n: view.hand_number })));
  const head = el("thead");
  const hr = el("tr");
  const headings = [t("sheet.hand"), t("sheet.dealer"), t("sheet.how"), names[0], names[1]];
  headings.forEach((text, i) => {
    const th = el("th", text);
    th.scope = "col";
    if (i !== 2) keepWhole(th, text); // how each hand ended, the widest column, gives way first
    hr.append(th);
  });
  head.append(hr);
  const body = el("tbody");
  for (const line of lines) {
    const tr = row([formatNumber(line.deal), names[line.dealer], howWords(line, view.names), cell(line, 0), cell(line, 1)],
      line.kind === "void" ? "void" : "");
    keepWhole(tr.cells[1], names[line.dealer]);
    body.append(tr);
  }
  if (!lines.length) {
    const tr = el("tr");
    const td = el("td", t("sheet.none_yet"));
    td.colSpan = 5;
    tr.append(td);
    body.append(tr);
  }
  const foot = el("tfoot");
  const f = view.final;
  if (!f) {
    const boxes = view.scores.boxes;
    foot.append(footRow(t("sheet.boxes"), formatNumber(boxes[0]), formatNumber(boxes[1])));
  } else {
    const num = formatNumber;
    const each = (tot) => (tot.boxes ? tot.box_points / tot.boxes : view.rules.box_bonus);
    const rows = [
      ["sheet.hand_points", (tot) => num(tot.points)],
      ["sheet.boxes", (tot) => boxSum(num(tot.boxes), num(each(tot)), num(tot.box_points))],
      ["sheet.game_bonus", (tot) => num(tot.game_bonus)],
    ];
    if (f.totals.some((tot) => tot.shutout)) rows.push(["sheet.shutout", (tot) => (tot.shutout ? t("sheet.doubled") : "")]);
    rows.push(["sheet.total", (tot) => num(tot.total)]);
    for (const [key, get] of rows) {
      foot.append(footRow(t(key), get(f.totals[0]), get(f.totals[1]), key === "sheet.total" ? "sum" : ""));
    }
  }
  table.append(head, body, foot);
  return table;
}

/** Fill the score sheet dialog. */
export function renderSheet(view) {
  $("sheet-body").replaceChildren(sheetTable(view));
}

/** Fill the match-end dialog: who won, the final totals, and the sheet that led there. */
export function renderFinal(view) {
  const f = view.final;
  const names = seatNames(view);
  const won = f.winner === view.seat;
  $("dlg-match-title").textContent = won ? t("sheet.you_won") : t("sheet.won", { name: names[f.winner] });
  $("match-verdict").textContent = `${names[0]} ${formatNumber(f.totals[0].total)} – ${names[1]} ${formatNumber(f.totals[1].total)}`;
  $("match-body").replaceChildren(sheetTable(view));
}
