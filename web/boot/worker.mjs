// The engine's home: Pyodide in a module worker. Requests and replies are JSON strings matched by
// id; nothing else crosses.
//
// Two ways to start: restore the engine's memory snapshot shipped with this build
// (web/boot/snapshot.mjs), or boot Python and unpack the gin wheel (web/boot/pyengine.mjs). Any failure of
// the first (stale, damaged, restore or first answer failing) falls back to the second.
// ?snapshot=0 on the page skips the snapshot (benchmarks, tests).
import { loadPyodide } from "../pyodide/pyodide.mjs";
import config from "../config.mjs";
import { engineHandle, fetchGinWheel, lastLine, pyodideOptions, unpackGin } from "./pyengine.mjs";
import { SnapshotRefused, cachedCopy, fetchSnapshot, replaceSnapshot } from "./snapshot.mjs";

const base = new URL("../", import.meta.url); // the site's root: this file is in boot/
const useSnapshot = new URL(import.meta.url).searchParams.get("snapshot") !== "0";
const t0 = performance.now();
const post = (msg) => self.postMessage(msg);
const since = () => Math.round(performance.now() - t0);

let handle = null;
let refusedCopy = false; // the service worker's copy of the snapshot was refused: replace it

/** Restore the snapshot; null (and the reason posted) when it cannot be used. Pyodide fetches
 * and compiles its own files while the snapshot is fetched and unpacked. */
async function fromSnapshot() {
  const bytes = fetchSnapshot(config, base);
  bytes.catch(() => {}); // reported below, through loadPyodide
  try {
    const pyodide = await loadPyodide({ ...pyodideOptions(base), _loadSnapshot: bytes });
    post({ type: "status", stage: "python", ms: since(), version: pyodide.version });
    const answer = engineHandle(pyodide);
    // The key of the snapshot restored: the one this build's config names (fetchSnapshot checks).
    post({ type: "status", stage: "boot", path: "snapshot", key: config.snapshotKey, ms: since() });
    return answer;
  } catch (err) {
    // A copy of the file that is not this build's would slow every later start: it is replaced
    // once the engine runs, and the page says once why this start is slow.
    refusedCopy = err instanceof SnapshotRefused && (await cachedCopy(config, base).catch(() => false));
    post({ type: "status", stage: "boot", path: "normal", reason: lastLine(err), rebuilding: refusedCopy, ms: since() });
    return null;
  }
}

/** Boot Python and unpack the engine; the wheel is fetched while Python starts. */
async function fromScratch() {
  const wheel = fetchGinWheel(config, base);
  const pyodide = await loadPyodide(pyodideOptions(base));
  post({ type: "status", stage: "python", ms: since(), version: pyodide.version });
  unpackGin(pyodide, await wheel);
  post({ type: "status", stage: "installed", ms: since() });
  return engineHandle(pyodide);
}

const ready = (async () => {
  try {
    if (!useSnapshot) post({ type: "status", stage: "boot", path: "normal", reason: "?snapshot=0", ms: since() });
    handle = (useSnapshot && (await fromSnapshot())) || (await fromScratch());
    post({ type: "status", stage: "engine", ms: since(), build: config.build });
    if (refusedCopy) {
      const replaced = await replaceSnapshot(config, base).catch(() => false);
      post({ type: "status", stage: "boot-rebuilt", replaced, ms: since() });
    }
  } catch (err) {
    post({ type: "status", stage: "error", ms: since(), detail: lastLine(err) });
  }
})();

self.onmessage = async (event) => {
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
