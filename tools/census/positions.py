"""Games set at a named decision: a save built in CPython, for the screen census and the
browser tests (``tests/e2e/positions.py`` opens them on the page).

:func:`save_at` plays Sea Salt & Paper games through :class:`seasalt.web.table.Table`
(seat 0 a person, ``you``; the others bots) until the person faces the named decision,
and returns the :meth:`~seasalt.web.table.Table.save` text; :func:`fdm_save_at` does the
same for Fruits de mer; :func:`hot_seat` turns a save's second seat into a person.

Decisions (:data:`DECISIONS`), all seen from seat 0 (for the player's own decisions it
is seat 0's turn when the page opens):

``draw``        the start of a turn: draw two or take a discard pile's top (R4.1);
``keep``        after a draw two: which card to keep, the other to a pile;
``keep-empty``  the same with one discard pile empty: the other card may go only there
                (R4.1a);
``play-duo``    the play step with a duo (``duo:``/``trio:``) playable from the hand;
``crab-pick``   after a Crab duo: the pick among the searched pile's cards (``pick:``);
``steal``       Swimmer + Shark: the engine has no separate target step (the target seat
                is part of the duo's code ``duo:A+B:seat=S``), so the nearest one: the
                play step with such a code offered;
``call``        the play step with STOP or LAST CHANCE offered (R6);
``forced``      a Jellyfish forced draw (Extra Salt A.3; ``extra_salt`` is set);
``pepper``      an Extra Pepper choice (``keep-event``, ``angelfish``, ``reef``, ``swap``;
                ``extra_pepper`` is set);
``final-turn``  seat 0's final turn after another seat's LAST CHANCE: the start of its
                turn (draw or take a discard, R4.1) with that seat's hand revealed
                (R6.2);
``round-over``  a round has just ended (round 2 or later has been dealt); the page is
                to show the round's scoring (the save's ``ack_round`` is the round before);
``game-over``   the game has ended.

Fruits de mer (:data:`FDM_DECISIONS`): ``fdm-choice`` (seat 0 to choose its card, a
round or more scored already) and ``fdm-over`` (the game has ended).

Saves are cached per arguments (they take a fraction of a second to a few seconds
to find).
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable

from seasalt.ssp.cards import KIND_OF, Kind
from seasalt.web.games import FDM
from seasalt.web.settings import Settings
from seasalt.web.table import Table

#: The decisions :func:`save_at` can set up (see the module's docstring).
DECISIONS: tuple[str, ...] = ("draw", "keep", "keep-empty", "play-duo", "crab-pick", "steal",
                              "call", "forced", "pepper", "final-turn", "round-over",
                              "game-over")
#: The phase the page shows for each decision (the others: ``playing``).
PHASES: dict[str, str] = {"round-over": "round-over", "game-over": "game-over",
                          "fdm-over": "game-over"}
#: Fruits de mer's decisions (:func:`fdm_save_at`).
FDM_DECISIONS: tuple[str, ...] = ("fdm-choice", "fdm-over")


#: The most actions played in one seeded game before giving up on that seed.
MAX_PLIES = 3000
#: A bot's thinking slice while a save is built: long enough to decide in one call (the
#: choice does not depend on the slicing).
BOT_SLICE_S = 1e9
PEPPER_PREFIXES = ("keep-event:", "angelfish:", "reef:", "swap:")


def _codes(t: Table) -> list[str]:
    """The codes of seat 0's legal actions (empty when it is not seat 0's turn)."""
    if t.over or t.current != 0:
        return []
    return [str(a) for a in t.driver.legal()]


def _player_check(decision: str, min_hand: int, holding: tuple[str, ...] = ()
                  ) -> Callable[[Table, list[str]], bool]:
    """Whether seat 0, to move with ``codes``, faces ``decision`` with at least
    ``min_hand`` cards in hand, among them a card of each kind of ``holding``."""

    def check(t: Table, codes: list[str]) -> bool:
        if not codes:
            return False
        v = t.driver.view(0, log=False)
        if len(v.hand) < min_hand:
            return False
        kinds = {Kind(KIND_OF[c]).slug for c in v.hand}
        if any(k not in kinds for k in holding):
            return False
        if decision == "draw":
            return "draw" in codes and not v.forced_turn
        if decision == "keep":
            return any(c.startswith("keep:") for c in codes)
        if decision == "keep-empty":
            return (any(c.startswith("keep:") for c in codes)
                    and sorted(p.size == 0 for p in v.piles) == [False, True])
        if decision == "play-duo":
            return any(c.startswith(("duo:", "trio:")) for c in codes)
        if decision == "crab-pick":
            return v.crab_pile is not None and any(c.startswith("pick:") for c in codes)
        if decision == "steal":
            return any(c.startswith("duo:") and ":seat=" in c for c in codes)
        if decision == "call":
            return "stop" in codes or "last-chance" in codes
        if decision == "forced":
            return bool(v.forced_turn)
        if decision == "pepper":
            return any(c.startswith(PEPPER_PREFIXES) for c in codes)
        if decision == "final-turn":
            return "draw" in codes and any(v.revealed[1:])
        raise ValueError(f"unknown decision {decision!r}")

    return check


def _choose(rng: random.Random, codes: list[str], decision: str) -> str:
    """Seat 0's random legal move. STOP, LAST CHANCE and duos are rarer than the rest, so
    that hands grow and rounds last long enough to show every kind of decision (calls
    are likelier when a round's end is looked for; a Crab duo is always played when
    a Crab pick is)."""
    if decision == "crab-pick":
        crabs = [c for c in codes if ":pile=" in c]
        if crabs:
            return rng.choice(crabs)
    calls = [c for c in codes if c in ("stop", "last-chance")]
    duos = [c for c in codes if c.startswith(("duo:", "trio:"))]
    rest = [c for c in codes if c not in calls and c not in duos]
    ending = decision in PHASES or decision == "final-turn"
    if calls and (not rest or rng.random() < (0.5 if ending else 0.03)):
        return rng.choice(calls)
    if duos and (not rest or rng.random() < (0.5 if ending else 0.15)):
        return rng.choice(duos)
    return rng.choice(rest or codes)


@functools.cache
def save_at(decision: str, *, players: int = 2, extra_salt: bool = False,
            extra_pepper: bool = False, seed_range: range = range(1, 400),
            bots: str = "easy", speed: str = "instant", min_hand: int = 0,
            holding: tuple[str, ...] = ()) -> str:
    """A saved game (:meth:`seasalt.web.table.Table.save` text) where seat 0 faces
    ``decision``.

    For each seed of ``seed_range`` a game is set up (seat 0 ``you``, the others
    ``bots``), seat 0 plays random legal actions (seeded by the game's seed) and the bots
    their own (``table.bot_step(None)``) until the decision shows; the first seed that
    reaches it wins.

    Args:
        decision: one of :data:`DECISIONS`.
        players: 2 to 4 seats.
        extra_salt: the Extra Salt expansion (always on for ``forced``).
        extra_pepper: the Extra Pepper events (always on for ``pepper``).
        seed_range: the game seeds tried, in order.
        bots: the bots' level (``easy``, ``medium``, ``hard``).
        speed: the bots' pace stored in the save (a key of ``seasalt.web.settings.SPEEDS``).
        min_hand: for the player's own decisions, the fewest cards seat 0 holds (a
            crowded hand for layout tests; the first turn's hand is empty).
        holding: for the player's own decisions, card kinds (slugs such as
            ``penguin-colony``) seat 0 must hold, one card of each at least.

    Raises:
        ValueError: an unknown decision.
        LookupError: no seed of ``seed_range`` reaches the decision.
    """
    if decision not in DECISIONS:
        raise ValueError(f"unknown decision {decision!r}; use one of {DECISIONS}")
    extra_salt = extra_salt or decision == "forced"
    extra_pepper = extra_pepper or decision == "pepper"
    check = None if decision in PHASES else _player_check(decision, min_hand, holding)
    for seed in seed_range:
        settings = Settings(seats=["you"] + [bots] * (players - 1), seed=seed,
                                speed=speed, extra_salt=extra_salt, extra_pepper=extra_pepper)
        t = Table.new(settings)
        rng = random.Random(seed)
        start_round = t.round
        for _ in range(MAX_PLIES):
            if t.over:
                if decision == "game-over":
                    return t.save()
                break
            if decision == "round-over" and t.round > start_round:
                return t.save(ack_round=t.round - 1)
            codes = _codes(t)
            if check is not None and check(t, codes):
                return t.save()
            if codes:
                t.submit(0, t.ply, _choose(rng, codes, decision))
            else:
                t.bot_step(BOT_SLICE_S)
    raise LookupError(f"no game of seeds {seed_range} reaches {decision!r} "
                      f"({players} players, extra_salt={extra_salt}, "
                      f"extra_pepper={extra_pepper}, min_hand={min_hand}, holding={holding})")


@functools.cache
def fdm_save_at(decision: str, *, players: int = 3, bots: str = "easy",
                seed_range: range = range(1, 100)) -> str:
    """A saved Fruits de mer game (:meth:`~seasalt.web.table.Table.save` text) where seat
    0 faces ``decision`` (:data:`FDM_DECISIONS`): ``fdm-choice``, its choice of a card
    with one round or more scored (F4); ``fdm-over``, the game ended (F5). Seat 0 plays
    its first legal card, the bots their own.

    Raises:
        ValueError: an unknown decision.
        LookupError: no seed of ``seed_range`` reaches the decision.
    """
    if decision not in FDM_DECISIONS:
        raise ValueError(f"unknown decision {decision!r}; use one of {FDM_DECISIONS}")
    for seed in seed_range:
        t = Table.new(Settings(seats=["you"] + [bots] * (players - 1), seed=seed,
                               speed="instant", game=FDM))
        for _ in range(MAX_PLIES):
            if t.over:
                if decision == "fdm-over":
                    return t.save()
                break
            if t.is_bot_turn():
                t.bot_step(BOT_SLICE_S)
                continue
            if decision == "fdm-choice" and t.round >= 2:
                return t.save()
            t.submit(0, t.ply, str(t.driver.legal()[0]))
    raise LookupError(f"no Fruits de mer game of seeds {seed_range} reaches {decision!r}")


def hot_seat(save: str) -> str:
    """``save`` with its second seat a person too (``human``): the page hands the device
    over before each person's turn."""
    data = json.loads(save)
    data["kinds"][1] = "human"
    return json.dumps(data)
