// The engine's boot, said on the table while it loads: a bar and the bytes downloaded of the whole
// ("Downloading the game: 1.2 of 4.9 MB"), with the time left once the rate is known (the worker
// counts the bytes: web/boot/downloads.mjs), then the start. A boot that fails says why: a dropped
// connection, or a first visit with none (the game needs one visit online), each with a retry,
// which goes on from what had come. All of it in a line of its own under the table's prompt
// (#boot-wait), so that it stays while a first deal is on the table (web/store/resume.js).
import { $, setText } from "../table/dom.js";
import { t } from "../words/i18n.js";

const RATE_AFTER_MS = 1500; // the time left is said once the rate rests on this much downloading
const MB = 1e6;

let first = null; // the first report: {done, ms}, where the rate is measured from
let last = null; // the last report, drawn again when a download goes on after a drop
let failed = false; // the boot failed: a download's last report, coming after, says nothing more
let ready = false; // the engine is in: nothing more to say

/** Still loading, with nothing else in the wait's place: no view on the table, or a first deal
 * (a return visit's saved hand comes from the browser's cache in a moment, unannounced). */
const loading = () =>
  !failed && !ready && ($("table").dataset.phase === "loading" || document.documentElement.dataset.firstDeal === "1");

/** The wait's line: a bar over a text; made on first use. */
function waitLine() {
  const line = $("boot-wait");
  line.hidden = false;
  let bar = line.querySelector("progress");
  if (!bar) {
    bar = document.createElement("progress");
    bar.className = "boot-bar";
    bar.max = 1;
    bar.setAttribute("aria-labelledby", "boot-words");
    const words = document.createElement("span");
    words.id = "boot-words";
    line.replaceChildren(bar, words);
  }
  return { bar, words: line.querySelector("#boot-words") };
}

const mb = (bytes) => Math.round(bytes / (MB / 10)) / 10;

/** `done` of `total` bytes downloaded, `ms` into the worker's boot. */
export function showDownload({ done, total, ms }) {
  if (!loading()) return;
  first ||= { done, ms };
  last = { done, total, ms };
  const { bar, words } = waitLine();
  bar.value = total ? done / total : 0;
  document.documentElement.dataset.downloaded = String(done); // for tests
  const args = { done: mb(done), total: mb(total) };
  const rate = (done - first.done) / (ms - first.ms); // bytes a millisecond
  let text = t("loading.downloading", args);
  if (done >= total) text = t("loading.starting");
  else if (ms - first.ms >= RATE_AFTER_MS && rate > 0) {
    text = t("loading.downloading_left", { ...args, n: Math.max(1, Math.round((total - done) / rate / 1000)) });
  }
  setText(words, text);
}

/** Python has started: the engine is being made ready. */
export function showPythonReady() {
  if (loading()) setText(waitLine().words, t("table.python_ready"));
}

/** The engine is in: the wait's line goes. */
export function showEngineReady() {
  ready = true;
  $("boot-wait").hidden = true;
  $("boot-wait").replaceChildren();
}

/** The boot failed (`detail`); `network`: a download failed; `resumable`: it dropped midway, and
 * the retry asks the worker to go on from there (`resume()`), where any other reloads the page. */
export function showFailure({ detail, network, resumable }, resume) {
  failed = true;
  const offline = !navigator.onLine;
  const line = $("boot-wait");
  const words = document.createElement("span");
  words.textContent = offline ? t("loading.offline") : network ? t("loading.dropped") : t("notices.engine_failed", { detail });
  line.replaceChildren(words);
  line.hidden = false;
  document.documentElement.dataset.bootFailed = offline ? "offline" : network ? "network" : "engine"; // for tests
  if (offline || network) {
    const retry = document.createElement("button");
    retry.type = "button";
    retry.className = "gold retry";
    retry.textContent = t("loading.retry");
    retry.addEventListener("click", () => {
      if (!resumable) return location.reload();
      failed = false;
      delete document.documentElement.dataset.bootFailed;
      line.replaceChildren();
      if (last) showDownload(last);
      resume();
    });
    line.append(" ", retry);
  }
}
