// The screen census's measure (tools/census/measure.py), shared with tests/e2e/test_census.py.
// A function of {slack, minTarget} that returns {findings: [{kind, where}], hyphenates: {lang: bool}}.
// Kinds: "broken-word", "text-cut", "sideways-box", "icon-covered", "text-overlap",
// "small-target", "page-scroll". Each finding names its element (a short selector and text).
({slack = 0.5, minTarget = 24, width = 0} = {}) => {
  // the screen's own width: a phone's emulation widens the layout viewport (innerWidth)
  // to content that is too wide, which would hide the sideways scroll it causes
  const W = width || innerWidth, doc = document.documentElement, found = [], seenKeys = new Set();
  const text = (s, n = 32) => (s || "").replace(/\s+/g, " ").trim().slice(0, n);
  const name = (e) => {
    // the nearest ancestor with an id, then the element: tag.class.class[data-*]
    const part = (x) => {
      let s = x.tagName.toLowerCase();
      if (x.id) return `${s}#${x.id}`;
      const cls = [...x.classList].slice(0, 2);
      if (cls.length) s += "." + cls.join(".");
      for (const a of ["data-kind", "data-card", "data-code", "data-calc", "data-fdm-kind"])
        if (x.hasAttribute(a)) { s += `[${a}="${x.getAttribute(a).slice(0, 24)}"]`; break; }
      return s;
    };
    const parts = [part(e)];
    for (let p = e.parentElement; p && p !== document.body && !e.id; p = p.parentElement) {
      if (p.id) { parts.unshift(part(p)); break; }
    }
    return parts.join(" ");
  };
  const add = (kind, e, detail) => {
    const where = `${name(e)} "${text(e.getAttribute("aria-label") || e.textContent)}"`;
    const key = `${kind}|${where}|${detail}`;
    if (seenKeys.has(key)) return;
    seenKeys.add(key);
    found.push({kind, where, detail});
  };
  // What a player can see: rendered, not in a closed dialog, not behind a modal dialog,
  // not visually hidden text for screen readers (.vh: 1 px, clipped).
  const modal = document.querySelector("dialog:modal");
  const clippedAway = (e) => {
    for (let x = e; x && x !== document.body; x = x.parentElement) {
      const s = getComputedStyle(x);
      if (s.clip !== "auto" && s.position === "absolute") return true;
      if (s.clipPath !== "none" && s.clipPath.startsWith("inset(50%")) return true;
    }
    return false;
  };
  const visible = (e) => e.checkVisibility({opacityProperty: true, visibilityProperty: true})
    && e.getClientRects().length > 0 && !e.closest("dialog:not([open]), [inert]")
    && (!modal || modal.contains(e)) && !clippedAway(e);

  // -- sideways page scroll
  if (doc.scrollWidth > W + slack)
    found.push({kind: "page-scroll", where: "html", detail: `${doc.scrollWidth} > ${W}`});

  // -- whether the browser hyphenates each language (Chromium on Linux may have no
  // dictionaries): a long word in a 1-character-wide box, hyphens: auto, no other break
  const hyphenates = {};
  const probe = (lang) => {
    if (lang in hyphenates) return hyphenates[lang];
    const p = document.createElement("div");
    p.lang = lang;
    p.style.cssText = "position:absolute;left:-9999px;top:0;width:3ch;hyphens:auto;"
      + "overflow-wrap:normal;word-break:normal;font:16px sans-serif;line-height:20px";
    p.textContent = {fr: "anticonstitutionnellement", nl: "ongelooflijkerwijs",
                     tr: "çekoslovakyalılaştıramadıklarımızdan"}[lang] || "incomprehensibilities";
    document.body.append(p);
    hyphenates[lang] = p.getBoundingClientRect().height > 30;
    p.remove();
    return hyphenates[lang];
  };

  // -- text nodes: broken words, and their line boxes for the overlap checks
  const lines = [];  // [rect, textNode, element]
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  const okBreak = /[-\u00AD\u2010\u2013\u2014/_.,:;·|)(?&=]/;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.data.trim()) continue;
    const e = n.parentElement;
    if (!e || e.closest("svg, script, style, option, select, textarea, title") || !visible(e)) continue;
    range.selectNodeContents(n);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
    if (!rects.length) continue;
    for (const r of rects) lines.push([r, n, e]);
    if (rects.length < 2) continue;  // one line: no word can break
    const s = getComputedStyle(e);
    const vertical = !s.writingMode.startsWith("horizontal");
    const line = (r) => vertical ? Math.round(r.left) : Math.round(r.top);
    const langEl = e.closest("[lang]");
    const hyphenOk = s.hyphens === "auto" && langEl && probe(langEl.lang);
    for (const m of n.data.matchAll(/\S{2,}/g)) {
      range.setStart(n, m.index);
      range.setEnd(n, m.index + m[0].length);
      const parts = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
      if (new Set(parts.map(line)).size < 2) continue;
      // where it breaks: the first character on another line than the first
      let at = -1, first = null;
      for (let i = 0; i < m[0].length; i++) {
        range.setStart(n, m.index + i);
        range.setEnd(n, m.index + i + 1);
        const cr = [...range.getClientRects()].filter((q) => q.width > 0.5 && q.height > 0.5);
        if (!cr.length) continue;
        const r = cr[cr.length - 1];  // a character at a line's start: its own line
        if (first === null) first = line(r);
        else if (Math.abs(line(r) - first) > 2) { at = i; break; }
      }
      // a break at a hyphen, a soft hyphen (its drawn hyphen may be measured with the
      // character after it) or a slash is allowed
      if (at <= 0 || okBreak.test(m[0].slice(Math.max(0, at - 2), at + 1))) continue;
      if (hyphenOk) continue;  // the browser's dictionary drew a hyphen there
      add("broken-word", e, `${m[0].slice(0, at)} / ${m[0].slice(at)}`);
    }
  }
  range.detach();

  // -- text cut, boxes scrolling sideways
  for (const e of document.body.querySelectorAll("*")) {
    if (e.closest("svg") || !visible(e)) continue;
    const s = getComputedStyle(e);
    const ox = s.overflowX, oy = s.overflowY;
    if (ox === "visible" && oy === "visible" && s.textOverflow !== "ellipsis") continue;
    // an ellipsis is drawn for any overflow at all (a fifth of a pixel cuts a word),
    // which scrollWidth, a whole number, may not show: its lines are measured instead
    const ellipsis = s.textOverflow === "ellipsis";
    const wider = e.scrollWidth > e.clientWidth + 1, taller = e.scrollHeight > e.clientHeight + 1;
    if (!wider && !taller && !ellipsis) continue;
    if ((ox === "auto" || ox === "scroll") && wider) {
      if (!e.hasAttribute("data-scroll-hint"))
        add("sideways-box", e, `scrolls ${e.scrollWidth - e.clientWidth} px sideways`);
      continue;
    }
    const clipsX = ox === "hidden" || ox === "clip", clipsY = oy === "hidden" || oy === "clip";
    if (!clipsX && !clipsY) continue;
    // text drawn outside the box's padding edge where it clips
    const box = e.getBoundingClientRect();
    const bl = box.left + e.clientLeft, bt = box.top + e.clientTop;
    const br = bl + e.clientWidth, bb = bt + e.clientHeight;
    // an ellipsis's line box is the content box, measured unrounded
    const cl = box.left + parseFloat(s.borderLeftWidth) + parseFloat(s.paddingLeft);
    const cr = box.right - parseFloat(s.borderRightWidth) - parseFloat(s.paddingRight);
    for (const [r, , te] of lines) {
      if (!e.contains(te)) continue;
      const outX = clipsX && (ellipsis ? r.left < cl - 0.05 || r.right > cr + 0.05
        : r.left < bl - 1 || r.right > br + 1);
      const outY = clipsY && (r.top < bt - 1 || r.bottom > bb + 1);
      if (outX || outY) { add("text-cut", e, `text outside by ${Math.round(Math.max(
        bl - r.left, r.right - br, bt - r.top, r.bottom - bb))} px`); break; }
    }
  }

  // -- a card's icon covered by its words or anything else drawn on it
  const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1.5
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1.5;
  // a sticky or fixed bar (a dialog's head, the calculator's tabs) over what scrolls
  // under it covers it, as it should: not a defect
  const pinned = (upper, lower) => {
    for (let x = upper; x && x !== document.body; x = x.parentElement) {
      if (x.contains(lower)) return false;
      const p = getComputedStyle(x).position;
      if (p === "sticky" || p === "fixed") return true;
    }
    return false;
  };
  // whether the point (x, y) of e is on the screen: in the window and inside every box
  // around e that clips (a point scrolled out of its scroller is not drawn there)
  const inView = (e, x, y) => {
    if (x < 0 || y < 0 || x >= W || y >= innerHeight) return false;
    for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.overflowX === "visible" && s.overflowY === "visible") continue;
      const r = p.getBoundingClientRect();
      const l = r.left + p.clientLeft, t = r.top + p.clientTop;
      if (x < l || y < t || x > l + p.clientWidth || y > t + p.clientHeight) return false;
    }
    return true;
  };
  const opaque = (x) => {
    const s = getComputedStyle(x);
    const m = s.backgroundColor.match(/rgba?\(([^)]+)\)/);
    const alpha = m ? (m[1].split(",")[3] === undefined ? 1 : parseFloat(m[1].split(",")[3])) : 0;
    return alpha > 0.5 || s.backgroundImage !== "none";
  };
  // whether two texts' elements, overlapping around (x, y), are both drawn there: no
  // opaque box painted over the lower one between them (false when it cannot be told:
  // the point off the screen)
  const bothDrawn = (ea, eb, x, y) => {
    if (!inView(ea, x, y) || !inView(eb, x, y)) return false;
    const stack = document.elementsFromPoint(x, y);
    const ia = stack.indexOf(ea), ib = stack.indexOf(eb);
    if (ia < 0 || ib < 0) return false;
    const lower = Math.max(ia, ib);
    for (let i = 0; i < lower; i++) {
      const x2 = stack[i];
      if (x2.contains(stack[lower])) continue;
      if (opaque(x2) || pinned(x2, stack[lower])) return false;
    }
    return true;
  };
  for (const icon of document.querySelectorAll(".card svg:not(.colour-symbol), .fdm-card svg")) {
    const card = icon.closest(".card, .fdm-card");
    if (!visible(card) || !icon.checkVisibility()) continue;
    const ir = icon.getBoundingClientRect();
    if (ir.width < 2 || ir.height < 2) { add("icon-covered", card, "icon not drawn"); continue; }
    // the icon's drawn part: its middle (the sprite's strokes keep off its edges)
    const mid = new DOMRect(ir.left + ir.width * 0.2, ir.top + ir.height * 0.2,
                            ir.width * 0.6, ir.height * 0.6);
    for (const [r, , te] of lines) {
      if (card.contains(te) && overlap(r, mid)) {
        add("icon-covered", card, `by "${text(te.textContent, 20)}"`);
        break;
      }
    }
    const cx = mid.left + mid.width / 2, cy = mid.top + mid.height / 2;
    if (!inView(card, cx, cy) || (modal && !modal.contains(card))) continue;
    const top = document.elementFromPoint(cx, cy);
    if (top && !card.contains(top) && !top.contains(card) && !pinned(top, card)) {
      const popover = top.closest(":popover-open, dialog[open]");
      if (!popover || popover.contains(card)) add("icon-covered", card, `under ${name(top)}`);
    }
  }

  // -- text boxes overlapping each other (a card over another card's edge is a deck)
  const layer = (e) => e.closest(":popover-open, dialog[open]");
  for (let i = 0; i < lines.length; i++) {
    const [a, na, ea] = lines[i];
    for (let j = i + 1; j < lines.length; j++) {
      const [b, nb, eb] = lines[j];
      if (na === nb || !overlap(a, b)) continue;
      if (layer(ea) !== layer(eb)) continue;
      const ca = ea.closest(".card, .fdm-card"), cb = eb.closest(".card, .fdm-card");
      if (ca !== cb && (ca || cb)) continue;
      const x = (Math.max(a.left, b.left) + Math.min(a.right, b.right)) / 2;
      const y = (Math.max(a.top, b.top) + Math.min(a.bottom, b.bottom)) / 2;
      if (!bothDrawn(ea, eb, x, y)) continue;
      add("text-overlap", ea, `with ${name(eb)} "${text(nb.data, 20)}"`);
    }
  }

  // -- targets under minTarget px (WCAG 2.5.8; links inside a sentence are exempt)
  const controls = document.querySelectorAll("button, [role=button], a[href], input:not([type=hidden]),"
    + " select, summary, [role=tab], [role=option], [role=switch], [role=slider]");
  for (const e of controls) {
    if (!visible(e) || e.matches("input[type=file]")) continue;
    let r = e.getBoundingClientRect();
    if (e.matches("input[type=radio], input[type=checkbox]")) {
      const label = e.closest("label");  // the label is the target
      if (label) r = label.getBoundingClientRect();
    }
    if (e.matches("a[href]") && getComputedStyle(e).display === "inline") continue;
    if (r.width + slack < minTarget || r.height + slack < minTarget)
      add("small-target", e, `${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  return {findings: found, hyphenates};
}
