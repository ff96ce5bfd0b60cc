// The table of intents: what each key, click, tap or drag asks for (input.js names them), turned
// into actions in the engine's notation. Each group of intents is its own small table; none
// decides a rule: what is possible comes from the view's legal actions.
import { cardName, handButtonFor, renderPile } from "../table/render.js";
import { $ } from "../table/dom.js";
import { t as tr } from "../words/i18n.js";
import { writeOrder, writeSettings } from "../store/storage.js";
import { handWords } from "../table/readout.js";
import { renderSheet } from "../endings/scoresheet.js";
import { closeDialog, openDialog, showMatch } from "../endings/endings.js";
import { SORTS, SORT_WORDS, sortedOrder } from "../table/handsort.js";
import { knockAdvice, showPrompt } from "../table/prompt.js";
import { stillStarting } from "../store/resume.js";
import { focusAfterDiscard } from "../table/handfocus.js";

/**
 * The intents for input.js's wireInput. `t` is the table's wiring from main.js: `ui` (its state),
 * `act(action)`, `render()`, `message(text)`, `announce(text)`, `say(text)` (both),
 * `advise(view)` (the engine's hint for a view, asked once, as a promise),
 * `openKnock(card)` (the knock review) and `newMatch(seed)`.
 */
export function createIntents(t) {
  const { ui } = t;
  const mine = () => ui.view && !ui.busy;
  const legal = (a) => mine() && ui.view.legal_actions.some((x) => x.action === a);
  const discardTurn = () => ui.view.phase === "discard" && ui.view.to_act === ui.view.seat;

  function select(code) {
    ui.selected = code;
    ui.focus = code;
    t.message(""); // what a key said of the card selected before
    t.render();
    const opt = (ui.view.discard_options || []).find((o) => o.card === code);
    t.announce(tr(opt ? "table.selected_leaves" : "table.selected", { card: cardName(code), n: opt ? opt.deadwood : 0 }));
  }

  function tryDiscard(code) {
    if (!code) return;
    // A card not in the legal list (e.g. the one just taken) is still sent: the engine says why.
    if (legal(`discard ${code}`)) {
      ui.focus = focusAfterDiscard(ui.visualOrder || [], code) || ui.focus;
      t.act(`discard ${code}`);
    } else if (mine() && discardTurn()) t.act(`discard ${code}`);
  }

  // S, T and P on the player's turn are sent even when not legal now: the engine says why
  // ("Both players passed on the upcard; draw from the stock"), where silence would puzzle.
  const ask = (action) => mine() && ui.view.to_act === ui.view.seat && t.act(action);
  const play = {
    draw: () => ask("draw"),
    take: () => ask("take"),
    pass: () => ask("pass"),
    next() {
      if (ui.view && ui.view.phase === "match_over") showMatch(ui.view);
      else if (legal("next")) {
        closeDialog("dlg-result");
        t.act("next");
      }
    },
    discardPileClick() {
      if (legal("take")) t.act("take");
      else if (ui.selected) tryDiscard(ui.selected);
    },
    discardSelected: () => tryDiscard(ui.selected),
    dropOnDiscard(code) {
      ui.selected = code;
      tryDiscard(code);
    },
  };

  const ending = {
    // K (and the Knock button): big gin when all 11 cards meld; gin or the knock review for the
    // selected card; with none selected, select the best card to end the hand with and say so.
    knock() {
      const sel = ui.selected;
      if (!mine()) return;
      if (legal("big gin")) return void t.act("big gin");
      if (sel && legal(`gin ${sel}`)) return void t.act(`gin ${sel}`);
      if (sel && ui.view.legal_actions.some((a) => a.action.startsWith(`knock ${sel}`))) return void t.openKnock(sel);
      if (!sel) {
        const advice = knockAdvice(ui.view, ui);
        if (advice.select) select(advice.select);
        t.message(advice.say);
        return;
      }
      if (discardTurn()) {
        const opt = (ui.view.discard_options || []).find((o) => o.card === sel);
        t.message(tr(opt ? "table.knock_too_much" : "table.knock_cannot",
          { card: { card: sel }, n: opt ? opt.deadwood : 0, limit: ui.view.knock_limit }));
      }
    },
    // G (and the Gin button): big gin, else gin with the selected card or the only gin discard.
    gin() {
      if (!mine()) return;
      if (legal("big gin")) return void t.act("big gin");
      const sel = ui.selected;
      if (sel && legal(`gin ${sel}`)) return void t.act(`gin ${sel}`);
      const gins = ui.view.legal_actions.filter((a) => a.action.startsWith("gin "));
      if (gins.length === 1) return void t.act(gins[0].action);
      if (gins.length) t.message(tr("table.gin_choose"));
      else if (discardTurn()) t.message(tr("table.gin_not_yet"));
      else t.message(knockAdvice(ui.view, ui).say);
    },
    async hint() {
      if (stillStarting(ui, t.say)) return;
      const v = ui.view;
      if (!v || ui.busy || v.to_act !== v.seat || !v.legal_actions.length) return;
      const reply = await t.advise(v);
      if (ui.view !== v) return; // the table moved on meanwhile
      if (!reply.ok) return void t.message(reply.error);
      const card = reply.hint.action.match(/^(?:discard|knock|gin) (\S+)/);
      ui.hint = { view: v, action: reply.hint.action, card: card ? card[1] : null, reason: reply.hint.reason, open: false };
      t.render();
      t.announce(tr("table.hint_said", { reason: reply.hint.reason }));
    },
    // The hint's chip: its reason shown in the prompt's place, or the prompt back.
    hintReason() {
      if (!ui.hint || ui.hint.view !== ui.view) return;
      ui.hint.open = !ui.hint.open;
      showPrompt(ui.view, ui);
    },
  };

  function sortBy(name) {
    ui.sort = name;
    ui.settings = { ...ui.settings, sort: name };
    writeSettings(ui.settings);
    if (!ui.view) return;
    ui.order = sortedOrder(ui.view, name);
    writeOrder(ui.order);
    t.render();
    t.announce(tr("table.sorted_said", { sort: tr(SORT_WORDS[name]) }));
  }

  function cardClick(code) {
    if (!ui.view) return;
    ui.focus = code;
    if (ui.selected === code) tryDiscard(code);
    else select(code);
  }

  const hand = {
    sortBy,
    sort: () => sortBy(SORTS[(SORTS.indexOf(ui.sort) + 1) % SORTS.length]),
    cardClick,
    cardKey: cardClick,
    readHand() {
      if (ui.view) t.announce(handWords(ui.view, ui.order, ui.sort));
    },
    clear() {
      if (ui.hint && ui.hint.open) { // Escape closes the hint's reason first
        ui.hint.open = false;
        return void showPrompt(ui.view, ui);
      }
      if (ui.selected) {
        ui.selected = null;
        t.render();
        t.announce(tr("table.selection_cleared"));
      }
      t.message("");
    },
    enterHand() {
      const code = ui.focus || (ui.visualOrder || [])[0];
      const btn = code && handButtonFor(code);
      if (btn) btn.focus();
    },
    move(code, delta) {
      const order = ui.visualOrder || [];
      const i = order.indexOf(code);
      if (i < 0 || !order.length) return;
      const j = delta === "home" ? 0 : delta === "end" ? order.length - 1
        : Math.max(0, Math.min(order.length - 1, i + delta));
      ui.focus = order[j];
      for (const c of order) {
        const b = handButtonFor(c);
        if (b) b.tabIndex = c === ui.focus ? 0 : -1;
      }
      handButtonFor(ui.focus).focus();
    },
    reorder(code, target, after) {
      const order = ui.order.filter((c) => c !== code);
      let at = order.indexOf(target);
      if (at < 0) return;
      if (after) at += 1;
      order.splice(at, 0, code);
      ui.order = order;
      writeOrder(order);
      t.render();
    },
  };

  const panels = {
    sheet() {
      if (!ui.view) return;
      renderSheet(ui.view);
      openDialog("dlg-sheet");
    },
    keys: () => openDialog("dlg-keys"),
    pile() {
      if (!ui.view) return;
      renderPile(ui.view);
      openDialog("dlg-pile");
    },
    settings() {
      const form = $("settings-form");
      for (const input of form.querySelectorAll("input[name=speed]")) input.checked = input.value === ui.settings.speed;
      form.querySelector("input[name=autosort]").checked = !!ui.settings.autosort;
      openDialog("dlg-settings");
    },
    // A new match, asking first when one is in progress; `what` says what a link would open.
    // Not before the engine is ready: start() then deals the first deal or loads the save, which
    // would take the table from the match asked for here.
    newMatch(seed, what = "") {
      if (stillStarting(ui, t.say)) return;
      ui.pendingSeed = seed; // what the confirmation starts (none: a random seed)
      $("confirm-what").textContent = what;
      if (ui.view && ui.view.phase !== "match_over") openDialog("dlg-confirm");
      else t.newMatch(seed);
    },
    openDialogId() {
      const d = document.querySelector("dialog[open]");
      return d ? d.id : null;
    },
    inputKind(kind) {
      if (ui.input === kind) return;
      ui.input = kind;
      if (ui.view) showPrompt(ui.view, ui); // the prompt only: a redraw of the hand would eat the click
    },
  };

  return { ...play, ...ending, ...hand, ...panels };
}
