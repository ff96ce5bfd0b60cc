// The engine's boot, said on the table while no view is drawn: a bar and the bytes downloaded of
// the whole ("Downloading the game: 1.2 of 4.9 MB"), with the time left once the rate is known
// (the worker counts the bytes: web/boot/downloads.mjs), then the start. A boot that fails says
// why: a dropped connection, or a first visit with none (the game needs one visit online), each
// with a retry, which loads the page again (what had come is in the browser's cache).
import { $, setText } from "../table/dom.js";
import { t } from "../words/i18n.js";

const RATE_AFTER_MS = 1500; // the time left is said once the rate rests on this much downloading
const MB = 1e6;

let first = null; // the first report: {done, ms}, where the rate is measured from
let last = null; // the last report, drawn again when a download goes on after a drop
let failed = false; // the boot failed: a download's last report, coming after, says nothing more

/** Still loading: no view on the table (the saved hand of a return visit is a view), nor a
 * failure said in its place. */
const loading = () => !failed && $("table").dataset.phase === "loading";

/** The wait's line in the prompt: a bar over a text; made on first use. */
function waitLine() {
  const prompt = $("prompt");
  let bar = prompt.querySelector("progress");
  if (!bar) {
    bar = document.createElement("progress");
    bar.className = "boot-bar";
    bar.max = 1;
    bar.setAttribute("aria-labelledby", "boot-words");
    const words = document.createElement("span");
    words.id = "boot-words";
    prompt.replaceChildren(bar, words);
  }
  return { bar, words: prompt.querySelector("#boot-words") };
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

/** The boot failed (`detail`); `network`: a download failed; `resumable`: it dropped midway, and
 * the retry asks the worker to go on from there (`resume()`), where any other reloads the page. */
export function showFailure({ detail, network, resumable }, resume) {
  failed = true;
  const offline = !navigator.onLine;
  const prompt = $("prompt");
  const words = document.createElement("span");
  words.textContent = offline ? t("loading.offline") : network ? t("loading.dropped") : t("notices.engine_failed", { detail });
  prompt.replaceChildren(words);
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
      prompt.replaceChildren();
      if (last) showDownload(last);
      resume();
    });
    prompt.append(" ", retry);
  }
}
