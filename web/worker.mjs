// The engine's home: Pyodide in a module worker. Requests and replies are JSON strings matched by
// id; nothing else crosses.
//
// Two ways to start: restore the memory snapshot this browser kept for this build
// (web/snapshot.mjs), or boot Python and unpack the gin wheel (web/pyengine.mjs). Any failure of
// the first (no snapshot, stale, damaged, restore or first answer failing) falls back to the
// second. The snapshot itself is made later, by an idle worker of its own (web/snapshotter.mjs,
// started by engine.js), so a first visit waits for nothing but Python and the engine.
// ?snapshot=0 on the page skips snapshots altogether (benchmarks, tests).
import { loadPyodide } from "./pyodide/pyodide.mjs";
import config from "./config.mjs";
import { engineHandle, fetchGinWheel, lastLine, pyodideOptions, unpackGin } from "./pyengine.mjs";
import { forgetSnapshot, loadSnapshot, snapshotKey } from "./snapshot.mjs";

const base = new URL("./", import.meta.url);
const useSnapshots = new URL(import.meta.url).searchParams.get("snapshot") !== "0";
const t0 = performance.now();
const post = (msg) => self.postMessage(msg);
const since = () => Math.round(performance.now() - t0);

let handle = null;

/** Restore the kept snapshot; null (and the reason posted) when there is none to use. */
async function fromSnapshot(key) {
  let kept;
  try {
    kept = await loadSnapshot(key);
  } catch (err) {
    kept = { reason: `Cache Storage failed: ${lastLine(err)}` };
  }
  if (!kept.bytes) {
    post({ type: "status", stage: "boot", path: "normal", reason: kept.reason, ms: since() });
    return null;
  }
  try {
    const pyodide = await loadPyodide({ ...pyodideOptions(base), _loadSnapshot: kept.bytes });
    post({ type: "status", stage: "python", ms: since(), version: pyodide.version });
    const answer = engineHandle(pyodide);
    post({ type: "status", stage: "boot", path: "snapshot", ms: since() });
    return answer;
  } catch (err) {
    await forgetSnapshot();
    post({ type: "status", stage: "boot", path: "normal", reason: `restore failed: ${lastLine(err)}`, ms: since() });
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
  const key = useSnapshots && self.caches ? snapshotKey(config) : null;
  try {
    handle = (key !== null && (await fromSnapshot(key))) || (await fromScratch());
    post({ type: "status", stage: "engine", ms: since(), build: config.build });
  } catch (err) {
    post({ type: "status", stage: "error", ms: since(), message: `The engine failed to start: ${lastLine(err)}` });
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
