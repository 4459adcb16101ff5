"""Fruits de mer bots: the expert against greedy at 2, 3 and 5 players, its decision
time, how mixed its choices are, and whether a bot that reads it can beat it.

Run: ``python benchmarks/fdm_strength.py [--games N] [--expert SPEC] [--jobs K]``
``[--skip parts]``. The default ``expert`` plays the game's own mixed policy (heads-up
the solved game, :mod:`seasalt.fdm.strategy.policies` at 3-5 seats); ``--expert
expert:policy=0`` measures the search. Whether the levels can be exploited:
``benchmarks/fdm_exploit.py``.

1. **Strength** through :func:`seasalt.cli.arena.run_arena` (seats rotated): one
   ``--expert`` against greedy bots in the other seats, ``--games`` games at 2, 3
   and 5 players; greedy against random heads-up for reference. Per bot: win rate
   with its 95 % Wilson interval, mean points, ms per decision (CPython here;
   the page runs Pyodide, about twice as slow).
2. **Mixed choices**: in situations from games of the expert against greedy, the
   expert is asked again with ``--seeds`` different seeds; printed: the share of
   situations where it plays more than one card, and the mean share of its most
   frequent card.
3. **Read and answered**: a counter-bot that, at each decision, works out what
   the expert would play in its place (it runs the expert on the expert's own
   view, rebuilt from the public facts, with ``--seeds`` seeds) and plays the
   best answer (:func:`seasalt.fdm.strategy.values.card_values`) to its most likely
   card, or with ``--counter-mode mixed`` to the mix of cards it saw;
   ``--counter-games`` heads-up games of the counter against the expert. A bot
   playing one fixed card for one situation would lose most games to it.
"""

from __future__ import annotations

import argparse
import collections
import dataclasses
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

# Run from a clone without installing: the repository's root first on the path.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fdm_policies import play_out  # noqa: E402

from seasalt.bots import DEFAULT_ITERATIONS, DEFAULT_MIX, make_bot  # noqa: E402
from seasalt.cli.arena import ArenaResult, run_arena, wilson_interval  # noqa: E402
from seasalt.core.interface import TERMINAL  # noqa: E402
from seasalt.core.registry import load_game  # noqa: E402
from seasalt.fdm import state as st  # noqa: E402
from seasalt.fdm.cards import PLAYER_KINDS, Kind  # noqa: E402
from seasalt.fdm.strategy.values import card_values, public_hand  # noqa: E402
from seasalt.fdm.view import View, view  # noqa: E402

GAME = "fruits-de-mer"


def show(title: str, result: ArenaResult, seconds: float) -> None:
    """Print one arena block."""
    print(f"{title}: {result.games} games, {seconds:.0f} s")
    for s in result.seats:
        print(f"  {s.bot:<22} wins {s.wins:>6g}  win rate {100 * s.win_rate:5.1f}% "
              f"[{100 * s.ci_low:.1f}-{100 * s.ci_high:.1f}%]  mean points {s.mean_score:4.2f}  "
              f"{s.mean_decision_ms:6.1f} ms/decision")
    sys.stdout.flush()


def match(title: str, specs: list[str], games: int, seed: int, jobs: int) -> ArenaResult:
    """Run and print one arena match."""
    t0 = time.perf_counter()
    result = run_arena(specs, games, seed, jobs=jobs, game_name=GAME)
    show(title, result, time.perf_counter() - t0)
    return result


def seat_view(v: View, seat: int) -> View:
    """The view ``seat`` had when it chose this round, from public facts alone:
    the seats before it have chosen, nobody after it, its own card not yet."""
    n = v.players
    hand = public_hand(v.removed[seat])
    return dataclasses.replace(
        v, seat=seat, current=seat, my_choice=None, log=(),
        chosen=tuple(j < seat and any(public_hand(v.removed[j])) for j in range(n)),
        legal=tuple(k.value for k, c in zip(PLAYER_KINDS, hand, strict=True) if c > 0))


class CounterBot:
    """Reads the expert and answers its most likely card (heads-up only).

    Args:
        expert: the expert's spec; seeds: how many times it is asked per decision;
        seed: the counter's own seed; mode: ``"modal"`` answers the most likely
            card, ``"mixed"`` the mix of cards seen.
    """

    name = "counter"

    def __init__(self, expert: str, seeds: int, seed: int, mode: str = "modal") -> None:
        self.game = load_game(GAME)
        self.expert = expert
        self.seeds = seeds
        self.mode = mode
        self.rng = random.Random(seed)

    def act(self, v: View, legal: Sequence[Kind]) -> Kind:
        """The best answer to the card the expert would most often play."""
        assert v.seat is not None and v.bait is not None
        other = 1 - v.seat
        ov = seat_view(v, other)
        olegal = [Kind(c) for c in ov.legal]
        picks = collections.Counter(
            make_bot(self.expert, self.game, self.rng.getrandbits(32)).act(ov, olegal)
            for _ in range(self.seeds))
        if self.mode == "mixed":
            answer = [picks[k] / self.seeds for k in PLAYER_KINDS]
        else:
            likely = picks.most_common(1)[0][0]
            answer = [1.0 if k == likely else 0.0 for k in PLAYER_KINDS]
        mine = [1 if k in legal else 0 for k in PLAYER_KINDS]
        values = card_values(Kind(v.bait), mine, [answer], v.round)
        return max(legal, key=lambda k: values[PLAYER_KINDS.index(k)])


