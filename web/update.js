// New builds under the service worker. A page runs one build from its first file to its last: the
// service worker of a new build installs beside the old one and waits (sw.js never skips waiting
// by itself), so the open page keeps every file of its own build. The new build is taken at the
// next load, or at once when the player presses "Update now"; either way the page reloads as soon
// as the new worker is in charge, and the match continues from its save.
import config from "./config.mjs";
import { showNotice } from "./notice.js";

const RETRY_KEY = "gin-rummy:build-retry"; // sessionStorage: one reload per build, never a loop
const sw = "serviceWorker" in navigator ? navigator.serviceWorker : null;
document.documentElement.dataset.build = config.build;

function take(waiting) {
  waiting.postMessage("skip-waiting");
}

if (sw) {
  // A page that was already under a worker reloads when another worker takes charge, so that no
  // file of one build is ever fetched for a page of another. (The very first install only
  // claims a page that came from the network: nothing to reload.)
  const hadController = !!sw.controller;
  sw.addEventListener("controllerchange", () => {
    if (hadController) location.reload();
  });
  // A build that finished installing during an earlier visit is taken at this load, before play.
  sw.getRegistration().then((reg) => {
    if (reg && reg.waiting && sw.controller) take(reg.waiting);
  });
}

/** Register the service worker, and offer a new build as soon as one has installed. */
export function registerServiceWorker(enabled) {
  if (!sw || !enabled) return;
  sw.register("./sw.js").then((reg) => {
    const offer = () => {
      if (!reg.waiting || !sw.controller) return;
      showNotice("update", "A new version of the game is ready. Your match is saved and continues where it is.", [
        { label: "Update now", run: () => take(reg.waiting) },
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

  }).catch((err) => console.warn("service worker:", err));
}

/** The engine's worker reports the build it loaded: a page whose worker runs another build than
 * its own (a deploy between the two downloads) is reloaded once, to run a single build. False
 * when the page is reloading (then nothing should start). */
export function checkEngineBuild(build) {
  document.documentElement.dataset.engineBuild = build;
  if (build === config.build) return true;
  if (sessionStorage.getItem(RETRY_KEY) !== config.build) {
    sessionStorage.setItem(RETRY_KEY, config.build);
    location.reload();
    return false;
  }
  showNotice("mixed-build", "This page and its engine come from two versions of the game. Reload the page.", [
    { label: "Reload", run: () => location.reload() },
  ]);
  return true;
}
