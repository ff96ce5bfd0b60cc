// Pyodide's wasm and standard library in the build's own packed form: zstd, 2.9 and 0.5 MB where
// a host's gzip sends 3.5 and 0.7 (build.py, PACKED). Pyodide fetches them by their plain names
// and compiles the wasm as it streams in; fetch() is wrapped so that it gets the packed files
// instead, unpacked as their bytes arrive, so that the wasm still compiles while it downloads.
// The unpacked copies are kept in this build's cache, beside the snapshot (web/boot/snapshot.mjs):
// later starts take them from there and unpack nothing.
import { cacheName } from "./snapshot.mjs";
import { isNetworkError } from "./downloads.mjs";

// A wasm compiles as it streams in only when its response says application/wasm.
const TYPES = { wasm: "application/wasm", zip: "application/zip" };
const typeOf = (path) => ({ "Content-Type": TYPES[path.split(".").pop()] || "application/octet-stream" });

/** Answer each fetch of a file `config.packed` names (paths relative to `base`) with the copy
 * kept in this browser (`skipped(url)` is told the packed file's URL, which then never
 * downloads), or else its packed copy (`<path>.zst`) unpacked on the fly, and keep that;
 * `fail(err)` when a packed copy cannot be downloaded or unpacked, `lost(err)` when its
 * download drops midway (see unpacked()). Returns, by a file's plain URL: `arrived`, a promise
 * settled once all its bytes have come (or it was taken from its copy); and `ahead(url)`, which
 * asks for its packed copy at once, for the fetch to come: no look for a kept copy first, which
 * would wait for this thread, and Python's start holds it for seconds. */
export function unpackOnFetch(config, base, { fail, lost, skipped }) {
  const packed = new Set(config.packed.map((path) => new URL(path, base).href));
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
      arrived.come(plain);
      return kept;
    }
    const download = early.get(plain) || inner(`${plain}.zst`, init);
    early.delete(plain);
    // The unpacker is imported here, not above, so that it comes beside the packed files: a
    // static import would be one more round trip before the worker asks for them. A download
    // that never started is said from here: Pyodide never settles after a failed fetch of its
    // wasm.
    const [response, { Decompress }] = await Promise.all([download, import("../fzstd.mjs")]).catch((err) => {
      fail(err);
      throw err;
    });
    if (!response.ok || !response.body) return response;
    const refetch = (more) => inner(`${plain}.zst`, { ...init, ...more });
    const body = unpacked(response, refetch, Decompress, { fail, lost, done: () => arrived.come(plain) });
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
  return { arrived: arrived.of, ahead };
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

/** The unpacked bytes of the packed file `response` brings, as they come (`Decompress`: fzstd's);
 * `done()` once the last of them has been read. A connection that drops midway is `lost(err)`,
 * which settles when the page says to go on; the rest of the file is then asked for from where
 * it stopped (a range, as static hosts serve), and the decoder goes on where it was. A host that
 * sends the whole file again is read past what had come. */
function unpacked(response, refetch, Decompress, { fail, lost, done }) {
  let reader = response.body.getReader();
  const etag = response.headers.get("ETag");
  return new ReadableStream({
    start(controller) {
      // The decoder hands out views of its own window, which it writes over later: copied.
      const decoder = new Decompress((chunk, last) => {
        if (chunk.length) controller.enqueue(chunk.slice());
        if (last) controller.close();
      });
      let received = 0; // the packed bytes read so far
      let skip = 0; // bytes of a whole file sent again that had come already
      (async () => {
        for (;;) {
          try {
            const { done: last, value } = await reader.read();
            const fresh = value ? value.subarray(Math.min(skip, value.length)) : value;
            if (value) skip -= value.length - fresh.length;
            decoder.push(last ? new Uint8Array(0) : fresh, last);
            if (last) return done();
            received += fresh.length;
          } catch (err) {
            if (!isNetworkError(err)) {
              fail(err);
              return controller.error(err);
            }
            reader = await resumed(err);
          }
        }
      })();
      /** The reader of the file's rest, once the page says to go on (again, while it fails). */
      async function resumed(err) {
        for (;;) {
          await lost(err);
          try {
            const range = etag && received ? { Range: `bytes=${received}-`, "If-Range": etag } : {};
            const rest = await refetch({ headers: range });
            if (rest.status !== 206 && rest.status !== 200) throw new TypeError(`network: HTTP ${rest.status}`);
            skip = rest.status === 200 ? received : 0;
            return rest.body.getReader();
          } catch (again) {
            err = again;
          }
        }
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