def counter_match(expert: str, games: int, seeds: int, seed: int,
                  mode: str = "modal") -> None:
    """Heads-up games of :class:`CounterBot` against the expert, seats rotated."""
    g = load_game(GAME)
    t0 = time.perf_counter()
    wins = [0.0, 0.0]
    points = [0, 0]
    for index in range(games):
        s = st.new_game(2, seed * 1000 + index // 2, log=False)
        # participant 0 = expert, 1 = counter; seats swap every other game
        expert_seat = index % 2
        bots = {expert_seat: make_bot(expert, g, seed + 7919 * index),
                1 - expert_seat: CounterBot(expert, seeds, seed + 104729 * index, mode)}
        out = play_out(s, bots)
        for winner in out.winners:
            wins[0 if winner == expert_seat else 1] += 1 / len(out.winners)
        points[0] += s.scores[expert_seat]
        points[1] += s.scores[1 - expert_seat]
    what = "most likely card" if mode == "modal" else "mix of cards"
    print(f"Counter-bot (answers the expert's {what}, {seeds} seeds) against "
          f"the expert: {games} games, {time.perf_counter() - t0:.0f} s")
    for name, w, pts in (("expert", wins[0], points[0]), ("counter", wins[1], points[1])):
        lo, hi = wilson_interval(w, games)
        print(f"  {name:<22} wins {w:>6g}  win rate {100 * w / games:5.1f}% "
              f"[{100 * lo:.1f}-{100 * hi:.1f}%]  mean points {pts / games:4.2f}")
    sys.stdout.flush()


def mixed(expert: str, players: int, games: int, seeds: int, seed: int) -> None:
    """How often the expert, asked again with other seeds, plays another card."""
    g = load_game(GAME)
    rng = random.Random(seed)
    situations = several = 0
    modal = 0.0
    for index in range(games):
        s = st.new_game(players, seed + index, log=False)
        bots = [make_bot(expert if i == 0 else "greedy", g, seed + 31 * index + i)
                for i in range(players)]
        while st.current_player(s) != TERMINAL:
            seat = st.current_player(s)
            legal = st.legal_actions(s)
            v = view(s, seat)
            if seat == 0 and len(legal) > 1 and rng.random() < 0.5:
                picks = collections.Counter(make_bot(expert, g, rng.getrandbits(32)).act(v, legal)
                                            for _ in range(seeds))
                situations += 1
                several += len(picks) > 1
                modal += max(picks.values()) / seeds
            action = legal[0] if len(legal) == 1 else bots[seat].act(v, legal)
            st.apply_in_place(s, action)
    print(f"Mixed choices ({players} players, {situations} situations, {seeds} seeds each): "
          f"more than one card in {100 * several / situations:.0f}% of them; its most "
          f"frequent card {100 * modal / situations:.0f}% of the time on average")
    sys.stdout.flush()


def main() -> None:
    """Parse arguments and run the benchmarks."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--expert", default="expert", help="expert spec")
    p.add_argument("--games", type=int, default=400, help="games per player count")
    p.add_argument("--players", default="2,3,5", help="player counts for the matches")
    p.add_argument("--jobs", type=int, default=1, help="worker processes for the matches")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--seeds", type=int, default=10, help="seeds per situation (parts 2, 3)")
    p.add_argument("--mixed-games", type=int, default=20, help="games for part 2")
    p.add_argument("--counter-games", type=int, default=100, help="games for part 3")
    p.add_argument("--counter-mode", choices=("modal", "mixed"), default="modal",
                   help="part 3: answer the expert's most likely card or its mix")
    p.add_argument("--skip", default="", help="comma list of parts to skip: "
                   "strength,reference,mixed,counter")
    a = p.parse_args()
    skip = set(filter(None, a.skip.split(",")))
    print(f"Expert: {a.expert!r} (default budget {DEFAULT_ITERATIONS} rollouts, "
          f"mix {DEFAULT_MIX})")
    if "strength" not in skip:
        for n in (int(x) for x in a.players.split(",")):
            match(f"Expert vs greedy, {n} players", [a.expert] + ["greedy"] * (n - 1),
                  a.games, a.seed + n, a.jobs)
    if "reference" not in skip:
        match("Greedy vs random, 2 players", ["greedy", "random"], a.games, a.seed, a.jobs)
    if "mixed" not in skip:
        for n in (2, 5):
            mixed(a.expert, n, a.mixed_games, a.seeds, a.seed + n)
    if "counter" not in skip:
        counter_match(a.expert, a.counter_games, a.seeds, a.seed, a.counter_mode)


if __name__ == "__main__":
    main()
