// The first thing the page runs: an async classic script at the top of index.html that starts
// the engine's worker (and with it the Pyodide download) as soon as it arrives, neither holding
// the page's parsing nor waiting for its style sheets. A module script, even an async one, ran
// some 250 ms later on a first visit. engine.js adopts the worker and the messages it sent
// meanwhile (`self.ginBoot`, then a "gin-boot" event).
//
// Then it lets in the page's own scripts (index.html, #page-scripts). On a first visit it waits
// until the worker has asked for Pyodide's packed files (its "asked" status), or has Python, or
// failed: a browser opens about six connections to a host, and the page's fifty modules, asked
// for first, held the worker's few for 0.7 s on Fast 4G (e2e/bench.py). A page a service worker
// serves (every later visit) lets them in at once: nothing waits on the network there.
"use strict";
(() => {
  const LONGEST_WAIT_MS = 3000; // a worker that never speaks does not hold the page for ever
  const snapshot = new URLSearchParams(location.search).get("snapshot") !== "0";
  const worker = new Worker(snapshot ? "boot/worker.mjs" : "boot/worker.mjs?snapshot=0", { type: "module" });
  const early = [];
  let pageIn = false;
  const letPageIn = () => {
    if (pageIn) return;
    pageIn = true;
    document.head.append(document.getElementById("page-scripts").content.cloneNode(true));
  };
  const LETS_IN = new Set(["asked", "python", "error"]); // stages of the worker's status
  worker.onmessage = (event) => {
    early.push(["message", event]);
    if (LETS_IN.has(event.data.stage)) letPageIn();
  };
  worker.onerror = (event) => {
    early.push(["error", event]);
    letPageIn();
  };
  self.ginBoot = { worker, early };
  dispatchEvent(new Event("gin-boot"));
  if (navigator.serviceWorker && navigator.serviceWorker.controller) letPageIn();
  else setTimeout(letPageIn, LONGEST_WAIT_MS);
})();
