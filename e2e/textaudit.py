"""The pseudo-locale's text audit: every word a player meets must come from the catalogues.

On a page opened with ``?lang=pseudo`` every catalogue message reads ``⟦ácçéñtéd~~ wörds~~⟧``
(web/words/i18n.js). ``text_leaks`` collects what a player meets on the page as it is now and
reports any word outside ⟦ ⟧:

- the text of every rendered element (not display:none nor visibility:hidden; text kept for screen
  readers only, as in .sr-only, counts too), aria-hidden or not, since eyes still see it; the
  words CSS draws (``::before``/``::after`` content, such as ``attr(data-glyph)``);
- the accessible names and descriptions given by aria-label, aria-description,
  aria-roledescription, aria-valuetext, title, alt and placeholder on rendered elements;
- the options of every rendered select, and the document's <title>;
- every announcement: what aria-live regions (and role=alert/status) said since the last audit,
  recorded as it changed by ``LIVE_RECORDER``, even if the words were gone before the audit.

What is not a word is exempt, and only this (``EXEMPT_JS``): a token with no letter in it
(numbers, punctuation, symbols, arrows, emoji); a card face (A, 2-10, J, Q, K with a suit symbol,
or a rank alone on a card); a single character in a <kbd> key cap; hex digits in a <code> (the
deal's fingerprint). A message may hold markup (a card inside a sentence), so the brackets are
counted across the text nodes of one block in document order.
"""

from __future__ import annotations

from typing import Any

# Installed in every page before its scripts (context.add_init_script): keeps every text a live
# region showed, with the region's path, for the next audit.
LIVE_RECORDER = r"""
(() => {
  const said = (window.__ginSaid = []);
  const live = "[aria-live]:not([aria-live=off]), [role=alert], [role=status], [role=log]";
  const record = (node) => {
    const el = node.nodeType === 1 ? node : node.parentElement;
    const region = el && el.closest(live);
    if (!region) return;
    const text = (region.textContent || "").replace(/\s+/g, " ").trim();
    const last = said[said.length - 1];
    if (text && !(last && last[0] === region && last[1] === text)) said.push([region, text]);
  };
  const watch = () => new MutationObserver((changes) => changes.forEach((c) => record(c.target)))
    .observe(document.documentElement, { subtree: true, childList: true, characterData: true });
  if (document.documentElement) watch();
  else document.addEventListener("DOMContentLoaded", watch);
})();
"""

