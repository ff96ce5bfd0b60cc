// Makes the memory snapshot the next visit restores, in a worker of its own that engine.js starts
// once the page is playable and idle (after a normal boot). It boots Python as the snapshot needs
// it (micropip installs the gin wheel, every gin module imported: web/pyengine.mjs), checks that
// the engine answers, keeps the snapshot in Cache Storage (web/snapshot.mjs), reports, and ends.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import config from "./config.mjs";
import {
  engineHandle, fetchGinWheel, importGin, installGin, lastLine, pyodideOptions, readyForSnapshot,
} from "./pyengine.mjs";
import { saveSnapshot, snapshotKey } from "./snapshot.mjs";

const base = new URL("./", import.meta.url);
const t0 = performance.now();
const report = (msg) => self.postMessage({ type: "status", stage: "snapshot", ms: Math.round(performance.now() - t0), ...msg });

try {
  const wheel = fetchGinWheel(config, base);
  const pyodide = await loadPyodide({
    ...pyodideOptions(base),
    packages: [new URL(config.micropipWheel, base).href],
    _makeSnapshot: true,
  });
  await installGin(pyodide, config.ginWheel.split("/").pop(), await wheel);
  importGin(pyodide);
  const start = performance.now();
  readyForSnapshot(pyodide);
  const snapshot = pyodide.makeMemorySnapshot();
  const making = Math.round(performance.now() - start);
  engineHandle(pyodide); // a Python whose engine does not answer is not worth keeping
  const bytes = await saveSnapshot(snapshot, snapshotKey(config));
  report({ saved: true, bytes, making });
} catch (err) {
  report({ saved: false, reason: lastLine(err) });
}
self.close();
