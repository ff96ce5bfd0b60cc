// The coach at the table (docs/coach.md): the expert's review of the player's decisions, hand by
// hand, shown at the hand's end (a summary line and a Review dialog), in the replay (a class by
// every move of the player, the better move on demand), at the match's end (accuracy and luck)
// and kept in the statistics.
//
// Never in the way: one hand's review takes 0.5 to 2.5 s in the page, and the game's worker
// answers one request at a time, so a review asked whole would hold up the next move. It is asked
// a slice at a time instead (Reviewer, below). A worker of its own, as before, cost a second
// Python's memory and its seconds of boot, which the visit's first review waited for.
import { cardFace, currentLanguage, formatPercent, said, t } from "../words/i18n.js";
import { $ } from "../table/dom.js";
import { loadSave } from "../store/storage.js";
import { recordCoach } from "../record/stats.js";
import { engine } from "../boot/engine.js";

const CLASS_MARKS = { best: "✓", good: "✓", inaccuracy: "?!", mistake: "?", blunder: "??" };
const SEAT = 0; // the page's player: the save's seat 0 ("You")
const SLICE_MS = 30; // a review's slice of the worker's time (one decision can take longer)
// How long the player's turn lasts before the hand so far is reviewed on it (wireCoach's viewed):
// a player who thinks this long gives the worker time it would spend idle. Most moves come
// sooner (a discard after a draw, the autoplay's at once), and never wait behind the review.
const THINKING_MS = 2000;

/** The reviews, asked of the game's own worker a slice at a time: each request judges decisions
 * until SLICE_MS have gone, at least one (gin/api.py, "budget_ms"), and says whether there is
 * "more", so that a move the player makes meanwhile waits for one slice, never for a hand's
 * review. Requests and replies are the engine's (web/boot/engine.js). */
class Reviewer {
  constructor() {
    this.times = []; // the worker's milliseconds per review, all its slices, for e2e/bench.py
    this.ahead = 0; // reviews of a hand asked while it is played (wireCoach's viewed), for e2e
  }

  /** The review `request` asks, slice after slice; with `wanted`, a review ahead of its hand's
   * end: given up (null) between two slices once `wanted()` is false, and not timed. */
  async call(request, wanted = null) {
    let ms = 0;
    for (;;) {
      const { reply, ms: slice } = await engine.ask({ ...request, budget_ms: SLICE_MS });
      ms += slice;
      if (!(reply.ok && reply.more)) {
        if (!wanted) this.times.push(ms);
        return reply;
      }
      if (wanted && !wanted()) return null;
    }
  }
}

export const reviewer = new Reviewer(); // e2e/bench.py times it through window.__gin
const reviews = new Map(); // a finished hand's actions (with the seed) -> its review
const asked = new Map(); // the same -> the review under way: a second caller waits for it

/** The actions of hand `hand` of a save (the actions up to its `next`), as a key. */
function handKey(save, hand) {
  let at = 1;
  const mine = [];
  for (const action of save.actions) {
    if (action === "next" && ++at > hand) break;
    if (at === hand) mine.push(action);
  }
  return `${save.seed}|${hand}|${mine.join(",")}`;
}

/** The review of one hand of a save: {ok, hands, review} (docs/coach.md); a finished hand is
 * reviewed once and kept for the page's life. */
async function reviewHand(save, hand) {
  const key = handKey(save, hand);
  if (reviews.has(key)) return reviews.get(key);
  if (!asked.has(key)) asked.set(key, reviewer.call({ op: "review", save, hand, seat: SEAT }));
  const reply = await asked.get(key);
  asked.delete(key);
  if (reply.ok && reply.review.finished) reviews.set(key, reply);
  return reply;
}

/** Every hand of a save reviewed in turn; `progress(text)` says how far; stops (null) when
 * `stillWanted()` turns false. Resolves to the list of reviews, or {error}. */
async function reviewMatch(save, progress, stillWanted = () => true) {
  const count = save.summary && Number.isInteger(save.summary.hand_number) ? save.summary.hand_number : 1;
  const done = [];
  for (let hand = 1; hand <= count; hand++) {
    if (!stillWanted()) return null;
    progress(t("coach.reviewing_hand", { hand, count }));
    const reply = await reviewHand(save, hand);
    if (!reply.ok) return { error: reply.error };
    done.push(reply.review);
  }
  return done;
}

// ------------------------------------------------------------------------------------ words

/**
 * "discard 7S" -> "throw 7♠", in the words a player uses; a knock's melds as the table shows
 * them ("8♣ 8♥ 8♠, 3♦ 4♦ 5♦", not the engine's brackets). `instead` is the move it is set
 * beside: a throw that beats a knock reads "throw 5♥ and play on".
 */
function moveWords(text, instead = "") {
  const [word, card] = text.split(" ");
  const melds = [...text.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1].replace(/[A2-9TJQK][CDHS]/g, cardFace)).join(", ");
  const playOn = word === "discard" && instead.startsWith("knock ");
  const key = playOn ? "play_on" : word === "knock" && melds ? "knock_melds" : word;
  if (!["pass", "take", "draw", "discard", "play_on", "gin", "big", "knock", "knock_melds"].includes(key)) return text;
  return t(`coach.move.${key}`, { card: card ? { card } : "", melds });
}

