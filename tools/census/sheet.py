"""The census's reports: the HTML contact sheet (``index.html``: a grid per screen,
each shot with its findings under it), ``findings.json``, and the table of counts
printed at the end.
"""

from __future__ import annotations

import html
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path

from .measure import KINDS
from .run import Shot

STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 1rem; background: #f4f4f2; }
h2 { margin: 2rem 0 .5rem; } .grid { display: flex; flex-wrap: wrap; gap: 1rem; }
figure { margin: 0; background: #fff; padding: .5rem; border: 1px solid #ccc; width: 260px; }
figure.bad { border: 2px solid #c00; } img { width: 100%; height: auto; display: block; }
figcaption { font-weight: 600; } ul { padding-left: 1.1rem; margin: .3rem 0; font-size: 12px; }
table { border-collapse: collapse; } td, th { border: 1px solid #bbb; padding: 2px 6px; }
td.bad { background: #fdd; }
"""


def _cell(n: int) -> str:
    return f'<td class="bad">{n}</td>' if n else "<td>0</td>"


def write_sheet(out: Path, shots: Sequence[Shot]) -> Path:
    """Write ``out/index.html`` and ``out/findings.json``; return the sheet's path."""
    screens = list(dict.fromkeys(s.screen for s in shots))
    columns = list(dict.fromkeys((s.size, s.lang) for s in shots))
    by = {(s.screen, s.size, s.lang): s for s in shots}
    parts = ["<!doctype html><meta charset=utf-8><title>Screen census</title>",
             f"<style>{STYLE}</style><h1>Screen census</h1>",
             f"<p>{len(shots)} shots, {sum(len(s.findings) for s in shots)} findings.</p>",
             "<table><tr><th>screen</th>"
             + "".join(f"<th>{w} {lang}</th>" for w, lang in columns) + "</tr>"]
    for screen in screens:
        parts.append(f'<tr><th><a href="#{screen}">{screen}</a></th>' + "".join(
            _cell(len(by[(screen, w, lang)].findings)) if (screen, w, lang) in by
            else "<td></td>" for w, lang in columns) + "</tr>")
    parts.append("</table>")
    for screen in screens:
        parts.append(f'<h2 id="{screen}">{screen}</h2><div class="grid">')
        for w, lang in columns:
            shot = by.get((screen, w, lang))
            if shot is None:
                continue
            items = "".join(f"<li>{html.escape(f.line())}</li>" for f in shot.findings)
            image = (f'<a href="{shot.image}"><img loading="lazy" src="{shot.image}" '
                     f'alt="{screen} {w} {lang}"></a>' if shot.image else "")
            parts.append(f'<figure class="{"bad" if shot.findings else "ok"}">'
                         f"<figcaption>{w} {lang}: {len(shot.findings)}</figcaption>"
                         f"{image}<ul>{items}</ul></figure>")
        parts.append("</div>")
    sheet = out / "index.html"
    sheet.write_text("\n".join(parts), encoding="utf-8")
    (out / "findings.json").write_text(json.dumps([asdict(s) for s in shots], indent=1,
                                                  ensure_ascii=False), encoding="utf-8")
    return sheet


def count_table(shots: Sequence[Shot]) -> str:
    """Findings per screen (rows) and size (columns), each cell the counts per language
    (``en/fr/nl/tr``), then the counts per kind and the total."""
    sizes = list(dict.fromkeys(s.size for s in shots))
    langs = list(dict.fromkeys(s.lang for s in shots))
    screens = list(dict.fromkeys(s.screen for s in shots))
    count = {(s.screen, s.size, s.lang): len(s.findings) for s in shots}
    width = max(len(s) for s in screens + ["screen"])
    cell = max(len(s) for s in sizes + ["/".join("99" for _ in langs)])
    lines = [f"{'screen':<{width}}  " + "  ".join(f"{s:>{cell}}" for s in sizes)
             + f"   ({'/'.join(langs)})"]
    for screen in screens:
        cells = ["/".join(str(count.get((screen, size, lang), "-")) for lang in langs)
                 for size in sizes]
        lines.append(f"{screen:<{width}}  " + "  ".join(f"{c:>{cell}}" for c in cells))
    kinds = Counter(f.kind for s in shots for f in s.findings)
    lines.append("")
    lines += [f"{KINDS.get(k, k)}: {n}" for k, n in kinds.most_common()]
    lines.append(f"total: {sum(kinds.values())}")
    return "\n".join(lines)
