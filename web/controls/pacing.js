// When the page asks for the next move. A move is asked for only once the page has painted the
// one before: at the Instant pace (0 ms) the computer and the autoplay hook would otherwise ask
// while the last view is still being laid out, and the page would chain one frame into the next
// with no moment free for a key or a tap.

/** Call `fn` `ms` after the next frame is painted. Returns a function that cancels it. */
export function afterPaint(fn, ms = 0) {
  let timer = null;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, ms);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
