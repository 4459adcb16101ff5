// The table's layout (issue 12): tests/e2e/test_layout.py's measure, and the screen census's on each decision (tools/census/measure.py's layout()).
([touch, own, minTarget, minText, slack]) => {
  const W = innerWidth, H = innerHeight, out = {problems: [], zones: {}};
  const doc = document.documentElement;
  if (doc.scrollWidth > W + slack) out.problems.push(`horizontal overflow: ${doc.scrollWidth} > ${W}`);
  const seen = (e) => e.checkVisibility({opacityProperty: true, visibilityProperty: true})
    && e.getClientRects().length > 0;
  const inside = (r) => r.left >= -slack && r.top >= -slack && r.right <= W + slack
    && r.bottom <= H + slack;
  const rect = (r) => [Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)];
  for (const zone of ["hand", "piles", "prompt", "opponents", "log"]) {
    const e = document.querySelector(`#playing [data-zone="${zone}"]`);
    out.zones[zone] = e && seen(e) ? rect(e.getBoundingClientRect()) : null;
  }
  if (own) {
    for (const zone of ["hand", "piles", "prompt"]) {
      const e = document.querySelector(`#playing [data-zone="${zone}"]`);
      if (!e || !seen(e)) { out.problems.push(`zone ${zone} missing or hidden`); continue; }
      const r = e.getBoundingClientRect();
      if (!inside(r)) out.problems.push(`zone ${zone} outside the viewport: ${rect(r)}`);
      for (const c of e.querySelectorAll(".card")) {
        if (seen(c) && !inside(c.getBoundingClientRect()))
          out.problems.push(`${zone} card ${c.dataset.card || "back"} outside: ${rect(c.getBoundingClientRect())}`);
      }
    }
  }
  if (touch) {
    const controls = document.querySelectorAll(
      "button, [role=button], input:not([type=hidden]), select, summary");
    for (const e of controls) {
      if (!seen(e) || e.closest("dialog:not([open])")) continue;
      let r = e.getBoundingClientRect();
      if (e.matches("input[type=radio], input[type=checkbox]")) {
        const label = e.closest("label");  // the label is the target
        if (label) r = label.getBoundingClientRect();
      }
      if (e.matches("input[type=file]")) continue;  // covered by its label button
      if (r.width + slack < minTarget || r.height + slack < minTarget) {
        const name = (e.getAttribute("aria-label") || e.textContent || e.name || e.id || e.tagName).trim().slice(0, 30);
        out.problems.push(`small target ${Math.round(r.width)}x${Math.round(r.height)}: ${e.tagName.toLowerCase()} "${name}"`);
      }
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const small = new Map();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.data.trim()) continue;
      const e = n.parentElement;
      if (!e || !seen(e) || e.closest("svg, .sprite, dialog:not([open])")) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const rs = range.getBoundingClientRect();
      if (rs.width === 0 || rs.height === 0) continue;
      const size = parseFloat(getComputedStyle(e).fontSize);
      if (size + 0.05 < minText) small.set(`${size}px "${n.data.trim().slice(0, 24)}" (${e.className || e.tagName})`, 1);
    }
    for (const k of [...small.keys()].slice(0, 12)) out.problems.push(`small text ${k}`);
    if (small.size > 12) out.problems.push(`... ${small.size - 12} more small texts`);
  }
  return out;
}
