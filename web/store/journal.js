// The save's durable copy: the newest save text of the match, with its stamp, in IndexedDB,
// written in a transaction of "strict" durability (the browser flushes it to the disk before it
// reports the transaction complete).
//
// Why: Chromium writes localStorage to disk lazily, so a browser killed within seconds of a move
// lost it (docs/save.md has the table). Measured on this project's machine, SIGKILL of the
// browser at once after the write: IndexedDB strict, relaxed and default, and the Origin Private
// File System (a sync access handle with or without flush, or a writable stream) all kept 4/4
// writes; localStorage lost 3/3. Strict is the one that also holds when the machine itself
// stops (it waits for the disk's flush); the OPFS sync handle with flush() costs the same flush
// but needs a worker of its own, since the engine's worker is busy while it thinks.
const DB = "gin-rummy";
const STORE = "journal";
const KEY = "save";

let opening = null;

function open() {
  opening ||= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => db.close(); // a later version of the page takes over
      db.onclose = () => (opening = null);
      resolve(db);
    };
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error("the journal is held open by an older version of this page"));
  }).catch((err) => {
    opening = null;
    throw err;
  });
  return opening;
}

function done(tx, value) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve(value());
    tx.onabort = tx.onerror = () => reject(tx.error || new Error("the journal's transaction was aborted"));
  });
}

/** Store {stamp, save} (the save's text); resolves once it is on the disk. */
export async function writeJournal(entry) {
  const db = await open();
  const tx = db.transaction(STORE, "readwrite", { durability: "strict" });
  tx.objectStore(STORE).put(entry, KEY);
  return done(tx, () => true);
}

/** The journal's entry {stamp, save}, or null when it has none. */
export async function readJournal() {
  const db = await open();
  const tx = db.transaction(STORE, "readonly");
  const request = tx.objectStore(STORE).get(KEY);
  return done(tx, () => request.result || null);
}
