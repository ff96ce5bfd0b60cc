// The engine's memory snapshot, made at build time in Node with the pinned Pyodide (build.py).
//
//   node tools/snapshot.mjs uses PYODIDE_DIR GIN_WHEEL OUT.json
//     Boot Python as the page's fallback does (web/boot/pyengine.mjs), play through every request the
//     page makes (tools/stdlib_uses.py) and write the standard library files Python read.
//   node tools/snapshot.mjs compile PYODIDE_DIR STDLIB_ZIP OUT_ZIP
//     The trimmed standard library with every module compiled by this Python and its source left
//     out (tools/stdlib_compile.py): a first visit's Python then compiles none of it.
//   node tools/snapshot.mjs make PYODIDE_DIR STDLIB_ZIP GIN_WHEEL OUT
//     Boot Python on that (trimmed) standard library, unpack the engine, import gin.api (which
//     imports every module the page uses: the opponents among them), take the snapshot, check
//     that the engine then answers, and write the snapshot's bytes.
//
// The snapshot holds Python's memory, not its file system: the engine's modules are all imported
// before it is taken, and the restored Python reads the same standard library zip (its zip
// importer remembers where each file sits in it).
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { engineHandle, unpackGin } from "../web/boot/pyengine.mjs";

const [mode, pyodideDir, ...rest] = process.argv.slice(2);
const usage =
  "usage: node tools/snapshot.mjs uses PYODIDE_DIR GIN_WHEEL OUT.json | compile PYODIDE_DIR STDLIB_ZIP OUT_ZIP" +
  " | make PYODIDE_DIR STDLIB_ZIP GIN_WHEEL OUT";
const arity = { uses: 2, compile: 2, make: 3 };
if (arity[mode] !== rest.length) {
  console.error(usage);
  process.exit(2);
}
const bytesOf = (path) => new Uint8Array(readFileSync(path)); // Pyodide refuses a Node Buffer
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const options = { indexURL: resolve(pyodideDir) + "/", stdout: () => {}, stderr: (line) => console.error(line) };

if (mode === "uses") {
  const [ginWheel, out] = rest;
  const pyodide = await loadPyodide(options);
  unpackGin(pyodide, bytesOf(ginWheel));
  const script = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), "stdlib_uses.py"), "utf8");
  writeFileSync(out, pyodide.runPython(script));
} else if (mode === "compile") {
  const [stdlib, out] = rest;
  const pyodide = await loadPyodide(options);
  pyodide.FS.writeFile("/tmp/stdlib-in.zip", bytesOf(stdlib));
  const script = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), "stdlib_compile.py"), "utf8");
  pyodide.runPython(`import sys; sys.argv = ["", "/tmp/stdlib-in.zip", "/tmp/stdlib-out.zip"]\n${script}`);
  writeFileSync(out, pyodide.FS.readFile("/tmp/stdlib-out.zip"));
} else {
  const [stdlib, ginWheel, out] = rest;
  const pyodide = await loadPyodide({ ...options, stdLibURL: resolve(stdlib), _makeSnapshot: true });
  unpackGin(pyodide, bytesOf(ginWheel));
  pyodide.runPython("import gc, gin.api; gc.collect()");
  const snapshot = pyodide.makeMemorySnapshot();
  engineHandle(pyodide); // a Python whose engine does not answer is not worth shipping
  writeFileSync(out, snapshot);
}
process.exit(0);
