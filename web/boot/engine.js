// The engine's worker and a promise wrapper over it: request objects in, reply objects out.
// Only JSON strings cross the boundary.
//
// The worker itself is started by web/boot/boot.js, the first script of the page; this module adopts
// it with what it said meanwhile. main.js listens with `onStatus`.
import { hideNotice, showNotice } from "../table/notice.js";
import { languageLoaded, t } from "../words/i18n.js";

export class Engine {
  constructor() {
    this.pending = new Map();
    this.nextId = 1;
    this.listener = null;
    this.early = []; // status messages that came before anyone listened
    this.times = {}; // op -> the worker's milliseconds per request (the last 5000), for e2e/bench.py
    this.boot = null; // how the worker started: {path: "snapshot", key} or {path: "normal", reason}
    // boot.js is async (it must not hold the page's parsing): it has almost always run by now,
    // and when it has not, it says so with a "gin-boot" event.
    this.booted = new Promise((resolve) => {
      if (self.ginBoot) resolve(self.ginBoot);
      else addEventListener("gin-boot", () => resolve(self.ginBoot), { once: true });
    }).then((boot) => this.adopt(boot));
  }

  /** Take over the worker boot.js started, with what it said meanwhile. */
  adopt(boot) {
    this.worker = boot.worker;
    this.snapshotOn = boot.snapshot; // not with ?snapshot=0
    this.worker.onmessage = (event) => {
      const msg = event.data;
      if (msg.type === "status" && msg.stage === "boot") {
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
        done.resolve({ reply: JSON.parse(msg.reply), ms: msg.ms });
      }
    };
    this.worker.onerror = (event) => {
      this.status({ type: "status", stage: "error", detail: event.message || "?" });
    };
    for (const [kind, event] of boot.early.splice(0)) this.worker[`on${kind}`](event);
  }

  /** How the engine started: a data attribute and a performance mark, for tests and bench. */
  bootNote(msg) {
    this.boot = msg;
    document.documentElement.dataset.bootPath = msg.path;
    performance.mark(`gin:boot-${msg.path}`);
    if (msg.rebuilding) {
      // (This can come before the page's catalogue: the notice waits for it.)
      languageLoaded.then(() => showNotice("fast-start", t("notices.fast_start_rebuilt"),
        [{ label: t("notices.ok"), run: () => hideNotice("fast-start") }]));
    }
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

  /** Have this build's snapshot kept for later visits (once the person may move: on a first
   * visit it is not worth its bytes, web/boot/snapshot.mjs), by a worker of its own that ends
   * once it has said how (web/boot/keeper.mjs). */
  keepSnapshot() {
    this.booted.then(() => {
      const say = (kept) => (document.documentElement.dataset.snapshotKept = kept); // for tests
      if (!this.snapshotOn) return say("off");
      const keeper = new Worker(new URL("./keeper.mjs", import.meta.url), { type: "module" });
      const hand = new MessageChannel(); // the engine's worker to the keeper: bytes it unpacked
      this.worker.postMessage({ type: "hand-snapshot", port: hand.port1 }, [hand.port1]);
      keeper.postMessage(hand.port2, [hand.port2]);
      const done = (kept) => {
        keeper.terminate();
        say(kept);
      };
      keeper.onmessage = (event) => done(event.data);
      keeper.onerror = () => done("failed");
    });
  }

  /** Have the worker go on with the downloads that dropped midway (a failure it said was
   * `resumable`), from where each stopped. */
  resume() {
    this.booted.then(() => this.worker.postMessage({ type: "resume" }));
  }

  /** Send one request (an object with "op"); resolves to the parsed reply. */
  call(request) {
    return this.ask(request).then(({ reply }) => reply);
  }

  /** call(), resolving to {reply, ms}: the parsed reply and the worker's milliseconds on it. */
  ask(request) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, op: request.op });
      this.booted.then(() => this.worker.postMessage({ id, request: JSON.stringify(request) }));
    });
  }
}

export const engine = new Engine();
