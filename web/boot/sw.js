// Service worker: precache every file of this build, answer from the cache, offline after one visit.
// build.py fills in the cache name (a content hash of the build) and the file list.
// A new build installs beside the old one and waits: it takes charge only when no page runs the
// old build any more, or when a page asks (web/boot/update.js), which then reloads. A page therefore
// never gets files of two builds.
const CACHE = "__CACHE_NAME__";
const FILES = ["__PRECACHE__"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // "no-cache" revalidates with the server: a file the page just loaded costs a 304, and
      // a new build never precaches a stale copy from the HTTP cache.
      .then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: "no-cache" })))),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        // Older builds' caches, and the snapshot earlier builds made in the browser and kept.
        Promise.all(names.filter((n) => (n.startsWith("gin-") && n !== CACHE) || n === "snapshot:gin-rummy").map((n) => caches.delete(n))),
      )
      .then(() => self.clients.claim()),
  );
});

// Opened once per worker start, not once per request.
let opened = null;
const cache = () => (opened ||= caches.open(CACHE));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  // Looked up by path: a query (?seed=…, ?snapshot=0) never names another file. An exact key,
  // rather than the ignoreSearch option, which makes Chromium compare it with every entry.
  event.respondWith(
    cache()
      .then((files) => files.match(url.origin + url.pathname))
      .then((hit) => hit || fetch(request)),
  );
});