/** How the not-best decisions went: "1 mistake, 2 inaccuracies", or "". */
function errorCounts(decisions) {
  const counts = ["blunder", "mistake", "inaccuracy"].map((cls) => {
    const n = decisions.filter((d) => d.class === cls).length;
    return n ? t(`coach.count.${cls}`, { n }) : "";
  }).filter(Boolean);
  const lang = currentLanguage() === "pseudo" ? "en" : currentLanguage();
  return new Intl.ListFormat(lang, { style: "short", type: "unit" }).format(counts); // "narrow" drops the comma in English
}

/** "Your play cost 6 points (1 mistake); luck cost you 12." for a hand or a whole match. */
function summaryWords(skill, luck, decisions) {
  const lost = Math.round(skill);
  const counts = errorCounts(decisions);
  const cost = lost > 0 ? t("coach.play.points", { n: lost }) : t("coach.play.nothing");
  const play = counts ? t("coach.play.counts", { play: cost, counts }) : cost;
  const l = Math.round(luck);
  const fortune = l < 0 ? t("coach.luck.cost", { n: -l }) : l > 0 ? t("coach.luck.gained", { n: l }) : t("coach.luck.even");
  return t("coach.summary", { play, luck: fortune });
}

/** The decisions the review could not tell from the expert's (docs/coach.md, accuracy). */
const goodOnes = (decisions) => decisions.filter((d) => d.class === "best" || d.class === "good").length;

/** Accuracy: the share of decisions rated best or good, in percent; null without any. */
function accuracy(decisions) {
  return decisions.length ? Math.round((100 * goodOnes(decisions)) / decisions.length) : null;
}

/** An accuracy in percent as the page's language writes it ("—" without any). */
const accuracyWords = (acc) => (acc === null ? "—" : formatPercent(acc / 100));

/** A decision's class as a badge, its word there for screen readers. */
function classBadge(cls) {
  const badge = document.createElement("span");
  badge.className = `review-mark review-${cls}`;
  badge.dataset.class = cls;
  const mark = document.createElement("span");
  mark.setAttribute("aria-hidden", "true");
  mark.textContent = CLASS_MARKS[cls];
  badge.append(mark, ` ${t(`coach.class.${cls}`)}`);
  return badge;
}

function line(cls, text) {
  const p = document.createElement("p");
  p.className = cls;
  p.textContent = text;
  return p;
}

/** The better move, its cost and the reason, in words. */
function betterWords(d) {
  const reason = said(d.reason);
  if (d.class === "best") return t("coach.better.same", { reason });
  const key = d.class === "good" ? "coach.better.good" : "coach.better.other";
  return t(key, { move: moveWords(d.best, d.played), n: d.cost, reason });
}

// ------------------------------------------------------------------------------------ dialogs

/**
 * Wire the coach. `openDialog(id)` shows a dialog; `onMatch()` is false while the table holds a
 * lesson (never reviewed); `ready()` is false until the engine has taken the table (a move made
 * before waits for it, and must not wait behind a review too); `paced()` is true when the
 * computer takes its time before each move (the pace setting). Returns the hooks the endings,
 * the replay and the table's views call.
 */
