// The engine's worker and a promise wrapper over it: request objects in, reply objects out.
// Only JSON strings cross the boundary.
//
// index.html loads this module on its own, before main.js, so the worker (and with it the
// Pyodide download) starts as soon as the page is parsed, without waiting for the rest of the
// page's scripts. main.js imports the same module instance and listens with `onStatus`.
export class Engine {
  constructor() {
    this.pending = new Map();
    this.nextId = 1;
    this.listener = null;
    this.early = []; // status messages that came before anyone listened
    this.times = {}; // op -> the worker's milliseconds per request (the last 5000), for e2e/bench.py
    this.boot = null; // how the worker started: {path: "snapshot" | "normal", reason}
    this.snapshot = null; // the snapshot it kept for the next visit: {saved, bytes, making, reason}
    const url = new URL("./worker.mjs", import.meta.url);
    if (new URLSearchParams(location.search).get("snapshot") === "0") url.search = "?snapshot=0";
    this.worker = new Worker(url, { type: "module" });
    this.worker.onmessage = (event) => {
      const msg = event.data;
      if (msg.type === "status" && (msg.stage === "boot" || msg.stage === "snapshot")) {
        this.bootNote(msg);
      } else if (msg.type === "status") {
        this.status(msg);
      } else if (msg.type === "reply") {
        const done = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        if (!done) return;
        const times = (this.times[done.op] ||= []);
        times.push(msg.ms);
        if (times.length > 5000) times.shift();
        done.resolve(JSON.parse(msg.reply));
      }
    };
    this.worker.onerror = (event) => {
      this.status({ type: "status", stage: "error", message: `The engine's worker failed: ${event.message || "unknown error"}` });
    };
  }

  /** How the engine started and whether it kept a snapshot: data attributes for tests and bench. */
  bootNote(msg) {
    const root = document.documentElement.dataset;
    if (msg.stage === "boot") {
      this.boot = msg;
      root.bootPath = msg.path;
      performance.mark(`gin:boot-${msg.path}`);
    } else {
      this.snapshot = msg;
      root.snapshot = msg.saved ? "saved" : "failed";
    }
  }

  status(msg) {
    if (this.listener) this.listener(msg);
    else this.early.push(msg);
  }

  /** Listen to the boot's progress ({stage: "python" | "micropip" | "installed" | "engine" | "error"}). */
  onStatus(listener) {
    this.listener = listener;
    for (const msg of this.early.splice(0)) listener(msg);
  }

  /** Send one request (an object with "op"); resolves to the parsed reply. */
  call(request) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, op: request.op });
      this.worker.postMessage({ id, request: JSON.stringify(request) });
    });
  }
}

export const engine = new Engine();
