// The first thing the page runs: an async classic script at the top of index.html that starts
// the engine's worker (and with it the Pyodide download) as soon as it arrives, neither holding
// the page's parsing nor waiting for its style sheets. A module script, even an async one, ran
// some 250 ms later on a first visit. engine.js adopts the worker and the messages it sent
// meanwhile (`self.ginBoot`, then a "gin-boot" event).
"use strict";
(() => {
  const snapshot = new URLSearchParams(location.search).get("snapshot") !== "0";
  const worker = new Worker(snapshot ? "boot/worker.mjs" : "boot/worker.mjs?snapshot=0", { type: "module" });
  const early = [];
  worker.onmessage = (event) => early.push(["message", event]);
  worker.onerror = (event) => early.push(["error", event]);
  self.ginBoot = { worker, early };
  dispatchEvent(new Event("gin-boot"));
})();
