// Lessons: short hands on arranged deals (web/coach/lessons.json), played on the real table with the
// real controls. A lesson is a match of its own in the engine (its deck, its rules, the
// computer's script: gin/ai/players/scripted.py); main.js asks `active()` to skip the save and the
// statistics while one runs, and `check(action)` before each of the player's moves: the move the
// lesson expects goes to the engine, any other is explained and held back ("Show me" plays the
// expected one). Leaving a lesson loads the saved match back. Progress: LESSONS_KEY (docs/save.md).
// A lesson's words are messages ({key, args}) into the catalogues (gin/locales/*/lessons.json),
// worded with said() when shown; tools/lessons.py keeps their card arguments.
import { said as saidText, t } from "../words/i18n.js";
import { safeGet, safeSet } from "../store/storage.js";

export const LESSONS_KEY = "gin-rummy:lessons:v1";

function loadDone() {
  try {
    const data = JSON.parse(safeGet(LESSONS_KEY) || "{}");
    return new Set(Array.isArray(data.done) ? data.done.filter((id) => typeof id === "string") : []);
  } catch {
    return new Set();
  }
}

function markDone(id) {
  const done = loadDone();
  done.add(id);
  safeSet(LESSONS_KEY, JSON.stringify({ done: [...done] }));
}

// "knock 9D" stands for the knock with the engine's declaration ("knock 9D [7C 7D 7S] ...").
const fits = (action, expected) => action === expected || action.startsWith(`${expected} `);
const cardOf = (action) => (action.match(/^(?:discard|knock|gin) (\S+)/) || [])[1];

/** Whether `action` is the step's move in `view`, and what to say when it is not. */
function judge(step, action, view) {
  if (step.expect !== "least_deadwood") {
    return step.expect.some((e) => fits(action, e)) ? null : saidText(step.wrong);
  }
  // The engine's figures for every discard (view.discard_options): the lowest is the one asked for.
  const options = view.discard_options || [];
  const low = Math.min(...options.map((o) => o.deadwood));
  const chosen = options.find((o) => o.card === cardOf(action));
  if (chosen && chosen.deadwood === low) return null;
  const best = options.find((o) => o.deadwood === low);
  const why = saidText(step.wrong);
  if (!chosen) return why;
  return t("lessons.throw_figures", {
    card: { card: chosen.card }, left: chosen.deadwood, best: { card: best.card }, low, why,
  });
}

/** The legal action that plays the step's move (for "Show me"). */
function shownMove(step, view) {
  const legal = view.legal_actions.map((a) => a.action);
  if (step.expect === "least_deadwood") {
    const options = view.discard_options || [];
    const low = Math.min(...options.map((o) => o.deadwood));
    return `discard ${options.find((o) => o.deadwood === low).card}`;
  }
  const wanted = step.show || step.expect[0];
  return legal.find((a) => fits(a, wanted));
}

function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/**
 * Wire the lessons. `play(request)` starts a match on the table from a "new" request (not saved),
 * `act(action)` plays a move, `back()` brings the saved match back, `view()` is the view on the
 * table, `openDialog`/`closeDialog` as in endings.js.
 */
