// A promise wrapper over the engine's worker: request objects in, reply objects out.
// Only JSON strings cross the boundary.
export class Engine {
  constructor(onStatus) {
    this.pending = new Map();
    this.nextId = 1;
    this.onStatus = onStatus;
    this.worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
    this.worker.onmessage = (event) => {
      const msg = event.data;
      if (msg.type === "status") {
        this.onStatus(msg);
      } else if (msg.type === "reply") {
        const done = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        if (done) done(JSON.parse(msg.reply));
      }
    };
    this.worker.onerror = (event) => {
      this.onStatus({ type: "status", stage: "error", message: `The engine's worker failed: ${event.message || "unknown error"}` });
    };
  }

  /** Send one request (an object with "op"); resolves to the parsed reply. */
  call(request) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ id, request: JSON.stringify(request) });
    });
  }
}
