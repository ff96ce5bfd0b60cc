// Measure the other place a snapshot could be made: at build time, in Node, shipped gzipped.
//   node tools/snapshot.mjs PYODIDE_DIR MICROPIP_WHEEL GIN_WHEEL [OUT.gz]
// Boots the pinned Pyodide with `_makeSnapshot`, installs and imports the engine exactly as the
// page's worker does (web/pyengine.mjs), takes the snapshot and prints its size raw and gzipped
// and the time taken (README: why the game makes its snapshot in the browser instead).
import { readFileSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { importGin, installGin, readyForSnapshot } from "../web/pyengine.mjs";

const [pyodideDir, micropipWheel, ginWheel, out] = process.argv.slice(2);
if (!ginWheel) {
  console.error("usage: node tools/snapshot.mjs PYODIDE_DIR MICROPIP_WHEEL GIN_WHEEL [OUT.gz]");
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
const made = performance.now() - t0;
const packed = gzipSync(snapshot, { level: 9 });
if (out) writeFileSync(out, packed);
console.log(
  `build-time snapshot: ${(snapshot.length / 1e6).toFixed(1)} MB raw, ` +
    `${(packed.length / 1e6).toFixed(2)} MB gzipped (level 9); made in ${(made / 1000).toFixed(1)} s, ` +
    `gzip ${((performance.now() - t0 - made) / 1000).toFixed(1)} s`,
);
process.exit(0);
