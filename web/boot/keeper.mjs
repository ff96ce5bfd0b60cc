// Keeps this build's engine snapshot for later visits (web/boot/snapshot.mjs's keepSnapshot), in a
// worker of its own, started by the page once the person may move and ended once it has said how
// ("fetched", "unpacked", "restored", "already" or "failed"). Unpacking the snapshot leaves some
// 40 MB of buffers behind that the engine's worker would have carried until its garbage was
// collected, at times for the rest of the visit (e2e/bench.py --memory, 7 December 2026). Where
// the engine's start unpacked the snapshot already (from the precache's packed copy), it hands
// the bytes over rather than have them unpacked twice.
import config from "../config.mjs";
import { lastLine } from "./pyengine.mjs";
import { keepSnapshot } from "./snapshot.mjs";

// The page sends a port first, on which the engine's worker sends the snapshot's bytes when its
// start unpacked them (from the precache's packed copy), or null.
self.onmessage = (event) => {
  const port = event.data;
  port.onmessage = ({ data: restored }) => {
    port.close();
    keepSnapshot(config, new URL("../", import.meta.url), restored).then(
      (kept) => self.postMessage(kept),
      (err) => {
        console.warn("the snapshot was not kept:", lastLine(err));
        self.postMessage("failed");
      },
    );
  };
};
