"""Log lines (seasalt.ssp.present.log_line) for every engine event type: the exact
English for each, "you" wording for the reader's seat, and no event of random games
with both expansions left without words."""

from __future__ import annotations

import random
from typing import Any

import pytest

from seasalt.ssp import present as P
from seasalt.ssp.cards import ALL_CARDS, parse_cards
from seasalt.ssp.game import GAME
from seasalt.ssp.log import events_for
from seasalt.ssp.present.log import EVENT_TYPES

NAMES = ["Ann", "Bob", "Cy"]
C1, C2, C3 = parse_cards(["crab:dark-blue", "shell:black", "octopus:green"], ALL_CARDS)
CRAB, SHELL, OCTO = "Crab (dark blue)", "Shell (black)", "Octopus (green)"
RESULT = {"round": 3, "end": "stop", "caller": 1, "bet_won": None,
          "players": [{"round_score": 4}, {"round_score": 9}, {"round_score": 0}]}


def ev(type_: str, seat: int = 0, **fields: Any) -> dict[str, Any]:
    return {"ply": 5, "round": 3, "type": type_, "seat": seat, **fields}


#: (event, the line Bob (seat 1) reads, the line Ann (seat 0) reads or None: not checked).
CASES: list[tuple[dict[str, Any], str, str | None]] = [
    (ev("round-start"), "Round 3 begins; Ann starts.", "Round 3 begins; you start."),
    (ev("round-start", event="kraken"), "Round 3 begins; Ann starts. Event: Kraken.", None),
    (ev("dolphins"), "Ann drew the top card of the draw pile with the Dolphins.", None),
    (ev("dolphins", card=C1),
     f"Ann drew the top card of the draw pile with the Dolphins: {CRAB}.",
     f"You drew the top card of the draw pile with the Dolphins: {CRAB}."),
    (ev("hermit-crab", pile=2), "Ann also searches discard pile 2 (Hermit Crab).",
     "You also search discard pile 2 (Hermit Crab)."),
    (ev("angelfish-offer"), "Ann may take a discard top with the Angelfish.", None),
    (ev("angelfish", card=C2, pile=1), f"Ann took {SHELL} from discard pile 1 (Angelfish).",
     f"You took {SHELL} from discard pile 1 (Angelfish)."),
    (ev("angelfish-pass"), "Ann took no card with the Angelfish.",
     "You took no card with the Angelfish."),
    (ev("reef"), "Ann placed a Shell face down: protected this round (Coral Reef).", None),
    (ev("reef", card=C2),
     f"Ann placed a Shell face down ({SHELL}): protected this round (Coral Reef).",
     f"You placed a Shell face down ({SHELL}): protected this round (Coral Reef)."),
    (ev("swap", target=2), "Ann swapped a card with Cy.", "You swapped a card with Cy."),
    (ev("swap", target=1), "Ann swapped a card with you.", None),
    (ev("swap", target=2, gave=C1, got=C3),
     f"Ann swapped with Cy: gave {CRAB}, got {OCTO}.",
     f"You swapped with Cy: gave {CRAB}, got {OCTO}."),
    (ev("swap-pass"), "Ann swapped nothing.", "You swapped nothing."),
    (ev("steal-pair", target=1, cards=[C1, C3]), f"Ann took {CRAB} + {OCTO} from you.",
     f"You took {CRAB} + {OCTO} from Bob."),
    (ev("event-lost", event="tornado"), "Ann loses the event Tornado.",
     "You lose the event Tornado."),
    (ev("event-given", event="tornado"), "Ann receives the event Tornado.",
     "You receive the event Tornado."),
    (ev("event-discarded", -1, event="sunfish"),
     "Nobody receives the event Sunfish (a tie); it is discarded.", None),
    (ev("event-reveal", -1, event="dolphins"), "Next round's event: Dolphins.", None),
    (ev("event-deck-shuffled", -1),
     "The event discard pile is shuffled into a new event deck.", None),
    (ev("choose-event", events=["kraken", "sunfish"]),
     "Ann holds Kraken and Sunfish and must keep one.",
     "You hold Kraken and Sunfish and must keep one."),
    (ev("event-kept", event="kraken", discarded=["sunfish"]),
     "Ann kept the event Kraken and discarded Sunfish.",
     "You kept the event Kraken and discarded Sunfish."),
    (ev("draw-two"), "Ann drew two cards.", None),
    (ev("draw-two", cards=[C1, C2]), f"Ann drew {CRAB} and {SHELL}.",
     f"You drew {CRAB} and {SHELL}."),
    (ev("keep", discarded=C1, pile=2), f"Ann put {CRAB} on discard pile 2.", None),
    (ev("keep", discarded=C1, pile=2, card=C2),
     f"Ann put {CRAB} on discard pile 2 and kept {SHELL}.",
     f"You put {CRAB} on discard pile 2 and kept {SHELL}."),
    (ev("draw-last"), "Ann took the last card of the draw pile.", None),
    (ev("draw-last", card=C3), f"Ann took the last card of the draw pile: {OCTO}.",
     f"You took the last card of the draw pile: {OCTO}."),
    (ev("draw-nothing"), "Ann has nothing to draw.", "You have nothing to draw."),
    (ev("take", card=C1, pile=1), f"Ann took {CRAB} from discard pile 1.",
     f"You took {CRAB} from discard pile 1."),
    (ev("duo", cards=[C1, C2], effect="crab", pile=2),
     f"Ann played a Crab duo: {CRAB} + {SHELL}, searching discard pile 2.",
     f"You played a Crab duo: {CRAB} + {SHELL}, searching discard pile 2."),
    (ev("duo", cards=[C1, C2], effect="crab", skipped=True),
     f"Ann played a Crab duo: {CRAB} + {SHELL} (its effect cannot happen).", None),
    (ev("duo", cards=[C1, C2], effect="boat"), f"Ann played a Boat duo: {CRAB} + {SHELL}.",
     None),
    (ev("duo", cards=[C1, C2], effect="fish"),
     f"Ann played a Fish duo: {CRAB} + {SHELL}, and drew a card.", None),
    (ev("duo", cards=[C1, C2], effect="fish", card=C3),
     f"Ann played a Fish duo: {CRAB} + {SHELL}, and drew a card ({OCTO}).", None),
    (ev("duo", cards=[C1, C2], effect="fish", sunfish=True, count=2),
     f"Ann played a Fish duo: {CRAB} + {SHELL}, and drew 2 cards with the Sunfish.", None),
    (ev("duo", cards=[C1, C2], effect="fish", sunfish=True, count=1, got=[C3]),
     f"Ann played a Fish duo: {CRAB} + {SHELL}, and drew 1 card with the Sunfish ({OCTO}).",
     None),
    (ev("duo", cards=[C1, C2], effect="steal", target=1),
     f"Ann played a Swimmer + Shark duo: {CRAB} + {SHELL}, and stole a card from you.", None),
    (ev("duo", cards=[C1, C2], effect="steal", target=2, card=C3),
     f"Ann played a Swimmer + Shark duo: {CRAB} + {SHELL}, and stole a card from Cy: {OCTO}.",
     None),
    (ev("duo", cards=[C1, C2], effect="jellyfish"),
     f"Ann played a Swimmer + Jellyfish duo: {CRAB} + {SHELL}: every opponent's next turn "
     "is a forced draw.", None),
    (ev("duo", cards=[C1, C2], effect="lobster", count=5),
     f"Ann played a Crab + Lobster duo: {CRAB} + {SHELL}, looking at 5 cards of the draw "
     "pile.", None),
    (ev("duo", cards=[C1, C2], effect="lobster", count=1, looked=[C3]),
     f"Ann played a Crab + Lobster duo: {CRAB} + {SHELL}, looking at 1 card of the draw "
     f"pile: {OCTO}.", None),
    (ev("duo", cards=[C1, C2], effect="swap", target=1, hand=[C3]),
     f"Ann played a Swimmer + Swimmer duo: {CRAB} + {SHELL} (Water Rodeo), looking at your "
     f"hand: {OCTO}.",
     f"You played a Swimmer + Swimmer duo: {CRAB} + {SHELL} (Water Rodeo), looking at Bob's "
     f"hand: {OCTO}."),
    (ev("duo", cards=[C1, C2], effect="steal-pair", target=2),
     f"Ann played a Shark + Shark duo: {CRAB} + {SHELL} (Water Rodeo), taking a placed duo "
     "from Cy.", None),
    (ev("crab-pick", pile=1), "Ann took a card from discard pile 1.", None),
    (ev("crab-pick", pile=1, card=C2), f"Ann took {SHELL} from discard pile 1.", None),
    (ev("trio", cards=[C1, C2, C3]),
     f"Ann played a trio: {CRAB} + {SHELL} + {OCTO} (no effect).",
     f"You played a trio: {CRAB} + {SHELL} + {OCTO} (no effect)."),
    (ev("lobster-pick"),
     "Ann kept one card; the rest went back and the draw pile was shuffled.", None),
    (ev("lobster-pick", card=C1),
     f"Ann kept {CRAB}; the rest went back and the draw pile was shuffled.", None),
    (ev("forced-turn"), "Ann plays a forced turn (Jellyfish).",
     "You play a forced turn (Jellyfish)."),
    (ev("forced-draw", empty=True), "Ann had a forced draw, but the draw pile is empty.",
     "You had a forced draw, but the draw pile is empty."),
    (ev("forced-draw"), "Ann drew the top card of the draw pile.", None),
    (ev("forced-draw", card=C1), f"Ann drew the top card of the draw pile: {CRAB}.", None),
    (ev("extra-turn"), "Ann takes an extra turn.", "You take an extra turn."),
    (ev("stop"), "Ann announced STOP.", "You announced STOP."),
    (ev("last-chance"), "Ann announced LAST CHANCE and revealed their hand.",
     "You announced LAST CHANCE and revealed your hand."),
    (ev("final-turn"), "Ann plays a final turn.", "You play a final turn."),
    (ev("reveal"), "Ann revealed their hand.", "You revealed your hand."),
    (ev("end-turn"), "Ann ended the turn.", "You ended the turn."),
    (ev("round-end", -1, result=RESULT),
     "Round 3 ends: You called STOP. Scores: Ann 4, Bob 9, Cy 0.",
     "Round 3 ends: Bob called STOP. Scores: Ann 4, Bob 9, Cy 0."),
    (ev("round-end", -1, result={**RESULT, "end": "last-chance", "bet_won": True}),
     "Round 3 ends: You called LAST CHANCE and won the bet. Scores: Ann 4, Bob 9, Cy 0.",
     "Round 3 ends: Bob called LAST CHANCE and won the bet. Scores: Ann 4, Bob 9, Cy 0."),
    (ev("round-end", -1, result={**RESULT, "end": "empty-draw-pile", "caller": -1}),
     "Round 3 ends: the draw pile ran out; nobody scores.", None),
    (ev("four-mermaids"), "Ann holds all four Mermaids and wins at once!",
     "You hold all four Mermaids and win at once!"),
    (ev("four-mermaids", dance=True, mermaids=3),
     "Ann holds 3 Mermaids (Dance of the Mermaids) and wins at once!",
     "You hold 3 Mermaids (Dance of the Mermaids) and win at once!"),
    (ev("game-over", -1, winners=[0]), "Game over: Ann wins.", "Game over: you win."),
    (ev("game-over", -1, winners=[0, 1]), "Game over: Ann and you win.",
     "Game over: you and Bob win."),
]