export function wireLessons({ play, act, back, view, openDialog, closeDialog }) {
  let lessons = []; // from lessons.json
  let lesson = null; // the lesson on the table
  let step = 0; // index of the step awaited
  let wrongAt = null; // the step whose last try was wrong (offers "Show me")
  const loaded = fetch("coach/lessons.json").then((r) => r.json()).then((data) => (lessons = data.lessons));

  const list = el("ol", { className: "lesson-list", id: "lesson-list" });
  // Built at the first opening, when the catalogue is loaded (t() is not called at load time).
  const dialogTitle = el("h2", { id: "dlg-learn-title" });
  const dialogIntro = el("p", { className: "small" });
  const dialogClose = el("button", { type: "submit", className: "primary" });
  const dialog = el("dialog", { id: "dlg-learn", className: "learn" }, dialogTitle, dialogIntro, list,
    el("form", { method: "dialog", className: "dialog-buttons" }, dialogClose));
  dialog.setAttribute("aria-labelledby", "dlg-learn-title");
  document.body.append(dialog);

  const title = el("h2", { className: "coach-title", id: "coach-title" });
  // The lesson's rule. Where the coach is a strip with no height to spare (lessons.css) it shows
  // at the lesson's start and then folds behind the Rule button; folded, it is clipped to nothing
  // rather than removed, so a screen reader still reads it in its place and as the coach's
  // description (a hidden node would be left out of the tree).
  const intro = el("p", { className: "coach-intro", id: "coach-rule" });
  const task = el("p", { className: "coach-task", id: "coach-task" });
  const said = el("p", { className: "coach-said", id: "coach-said", role: "status" });
  const buttons = el("div", { className: "coach-buttons" });
  const coach = el("section", { className: "coach", id: "coach", hidden: true }, title, intro, said, task, buttons);
  coach.setAttribute("aria-labelledby", "coach-title");
  coach.setAttribute("aria-describedby", "coach-rule");
  document.querySelector(".layout").before(coach);

  const button = (text, run, cls = "") => {
    const b = el("button", { type: "button", className: cls, textContent: text });
    b.addEventListener("click", run);
    return b;
  };

  // Shown at the lesson's start, folded at its first move; the button opens and folds it.
  const showRule = (open) => {
    coach.dataset.rule = open ? "open" : "folded";
    rule.setAttribute("aria-expanded", String(open));
  };
  const rule = button("", () => showRule(coach.dataset.rule !== "open"), "ghost rule");
  rule.setAttribute("aria-controls", "coach-rule");

  function showList() {
    const done = loadDone();
    dialogTitle.textContent = t("lessons.learn.title");
    dialogIntro.textContent = t("lessons.learn.intro");
    dialogClose.textContent = t("lessons.close");
    list.replaceChildren(...lessons.map((l, i) => el("li", {},
      button(t("lessons.item", { number: i + 1, title: saidText(l.title) }), () => { closeDialog("dlg-learn"); start(i); }, "lesson"),
      done.has(l.id) ? el("span", { className: "lesson-done", textContent: ` ${t("lessons.done")}` }) : "")));
    openDialog("dlg-learn");
    dialog.scrollTop = 0;
  }

  function draw() {
    const number = lessons.indexOf(lesson);
    title.textContent = t("lessons.heading", { number: number + 1, count: lessons.length, title: saidText(lesson.title) });
    intro.textContent = saidText(lesson.intro);
    const over = step >= lesson.steps.length;
    const v = view();
    const mine = v && v.to_act === v.seat;
    task.textContent = over ? saidText(lesson.end) : mine ? saidText(lesson.steps[step].do) : t("lessons.computer_playing");
    coach.dataset.state = over ? "done" : wrongAt === step ? "wrong" : "play";
    rule.textContent = t("lessons.rule");
    const row = [];
    if (!over && wrongAt === step) row.push(button(t("lessons.show_me"), () => showMe(), "primary"));
    if (over && number + 1 < lessons.length) row.push(button(t("lessons.next"), () => start(number + 1), "primary"));
    row.push(rule, button(t("lessons.list"), showList, "ghost"), button(over ? t("lessons.back") : t("lessons.leave"), leave, over ? "" : "ghost"));
    buttons.replaceChildren(...row);
  }

  async function start(index) {
    await loaded;
    lesson = lessons[index];
    step = 0;
    wrongAt = null;
    said.textContent = "";
    showRule(true);
    coach.hidden = false;
    document.documentElement.dataset.lesson = lesson.id;
    draw();
    await play({
      op: "new", seed: lesson.seed, decks: [lesson.deck], rules: lesson.rules || {}, script: lesson.script,
      opponent: "beginner", names: ["You", "Computer"],
    });
  }

  async function leave() {
    if (!lesson) return;
    lesson = null;
    coach.hidden = true;
    delete document.documentElement.dataset.lesson;
    closeDialog("dlg-result");
    closeDialog("dlg-match");
    await back();
  }

  function showMe() {
    const move = shownMove(lesson.steps[step], view());
    if (move) act(move);
  }

  return {
    open: async () => {
      await loaded;
      showList();
    },
    active: () => lesson !== null,
    leave,
    /** The table shows a new view: say what to do now. */
    viewed() {
      if (lesson) draw();
    },
    /** Before the player's move: true when the lesson holds it back (it is explained instead). */
    check(action) {
      if (!lesson) return false;
      if (step >= lesson.steps.length) {
        if (action !== "next") return false; // play on freely once the lesson is done
        closeDialog("dlg-result"); // the lesson is one hand: its end stays on the table
        draw();
        return true;
      }
      const current = lesson.steps[step];
      const why = judge(current, action, view());
      if (why !== null) {
        wrongAt = step;
        said.textContent = t("lessons.not_quite", { why });
        draw();
        return true;
      }
      said.textContent = saidText(current.right);
      if (step === 0) showRule(false); // the table needs the room now; the rule is one tap away
      step += 1;
      if (step >= lesson.steps.length) markDone(lesson.id);
      draw();
      return false;
    },
  };
}
