// The engine's memory snapshot, made at build time (build.py, tools/snapshot.mjs) and shipped
// beside the page: Python with the engine imported, restored instead of started.
//
// The file is a JSON line {key, length, sha256}, then the snapshot packed by zstd (fzstd, a
// JavaScript decoder, unpacks it: browsers only unpack gzip, which would make it 40%
// larger). The file is trusted only as far as this build's own record of it (config.mjs, written
// by build.py): its key must be the one the config names, and the digest of its packed bytes the
// one the config names, so a snapshot of another build is never restored, even under a forged
// header. The length covers the unpacked bytes. Any refusal rejects, and the worker boots
// normally; a refusal of the file's content (a `SnapshotRefused`) also means that a copy the
// service worker keeps is bad, and replaceSnapshot() puts this build's file in its place.
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

/** The snapshot's bytes for this build (`config`, with the site's root URL `base`). */
export async function fetchSnapshot(config, base) {
  const response = await fetch(where(config, base));
  if (!response.ok) throw new Error(`no snapshot (HTTP ${response.status})`);
  const { header, packed } = await check(new Uint8Array(await response.arrayBuffer()), config);
  const bytes = decompress(packed);
  if (bytes.length !== header.length) throw new SnapshotRefused("damaged snapshot (wrong length)");
  return bytes;
}

/** The service worker's cache of this build (web/boot/sw.js names it by the build's hash). */
const cacheName = (config) => `gin-${config.build}`;

/** Whether a refused snapshot came from the service worker's cache (then it can be replaced). */
export async function cachedCopy(config, base) {
  const name = cacheName(config);
  return (await caches.has(name)) && !!(await (await caches.open(name)).match(where(config, base)));
}

/** Put this build's snapshot, from the site, in the place of the cached copy refused; true when
 * done. The bad copy goes first, so that the request reaches the site, not the cache. */
export async function replaceSnapshot(config, base) {
  const cache = await caches.open(cacheName(config));
  const url = where(config, base);
  await cache.delete(url);
  const response = await fetch(url, { cache: "no-store" });
  if (!response.ok) return false;
  const file = new Uint8Array(await response.arrayBuffer());
  await check(file, config);
  await cache.put(url, new Response(file, { headers: response.headers }));
  return true;
}
