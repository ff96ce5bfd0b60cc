// The knock review: every declaration the player may knock with for the chosen discard, the
// engine's best first. Confirm, or Enter on a declaration, knocks with the one chosen; when a
// discard would go gin instead, the review offers it.
import { knockSummary, renderKnock } from "../table/render.js";
import { $ } from "../table/dom.js";
import { t } from "../words/i18n.js";
import { endings } from "../table/prompt.js";

/**
 * Wire the review. `call(request)` asks the engine, `act(action)` plays, `view()` is the view on
 * the table. Returns `openKnock(card)`.
 */
export function wireKnock({ call, act, view, openDialog }) {
  let review = null; // {card, options, chosen, gin}
  const close = () => {
    review = null;
    if ($("dlg-knock").open) $("dlg-knock").close();
  };
  const confirm = () => {
    const r = review;
    close();
    if (r) act(r.options[r.chosen].action);
  };
  $("knock-options").addEventListener("change", (event) => {
    if (!review) return;
    review.chosen = Number(event.target.value);
    knockSummary(review.options[review.chosen], false);
  });
  $("knock-options").addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || event.target.name !== "declaration") return;
    event.preventDefault();
    confirm();
  });
  $("knock-confirm").addEventListener("click", confirm);
  $("knock-cancel").addEventListener("click", close);
  $("knock-gin").addEventListener("click", () => {
    const r = review;
    close();
    if (r && r.gin) act(r.gin);
  });
  $("dlg-knock").addEventListener("close", () => {
    review = null;
  });

  return async function openKnock(card) {
    const v = view();
    const best = v.legal_actions.find((a) => a.action.startsWith(`knock ${card}`));
    if (!best) return;
    let options = null;
    const reply = await call({ op: "declarations", card });
    if (reply.ok && Array.isArray(reply.declarations) && reply.declarations.length) {
      options = reply.declarations;
    } else {
      // Only the engine's best declaration is known: show it alone.
      const melds = [...best.action.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1].trim().split(/\s+/));
      const inMelds = new Set(melds.flat());
      const dead = v.hand.filter((c) => c !== card && !inMelds.has(c));
      const opt = (v.discard_options || []).find((o) => o.card === card);
      options = [{ action: best.action, melds, deadwood_cards: dead, deadwood: opt ? opt.deadwood : 0 }];
    }
    const { bigGin, gins } = endings(v);
    const gin = bigGin ? "big gin" : gins.length ? `gin ${gins[0]}` : null;
    review = { card, options, chosen: 0, gin };
    renderKnock(card, options, 0);
    const offer = $("knock-gin");
    offer.hidden = !gin;
    offer.textContent = bigGin ? t("table.big_gin_instead") : gin ? t("table.gin_instead", { card: { card: gins[0] } }) : "";
    openDialog("dlg-knock", $("knock-options").querySelector("input:checked"));
  };
}
