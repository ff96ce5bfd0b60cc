// The engine's memory snapshot, made at build time (build.py, tools/snapshot.mjs) and shipped
// beside the page: Python with the engine imported, restored instead of started.
//
// Only a copy kept in this browser is restored. A first visit boots Python from scratch, which
// needs fewer bytes than the snapshot (3.6 MB) on top of Pyodide; the copy for later visits is
// fetched once the person may move: by the service worker's precache (web/boot/sw.js, in the
// cache named by the build's hash), or, where none runs, by keepSnapshot() (web/boot/keeper.mjs
// runs it) into the same cache.
//
// The file is a JSON line {key, length, sha256}, then the snapshot packed by zstd (fzstd, a
// JavaScript decoder, unpacks it: browsers only unpack gzip, which would make it 40%
// larger). The file is trusted only as far as this build's own record of it (config.mjs, written
// by build.py): its key must be the one the config names, and the digest of its packed bytes the
// one the config names, so a snapshot of another build is never restored, even under a forged
// header. The length covers the unpacked bytes. Any refusal rejects, and the worker boots
// normally; a refusal of the file's content (a `SnapshotRefused`) drops the kept copy, and the
// page has keepSnapshot() put this build's file in its place.
//
// Unpacking takes fzstd some 300 ms of the worker's time, a third of a return visit's start
// (e2e/bench.py, 7 December 2026): so keepSnapshot() keeps the snapshot unpacked too, in the same
// cache, and a start restores that copy when there is one, checked against the digest of the
// unpacked bytes the config names (45 ms; the packed copy stays the precache's). The copy is
// kept sparse: of the snapshot's 31.5 MB, 13.6 MB are pages that are not all zeros, and only
// those are kept, after a table of where they go (read in about 90 ms against 150 for all 31.5).

/** The file is not this build's snapshot: stale, damaged or forged. */
export class SnapshotRefused extends Error {}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The file's header and packed bytes, when the file is this build's snapshot. */
async function check(file, config) {
  const end = file.indexOf(0x0a);
  let header = null;
  try {
    header = JSON.parse(new TextDecoder().decode(file.subarray(0, end)));
  } catch {
    throw new SnapshotRefused("damaged snapshot header");
  }
  if (header.key !== config.snapshotKey) throw new SnapshotRefused(`stale snapshot (made for ${header.key})`);
  const packed = file.subarray(end + 1);
  const digest = await sha256(packed);
  if (header.sha256 !== digest) throw new SnapshotRefused("damaged snapshot");
  if (digest !== config.snapshotSha256) throw new SnapshotRefused("another build's snapshot (its digest is not this build's)");
  return { header, packed };
}

const where = (config, base) => new URL(config.snapshot, base).href;
// The unpacked copy's key: a name the site does not serve, so that no request is ever answered
// with it.
const whereUnpacked = (config, base) => `${where(config, base)}.unpacked`;

/** The service worker's cache of this build (web/boot/sw.js names it by the build's hash). */
export const cacheName = (config) => `gin-${config.build}`;

const PAGE = 4096;

/** `bytes` kept sparse: u32 length, u32 count, then the count of page numbers (u32, rising), then
 * those pages' bytes (the last page may be short); the pages not listed are all zeros. */
function sparse(bytes) {
  const size = (page) => Math.min(PAGE, bytes.length - page * PAGE);
  const pages = [];
  for (let page = 0; page * PAGE < bytes.length; page++) {
    const end = page * PAGE + size(page);
    let i = page * PAGE;
    while (i < end && bytes[i] === 0) i++;
    if (i < end) pages.push(page);
  }
  const out = new Uint8Array(8 + 4 * pages.length + pages.reduce((sum, page) => sum + size(page), 0));
  const table = new DataView(out.buffer);
  table.setUint32(0, bytes.length, true);
  table.setUint32(4, pages.length, true);
  let at = 8 + 4 * pages.length;
  pages.forEach((page, i) => {
    table.setUint32(8 + 4 * i, page, true);
    out.set(bytes.subarray(page * PAGE, page * PAGE + size(page)), at);
    at += size(page);
  });
  return out;
}

