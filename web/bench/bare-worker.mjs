import { loadPyodide } from "../pyodide/pyodide.mjs";

const pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
pyodide.runPython("1 + 1");
self.postMessage({ version: pyodide.version });