export function wireCoach({ openDialog, onMatch, ready, paced }) {
  let shown = null; // the hand whose review the hand's end shows: {save, hand, reply}

  function fillReview(review, title) {
    $("dlg-review-title").textContent = title;
    $("review-summary").textContent = summaryWords(review.skill, review.luck, review.decisions);
    $("review-list").replaceChildren(...review.decisions.map((d) => {
      const li = document.createElement("li");
      li.className = `review-item review-${d.class}`;
      li.append(classBadge(d.class), line("played", t("coach.you_played", { move: moveWords(d.played) })), line("why", betterWords(d)));
      return li;
    }));
    if (!review.decisions.length) $("review-list").append(line("why", t("coach.no_choice")));
  }

  // The review takes the hand's end's place (one dialog at a time), and gives it back.
  let fromResult = false;
  $("result-review").addEventListener("click", () => {
    if (!shown || !shown.reply) return;
    fillReview(shown.reply.review, t("coach.review_title", { hand: shown.hand }));
    fromResult = true;
    $("dlg-result").close();
    openDialog("dlg-review");
  });
  $("dlg-review").addEventListener("close", () => {
    if (!fromResult) return;
    fromResult = false;
    openDialog("dlg-result");
    $("result-review").focus();
  });

  /** The hand's end: review it, and write the summary line when done (if still shown). */
  async function handEnded(view) {
    const text = $("result-coach");
    const button = $("result-review");
    button.hidden = true;
    const save = loadSave();
    const doc = save && save.doc;
    if (!onMatch() || !doc || !doc.summary || doc.summary.hand_number !== view.hand_number) {
      text.hidden = true;
      shown = null;
      return;
    }
    const mine = (shown = { save: doc, hand: view.hand_number, reply: null });
    text.hidden = false;
    text.textContent = t("coach.reviewing");
    const reply = await reviewHand(doc, view.hand_number);
    if (shown !== mine) return;
    if (!reply.ok) {
      console.warn("no review of this hand:", reply.error);
      text.textContent = t("coach.no_review_hand");
      return;
    }
    mine.reply = reply;
    text.textContent = summaryWords(reply.review.skill, reply.review.luck, reply.review.decisions);
    button.hidden = false;
  }

  /** The match's end: every hand reviewed (most already are), its accuracy and luck shown and
   * kept in the statistics. */
  async function matchEnded(view) {
    const text = $("match-coach");
    const save = loadSave();
    const doc = save && save.doc;
    if (!onMatch() || !doc || !view.final) {
      text.hidden = true;
      return;
    }
    text.hidden = false;
    const done = await reviewMatch(doc, (say) => (text.textContent = say));
    if (!done || done.error) {
      if (done) console.warn("no review of this match:", done.error);
      text.textContent = done ? t("coach.no_review_match") : "";
      return;
    }
    const decisions = done.flatMap((r) => r.decisions);
    const skill = done.reduce((a, r) => a + r.skill, 0);
    const luck = done.reduce((a, r) => a + r.luck, 0);
    const acc = accuracy(decisions);
    const summary = summaryWords(skill, luck, decisions);
    text.textContent = acc === null ? summary : t("coach.accuracy", {
      percent: accuracyWords(acc), good: goodOnes(decisions), n: decisions.length, summary,
    });
    recordCoach(doc, {
      accuracy: acc, decisions: decisions.length, skill: Math.round(skill * 10) / 10, luck: Math.round(luck * 10) / 10,
    });
  }

  // ---------------------------------------------------------------------------------- replay

  const replay = { byAction: new Map(), token: 0, at: 0 };

  function replayStep(at) {
    replay.at = at;
    const d = replay.byAction.get(at - 1); // frame 0 is the deal; frame i follows action i - 1
    const mark = $("replay-mark");
    const better = $("replay-better");
    const more = $("replay-better-text");
    mark.replaceChildren(...(d ? [classBadge(d.class)] : []));
    better.hidden = !d;
    better.setAttribute("aria-expanded", "false");
    more.hidden = true;
    more.textContent = d ? betterWords(d) : "";
  }

  $("replay-better").addEventListener("click", () => {
    const more = $("replay-better-text");
    more.hidden = !more.hidden;
    $("replay-better").setAttribute("aria-expanded", String(!more.hidden));
  });
  $("dlg-replay").addEventListener("close", () => replay.token++);

  /** A replay opening (before its first step is shown): review its hands, then mark the
   * player's moves. */
  async function replayOpened(save) {
    const token = ++replay.token;
    replay.byAction = new Map();
    document.documentElement.dataset.replayReviewed = "0";
    const status = $("replay-coach-status");
    const done = await reviewMatch(save, (say) => (status.textContent = say), () => token === replay.token);
    if (token !== replay.token) return;
    if (!done || done.error) {
      if (done) console.warn("no review:", done.error);
      status.textContent = done ? t("coach.no_review") : "";
      return;
    }
    for (const review of done) for (const d of review.decisions) replay.byAction.set(d.action_index, d);
    const all = done.flatMap((r) => r.decisions);
    status.textContent = t("coach.replay_marked", { n: all.length, percent: accuracyWords(accuracy(all)) });
    document.documentElement.dataset.replayReviewed = "1";
    replayStep(replay.at);
  }

  // ------------------------------------------------------------------------- the hand so far

  // The hand reviewed while it is played, so that its end judges only the decisions since
  // (gin/ai/coach/review.py keeps each decision judged): the hand's end line then comes as soon
  // for a player who errs, whose moves are judged on more worlds, as for one who follows the
  // hint. The player's moves are judged while the computer takes its time before its own (the
  // pace), so that the player's next move seldom waits behind a step of a judgement (a hint or
  // 384 worlds sampled: up to a few hundred milliseconds in the page); on the player's turn,
  // once they have thought a while, whatever is left (after a reload, or at the instant pace).
  // Each view gives up the review asked for the one before.
  let ahead = 0;

  /** A view drawn: in a match, review the hand so far while the computer takes its time, or
   * once the player has thought a while. */
  function viewed(view) {
    const mine = ++ahead;
    const playing = ["opening", "draw", "discard"].includes(view.phase);
    if (!onMatch() || !playing || view.to_act === null) return;
    const wait = view.to_act === view.seat ? THINKING_MS : paced() ? 0 : null;
    if (wait === null) return;
    setTimeout(() => {
      const save = mine === ahead && ready() ? loadSave() : null;
      if (!save || !save.doc) return;
      const request = { op: "review", save: save.doc, hand: view.hand_number, seat: SEAT };
      reviewer.ahead += 1;
      const given = (e) => console.warn("no review of the hand so far:", e);
      reviewer.call(request, () => mine === ahead).catch(given);
    }, wait);
  }

  return { handEnded, matchEnded, replayOpened, replayStep, viewed };
}
