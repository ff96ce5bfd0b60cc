// The first thing the page runs: an async classic script at the top of index.html that starts
// the engine's worker (and with it the Pyodide download) as soon as it arrives, neither holding
// the page's parsing nor waiting for its style sheets. A module script, even an async one, ran
// some 250 ms later on a first visit. engine.js adopts the worker and the messages it sent
// meanwhile (`self.ginBoot`, then a "gin-boot" event).
//
// Then it lets in the page's own scripts (index.html, #page-scripts), so that the worker's
// requests go out first. They no longer wait for the worker to ask for Pyodide's packed files:
// a first visit draws a first deal while Python loads (web/store/resume.js), and that wait held
// the table back by 1.0 s on Fast 4G and about 6 s on Slow 4G, for 0.4 s at most of the engine's
// time (e2e/bench.py, 7 December 2026).
"use strict";
(() => {
  const snapshot = new URLSearchParams(location.search).get("snapshot") !== "0";
  const worker = new Worker("boot/worker.mjs", { type: "module", name: snapshot ? "engine" : "no-snapshot" });
  const early = [];
  worker.onmessage = (event) => early.push(["message", event]);
  worker.onerror = (event) => early.push(["error", event]);
  self.ginBoot = { worker, early, snapshot };
  dispatchEvent(new Event("gin-boot"));
  const letPageIn = () => document.head.append(document.getElementById("page-scripts").content.cloneNode(true));
  if (document.readyState === "loading") addEventListener("DOMContentLoaded", letPageIn, { once: true });
  else letPageIn();
})();
