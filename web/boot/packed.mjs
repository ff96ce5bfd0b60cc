// Pyodide's wasm and standard library in the build's own packed form: zstd, 2.9 and 0.5 MB where
// a host's gzip sends 3.5 and 0.7 (build.py, PACKED). Pyodide fetches them by their plain names
// and compiles the wasm as it streams in; fetch() is wrapped so that it gets the packed files
// instead, unpacked as their bytes arrive, so that the wasm still compiles while it downloads.
// The unpacked copies are kept in this build's cache, beside the snapshot (web/boot/snapshot.mjs):
// later starts take them from there and unpack nothing.
import { Decompress } from "../fzstd.mjs";
import { cacheName } from "./snapshot.mjs";

// A wasm compiles as it streams in only when its response says application/wasm.
const TYPES = { wasm: "application/wasm", zip: "application/zip" };
const typeOf = (path) => ({ "Content-Type": TYPES[path.split(".").pop()] || "application/octet-stream" });

/** Answer each fetch of a file `config.packed` names (paths relative to `base`) with the copy
 * kept in this browser (`skipped(url)` is told the packed file's URL, which then never
 * downloads), or else its packed copy (`<path>.zst`) unpacked on the fly, and keep that;
 * `fail(err)` when a packed copy cannot be unpacked (Pyodide never settles after its wasm fails,
 * so the boot's failure is said from here). */
export function unpackOnFetch(config, base, fail, skipped) {
  const packed = new Set(config.packed.map((path) => new URL(path, base).href));
  const inner = self.fetch.bind(self);
  self.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), base);
    const plain = url.origin + url.pathname;
    if (!packed.has(plain)) return inner(input, init);
    const cache = typeof caches === "undefined" ? null : await caches.open(cacheName(config)).catch(() => null);
    const kept = cache && (await cache.match(plain).catch(() => null));
    if (kept) {
      skipped(`${plain}.zst`);
      return kept;
    }
    const response = await inner(`${plain}.zst`, init);
    if (!response.ok || !response.body) return response;
    const [used, stored] = unpacked(response.body, fail).tee();
    const headers = typeOf(url.pathname);
    if (cache) cache.put(plain, new Response(stored, { headers })).catch(() => {}); // kept next time
    return new Response(used, { status: 200, headers });
  };
}

/** The unpacked bytes of the zstd stream `body`, as they come. */
function unpacked(body, fail) {
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
            const { done, value } = await reader.read();
            decoder.push(done ? new Uint8Array(0) : value, done);
            if (done) return;
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
