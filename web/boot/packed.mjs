// Pyodide's wasm and standard library in the build's own packed form: zstd, 2.9 and 0.5 MB where
// a host's gzip sends 3.5 and 0.7 (build.py, PACKED). Pyodide fetches them by their plain names
// and compiles the wasm as it streams in; fetch() is wrapped so that it gets the packed files
// instead, unpacked as their bytes arrive, so that the wasm still compiles while it downloads.
// The unpacked copies are kept in this build's cache, beside the snapshot (web/boot/snapshot.mjs):
// later starts take them from there and unpack nothing.
import { cacheName } from "./snapshot.mjs";

// A wasm compiles as it streams in only when its response says application/wasm.
const TYPES = { wasm: "application/wasm", zip: "application/zip" };
const typeOf = (path) => ({ "Content-Type": TYPES[path.split(".").pop()] || "application/octet-stream" });

/** Answer each fetch of a file `config.packed` names (paths relative to `base`) with the copy
 * kept in this browser (`skipped(url)` is told the packed file's URL, which then never
 * downloads), or else its packed copy (`<path>.zst`) unpacked on the fly, and keep that;
 * `fail(err)` when a packed copy cannot be unpacked (Pyodide never settles after its wasm fails,
 * so the boot's failure is said from here). Returns, by a file's plain URL: `asked` and
 * `arrived`, promises settled once it is asked for (or taken from its copy) and once all its
 * bytes have come; and `ahead(url)`, which asks for its packed copy at once, for the fetch to
 * come: no look for a kept copy first, which would wait for this thread, and Python's start
 * holds it for seconds. */
export function unpackOnFetch(config, base, fail, skipped) {
  const packed = new Set(config.packed.map((path) => new URL(path, base).href));
  const asked = moments();
  const arrived = moments();
  const early = new Map(); // plain URL -> its packed copy's response, asked for ahead
  const inner = self.fetch.bind(self);
  self.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), base);
    const plain = url.origin + url.pathname;
    if (!packed.has(plain)) return inner(input, init);
    const cache = typeof caches === "undefined" ? null : await caches.open(cacheName(config)).catch(() => null);
    const kept = !early.has(plain) && cache && (await cache.match(plain).catch(() => null));
    if (kept) {
      skipped(`${plain}.zst`);
      asked.come(plain);
      arrived.come(plain);
      return kept;
    }
    const download = early.get(plain) || inner(`${plain}.zst`, init);
    early.delete(plain);
    asked.come(plain);
    // The unpacker is imported here, not above, so that it comes beside the packed files: a
    // static import would be one more round trip before the worker asks for them.
    const [response, { Decompress }] = await Promise.all([download, import("../fzstd.mjs")]);
    if (!response.ok || !response.body) return response;
    const body = unpacked(response.body, Decompress, fail, () => arrived.come(plain));
    const [used, stored] = body.tee();
    const headers = typeOf(url.pathname);
    if (cache) cache.put(plain, new Response(stored, { headers })).catch(() => {}); // kept next time
    return new Response(used, { status: 200, headers });
  };
  const ahead = (url) => {
    if (early.has(url)) return;
    const download = inner(`${url}.zst`);
    download.catch(() => {}); // a failure is said when the fetch to come takes it
    early.set(url, download);
  };
  return { asked: asked.of, arrived: arrived.of, ahead };
}

/** Promises by key, each settled when `come(key)` is first called (before or after `of(key)`). */
function moments() {
  const all = new Map();
  const entry = (key) => {
    if (!all.has(key)) {
      let come;
      const promise = new Promise((resolve) => (come = resolve));
      all.set(key, { promise, come });
    }
    return all.get(key);
  };
  return { of: (key) => entry(key).promise, come: (key) => entry(key).come() };
}

/** The unpacked bytes of the zstd stream `body`, as they come (`Decompress`: fzstd's); `done()`
 * once the last of them has been read. */
function unpacked(body, Decompress, fail, done) {
  const reader = body.getReader();
  return new ReadableStream({
    start(controller) {
      // The decoder hands out views of its own window, which it writes over later: copied.
      const decoder = new Decompress((chunk, last) => {
        if (chunk.length) controller.enqueue(chunk.slice());
        if (last) controller.close();
      });
      (async () => {
        try {
          for (;;) {
            const { done: last, value } = await reader.read();
            decoder.push(last ? new Uint8Array(0) : value, last);
            if (last) return done();
          }
        } catch (err) {
          fail(err);
          controller.error(err);
        }
      })();
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
