// The engine's home: Pyodide in a module worker. Requests and replies are JSON strings matched by
// id; nothing else crosses.
//
// Two ways to start (web/snapshot.mjs): restore the memory snapshot this browser kept for this
// build, or boot Python normally (micropip from the local wheel the Pyodide lock names installs
// gin from the locally served wheel) and keep a snapshot of it for the next visit. Any failure
// of the first (no snapshot, stale, damaged, restore or first answer failing) falls back to the
// second. ?snapshot=0 on the page skips snapshots altogether (benchmarks, tests).
import { loadPyodide } from "./pyodide/pyodide.mjs";
import config from "./config.mjs";
import { engineHandle, importGin, installGin, readyForSnapshot } from "./pyengine.mjs";
import { forgetSnapshot, loadSnapshot, saveSnapshot, snapshotKey } from "./snapshot.mjs";

const base = new URL("./", import.meta.url);
const useSnapshots = new URL(import.meta.url).searchParams.get("snapshot") !== "0";
const t0 = performance.now();
const post = (msg) => self.postMessage(msg);
const since = () => Math.round(performance.now() - t0);
const pyodideOptions = {
  indexURL: new URL("./pyodide/", base).href,
  stdout: (line) => console.log("[python]", line),
  stderr: (line) => console.warn("[python]", line),
};

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
    const pyodide = await loadPyodide({ ...pyodideOptions, _loadSnapshot: kept.bytes });
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

/** Boot Python, install and import gin; keep a snapshot of it when asked. */
async function fromScratch(key) {
  // Fetch the gin wheel while Pyodide boots, and let Pyodide load micropip during its own
  // bootstrap rather than after it.
  const wheel = fetch(new URL(config.ginWheel, base)).then((r) => {
    if (!r.ok) throw new Error(`the gin wheel could not be fetched (HTTP ${r.status})`);
    return r.arrayBuffer();
  });
  const pyodide = await loadPyodide({
    ...pyodideOptions,
    packages: [new URL(config.micropipWheel, base).href],
    _makeSnapshot: key !== null,
  });
  post({ type: "status", stage: "python", ms: since(), version: pyodide.version });
  const bytes = new Uint8Array(await wheel);
  post({ type: "status", stage: "micropip", ms: since() });
  await installGin(pyodide, config.ginWheel.split("/").pop(), bytes);
  post({ type: "status", stage: "installed", ms: since() });
  importGin(pyodide);
  // Taken before the first request, so the snapshot holds no match; kept in the background.
  let snapshot = null;
  let making = 0; // milliseconds the snapshot cost on the way to the first answer
  if (key !== null) {
    try {
      const start = performance.now();
      readyForSnapshot(pyodide);
      snapshot = pyodide.makeMemorySnapshot();
      making = Math.round(performance.now() - start);
    } catch (err) {
      post({ type: "status", stage: "snapshot", saved: false, reason: lastLine(err), ms: since() });
    }
  }
  const answer = engineHandle(pyodide);
  if (snapshot) {
    saveSnapshot(snapshot, key).then(
      (bytes) => post({ type: "status", stage: "snapshot", saved: true, bytes, making, ms: since() }),
      (err) => post({ type: "status", stage: "snapshot", saved: false, reason: lastLine(err), ms: since() }),
    );
  }
  return answer;
}

const ready = (async () => {
  const key = useSnapshots && self.caches ? snapshotKey(config) : null;
  try {
    handle = (key !== null && (await fromSnapshot(key))) || (await fromScratch(key));
    post({ type: "status", stage: "engine", ms: since(), build: config.build });
  } catch (err) {
    post({ type: "status", stage: "error", ms: since(), message: `The engine failed to start: ${lastLine(err)}` });
  }
})();

function lastLine(err) {
  const text = String(err && err.message ? err.message : err).trim();
  const lines = text.split("\n").filter((l) => l && !l.includes("pyodide.setDebug"));
  return lines[lines.length - 1] || text;
}

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