TEXT_LEAKS_JS = r"""
() => {
  const LETTER = /\p{L}/u;
  const path = (el) => {
    const parts = [];
    for (let at = el; at && at.nodeType === 1 && parts.length < 4; at = at.parentElement) {
      if (at.id) { parts.unshift("#" + at.id); break; }
      let part = at.tagName.toLowerCase();
      if (at.classList.length) part += "." + at.classList[0];
      parts.unshift(part);
    }
    return parts.join(" ");
  };
  const rendered = (el) => el.checkVisibility({ visibilityProperty: true });
  // Not a word: see textaudit.py. ``el`` is where the token stands.
  const exempt = (token, el) => {
    if (!LETTER.test(token)) return true;
    if (/^(A|[2-9]|10|J|Q|K)?[♣♦♥♠]$/u.test(token)) return true;
    if (el && el.closest(".card") && /^(A|[2-9]|10|J|Q|K)$/.test(token)) return true;
    if (el && el.closest("kbd, .key-hint") && [...token].length === 1) return true;
    if (el && el.closest("code") && /^[0-9a-f]+$/.test(token)) return true;
    return false;
  };
  // The words outside ⟦ ⟧ in ``text``, the brackets open ``depth`` deep at its start.
  const outside = (text, depth) => {
    let out = "";
    for (const ch of text) {
      if (ch === "⟦") depth += 1;
      else if (ch === "⟧") depth = Math.max(0, depth - 1);
      else out += depth ? " " : ch;
    }
    return { out, depth };
  };
  const leaks = [];
  const check = (kind, el, text, depth = 0) => {
    const found = outside(text, depth);
    const words = found.out.split(/\s+/).filter((w) => w && !exempt(w, el));
    if (words.length) {
      const shown = text.replace(/\s+/g, " ").trim().slice(0, 80);
      leaks.push({ path: path(el), kind, words: words.slice(0, 6).join(" "), text: shown });
    }
    return found.depth;
  };
  const blocks = new Map();
  const block = (el) => {
    if (!blocks.has(el)) {
      const display = getComputedStyle(el).display;
      const inline = display.startsWith("inline") || display === "contents";
      blocks.set(el, inline && el.parentElement ? block(el.parentElement) : el);
    }
    return blocks.get(el);
  };
  // The elements CSS may draw words on: those its rules give a ::before or ::after content.
  const drawnOn = new Set();
  const rules = (list) => {
    for (const rule of list) {
      if (rule.cssRules) rules(rule.cssRules);
      const content = rule.style && rule.style.content;
      if (!content || content === '""' || content === "none" || content === "normal") continue;
      for (const sel of rule.selectorText.split(",")) {
        const host = sel.replace(/::?(before|after)\b/g, "").trim() || "*";
        for (const el of document.querySelectorAll(host)) drawnOn.add(el);
      }
    }
  };
  for (const sheet of document.styleSheets) rules(sheet.cssRules);
  // Text nodes, the brackets counted through each block in document order.
  const depths = new Map();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest("script, style, template, noscript")) continue;
    const home = block(el);
    const depth = depths.get(home) || 0;
    if (rendered(el)) depths.set(home, check("text", el, node.data, depth));
    else depths.set(home, outside(node.data, depth).depth);
  }
  const ATTRS = ["aria-label", "aria-description", "aria-roledescription", "aria-valuetext",
    "title", "alt", "placeholder"];
  for (const el of document.body.querySelectorAll("*")) {
    if (!rendered(el)) continue;
    for (const attr of ATTRS) {
      const value = el.getAttribute(attr);
      if (value && value.trim()) check(attr, el, value);
    }
    for (const pseudo of drawnOn.has(el) ? ["::before", "::after"] : []) {
      const style = getComputedStyle(el, pseudo);
      if (style.display === "none" || style.visibility === "hidden") continue;
      const content = style.content;
      const drawn = content.startsWith("attr(") ? el.getAttribute(content.slice(5, -1).trim())
        : content.startsWith('"') ? content.slice(1, -1) : "";
      if (drawn && drawn.trim()) check(pseudo, el, drawn);
    }
    if (el.tagName === "SELECT") for (const o of el.options) check("option", el, o.text);
  }
  if (document.title.trim()) check("<title>", document.head, document.title);
  for (const [region, text] of (window.__ginSaid || []).splice(0)) {
    const still = rendered(region) && (region.textContent || "").replace(/\s+/g, " ").trim();
    if (text !== still) check("announced", region, text); // (what is still there was checked)
  }
  return leaks;
}
"""


def text_leaks(page: Any) -> list[tuple[str, str]]:
    """Words on the pseudo-locale page as it is now (and announced since the last call) that
    no catalogue gave: ``(leak, example)`` pairs, the leak naming where, how it is shown and the
    words (so that one leak shows once, whatever numbers or cards it held), the example the whole
    text as seen."""
    found: list[dict[str, str]] = page.evaluate(TEXT_LEAKS_JS)
    leaks = {f"{f['path']} [{f['kind']}] {f['words']!r}": repr(f["text"]) for f in found}
    return sorted(leaks.items())


def grouped(leaks: list[tuple[str, str, str]]) -> str:
    """``(state, leak, example)`` triples as a report: by state in walk order, each leak listed
    once where first seen, with its example and the later states it showed up in."""
    first: dict[str, tuple[str, str]] = {}
    later: dict[str, list[str]] = {}
    for state, leak, example in leaks:
        if leak not in first:
            first[leak], later[leak] = (state, example), []
        elif state != first[leak][0] and state not in later[leak]:
            later[leak].append(state)
    states = list(dict.fromkeys(state for state, _, _ in leaks))
    lines = [f"{len(first)} texts outside the catalogues, over {len(states)} screen states:"]
    for state in states:
        mine = [(leak, example) for leak, (where, example) in first.items() if where == state]
        if mine:
            lines.append(f"== {state}")
        for leak, example in mine:
            also = later[leak]
            seen = ", ".join(also) if len(also) <= 3 else f"{len(also)} more states"
            lines.append(f"  {leak} in {example}" + (f"  (also: {seen})" if also else ""))
    return "\n".join(lines)
