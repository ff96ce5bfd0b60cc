// Getting the engine into a Python that has just started, the same everywhere Python starts: the
// page's worker on a normal boot (web/worker.mjs), the idle worker that makes the snapshot for
// the next visit (web/snapshotter.mjs), and tools/snapshot.mjs at build time.
//
// Two ways in. The boot a player waits for unpacks the gin wheel straight into site-packages
// (about 25 ms; micropip would cost its own download and about 0.7 s more). The snapshot's
// Python installs it with micropip from the local file (never by name: a name asks PyPI), then
// imports every gin module, so the snapshot holds all of them and never needs their files (a
// snapshot keeps Python's memory, not the virtual file system).

/** Options of loadPyodide shared by every worker of the page (`base`: the site's root URL). */
export function pyodideOptions(base) {
  return {
    indexURL: new URL("./pyodide/", base).href,
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

/**
 * Install the gin wheel (its file name and bytes) with micropip, already loaded as a package of
 * loadPyodide. micropip reads it from Pyodide's file system ("emfs:"), so Python never fetches:
 * a fetch would leave JavaScript objects in Python's memory that a snapshot cannot hold.
 */
export async function installGin(pyodide, name, bytes) {
  const path = `/tmp/${name}`;
  pyodide.FS.writeFile(path, bytes);
  const micropip = pyodide.pyimport("micropip");
  try {
    await micropip.install(`emfs:${path}`);
  } finally {
    micropip.destroy();
    pyodide.FS.unlink(path);
  }
}

/** Import gin.api and every other module of the package (the opponents among them). */
export function importGin(pyodide) {
  pyodide.runPython(`
import gc, importlib, pkgutil, gin
for _m in pkgutil.walk_packages(gin.__path__, "gin."):
    if not _m.name.endswith(".__main__"):
        importlib.import_module(_m.name)
del _m
gc.collect()
`);
}

/** The engine's entry point, checked by a request that changes nothing. */
export function engineHandle(pyodide) {
  const handle = pyodide.pyimport("gin.api").handle;
  const reply = JSON.parse(handle(JSON.stringify({ op: "presets" })));
  if (!reply.ok) throw new Error(`the engine did not answer: ${reply.error}`);
  return handle;
}

/**
 * Make a Python that has installed and imported the engine fit for Pyodide's memory snapshot:
 * Pyodide refuses one while Python holds JavaScript objects it cannot name again (micropip keeps
 * Pyodide's loader functions) or while its record of loaded packages is not empty (a package may
 * hold compiled libraries). micropip and gin are pure Python and gin is imported, so micropip's
 * modules are dropped and the record emptied; the restored Python never installs anything.
 */
export function readyForSnapshot(pyodide) {
  pyodide.runPython(`
import gc, sys
for _name in [m for m in sys.modules if m == "micropip" or m.startswith("micropip.")]:
    del sys.modules[_name]
del _name
gc.collect()
`);
  for (const name of Object.keys(pyodide.loadedPackages)) delete pyodide.loadedPackages[name];
}
