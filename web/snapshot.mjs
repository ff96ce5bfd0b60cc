// The engine's memory snapshot, made in the player's browser and kept in Cache Storage.
//
// The page's worker boots Python normally once, installs and imports the engine, and takes a
// snapshot of Python's memory before the first request; later visits restore it instead of
// starting Python. One entry, overwritten by each new snapshot: a container of a JSON header
// {key, length, sha256} padded to a multiple of 16 bytes (Pyodide reads the snapshot through a
// Uint32Array), then Pyodide's bytes. The key names the Pyodide version and the build's content
// hash: a snapshot whose key differs is stale and is deleted unread; one whose length or digest
// differs is damaged and is deleted too. Either way the worker boots normally (and makes a new one).
const CACHE = "snapshot:gin-rummy"; // not "gin-…": the service worker deletes those on an update
const ENTRY = new URL("./engine.snapshot", import.meta.url).href;

/** The key a snapshot must carry to be restored by this build. */
export function snapshotKey(config) {
  return `pyodide-${config.pyodideVersion}/build-${config.build}`;
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Keep a snapshot for `key` (replacing any other). */
export async function saveSnapshot(snapshot, key) {
  const header = { key, length: snapshot.length, sha256: await sha256(snapshot) };
  const text = new TextEncoder().encode(JSON.stringify(header));
  const head = new Uint8Array(Math.ceil((text.length + 1) / 16) * 16).fill(0x20);
  head.set(text);
  head[head.length - 1] = 0x0a; // the header ends at the first newline
  const cache = await caches.open(CACHE);
  await cache.put(ENTRY, new Response(new Blob([head, snapshot])));
  return snapshot.length;
}

/** The kept snapshot's bytes for `key`, or {reason} why there is none to restore. */
export async function loadSnapshot(key) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(ENTRY);
  if (!hit) return { reason: "none kept yet" };
  const bytes = new Uint8Array(await hit.arrayBuffer());
  const end = bytes.indexOf(0x0a);
  let header = null;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(0, end)));
  } catch {
    /* reported below as damaged */
  }
  let reason = null;
  const body = bytes.subarray(end + 1);
  if (!header || typeof header.key !== "string") reason = "damaged header";
  else if (header.key !== key) reason = `stale (made for ${header.key})`;
  else if (header.length !== body.length || header.sha256 !== (await sha256(body))) reason = "damaged";
  if (reason) {
    await forgetSnapshot();
    return { reason };
  }
  return { bytes: body };
}

/** Drop the kept snapshot (after it failed to restore or to answer). */
export async function forgetSnapshot() {
  try {
    await (await caches.open(CACHE)).delete(ENTRY);
  } catch {
    /* Cache Storage unavailable: nothing kept */
  }
}
