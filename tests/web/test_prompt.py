"""The decision panel (``seasalt.ssp.present.prompt``) for every kind of decision, in CPython.

Random games with both expansions give views of every decision; for each, the panel
must offer every legal action (a duo or trio once its cards are selected) and nothing
else, and say the right things. A few fixed positions check the wording.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from seasalt.ssp.actions import action_info
from seasalt.ssp.game import GAME
from seasalt.ssp.present import card_name
from seasalt.ssp.present.piles import drawn_names, kept_card, pile_actions
from seasalt.ssp.present.prompt import hand_selection, prompt, toggle

NAMES = ["Ann", "Bob", "Cy"]
KINDS = ["human", "hard", "human"]
OPTIONS = {"extra_salt": True, "extra_pepper": True}
#: Every kind of decision the panel must handle: (phase, a legal kind) or a label.
DECISIONS = ("draw", "keep", "duo", "trio", "crab-pick", "lobster-pick", "steal-pair-pick",
             "stop", "last-chance", "end", "forced", "keep-event", "angelfish", "swap",
             "reef")
#: How many views of each decision kind the tests look at.
PER_KIND = 4


def decision_of(v: Mapping[str, Any]) -> set[str]:
    """The labels of :data:`DECISIONS` a view to move shows."""
    kinds = {x["kind"] for x in v["legal"]}
    out = set()
    if v["forced_turn"]:
        out.add("forced")
    elif v["phase"] == "draw":
        out.add("draw")
    if "pick" in kinds:
        out.add("crab-pick" if v["crab_pile"] else "lobster-pick" if v["looked"] else
                "steal-pair-pick" if v["phase"] == "steal-pair" else "pick")
    for k in ("keep", "duo", "trio", "stop", "last-chance", "end", "keep-event",
              "angelfish", "swap", "reef"):
        if k in kinds:
            out.add(k)
    return out


def needs(legal: list[Any], found: dict[str, list[Any]]) -> bool:
    """Whether a position may show a decision kind still missing from ``found``
    (cheap: the state's legal actions, before building a view)."""
    kinds = {action_info(a).kind for a in legal}
    want = {k for k in DECISIONS if len(found.get(k, [])) < PER_KIND}
    if "draw" in kinds:
        kinds.add("forced")
    if "pick" in kinds:
        kinds |= {"crab-pick", "lobster-pick", "steal-pair-pick"}
    return bool(kinds & want)


@pytest.fixture(scope="module")
def samples() -> dict[str, list[dict[str, Any]]]:
    """Up to `PER_KIND` mover's views of each decision kind, from random 3-player
    games with both expansions."""
    found: dict[str, list[dict[str, Any]]] = {}
    for seed in range(200):
        rng = random.Random(seed)
        s = GAME.new_game(3, seed, OPTIONS)
        while GAME.outcome(s) is None:
            legal = GAME.legal_actions(s)
            seat = GAME.current_player(s)
            if needs(legal, found):
                v = GAME.view(s, seat).to_dict()
                for d in decision_of(v):
                    if len(found.setdefault(d, [])) < PER_KIND:
                        found[d].append(v)
            s = GAME.apply(s, rng.choice(legal))
        if all(len(found.get(d, [])) >= PER_KIND for d in DECISIONS):
            break
    return found


def codes_in(p: Mapping[str, Any]) -> list[str]:
    """Every action code a prompt offers (buttons and clickable cards)."""
    out: list[str] = []
    for part in p["parts"]:
        t = part["type"]
        if t == "buttons":
            out += [b["code"] for b in part["buttons"] if b["code"]]
        elif t == "keep":
            out += [b["code"] for c in part["choices"] for b in c["buttons"]]
        elif t == "events":
            out += [c["button"]["code"] for c in part["choices"]]
        elif t == "cards":
            out += [c["code"] for c in part["cards"] if c["code"]]
        elif t == "announce":
            out += [r["button"]["code"] for r in part["rows"]]
    return out


def texts_in(p: Mapping[str, Any]) -> list[str]:
    return [part["text"] for part in p["parts"] if part["type"] == "text"]


def offered(v: dict[str, Any]) -> set[str]:
    """Every code reachable from the panel and the piles, with any selection."""
    codes = set(codes_in(prompt(v, NAMES, KINDS)))
    codes |= {p["code"] for p in pile_actions(v) if p["code"]}
    for c in v["drawn"]:  # the keep step: a drawn card chosen, the piles take the other
        codes |= set(codes_in(prompt(v, NAMES, KINDS, [c])))
        codes |= {p["code"] for p in pile_actions(v, keep=c) if p["code"]}
    for x in v["legal"]:
        if x["kind"] in ("duo", "trio"):
            codes |= set(codes_in(prompt(v, NAMES, KINDS, list(x["cards"]))))
        if x["kind"] == "swap":
            codes |= set(codes_in(prompt(v, NAMES, KINDS, [x["cards"][0]])))
    return codes


@pytest.mark.parametrize("decision", DECISIONS)
def test_every_decision_offers_exactly_the_legal_actions(
        samples: dict[str, list[dict[str, Any]]], decision: str) -> None:
    assert samples.get(decision), f"no {decision} decision in the sample games"
    for v in samples[decision]:
        legal = {x["code"] for x in v["legal"]}
        assert offered(v) == legal, (decision, v["phase"])
        p = prompt(v, NAMES, KINDS)
        assert p["title"] in ("Your turn", "Your extra turn", "Your final turn")
        assert not p["busy"]
        assert all(t.strip() for t in texts_in(p))


def test_draw_step(samples: dict[str, list[dict[str, Any]]]) -> None:
    v = samples["draw"][0]
    p = prompt(v, NAMES, KINDS)
    assert texts_in(p)[0].startswith("Draw two cards from the draw pile")
    piles = pile_actions(v)
    assert [x["pile"] for x in piles] == [0, 1, 2]
    assert piles[0]["code"] == "draw" and piles[0]["title"] == "Draw two cards"
    for x in piles[1:]:
        assert (x["code"] is None) == (x["title"] == "")


def test_forced_draw(samples: dict[str, list[dict[str, Any]]]) -> None:
    v = samples["forced"][0]
    p = prompt(v, NAMES, KINDS)
    assert texts_in(p) == ["A Jellyfish forces this turn: you take the top card of the draw "
                           "pile and your turn ends."]
    (row,) = [part for part in p["parts"] if part["type"] == "buttons"]
    assert [(b["label"], b["code"], b["style"]) for b in row["buttons"]] == [
        ("Forced draw", "draw", "forced")]
    assert pile_actions(v)[0]["code"] is None  # only the prompt's button draws


def test_keep_choice(samples: dict[str, list[dict[str, Any]]]) -> None:
    """Nothing chosen yet: every legal keep record is a button under the card it KEEPS,
    its words naming both cards and the pile (issue 12: the misplay trap)."""
    for v in samples["keep"]:
        p = prompt(v, NAMES, KINDS)
        assert texts_in(p)[0].startswith("Keep one of the two cards: select it")
        (keep,) = [part for part in p["parts"] if part["type"] == "keep"]
        assert [c["card"] for c in keep["choices"]] == list(v["drawn"])
        names = drawn_names(v)
        for c in keep["choices"]:
            other = next(o for o in v["drawn"] if o != c["card"])
            assert c["state"] == "" and c["title"] == f"Keep {names[c['card']]}"
            records = [x for x in v["legal"]
                       if x["kind"] == "keep" and x["cards"] == [c["card"]]]
            assert [b["code"] for b in c["buttons"]] == [x["code"] for x in records]
            for b, x in zip(c["buttons"], records, strict=True):
                assert b["label"] == (f"Keep {names[c['card']]} · discard {names[other]} "
                                      f"on pile {x['pile']}")
                assert b["title"].startswith(f"Keep {card_name(c['card'])}")
            # a drag of this card onto a pile discards THIS card: the other is kept
            assert c["drops"] == {str(x["pile"]): x["code"] for x in v["legal"]
                                  if x["kind"] == "keep" and x["cards"] == [other]}
        assert [x["code"] for x in pile_actions(v)[1:]] == [None, None]  # nothing kept yet


def keep_views(samples: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The sampled keep steps, and keep steps with one discard pile empty (the other
    card can only go there) from more random games."""
    views = list(samples["keep"])
    for seed in range(300):
        rng = random.Random(seed)
        s = GAME.new_game(2, seed, {})
        while GAME.outcome(s) is None:
            legal = [action_info(a) for a in GAME.legal_actions(s)]
            if legal[0].kind == "keep" and len({x.pile for x in legal}) == 1:
                views.append(GAME.view(s, GAME.current_player(s)).to_dict())
                return views
            s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    raise AssertionError("no keep step with one discard pile empty")


def test_keep_refusals_say_why_a_pile_is_refused(
        samples: dict[str, list[dict[str, Any]]]) -> None:
    """Issue 39, item 7: a drawn card dropped on a pile it may not go to is told why
    (R4.1a: with one discard pile empty, the laid card goes there; never back on the
    draw pile); a pile it may go to has no refusal."""
    views = keep_views(samples)
    seen = 0
    for v in views:
        names = drawn_names(v)
        (keep,) = [part for part in prompt(v, NAMES, KINDS)["parts"] if part["type"] == "keep"]
        for c in keep["choices"]:
            assert set(c["refusals"]).isdisjoint(c["drops"])
            assert set(c["refusals"]) | set(c["drops"]) == {"1", "2", "draw"}
            assert c["refusals"]["draw"] == (
                f"{names[c['card']]} cannot go back on the draw pile: the card you do not "
                "keep goes on a discard pile.")
            empty = [i for i, p in enumerate(v["piles"], start=1) if p["top"] is None]
            for pile, why in c["refusals"].items():
                if pile == "draw":
                    continue
                seen += 1
                (allowed,) = c["drops"]
                assert why.startswith(f"{names[c['card']]} cannot go on discard pile {pile}")
                if empty == [int(allowed)]:
                    assert why.endswith(f"discard pile {allowed} is empty, and the card you "
                                        "lay goes on the empty pile.")
    assert seen


def test_keep_by_clicking_the_card_then_a_pile(
        samples: dict[str, list[dict[str, Any]]]) -> None:
    """A click on a drawn card chooses it; the piles' codes then come from the legal
    keep records of that card (one pile only when the records say so)."""
    views = keep_views(samples)
    assert any(len({x["pile"] for x in v["legal"]}) == 1 for v in views)
    for v in views:
        names = drawn_names(v)
        for cid in v["drawn"]:
            other = next(o for o in v["drawn"] if o != cid)
            sel = toggle(v, [], cid)
            assert sel == [cid] and kept_card(v, sel) == cid
            assert toggle(v, sel, cid) == []  # a second click lets it go
            assert toggle(v, sel, other) == [other]
            assert toggle(v, sel, v["hand"][0] if v["hand"] else -1) == sel
            records = {x["pile"]: x["code"] for x in v["legal"]
                       if x["kind"] == "keep" and x["cards"] == [cid]}
            piles = pile_actions(v, keep=cid)
            assert piles[0]["code"] is None
            for x in piles[1:]:
                assert x["code"] == records.get(x["pile"])
                if x["code"]:
                    assert x["hint"] == x["title"] == f"Discard {names[other]} here"
                    assert x["key"] == str(x["pile"])
                else:
                    assert x["hint"] == x["title"] == "" and x["key"] is None
            p = prompt(v, NAMES, KINDS, sel)
            words = texts_in(p)[0]
            if len(records) == 1:
                (pile,) = records
                assert words == (f"You keep {names[cid]}. {names[other]} can only go on "
                                 f"discard pile {pile}: select it.")
            else:
                assert words == f"You keep {names[cid]}. Select the discard pile for " \
                                f"{names[other]}."
            (keep,) = [part for part in p["parts"] if part["type"] == "keep"]
            by_card = {c["card"]: c for c in keep["choices"]}
            assert by_card[cid]["state"] == "selected" and by_card[other]["state"] == "dim"
            assert [b["code"] for b in by_card[cid]["buttons"]] == [
                records[k] for k in sorted(records)]
            assert by_card[other]["buttons"] == []
            # the piles carry 1 and 2 now: the buttons have no key
            assert all(b["key"] is None for b in by_card[cid]["buttons"])
            assert any(b["action"] == "clear-selection" for b in all_buttons(p))
            assert set(codes_in(p)) | {x["code"] for x in piles if x["code"]} <= {
                x["code"] for x in v["legal"]}


def test_keep_selection_is_ignored_elsewhere(samples: dict[str, list[dict[str, Any]]]) -> None:
    """Outside the keep step a ``keep`` card changes no pile: the draw step's piles
    stay the draw and the takes."""
    v = samples["draw"][0]
    assert pile_actions(v, keep=v["hand"][0] if v["hand"] else 0) == pile_actions(v)
    assert kept_card(v, [0, 1, 2]) is None
    k = samples["keep"][0]
    assert pile_actions(k, keep=-5) == pile_actions(k)  # no drawn card: nothing kept


def test_duo_selection_steps(samples: dict[str, list[dict[str, Any]]]) -> None:
    v = samples["duo"][0]
    duo = next(x for x in v["legal"] if x["kind"] == "duo")
    a, b = duo["cards"]
    p = prompt(v, NAMES, KINDS)
    assert texts_in(p)[0].startswith("You can play a duo")
    one = prompt(v, NAMES, KINDS, [a])
    assert texts_in(one)[0] in ("Select a second card for the duo.",
                                "Select the two cards of a duo to go with it.")
    both = prompt(v, NAMES, KINDS, [a, b])
    assert texts_in(both)[0] == "Play the selected cards:"
    assert duo["code"] in codes_in(both)
    assert any(b["action"] == "clear-selection" for part in both["parts"]
               if part["type"] == "buttons" for b in part["buttons"])
    info = hand_selection(v, [a])
    assert info["selectable"] and a in info["playable"] and b in info["partners"]
    assert toggle(v, [a], b) == [a, b] and toggle(v, [a, b], a) == [b]


def test_trio_needs_a_third_card(samples: dict[str, list[dict[str, Any]]]) -> None:
    v = samples["trio"][0]
    trio = next(x for x in v["legal"] if x["kind"] == "trio")
    assert "trio (a duo and a Starfish" in texts_in(prompt(v, NAMES, KINDS))[0]
    assert trio["code"] in codes_in(prompt(v, NAMES, KINDS, list(trio["cards"])))
    assert hand_selection(v)["limit"] == 3
    pair = list(trio["cards"][:2])
    texts = texts_in(prompt(v, NAMES, KINDS, pair))
    assert texts[-1] == "Or add a Starfish to make a trio (no effect, +2)." or texts == [
        "Select a third card for the trio."]


@pytest.mark.parametrize("decision,start", [
    ("crab-pick", "Take one card from discard pile "),
    ("lobster-pick", "Lobster: keep one of the top "),
    ("steal-pair-pick", "Water Rodeo: take one of "),
])
def test_pick_decisions(samples: dict[str, list[dict[str, Any]]], decision: str,
                        start: str) -> None:
    v = samples[decision][0]
    p = prompt(v, NAMES, KINDS)
    assert texts_in(p)[0].startswith(start)
    (cards,) = [part for part in p["parts"] if part["type"] == "cards"]
    assert cards["group"] == "pick"
    assert all(c["state"] == "clickable" and c["title"] for c in cards["cards"])


def test_announcements_show_the_engines_points(
        samples: dict[str, list[dict[str, Any]]]) -> None:
    for v in samples["stop"]:
        p = prompt(v, NAMES, KINDS)
        assert f"You have {v['points']} card point" in " ".join(texts_in(p))
        (rows,) = [part["rows"] for part in p["parts"] if part["type"] == "announce"]
        kinds = [next(x["kind"] for x in v["legal"] if x["code"] == r["button"]["code"])
                 for r in rows]
        assert kinds == [c for c in v["calls"]]
        assert all(r["hint"] and r["button"]["style"] == "announce" for r in rows)


def test_end_of_turn(samples: dict[str, list[dict[str, Any]]]) -> None:
    v = samples["end"][0]
    p = prompt(v, NAMES, KINDS)
    styles = {b["code"]: b["style"] for part in p["parts"] if part["type"] == "buttons"
              for b in part["buttons"]}
    end = next(x["code"] for x in v["legal"] if x["kind"] == "end")
    assert styles[end] == "end"


def test_keep_event(samples: dict[str, list[dict[str, Any]]]) -> None:
    v = samples["keep-event"][0]
    p = prompt(v, NAMES, KINDS)
    assert texts_in(p) == ["You hold two events: keep one, the other is discarded."]
    (events,) = [part for part in p["parts"] if part["type"] == "events"]
    assert len(events["choices"]) == 2
    first, second = events["choices"]
    for c, other in ((first, second), (second, first)):
        assert c["title"] and c["text"]
        assert c["button"]["label"] == f"Keep {c['title']} · discard {other['title']}"


def test_angelfish(samples: dict[str, list[dict[str, Any]]]) -> None:
    v = samples["angelfish"][0]
    p = prompt(v, NAMES, KINDS)
    assert texts_in(p)[0].startswith("Angelfish: the two discard tops have the same colour")
    (row,) = [part for part in p["parts"] if part["type"] == "buttons"]
    assert row["group"] == "angelfish"
    assert {b["style"] for b in row["buttons"]} == {"primary", "plain"}


def test_angelfish_names_the_card_it_takes(
        samples: dict[str, list[dict[str, Any]]]) -> None:
    """Issue 39, item 8: each Angelfish button names the top card of its pile (B.3.11),
    not only the pile (it read as if the card were an Angelfish)."""
    for v in samples["angelfish"]:
        p = prompt(v, NAMES, KINDS)
        labels = {b["code"]: b["label"] for b in all_buttons(p)}
        for x in v["legal"]:
            if x["kind"] == "angelfish":
                top = v["piles"][x["pile"] - 1]["top"]
                assert labels[x["code"]] == (f"Angelfish: take {card_name(top)} from "
                                             f"discard pile {x['pile']}")


def test_water_rodeo_swap(samples: dict[str, list[dict[str, Any]]]) -> None:
    v = samples["swap"][0]
    name = NAMES[v["swap_target"]]
    p = prompt(v, NAMES, KINDS)
    assert texts_in(p)[0].startswith(f"Water Rodeo: you see {name}'s hand.")
    (theirs,) = [part for part in p["parts"] if part["type"] == "cards"]
    assert [c["card"] for c in theirs["cards"]] == list(v["known"][v["swap_target"]])
    assert all(c["code"] is None and c["state"] == "" for c in theirs["cards"])
    swap = next(x for x in v["legal"] if x["kind"] == "swap")
    mine, their = swap["cards"]
    assert hand_selection(v)["limit"] == 1 and mine in hand_selection(v)["playable"]
    chosen = prompt(v, NAMES, KINDS, [mine])
    (theirs,) = [part for part in chosen["parts"] if part["type"] == "cards"]
    by_card = {c["card"]: c for c in theirs["cards"]}
    assert by_card[their]["code"] == swap["code"] and by_card[their]["state"] == "clickable"
    assert toggle(v, [mine], their) == [mine]  # not in the hand: no change


def test_coral_reef_is_a_button(samples: dict[str, list[dict[str, Any]]]) -> None:
    v = samples["reef"][0]
    reef = [x["code"] for x in v["legal"] if x["kind"] == "reef"]
    assert set(reef) <= set(codes_in(prompt(v, NAMES, KINDS)))


def test_waiting_for_another_seat() -> None:
    s = GAME.new_game(3, 5, OPTIONS)
    mover = GAME.current_player(s)
    s = GAME.apply(s, GAME.parse_action("draw"))  # the mover looks at two cards
    v = GAME.view(s, (mover + 1) % 3, log=True).to_dict()
    assert v["legal"] == []
    p = prompt(v, NAMES, ["human"] * 3)
    who = NAMES[mover]
    assert p["title"] == f"{who}'s turn" and not p["busy"]
    assert {"type": "backs", "count": 2} in p["parts"]
    assert f"{who} looks at two cards and keeps one." in texts_in(p)
    recent = [part for part in p["parts"] if part["type"] == "recent"]
    assert recent and 1 <= len(recent[0]["lines"]) <= 3
    bot = prompt(v, NAMES, ["hard"] * 3)
    assert bot["title"] == f"{who} is playing" and bot["busy"]
    assert hand_selection(v) == {"selectable": False, "playable": [], "partners": None,
                                 "limit": 0}
    assert all(x["code"] is None for x in pile_actions(v))


def test_a_view_object_works_too() -> None:
    s = GAME.new_game(2, 3, {})
    v = GAME.view(s, GAME.current_player(s))
    assert prompt(v, NAMES[:2], KINDS[:2]) == prompt(v.to_dict(), NAMES[:2], KINDS[:2])


# ----------------------------------------------------------------------- issue 11: keys, labels


def all_buttons(p: Mapping[str, Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for part in p["parts"]:
        t = part["type"]
        if t == "buttons":
            out += part["buttons"]
        elif t == "keep":
            out += [b for c in part["choices"] for b in c["buttons"]]
        elif t == "events":
            out += [c["button"] for c in part["choices"]]
        elif t == "announce":
            out += [r["button"] for r in part["rows"]]
    return out


@pytest.mark.parametrize("decision", DECISIONS)
def test_every_button_and_card_has_a_key_field(
        samples: dict[str, list[dict[str, Any]]], decision: str) -> None:
    from seasalt.ssp.present import card_label

    for v in samples[decision]:
        selections = [[]] + [list(x["cards"]) for x in v["legal"] if x["kind"] in ("duo", "trio")]
        for sel in selections:
            p = prompt(v, NAMES, KINDS, sel)
            for b in all_buttons(p):
                assert "key" in b and (b["key"] is None or len(b["key"]) == 1)
            for part in p["parts"]:
                if part["type"] == "cards":
                    for c in part["cards"]:
                        assert c["label"] == card_label(c["card"])
                        assert (c["key"] is None) or c["code"] is not None


def test_fixed_keys_of_the_turn(samples: dict[str, list[dict[str, Any]]]) -> None:
    by_kind = {"end": "e", "stop": "s", "last-chance": "l"}
    for decision in ("stop", "last-chance", "end"):
        for v in samples[decision]:
            code_key = {b["code"]: b["key"] for b in all_buttons(prompt(v, NAMES, KINDS))}
            for x in v["legal"]:
                if x["kind"] in by_kind:
                    assert code_key[x["code"]] == by_kind[x["kind"]]
    for v in samples["forced"]:
        (b,) = all_buttons(prompt(v, NAMES, KINDS))
        assert b["key"] == "d"
    for v in samples["angelfish"]:
        keys = {b["code"]: b["key"] for b in all_buttons(prompt(v, NAMES, KINDS))}
        for x in v["legal"]:
            assert keys[x["code"]] == ("p" if x["kind"] == "pass" else str(x["pile"]))
    for v in samples["crab-pick"]:
        part = next(x for x in prompt(v, NAMES, KINDS)["parts"] if x["type"] == "cards")
        keys = [c["key"] for c in part["cards"]]
        assert keys[:9] == [str(i + 1) for i in range(min(9, len(keys)))]
