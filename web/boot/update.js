// New builds under the service worker. A page runs one build from its first file to its last: the
// service worker of a new build installs beside the old one and waits (sw.js never skips waiting
// by itself), so the open page keeps every file of its own build. The new build is taken at the
// next load, or at once when the player presses "Update now"; either way the page reloads as soon
// as the new worker is in charge, and the match continues from its save.
//
// When it is taken matters. Chromium activates the new worker only once the old one has no event
// in flight: it stops the old one at the first pause in the page's fetches, but a fetch after that
// pause starts it again, and the new one then waits for the old one to idle out on its own (its
// idle timeout is 30 s; with DevTools or a test driver attached it is never idle, and Chromium
// gives up waiting after 5 minutes). Taken at the start of a load, while the boot fetched Pyodide
// through the old worker, a build was still not in charge 2 minutes later in 4 of 7 test runs. So
// at the next load a build is taken once the engine is ready (every fetch of the boot done) and
// before the table starts.
import config from "../config.mjs";
import { showNotice } from "../table/notice.js";
import { t } from "../words/i18n.js";

const RETRY_KEY = "gin-rummy:build-retry"; // sessionStorage: one reload per build, never a loop
const TAKE_TIMEOUT = 15_000; // ms a taken build may need to be in charge before the page starts anyway
const sw = "serviceWorker" in navigator ? navigator.serviceWorker : null;
document.documentElement.dataset.build = config.build;

function take(waiting) {
  waiting.postMessage("skip-waiting");
}

// A build that finished installing during an earlier visit (not one this load finds itself).
let waitingAtLoad = Promise.resolve(null);

if (sw) {
  // A page that was already under a worker reloads when another worker takes charge, so that no
  // file of one build is ever fetched for a page of another. (The very first install only
  // claims a page that came from the network: nothing to reload.)
  const hadController = !!sw.controller;
  sw.addEventListener("controllerchange", () => {
    if (hadController) location.reload();
  });
  if (hadController) {
    waitingAtLoad = sw
      .getRegistration()
      .then((reg) => (reg && reg.waiting ? { reg, worker: reg.waiting } : null))
      .catch(() => null);
  }
}

/** The installing worker `worker` is done: installed (its precache complete) or dropped. */
function installed(worker) {
  return new Promise((resolve) => {
    const done = () => worker.state !== "installing" && resolve();
    worker.addEventListener("statechange", done);
    done();
  });
}

/** Resolves once the person may move (html[data-turn] not "opp", nothing in flight:
 * web/table/render.js), or after `longest` ms. The precache waits for it: where the computer moves
 * first, its requests would share a first visit's link before the person can play, and gain
 * nothing by it. */
export function personsTurn(longest) {
  const html = document.documentElement;
  const free = () => html.dataset.turn !== "opp" && html.dataset.busy === "0";
  return new Promise((done) => {
    if (free()) return done();
    const watch = new MutationObserver(() => free() && end());
    const timer = setTimeout(() => end(), longest);
    const end = () => {
      watch.disconnect();
      clearTimeout(timer);
      done();
    };
    watch.observe(html, { attributes: true, attributeFilter: ["data-turn", "data-busy"] });
  });
}

/** Register the service worker, and offer a new build as soon as one has installed. Resolves
 * once this page's build is precached, or will not be by a service worker (none, or its install
 * failed): then whatever the precache holds is known (web/boot/snapshot.mjs). */
export function registerServiceWorker(enabled) {
  if (!sw || !enabled) return Promise.resolve();
  return sw.register("./sw.js").then((reg) => {
    const offer = () => {
      if (!reg.waiting || !sw.controller) return;
      showNotice("update", t("notices.update_ready"), [
        { label: t("notices.update_now"), run: () => take(reg.waiting) },
      ]);
    };
    const track = (worker) => {
      if (worker) worker.addEventListener("statechange", () => worker.state === "installed" && offer());
    };
    offer();
    track(reg.installing); // a new build found by the browser before this page registered
    reg.addEventListener("updatefound", () => track(reg.installing));
    // Chromium defers its own check after a load while the page fetches; ask at once instead.
    if (sw.controller) reg.update().catch(() => {}); // offline: there is nothing newer to find
    // A page under a worker runs that worker's build, precached already; a page from the network
    // waits for the first install, which is this build's.
    return sw.controller || !reg.installing ? undefined : installed(reg.installing);
  }).catch((err) => console.warn("service worker:", err));
}

/** The engine is ready with `build`: `start` the table, unless the page must first reload into
 * one build. Its engine runs another build than the page (a deploy between the two downloads):
 * reload once. A build waits since an earlier visit: take it now that the boot has fetched all it
 * needs; the page reloads when it is in charge (and starts on this build if that never comes).
 * Not when the player has already `acted` on the saved view (a held move, which a reload would
 * drop): then the table starts and the build is offered, as to an open page. */
export async function startWhenOneBuild(build, start, acted) {
  document.documentElement.dataset.engineBuild = build;
  if (build !== config.build) {
    if (sessionStorage.getItem(RETRY_KEY) !== config.build) {
      sessionStorage.setItem(RETRY_KEY, config.build);
      location.reload();
      return;
    }
    showNotice("mixed-build", t("notices.mixed_build"), [
      { label: t("notices.reload"), run: () => location.reload() },
    ]);
    start();
    return;
  }
  const waiting = await waitingAtLoad;
  if (waiting && waiting.reg.waiting === waiting.worker && !acted()) {
    take(waiting.worker);
    await new Promise((resolve) => setTimeout(resolve, TAKE_TIMEOUT));
  }
  start();
}
