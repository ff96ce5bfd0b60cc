// Pyodide as it is shipped: its whole standard library (bench/python_stdlib.zip, copied there by
// build.py), where the game's worker boots on the trimmed one.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const pyodide = await loadPyodide({
  indexURL: new URL("../pyodide/", import.meta.url).href,
  stdLibURL: new URL("./python_stdlib.zip", import.meta.url).href,
});
pyodide.runPython("1 + 1");
self.postMessage({ version: pyodide.version });
