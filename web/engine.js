// The engine's worker and a promise wrapper over it: request objects in, reply objects out.
// Only JSON strings cross the boundary.
//
// After a normal boot the engine's memory snapshot for the next visit is made by a worker of its
// own (web/snapshotter.mjs), once the page has asked nothing of the engine for a while: making it
// costs a second Python boot, which should take no time from the first visit or from play.
//
// The worker itself is started by web/boot.js, the first script of the page; this module adopts
// it with what it said meanwhile. main.js listens with `onStatus`.
const IDLE_MS = 2000;

export class Engine {
  constructor() {
    this.pending = new Map();
    this.nextId = 1;
    this.listener = null;
    this.early = []; // status messages that came before anyone listened
    this.times = {}; // op -> the worker's milliseconds per request (the last 5000), for e2e/bench.py
    this.boot = null; // how the worker started: {path: "snapshot" | "normal", reason}
    this.snapshot = null; // the snapshot kept for the next visit: {saved, bytes, making, reason}
    this.lastCall = 0; // performance.now() of the latest request
    this.making = false; // whether the snapshot's worker has been asked for
    // boot.js is async (it must not hold the page's parsing): it has almost always run by now,
    // and when it has not, it says so with a "gin-boot" event.
    this.booted = new Promise((resolve) => {
      if (self.ginBoot) resolve(self.ginBoot);
      else addEventListener("gin-boot", () => resolve(self.ginBoot), { once: true });
    }).then((boot) => this.adopt(boot));
  }

  /** Take over the worker boot.js started, with what it said meanwhile. */
  adopt(boot) {
    this.snapshots = boot.snapshots;
    this.worker = boot.worker;
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
    for (const [kind, event] of boot.early.splice(0)) this.worker[`on${kind}`](event);
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

  /** After a normal boot that looked for a snapshot and found none it could use, make one once
   * the engine has been idle for IDLE_MS (play at full speed never is: benchmarks stay clean). */
  keepSnapshotWhenIdle() {
    if (!this.snapshots || !this.boot || this.boot.path !== "normal" || this.making) return;
    this.making = true;
    const check = () => {
      const idle = performance.now() - this.lastCall;
      if (idle < IDLE_MS) {
        setTimeout(check, IDLE_MS - idle);
        return;
      }
      const maker = new Worker(new URL("./snapshotter.mjs", import.meta.url), { type: "module" });
      maker.onmessage = (event) => this.bootNote(event.data);
      maker.onerror = (event) => this.bootNote({ stage: "snapshot", saved: false, reason: event.message || "the worker failed" });
    };
    check();
  }

  status(msg) {
    if (this.listener) this.listener(msg);
    else this.early.push(msg);
  }

  /** Listen to the boot's progress ({stage: "python" | "installed" | "engine" | "error"}). */
  onStatus(listener) {
    this.listener = listener;
    for (const msg of this.early.splice(0)) listener(msg);
  }

  /** Send one request (an object with "op"); resolves to the parsed reply. */
  call(request) {
    const id = this.nextId++;
    this.lastCall = performance.now();
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, op: request.op });
      this.booted.then(() => this.worker.postMessage({ id, request: JSON.stringify(request) }));
    });
  }
}

export const engine = new Engine();
