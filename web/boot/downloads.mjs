// Counting the bytes the worker downloads, for the page's progress bar: Pyodide's files and the
// gin wheel, whose sizes the build writes into config.mjs (`downloads`: path → [bytes, bytes a
// static host sends gzipped]). fetch() is wrapped, so that each file Pyodide fetches is counted
// as it streams in; pyodide.asm.mjs, which Pyodide imports rather than fetches, counts once it
// has come (its resource timing entry). A file counts in the bytes sent for it: gzipped, unless
// the host sends it as it is (no Content-Encoding), so that the total is what crosses the network.

/** Whether `err` is a download that failed: a dropped connection, or no connection at all. */
export function isNetworkError(err) {
  return err instanceof TypeError && /fetch|network|import/i.test(String(err.message));
}

/** Count the worker's downloads from now on; `report(done, total)` is told as bytes come (at
 * most every REPORT_MS, and at each file's end). A file asked for again counts on from where it
 * stopped when the rest of it comes (206), from nothing when the whole of it does. Returns
 * `skipped(url)`: a file this start takes from a copy kept in the browser instead of downloading
 * it (web/boot/packed.mjs) counts as come. */
export function countDownloads(config, base, report) {
  const REPORT_MS = 200;
  const files = new Map(
    Object.entries(config.downloads).map(([path, [raw, sent]]) => [new URL(path, base).href, { raw, sent, got: 0 }]),
  );
  let last = -Infinity;
  const tell = (now = false) => {
    if (!now && performance.now() - last < REPORT_MS) return;
    last = performance.now();
    let done = 0;
    let total = 0;
    for (const f of files.values()) {
      total += f.sent;
      done += Math.min(f.sent, Math.round((f.got * f.sent) / f.raw));
    }
    report(done, total);
  };
  const arrived = (file) => {
    file.got = file.raw;
    tell(true);
  };

  const plain = self.fetch.bind(self);
  self.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), base);
    const file = files.get(url.origin + url.pathname);
    const response = await plain(input, init);
    if (!file || !response.ok || !response.body) return response;
    if (!response.headers.get("content-encoding")) file.sent = file.raw;
    if (response.status !== 206) file.got = 0;
    const reader = response.body.getReader();
    const body = new ReadableStream({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            arrived(file);
            controller.close();
          } else {
            file.got += value.byteLength;
            tell();
            controller.enqueue(value);
          }
        } catch (err) {
          controller.error(err); // its reader says it (web/boot/packed.mjs)
        }
      },
      cancel: (reason) => reader.cancel(reason),
    });
    const { status, statusText, headers } = response;
    return new Response(body, { status, statusText, headers });
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const file = files.get(entry.name);
      if (file && entry.initiatorType !== "fetch" && file.got < file.raw) arrived(file);
    }
  }).observe({ type: "resource", buffered: true });
  tell(true);
  return (url) => {
    const file = files.get(url);
    if (file) arrived(file);
  };
}
