// Copy and Share beside the links the page gives out (the daily deal, the match on the table).
// Copy writes the link to the clipboard, or, where the page may not use the clipboard, copies
// the selected field; Share hands the link to the system's share sheet and is shown only where
// the browser has one. Each says what it did in a status line, seen and read out.

import { t } from "../words/i18n.js";

/** Copy `input`'s text; resolves to whether it was copied. */
async function copyField(input) {
  try {
    await navigator.clipboard.writeText(input.value);
    return true;
  } catch {
    // No clipboard for this page (an insecure origin, a refused permission): the older way.
    input.focus();
    input.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    }
  }
}

/**
 * Wire every `button[data-copy]` and `button[data-share]` inside `root`: the attribute names the
 * id of the field holding the link; `note` is the status line. Returns `update()`, which enables
 * the buttons of the fields that hold a link (call it after filling them).
 */
export function wireLinkButtons(root, note) {
  const field = (btn) => document.getElementById(btn.dataset.copy || btn.dataset.share);
  const say = (text) => {
    note.textContent = text;
  };
  for (const btn of root.querySelectorAll("button[data-copy]")) {
    btn.addEventListener("click", async () => {
      const input = field(btn);
      say(t((await copyField(input)) ? "table.link_copied" : "table.link_not_copied"));
    });
  }
  for (const btn of root.querySelectorAll("button[data-share]")) {
    btn.hidden = typeof navigator.share !== "function";
    btn.addEventListener("click", async () => {
      const input = field(btn);
      try {
        await navigator.share({ title: t("table.title"), url: input.value });
        say(t("table.link_shared"));
      } catch (error) {
        if (error && error.name === "AbortError") return; // the player closed the share sheet
        say(t((await copyField(input)) ? "table.share_copied" : "table.share_failed"));
      }
    });
  }
  return function update() {
    for (const btn of root.querySelectorAll("button[data-copy], button[data-share]")) btn.disabled = !field(btn).value;
    say("");
  };
}
