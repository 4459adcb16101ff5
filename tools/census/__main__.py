"""``python -m tools.census``: the screen census (see :mod:`tools.census`).

Options: ``--sizes 390x844,1280x800``, ``--languages fr,nl``, ``--screens
setup,help,draw`` (the screens they need first are visited too), ``--out DIR``
(default ``census/``), ``--dist`` to reuse the ``dist/`` there instead of building it.
Exits 1 when any defect is found.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

from .browse import launch, serve
from .run import run
from .screens import SCREENS, Screen
from .sheet import count_table, write_sheet
from .sizes import LANGUAGES, SIZES, size_named

ROOT = Path(__file__).resolve().parents[2]
#: What each screen needs visited before it (the order of SCREENS does the rest).
NEEDS: dict[str, tuple[str, ...]] = {
    "setup-options": ("setup",), "setup-fdm": ("setup",),
    "help-cards": ("help",), "help-fdm-cards": ("help",),
    "calc-scores": ("calc-seat",), "fdm-reveal": ("fdm-choice",),
    "fdm-scores": ("fdm-choice", "fdm-reveal"),
}


def pick_screens(names: str) -> list[Screen]:
    """The screens named (comma-separated; '' for all), with the ones they need, in
    :data:`SCREENS`' order.

    Raises:
        SystemExit: an unknown screen.
    """
    if not names:
        return list(SCREENS)
    known = {s.name for s in SCREENS}
    wanted = {n.strip() for n in names.split(",") if n.strip()}
    if unknown := wanted - known:
        raise SystemExit(f"unknown screens {sorted(unknown)}; known: {sorted(known)}")
    for name in list(wanted):
        wanted.update(NEEDS.get(name, ()))
    wanted.add("setup")
    if wanted - {"setup", "setup-options", "setup-fdm", "help", "help-cards", "help-fdm",
                 "help-fdm-cards"}:
        wanted.add("saved-list")
    return [s for s in SCREENS if s.name in wanted]


def main(argv: list[str] | None = None) -> int:
    """Run the census; 0 when it found nothing, 1 otherwise."""
    parser = argparse.ArgumentParser(prog="python -m tools.census", description=__doc__)
    parser.add_argument("--sizes", default="", help="e.g. 390x844,1280x800 (default: all)")
    parser.add_argument("--languages", default="", help="e.g. fr,nl (default: en,fr,nl,tr)")
    parser.add_argument("--screens", default="", help="e.g. setup,help,draw (default: all)")
    parser.add_argument("--out", type=Path, default=ROOT / "census", help="default census/")
    parser.add_argument("--dist", nargs="?", const=ROOT / "dist", type=Path, default=None,
                        help="reuse this built site (default dist/) instead of building")
    args = parser.parse_args(argv)
    sizes = [size_named(n) for n in args.sizes.split(",") if n] or list(SIZES)
    languages = [x for x in args.languages.split(",") if x] or list(LANGUAGES)
    if unknown := set(languages) - set(LANGUAGES):
        parser.error(f"unknown languages {sorted(unknown)}")
    screens = pick_screens(args.screens)
    dist = args.dist
    if dist is None:
        dist = ROOT / "dist"
        subprocess.run([sys.executable, str(ROOT / "build.py"), "--out", str(dist)],
                       cwd=ROOT, check=True)
    if not (dist / "index.html").is_file():
        parser.error(f"{dist} holds no built site (python build.py)")
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    with serve(dist) as url, launch() as browser:
        shots = run(browser, url, sizes, languages, screens, out,
                    log=lambda line: print(line, file=sys.stderr, flush=True))
    sheet = write_sheet(out, shots)
    print(count_table(shots))
    print(f"\n{len(shots)} screens in {time.monotonic() - start:.0f} s; contact sheet: {sheet}")
    return 1 if any(s.findings for s in shots) else 0


if __name__ == "__main__":
    sys.exit(main())
