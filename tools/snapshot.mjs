// Make the engine's memory snapshot at build time (run by build.py; Node 20, no packages):
//   node tools/snapshot.mjs PYODIDE_DIR MICROPIP_WHEEL GIN_WHEEL OUT KEY
// Boots the pinned Pyodide with `_makeSnapshot`, installs gin with micropip from the local wheel,
// imports the engine (web/pyengine.mjs, as the page does), and writes the snapshot to OUT in the
// container of web/snapshot.mjs (header with KEY, gzip).
import { readFileSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { importGin, installGin, readyForSnapshot } from "../web/pyengine.mjs";
import { wrapSnapshot } from "../web/snapshot.mjs";

const [pyodideDir, micropipWheel, ginWheel, out, key] = process.argv.slice(2);
if (!key) {
  console.error("usage: node tools/snapshot.mjs PYODIDE_DIR MICROPIP_WHEEL GIN_WHEEL OUT KEY");
  process.exit(2);
}
const t0 = performance.now();
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: resolve(pyodideDir) + "/",
  packages: [resolve(micropipWheel)],
  _makeSnapshot: true,
  stdout: () => {},
});
await installGin(pyodide, basename(ginWheel), readFileSync(ginWheel));
importGin(pyodide);
readyForSnapshot(pyodide);
const snapshot = pyodide.makeMemorySnapshot();
const packed = gzipSync(wrapSnapshot(snapshot, key), { level: 9 });
writeFileSync(out, packed);
console.log(
  `snapshot ${key}: ${(snapshot.length / 1e6).toFixed(1)} MB raw, ` +
    `${(packed.length / 1e6).toFixed(2)} MB gzipped, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
process.exit(0);
