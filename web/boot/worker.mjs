// The engine's home: Pyodide in a module worker. Requests and replies are JSON strings matched by
// id; nothing else crosses.
//
// Two ways to start: restore the engine's memory snapshot kept in this browser
// (web/boot/snapshot.mjs), or boot Python and unpack the gin wheel (web/boot/pyengine.mjs). A
// first visit has no kept copy and boots Python (the fewest bytes); so does any failure of the
// restore (stale, damaged, restore or first answer failing). Once the table is playable the page
// has a copy kept (web/boot/keeper.mjs), so that later visits restore it.
// ?snapshot=0 on the page skips the snapshot (benchmarks, tests): the page names this worker
// "no-snapshot" (a query on its URL would be lost where the service worker answers with its copy).
import { loadPyodide } from "../pyodide/pyodide.mjs";
import config from "../config.mjs";
import { engineHandle, fetchGinWheel, lastLine, pyodideOptions, unpackGin } from "./pyengine.mjs";
import { SnapshotRefused, keptSnapshot, restoreBytes } from "./snapshot.mjs";
import { countDownloads, isNetworkError } from "./downloads.mjs";
import { unpackOnFetch } from "./packed.mjs";

const base = new URL("../", import.meta.url); // the site's root: this file is in boot/
const useSnapshot = self.name !== "no-snapshot";
const t0 = performance.now();
const post = (msg) => self.postMessage(msg);
const since = () => Math.round(performance.now() - t0);

let handle = null;
let failed = false;
// The snapshot's bytes when this start unpacked them from the packed copy, until the page's keeper
// (web/boot/keeper.mjs) is handed them ({type: "hand-snapshot", port}), which then need not
// unpack them again.
let unpackedNow = null;

/** Say once that the boot failed; `network`: a download failed (the page offers a retry). */
function fail(detail, network) {
  if (!failed) post({ type: "status", stage: "error", ms: since(), detail, network });
  failed = true;
}

let goOn = null; // {promise, go}: downloads that dropped midway wait on it, until the page's word

/** A download dropped midway: say so once (the page offers to go on), and wait for the page's
 * word ({type: "resume"}) to ask for the rest. */
function lost(err) {
  if (!goOn) {
    let go;
    goOn = { promise: new Promise((resolve) => (go = resolve)), go };
    if (!failed) post({ type: "status", stage: "error", ms: since(), detail: lastLine(err), network: true, resumable: true });
  }
  return goOn.promise;
}

// The page's progress bar: the bytes of Pyodide and the wheel, as they come.
const skipped = countDownloads(config, base, (done, total) =>
  post({ type: "status", stage: "download", done, total, ms: since() }),
);
// Pyodide's wasm and standard library and the gin wheel come packed (and are counted so, above),
// or from the copies kept unpacked by an earlier start.
const packed = unpackOnFetch(config, base, {
  fail: (err) => fail(lastLine(err), isNetworkError(err)),
  lost,
  skipped,
});
const pythonFiles = config.packed.filter((path) => path !== config.ginWheel).map((path) => new URL(path, base).href);

/** Restore the kept snapshot (keptSnapshot's); null (and the reason posted) when it cannot be
 * used. Pyodide fetches and compiles its own files while the snapshot is read (and unpacked). */
async function fromSnapshot(kept) {
  const bytes = restoreBytes(kept, config, base);
  bytes.catch(() => {}); // reported below, through loadPyodide
  try {
    const pyodide = await loadPyodide({ ...pyodideOptions(base, config.pyodideLock), _loadSnapshot: bytes });
    post({ type: "status", stage: "python", ms: since(), version: pyodide.version });
    const answer = engineHandle(pyodide);
    // The key of the snapshot restored: the one this build's config names (restoreBytes checks).
    const form = kept.unpacked ? "unpacked" : "packed";
    if (!kept.unpacked) unpackedNow = await bytes;
    post({ type: "status", stage: "boot", path: "snapshot", key: config.snapshotKey, form, ms: since() });
    return answer;
  } catch (err) {
    // A kept copy that is not this build's was dropped (restoreBytes): the page says once why this
    // start is slow, and has this build's copy kept once the person may move.
    const rebuilding = err instanceof SnapshotRefused;
    post({ type: "status", stage: "boot", path: "normal", reason: lastLine(err), rebuilding, ms: since() });
    return null;
  }
}

/** Boot Python and unpack the engine. The wheel is asked for the moment Python's own files have
 * come, and comes while Python starts (seconds of work): asked for beside them, it took their
 * bandwidth. */
async function fromScratch() {
  const wheelURL = new URL(config.ginWheel, base).href;
  Promise.all(pythonFiles.map(packed.arrived)).then(() => packed.ahead(wheelURL));
  const pyodide = await loadPyodide(pyodideOptions(base, config.pyodideLock));
  post({ type: "status", stage: "python", ms: since(), version: pyodide.version });
  unpackGin(pyodide, await fetchGinWheel(config, base));
  post({ type: "status", stage: "installed", ms: since() });
  return engineHandle(pyodide);
}

/** The kept copy of the snapshot, or null (the reason posted): none, or ?snapshot=0. */
async function kept() {
  const copy = useSnapshot ? await keptSnapshot(config, base).catch(() => null) : null;
  if (!copy) {
    const reason = useSnapshot ? "no snapshot kept in this browser" : "?snapshot=0";
    post({ type: "status", stage: "boot", path: "normal", reason, ms: since() });
  }
  return copy;
}

const ready = (async () => {
  try {
    const copy = await kept();
    handle = (copy && (await fromSnapshot(copy))) || (await fromScratch());
    post({ type: "status", stage: "engine", ms: since(), build: config.build });
  } catch (err) {
    fail(lastLine(err), isNetworkError(err));
  }
})();

self.onmessage = async (event) => {
  if (event.data.type === "hand-snapshot") {
    // Moved, not copied: none of its 31.5 MB stays behind in this worker.
    await ready;
    event.data.port.postMessage(unpackedNow, unpackedNow ? [unpackedNow.buffer] : []);
    unpackedNow = null;
    return;
  }
  if (event.data.type === "resume") {
    const waiting = goOn;
    goOn = null;
    if (waiting) waiting.go();
    return;
  }
  const { id, request } = event.data;
  await ready;
  let reply;
  const start = performance.now();
  if (!handle) {
    reply = JSON.stringify({ ok: false, error: "The engine is not available." });
  } else {
    try {
      reply = handle(request);
    } catch (err) {
      reply = JSON.stringify({ ok: false, error: `Engine error: ${lastLine(err)}` });
    }
  }
  post({ type: "reply", id, reply, ms: performance.now() - start });
};
