"""Loading a long game record: the time to replay it, which must grow with its length.

Run: ``python benchmarks/long_record.py [--actions N] [--out FILE]``. Builds a legal
Sea Salt & Paper record of N actions (default 60,000): two seats that always draw two
cards, keep the first and end the turn, so no round is ever scored and the game never
ends (rounds end when the draw pile runs out, R9). Then it times, on CPython, each way
a record is loaded: ``GameRecord.replay``, the replay screen's ``Replay`` and the
page's ``seasalt.web.table.Table.load`` (a save's text), in CPU seconds (``process_time``: the
machine's other work does not count) and in wall seconds. ``--out`` writes the record
as JSON, for the page (``tests/e2e/test_saves.py`` imports one).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

# Run from a clone without installing: the repository's root first on the path.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from seasalt.core.record import GameRecord  # noqa: E402
from seasalt.ssp.actions import action_to_str  # noqa: E402
from seasalt.ssp.game import GAME  # noqa: E402

#: The choice of each step, by the start of its code: draw two, keep a card, end.
PREFERENCE = ("draw", "keep", "end")
OPTIONS = {"double_target": False, "extra_salt": False}


def long_record(actions: int, seed: int = 7) -> GameRecord:
    """A legal two-seat record of ``actions`` actions in which no round is scored."""
    state = GAME.new_game(2, seed, OPTIONS)
    codes: list[str] = []
    while len(codes) < actions:
        legal = {action_to_str(a): a for a in GAME.legal_actions(state)}
        code = next((c for p in PREFERENCE for c in legal if c.startswith(p)),
                    next(iter(legal)))
        codes.append(code)
        GAME.apply_in_place(state, legal[code])
    return GameRecord(GAME.info.name, seed, 2, ["Ann", "Bob"], dict(OPTIONS), codes)


def timed(what: str, load: object) -> None:
    """Print how long ``load()`` takes, in CPU and wall seconds."""
    assert callable(load)
    cpu, wall = time.process_time(), time.perf_counter()
    load()
    print(f"{what:<28} {time.process_time() - cpu:6.3f} s CPU "
          f"{time.perf_counter() - wall:6.3f} s wall")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=60_000)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    from seasalt.core.replay import Replay
    from seasalt.web.table import Table

    record = long_record(args.actions)
    text = json.dumps({"format": "seasalt-save", "version": 1, "kinds": ["human", "easy"],
                       "speed": "normal", "record": record.to_dict()})
    if args.out is not None:
        args.out.write_text(record.dumps(), encoding="utf-8")
    print(f"{len(record.actions):,} actions, {len(text):,} characters of save")
    GAME.new_game(2, 1, OPTIONS)  # imports and first calls out of the timings
    timed("GameRecord.replay", record.replay)
    timed("Replay (the replay screen)", lambda: Replay(record, GAME))
    timed("Table.load", lambda: Table.load(text))


if __name__ == "__main__":
    main()
