// Getting the engine into a Python that has just started, the same everywhere Python starts: the
// page's worker on a normal boot, an idle worker that makes a snapshot, and tools/snapshot.mjs at
// build time. micropip installs the gin wheel from a local file (never by name: a name asks PyPI); then every gin module is imported, so a snapshot holds all of them and never needs their
// files (a snapshot keeps Python's memory, not the virtual file system).

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
