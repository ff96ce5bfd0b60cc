// The ?autoplay=1 test hook: your seat plays itself by a simple policy over the legal actions,
// for one match (whole-match tests and the bench); at its end the match screen shows and the
// seat is handed back. It decides no rule: it only picks among the view's legal actions.
import { afterPaint } from "./pacing.js";

/** The hook, given what it needs of the page; call the returned function after every view. */
export function createAutoplay({ params, ui, act, pace, showMatch, closeResult }) {
  return function scheduleAutoplay() {
    if (params.get("autoplay") !== "1") return;
    const v = ui.view;
    // A finished match restored at the start is not the one to play: a link's new match follows.
    if (v && v.phase === "match_over" && ui.ready) {
      params.delete("autoplay"); // one match, then hands back, at the match's end
      showMatch();
      return;
    }
    if (!v || !v.legal_actions.length) return;
    afterPaint(() => {
      if (ui.busy || ui.view !== v) return;
      if (v.phase === "hand_over") closeResult();
      act(choose(v));
    }, Math.min(pace(), 50));
  };
}

/** Next hand; else big gin, gin, a knock, a draw or a pass; else the discard leaving least deadwood. */
function choose(v) {
  const acts = v.legal_actions.map((a) => a.action);
  if (v.phase === "hand_over") return "next";
  const end = acts.find((a) => a === "big gin") || acts.find((a) => a.startsWith("gin ")) ||
    acts.find((a) => a.startsWith("knock ")) || acts.find((a) => a === "draw") || acts.find((a) => a === "pass");
  if (end) return end;
  if (v.phase === "discard") {
    const opts = (v.discard_options || []).filter((o) => acts.includes(`discard ${o.card}`));
    opts.sort((a, b) => a.deadwood - b.deadwood);
    if (opts.length) return `discard ${opts[0].card}`;
    const any = acts.find((a) => a.startsWith("discard "));
    if (any) return any;
  }
  return acts[0];
}