/** The snapshot's bytes from a sparse copy (sparse()'s), refused when its table does not fit. */
function dense(file) {
  const damaged = () => new SnapshotRefused("damaged snapshot (kept unpacked)");
  if (file.length < 8) throw damaged();
  const table = new DataView(file.buffer, file.byteOffset, file.length);
  const length = table.getUint32(0, true);
  const count = table.getUint32(4, true);
  if (!length || length > 2 ** 31 || count > Math.ceil(length / PAGE) || 8 + 4 * count > file.length) throw damaged();
  const bytes = new Uint8Array(length);
  let at = 8 + 4 * count;
  let last = -1;
  for (let i = 0; i < count; i++) {
    const page = table.getUint32(8 + 4 * i, true);
    const size = Math.min(PAGE, length - page * PAGE);
    if (page <= last || size <= 0 || at + size > file.length) throw damaged();
    bytes.set(file.subarray(at, at + size), page * PAGE);
    at += size;
    last = page;
  }
  if (at !== file.length) throw damaged();
  return bytes;
}

/** The copy of this build's snapshot kept in this browser, unpacked if there is one: {response,
 * unpacked}, or null. */
export async function keptSnapshot(config, base) {
  if (typeof caches === "undefined" || !(await caches.has(cacheName(config)))) return null;
  const cache = await caches.open(cacheName(config));
  const unpacked = await cache.match(whereUnpacked(config, base));
  if (unpacked) return { response: unpacked, unpacked: true };
  const packed = await cache.match(where(config, base));
  return packed ? { response: packed, unpacked: false } : null;
}

/** The unpacked snapshot of a packed file (its bytes), when the file is this build's. */
async function unpack(file, config) {
  const [{ header, packed }, { decompress }] = await Promise.all([check(file, config), import("../fzstd.mjs")]);
  const bytes = decompress(packed);
  if (bytes.length !== header.length) throw new SnapshotRefused("damaged snapshot (wrong length)");
  return bytes;
}

/** `bytes`, when they are this build's unpacked snapshot. */
async function checkUnpacked(bytes, config) {
  if ((await sha256(bytes)) !== config.snapshotUnpackedSha256) {
    throw new SnapshotRefused("damaged snapshot, or another build's (kept unpacked)");
  }
  return bytes;
}

/** The snapshot's bytes from a kept copy (keptSnapshot's), when it is this build's; a refused
 * copy is dropped, so that no later start tries it again. */
export async function restoreBytes(kept, config, base) {
  try {
    const file = new Uint8Array(await kept.response.arrayBuffer());
    return await (kept.unpacked ? checkUnpacked(dense(file), config) : unpack(file, config));
  } catch (err) {
    if (err instanceof SnapshotRefused) {
      const cache = await caches.open(cacheName(config));
      await cache.delete(kept.unpacked ? whereUnpacked(config, base) : where(config, base));
    }
    throw err;
  }
}

/** Keep this build's snapshot unpacked for later starts: `restored`, the bytes a start unpacked
 * from the packed copy kept (the precache's), or else that copy or the site's file unpacked. Says
 * "already" (an unpacked copy was kept), "restored" (kept from `restored`), "unpacked" (from the
 * kept packed copy) or "fetched".
 * Rejects when the file is refused or unreachable. */
export async function keepSnapshot(config, base, restored = null) {
  const cache = await caches.open(cacheName(config));
  if (await cache.match(whereUnpacked(config, base))) return "already";
  let how = restored ? "restored" : "unpacked";
  let bytes = restored;
  if (!bytes) {
    const url = where(config, base);
    let response = await cache.match(url);
    if (!response) {
      // Not kept, so a service worker of this build has none to answer with: this reaches the site.
      response = await fetch(url, { cache: "no-cache" });
      if (!response.ok) throw new Error(`no snapshot (HTTP ${response.status})`);
      how = "fetched";
    }
    bytes = await unpack(new Uint8Array(await response.arrayBuffer()), config);
  }
  await cache.put(whereUnpacked(config, base), new Response(sparse(await checkUnpacked(bytes, config))));
  return how;
}
