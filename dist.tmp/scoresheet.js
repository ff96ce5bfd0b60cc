// The score sheet, like a paper gin pad: a line per hand (who dealt, how it ended, the points,
// both running totals), the boxes, and at the match's end the box and game bonuses and the
// final totals. The lines are the engine's (the view's score_sheet, from the match itself:
// gin/scoresheet.py), so the sheet of a saved match comes back with it; this only draws them.
import { $ } from "./render.js";

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

/** How a hand ended, in a few words. */
export function howWords(line, names) {
  const k = names[line.knocker];
  if (line.kind === "void") return "Void hand";
  if (line.kind === "gin") return `${k} went gin`;
  if (line.kind === "big_gin") return `${k} went big gin`;
  if (line.kind === "undercut") return `${names[line.winner]} undercut ${k === "You" ? "you" : k}`;
  return line.winner === null ? `${k} knocked: a tie` : `${k} knocked`;
}

/** A seat's cell on a hand's line: the running total, and what this hand added. */
function cell(line, seat) {
  const node = el("span");
  if (line.winner === seat) node.append(el("span", `+${line.points} `, "gain"));
  node.append(el("b", String(line.totals[seat])));
  return node;
}

/** The whole sheet of a view, as a table. */
export function sheetTable(view) {
  const names = view.names;
  const lines = view.score_sheet;
  const table = el("table", undefined, "sheet totals");
  table.append(el("caption", `First to ${view.scores.target} points` +
    (view.final ? "" : ` · hand ${view.hand_number} ${view.result ? "over" : "in play"}`)));
  const head = el("thead");
  const hr = el("tr");
  for (const text of ["Hand", "Dealer", "How it ended", names[0], names[1]]) {
    const th = el("th", text);
    th.scope = "col";
    hr.append(th);
  }
  head.append(hr);
  const body = el("tbody");
  for (const line of lines) {
    body.append(row([String(line.deal), names[line.dealer], howWords(line, names), cell(line, 0), cell(line, 1)],
      line.kind === "void" ? "void" : ""));
  }
  if (!lines.length) {
    const tr = el("tr");
    const td = el("td", "No hand finished yet.");
    td.colSpan = 5;
    tr.append(td);
    body.append(tr);
  }
  const foot = el("tfoot");
  const blank = () => "";
  const f = view.final;
  if (!f) {
    const boxes = view.scores.boxes;
    foot.append(row(["Boxes", blank(), blank(), String(boxes[0]), String(boxes[1])]));
  } else {
    const each = (t) => (t.boxes ? t.box_points / t.boxes : view.rules.box_bonus);
    const rows = [
      ["Hand points", (t) => String(t.points)],
      ["Boxes", (t) => `${t.boxes} × ${each(t)} = ${t.box_points}`],
      ["Game bonus", (t) => String(t.game_bonus)],
    ];
    if (f.totals.some((t) => t.shutout)) rows.push(["Shutout", (t) => (t.shutout ? "doubled" : "")]);
    rows.push(["Total", (t) => String(t.total)]);
    for (const [label, get] of rows) {
      foot.append(row([label, blank(), blank(), get(f.totals[0]), get(f.totals[1])], label === "Total" ? "sum" : ""));
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
  const names = view.names;
  const won = f.winner === view.seat;
  $("dlg-match-title").textContent = won ? "You won the match!" : `${names[f.winner]} won the match`;
  $("match-verdict").textContent = `${names[0]} ${f.totals[0].total} – ${names[1]} ${f.totals[1].total}`;
  $("match-body").replaceChildren(sheetTable(view));
}
