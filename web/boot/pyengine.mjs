// Getting the engine into a Python that has just started, the same everywhere Python starts: the
// page's worker when it boots normally (web/boot/worker.mjs) and tools/snapshot.mjs, which makes the
// engine's memory snapshot at build time. The gin wheel is unpacked straight into
// site-packages (about 25 ms; micropip would cost its own download and about 0.7 s more).

/** Options of loadPyodide shared by every worker of the page (`base`: the site's root URL;
 * `lock`: the contents of Pyodide's lock file the build wrote, config.pyodideLock). */
export function pyodideOptions(base, lock) {
  return {
    indexURL: new URL("./pyodide/", base).href,
    lockFileContents: lock,
    stdout: (line) => console.log("[python]", line),
    stderr: (line) => console.warn("[python]", line),
  };
}

/** The gin wheel's bytes, fetched from this build (`config.ginWheel`, relative to `base`). */
export async function fetchGinWheel(config, base) {
  const response = await fetch(new URL(config.ginWheel, base));
  if (!response.ok) throw new Error(`the gin wheel could not be fetched (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Unpack the gin wheel (its bytes) into site-packages, as Pyodide installs its own packages. */
export function unpackGin(pyodide, bytes) {
  const site = pyodide.runPython("import site; site.getsitepackages()[0]"); // site: imported at start
  pyodide.unpackArchive(bytes, "wheel", { extractDir: site });
}

/** The last meaningful line of an error from Pyodide (its tracebacks end with the cause). */
export function lastLine(err) {
  const text = String(err && err.message ? err.message : err).trim();
  const lines = text.split("\n").filter((l) => l && !l.includes("pyodide.setDebug"));
  return lines[lines.length - 1] || text;
}

/** The engine's entry point, checked by a request that changes nothing. */
export function engineHandle(pyodide) {
  const handle = pyodide.pyimport("gin.api").handle;
  const reply = JSON.parse(handle(JSON.stringify({ op: "presets" })));
  if (!reply.ok) throw new Error(`the engine did not answer: ${reply.error}`);
  return handle;
}
