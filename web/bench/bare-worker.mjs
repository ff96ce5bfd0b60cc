// Pyodide as it is shipped: its own files, the wasm not packed, and its whole standard library
// (copied into bench/ by build.py), where the game's worker boots on the packed wasm and the
// trimmed library. The loader is the page's (pyodide/pyodide.mjs, the same file).
import { loadPyodide } from "../pyodide/pyodide.mjs";

const pyodide = await loadPyodide({ indexURL: new URL("./", import.meta.url).href });
pyodide.runPython("1 + 1");
self.postMessage({ version: pyodide.version });
