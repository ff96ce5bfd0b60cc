// The engine's memory snapshot, made at build time (build.py, tools/snapshot.mjs) and shipped
// beside the page: Python with the engine imported, restored instead of started.
//
// Only a copy kept in this browser is restored. A first visit boots Python from scratch, which
// needs fewer bytes than the snapshot (4.5 MB) on top of Pyodide; the copy for later visits is
// fetched once the person may move: by the service worker's precache (web/boot/sw.js, in the
// cache named by the build's hash), or, where none runs, by keepSnapshot() into the same cache.
//
// The file is a JSON line {key, length, sha256}, then the snapshot packed by zstd (fzstd, a
// JavaScript decoder, unpacks it: browsers only unpack gzip, which would make it 40%
// larger). The file is trusted only as far as this build's own record of it (config.mjs, written
// by build.py): its key must be the one the config names, and the digest of its packed bytes the
// one the config names, so a snapshot of another build is never restored, even under a forged
// header. The length covers the unpacked bytes. Any refusal rejects, and the worker boots
// normally; a refusal of the file's content (a `SnapshotRefused`) drops the kept copy, and the
// page has keepSnapshot() put this build's file in its place.
import { decompress } from "../fzstd.mjs";

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

/** The service worker's cache of this build (web/boot/sw.js names it by the build's hash). */
export const cacheName = (config) => `gin-${config.build}`;

/** The copy of this build's snapshot kept in this browser (a Response), or null. */
export async function keptSnapshot(config, base) {
  if (typeof caches === "undefined" || !(await caches.has(cacheName(config)))) return null;
  return (await (await caches.open(cacheName(config))).match(where(config, base))) || null;
}

/** The snapshot's bytes from a kept copy (`response`), when it is this build's; a refused copy
 * is dropped, so that no later start tries it again. */
export async function restoreBytes(response, config, base) {
  try {
    const { header, packed } = await check(new Uint8Array(await response.arrayBuffer()), config);
    const bytes = decompress(packed);
    if (bytes.length !== header.length) throw new SnapshotRefused("damaged snapshot (wrong length)");
    return bytes;
  } catch (err) {
    if (err instanceof SnapshotRefused) await (await caches.open(cacheName(config))).delete(where(config, base));
    throw err;
  }
}

/** Fetch this build's snapshot from the site and keep it for later starts; true when kept now,
 * false when a copy was kept already. Rejects when the site's file is refused or unreachable. */
export async function keepSnapshot(config, base) {
  if (await keptSnapshot(config, base)) return false;
  const url = where(config, base);
  // Not kept, so a service worker of this build has none to answer with: this reaches the site.
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`no snapshot (HTTP ${response.status})`);
  const file = new Uint8Array(await response.arrayBuffer());
  await check(file, config);
  await (await caches.open(cacheName(config))).put(url, new Response(file));
  return true;
}