@pytest.mark.parametrize("event, theirs, mine", CASES,
                         ids=[f"{c[0]['type']}-{i}" for i, c in enumerate(CASES)])
def test_line(event: dict[str, Any], theirs: str, mine: str | None) -> None:
    assert P.log_line(event, NAMES, 1) == theirs
    if mine is not None:
        assert P.log_line(event, NAMES, 0) == mine


def test_every_event_type_has_a_case() -> None:
    assert {c[0]["type"] for c in CASES} == EVENT_TYPES


def test_the_only_humans_default_name_is_spoken_to() -> None:
    assert P.log_line(ev("stop"), ["You", "Bob"], None) == "You announced STOP."
    assert P.log_line(ev("round-start"), ["You", "Bob"], None) == "Round 3 begins; you start."


def test_an_unknown_event_still_reads() -> None:
    assert P.log_line(ev("mystery"), NAMES, 1) == "Ann: mystery."


def test_handout_lines() -> None:
    log = [ev("event-given", event="kraken"), ev("take", card=C1, pile=1),
           {**ev("event-reveal", -1, event="sunfish"), "round": 2}]
    assert P.handout_lines(log, 3, NAMES, 1) == ["Ann receives the event Kraken."]
    assert P.handout_lines(log, None, NAMES, 1) == []


def _random_game(seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    s = GAME.new_game(2 + seed % 3, seed, {"extra_salt": True, "extra_pepper": True})
    while GAME.outcome(s) is None:
        legal = GAME.legal_actions(s)
        stops = [a for a in legal if str(a) in ("stop", "last-chance")]
        s = GAME.apply(s, rng.choice(stops) if stops and rng.random() < 0.3
                       else rng.choice(legal))
    return s.log


def test_random_games_have_words_for_everything() -> None:
    """Every event of 12 random games with both expansions, for each seat and a
    spectator: a sentence without leftover placeholders, never the fallback."""
    seen: set[str] = set()
    for seed in range(12):
        log = _random_game(seed)
        n = 2 + seed % 3
        names = NAMES[:n] + ["Dee"][: max(0, n - 3)]
        for seat in [None, *range(n)]:
            for e in events_for(log, seat):
                line = P.log_line(e, names, seat)
                seen.add(e["type"])
                assert line and "{" not in line and line != f"{e.get('seat')}: {e['type']}."
                assert not line.endswith(f": {e['type']}."), line
    assert len(seen) >= 25, sorted(EVENT_TYPES - seen)
