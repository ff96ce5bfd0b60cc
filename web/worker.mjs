// The engine's home: Pyodide in a module worker. micropip comes from the local wheel the
// Pyodide lock names and installs gin from the locally served wheel. Requests and replies are
// JSON strings matched by id; nothing else crosses.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import config from "./config.mjs";

const base = new URL("./", import.meta.url);
const t0 = performance.now();
const post = (msg) => self.postMessage(msg);
const since = () => Math.round(performance.now() - t0);

let handle = null;

const ready = (async () => {
  try {
    const ginWheel = new URL(config.ginWheel, base).href;
    const micropipWheel = new URL(config.micropipWheel, base).href;
    // Fetch the gin wheel while Pyodide boots (micropip's later fetch hits the HTTP cache), and
    // let Pyodide load micropip during its own bootstrap rather than after it.
    const prefetch = fetch(ginWheel).then((r) => r.arrayBuffer()).catch(() => null);
    const pyodide = await loadPyodide({
      indexURL: new URL("./pyodide/", base).href,
      packages: [micropipWheel],
      stdout: (line) => console.log("[python]", line),
      stderr: (line) => console.warn("[python]", line),
    });
    post({ type: "status", stage: "python", ms: since(), version: pyodide.version });
    await prefetch;
    const micropip = pyodide.pyimport("micropip");
    post({ type: "status", stage: "micropip", ms: since() });
    await micropip.install(ginWheel);
    micropip.destroy();
    post({ type: "status", stage: "installed", ms: since() });
    let api;
    try {
      api = pyodide.pyimport("gin.api");
    } catch (err) {
      post({ type: "status", stage: "error", ms: since(), message: `The engine has no gin.api yet: ${lastLine(err)}` });
      return;
    }
    handle = api.handle;
    post({ type: "status", stage: "engine", ms: since(), build: config.build });
  } catch (err) {
    post({ type: "status", stage: "error", ms: since(), message: `The engine failed to start: ${lastLine(err)}` });
  }
})();

function lastLine(err) {
  const text = String(err && err.message ? err.message : err).trim();
  const lines = text.split("\n").filter(Boolean);
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
