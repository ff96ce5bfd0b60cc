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
//
// Every use of it gives up after WAIT_MS: another page of the site can hold the database open
// while a third asks for a new version, and then no answer ever comes. A save's or a start's
// wait must end (web/store/saving.js says so to the player).
const DB = "gin-rummy";
const STORE = "journal";
const KEY = "save";
const WAIT_MS = 3000;
const PAGE = Math.random().toString(36).slice(2); // tags this page's records

let opening = null;
let known = false; // whether this page has read the journal's record, or written its own over it

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

/** `work`'s promise, or a TimeoutError once the journal has not answered for WAIT_MS. */
function inTime(work) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new DOMException("the journal did not answer in time", "TimeoutError")), WAIT_MS);
  });
  return Promise.race([work(), late]).finally(() => clearTimeout(timer));
}

const asideKey = () => `aside:${new Date().toISOString()}`;

/** Store {stamp, save} (the save's text); resolves once it is on the disk. */
export function writeJournal(entry) {
  return inTime(async () => {
    const db = await open();
    const tx = db.transaction(STORE, "readwrite", { durability: "strict" });
    const store = tx.objectStore(STORE);
    if (!known) {
      // A record this page never read (the journal did not answer at the start) may hold moves
      // the page never saw: it is kept aside, not overwritten. This page's own are tagged.
      const old = store.get(KEY);
      old.onsuccess = () => old.result && old.result.page !== PAGE && store.put(old.result, asideKey());
    }
    store.put({ ...entry, page: PAGE }, KEY);
    await done(tx, () => true);
    known = true;
    return true;
  });
}

/** The journal's entry {stamp, save}, or null when it has none. */
export function readJournal() {
  return inTime(async () => {
    const db = await open();
    const tx = db.transaction(STORE, "readonly");
    const request = tx.objectStore(STORE).get(KEY);
    return done(tx, () => request.result || null);
  }).then((entry) => {
    known = true; // read in time: the page takes it into account
    return entry;
  });
}

/** Keep a save's text the game cannot load in the journal, under a key of its own (IndexedDB
 * has room where localStorage may have none); resolves to that key once it is on the disk. */
export function keepAside(save) {
  return inTime(async () => {
    const db = await open();
    const tx = db.transaction(STORE, "readwrite", { durability: "strict" });
    const key = asideKey();
    tx.objectStore(STORE).put({ save }, key);
    return done(tx, () => key);
  });
}
