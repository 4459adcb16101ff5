"""Scenario helpers for the Sea Salt & Paper engine tests.

Scenarios are built from a real :func:`new_game` state whose fields are then
set directly (a custom setup with a fixed seed). Cards are written in the
R1 notation (``"crab:dark-blue"``) or as ids; repeated notations give distinct
copies. The ``cand`` field (public pile candidates) is kept equal to the piles,
as it is when nobody has picked a card unseen.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pytest

from seasalt.core.errors import IllegalActionError, Reason
from seasalt.ssp.actions import parse_action
from seasalt.ssp.cards import BASE_DECK, parse_cards
from seasalt.ssp.snapshot import to_dict
from seasalt.ssp.state import Call, Phase, State, apply, new_game

CardSpec = int | str


def cid(notation: str, copy: int = 0) -> int:
    """The id of copy ``copy`` (0-based, in id order) of the card ``notation``."""
    return parse_cards([notation] * (copy + 1))[copy]


def ids(*notations: str) -> list[int]:
    """Distinct ids for the notations (a repeated notation gives the next copy)."""
    return parse_cards(notations)


def _resolve(groups: list[Sequence[CardSpec]]) -> list[list[int]]:
    """Turn groups of notations/ids into ids, all distinct across the groups."""
    explicit = {c for g in groups for c in g if isinstance(c, int)}
    deck = [c for c in BASE_DECK if c not in explicit]
    texts = [c for g in groups for c in g if isinstance(c, str)]
    parsed = iter(parse_cards(texts, deck))
    out = [[c if isinstance(c, int) else next(parsed) for c in g] for g in groups]
    flat = [c for g in out for c in g]
    assert len(flat) == len(set(flat)), f"a card is used twice: {flat}"
    return out


def make_state(
    players: int = 2,
    *,
    hands: Sequence[Sequence[CardSpec]] | None = None,
    fronts: Sequence[Sequence[CardSpec]] | None = None,
    piles: Sequence[Sequence[CardSpec]] = ((), ()),
    draw: Sequence[CardSpec] | None = None,
    leftover: str | None = "draw",
    drawn: Sequence[CardSpec] = (),
    current: int = 0,
    phase: Phase = Phase.DRAW,
    scores: Sequence[int] | None = None,
    revealed: Sequence[bool] | None = None,
    call: Call = Call.NONE,
    caller: int = -1,
    final_left: Iterable[int] = (),
    crab_pile: int = 0,
    extra_turn: bool = False,
    starter: int | None = None,
    ender: int = -1,
    seed: int = 0,
    options: dict | None = None,
) -> State:
    """A state of round 1 set up by hand.

    Args:
        hands, fronts: per seat, cards (fronts: duos as consecutive pairs).
        piles: discard piles 1 and 2, bottom to top (top last).
        draw: the draw pile, top last (the top card is ``draw[-1]``).
        leftover: where the cards not named go: ``"draw"`` (below the given
            draw cards), ``"pile1"``/``"pile2"`` (below that pile's cards) or
            ``None`` (out of the game, for scenarios that need few cards).
        drawn: the two cards of a pending draw two (phase KEEP).
        Other arguments set the :class:`State` field of the same name.
    """
    s = new_game(players, seed, options)
    hands = [list(h) for h in (hands or [[] for _ in range(players)])]
    fronts = [list(f) for f in (fronts or [[] for _ in range(players)])]
    assert len(hands) == players and len(fronts) == players
    groups = [*hands, *fronts, list(piles[0]), list(piles[1]), list(draw or []), list(drawn)]
    res = _resolve(groups)
    hs, fs = res[:players], res[players:2 * players]
    p1, p2, dr, dn = res[2 * players:]
    used = {c for g in res for c in g}
    rest = [c for c in BASE_DECK if c not in used]
    if leftover == "draw":
        dr = rest + dr
    elif leftover == "pile1":
        p1 = rest + p1
    elif leftover == "pile2":
        p2 = rest + p2
    else:
        assert leftover is None, leftover
    s.hands = hs
    s.fronts = fs
    s.piles = [p1, p2]
    s.cand = [p1[:], p2[:]]
    s.draw = dr
    s.drawn = dn
    s.current = current
    s.phase = phase
    s.scores = list(scores) if scores is not None else [0] * players
    s.revealed = list(revealed) if revealed is not None else [False] * players
    s.known = [[[] for _ in range(players)] for _ in range(players + 1)]  # row n: public
    for h in range(players):
        if s.revealed[h]:
            for o in range(players + 1):
                if o != h:
                    s.known[o][h] = sorted(s.hands[h])
    s.in_hands = []
    s.call = call
    s.caller = caller
    s.final_left = list(final_left)
    s.crab_pile = crab_pile
    s.extra_turn = extra_turn
    s.starter = current if starter is None else starter
    s.ender = ender
    s.log = []
    return s


def play(s: State, *actions: str) -> State:
    """Apply the actions (string forms) one after the other with the checked ``apply``."""
    for text in actions:
        s = apply(s, parse_action(text))
    return s


def legal(s: State) -> list[str]:
    """The legal actions of ``s`` as strings."""
    from seasalt.ssp.state import legal_actions

    return [str(a) for a in legal_actions(s)]


def assert_illegal(s: State, action: str, rule: str = "R4") -> IllegalActionError:
    """``action`` is refused with one ``IllegalActionError`` naming ``rule``; ``s`` is unchanged."""
    before = to_dict(s)
    with pytest.raises(IllegalActionError) as info:
        apply(s, parse_action(action))
    err = info.value
    assert err.reason == (Reason.GAME_OVER if s.phase == Phase.GAME_OVER
                          else Reason.NOT_AVAILABLE)
    assert rule in str(err), str(err)
    assert to_dict(s) == before
    return err


def events(s: State, kind: str | None = None) -> list[dict]:
    """The log events of ``s`` (of one type when ``kind`` is given)."""
    assert s.log is not None
    return [e for e in s.log if kind is None or e["type"] == kind]


def view_cards(v) -> set[int]:
    """Every card id a :class:`View` (or its ``to_dict()``) mentions for the current round
    (the Lobster's ``looked`` cards included).

    ``last_round`` is left out: it describes the previous round's cards.
    """
    d = v if isinstance(v, dict) else v.to_dict()
    out = (set(d["hand"]) | set(d["in_hands"]) | set(d["drawn"]) | set(d["crab_cards"])
           | set(d["looked"]))
    for k in d["known"]:
        out |= set(k)
    for f in d["fronts"]:
        out |= set(f)
    for p in d["piles"]:
        out |= set(p["candidates"])
        if p["top"] is not None:
            out.add(p["top"])
    return out
