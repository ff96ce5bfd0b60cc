// The first thing the page runs: a classic script at the top of index.html that starts the
// engine's worker (and with it the Pyodide download) before the browser has even asked for the
// style sheets. A module script, even an async one, runs only after the first style and layout
// of the page, some 250 ms later on a first visit. engine.js adopts the worker and the messages
// it sent meanwhile (`self.ginBoot`).
"use strict";
(() => {
  const snapshots = new URLSearchParams(location.search).get("snapshot") !== "0";
  const worker = new Worker(snapshots ? "worker.mjs" : "worker.mjs?snapshot=0", { type: "module" });
  const early = [];
  worker.onmessage = (event) => early.push(["message", event]);
  worker.onerror = (event) => early.push(["error", event]);
  self.ginBoot = { worker, early, snapshots };
})();
