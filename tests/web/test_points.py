"""The page shows the engine's card points (issue 10's bug: with Extra Pepper's Kraken
the page said 0 where the engine counts 1).

Thirty seeded games with both expansions, played with random legal actions through the
page's bridge: at every ply, for every seat, the payload's ``points`` (and its
breakdown's ``card_points``) equal the engine's own ``points_of``, and the decision
panel's announcement says that number.
"""

from __future__ import annotations

import random

from seasalt.ssp.scoring import card_points
from seasalt.ssp.state import points_of
from seasalt.web.settings import Settings
from seasalt.web.table import Table

GAMES = 12


def test_payload_points_are_the_engines_in_12_extra_pepper_games() -> None:
    views = differ = announced = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        players = 2 + seed % 3
        t = Table.new(Settings(seats=["human"] * players, seed=seed, speed="instant",
                               extra_salt=True, extra_pepper=True))
        while not t.over:
            s = t.state
            for seat in range(players):
                v = t.view(seat)
                engine = points_of(s, seat)
                assert v["points"] == engine, (seed, t.ply, seat)
                assert v["breakdown"]["card_points"] == engine
                views += 1
                # the count without the round's events: what the page showed before
                differ += card_points(s.hands[seat], s.fronts[seat]) != engine
                if v["calls"]:
                    text = " ".join(p["text"] for p in v["prompt"]["parts"]
                                    if p["type"] == "text")
                    assert f"You have {engine} card point" in text
                    announced += 1
            assert t.view(None)["points"] is None
            seat = t.current
            t.submit(seat, t.ply, rng.choice(t.view(seat)["legal"])["code"])
    assert views > 1000 and differ > 0 and announced > 0, (views, differ, announced)
