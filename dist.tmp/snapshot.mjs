// The engine's memory snapshot, made at build time (build.py, tools/snapshot.mjs) and shipped
// beside the page: Python with the engine imported, restored instead of started.
//
// The file is a JSON line {key, length, sha256}, then the snapshot packed by zstd (fzstd, a
// JavaScript decoder, unpacks it: browsers only unpack gzip, which would make it 40%
// larger). The key names the Pyodide version and the engine's inputs; it must be the one this
// build's config names, so a snapshot of another build is never restored. The digest covers
// the packed bytes, the length the unpacked ones: a damaged file is refused before Pyodide sees
// it. Any refusal rejects, and the worker boots normally.
import { decompress } from "./fzstd.mjs";

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The snapshot's bytes for this build (`config`, with the site's root URL `base`). */
export async function fetchSnapshot(config, base) {
  const response = await fetch(new URL(config.snapshot, base));
  if (!response.ok) throw new Error(`no snapshot (HTTP ${response.status})`);
  const file = new Uint8Array(await response.arrayBuffer());
  const end = file.indexOf(0x0a);
  let header = null;
  try {
    header = JSON.parse(new TextDecoder().decode(file.subarray(0, end)));
  } catch {
    throw new Error("damaged snapshot header");
  }
  if (header.key !== config.snapshotKey) throw new Error(`stale snapshot (made for ${header.key})`);
  const packed = file.subarray(end + 1);
  if (header.sha256 !== (await sha256(packed))) throw new Error("damaged snapshot");
  const bytes = decompress(packed);
  if (bytes.length !== header.length) throw new Error("damaged snapshot (wrong length)");
  return bytes;
}
