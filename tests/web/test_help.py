"""The help screen (``seasalt.ssp.present.help``) and the keyboard shortcuts: the shape the
page renders, every card type with the engine's own counts, colours and points, every
Extra Pepper event, and shortcuts that match the keys the prompts and piles carry."""

from __future__ import annotations

import io
import random
import re
from collections import Counter
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from seasalt.i18n import set_language, use_catalog
from seasalt.ssp.cards import (
    ALL_CARDS,
    BASE_DECK,
    CARDS,
    CATEGORY_OF_KIND,
    EXTRA_SALT_CARDS,
    Category,
    Event,
    Kind,
)
from seasalt.ssp.game import GAME
from seasalt.ssp.present import event_info, kind_name, kind_rule, shortcuts
from seasalt.ssp.present.help import SECTION_IDS, help_content
from seasalt.ssp.present.keys import ACTION_KEYS, SHORTCUTS, all_keys
from seasalt.ssp.present.piles import pile_actions
from seasalt.ssp.present.prompt import prompt
from seasalt.ssp.scoring import OCTOPUS_POINTS, PENGUIN_POINTS, SAILOR_POINTS, SHELL_POINTS
from seasalt.ssp.setup import TARGETS
from seasalt.web.words import help_content as page_help_content

BLOCK_KEYS = {"p": {"type", "text"}, "list": {"type", "items"},
              "cards": {"type", "title", "columns", "rows"}, "events": {"type", "rows"},
              "shortcuts": {"type", "rows"}}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def sections() -> dict[str, dict[str, Any]]:
    return {s["id"]: s for s in help_content()}


def blocks(kind: str, section: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    secs = [section] if section is not None else help_content()
    return [b for s in secs for b in s["blocks"] if b["type"] == kind]


def all_text() -> str:
    out = []
    for s in help_content():
        out.append(s["title"])
        for b in s["blocks"]:
            if b["type"] == "p":
                out.append(b["text"])
            elif b["type"] == "list":
                out += b["items"]
            elif b["type"] == "cards":
                out += b["columns"]
                out += [r[k] for r in b["rows"] for k in ("name", "points", "rule")]
            elif b["type"] == "events":
                out += [r[k] for r in b["rows"] for k in ("title", "text", "goes_to_text")]
            else:
                out += [r["text"] for r in b["rows"]]
    return "\n".join(out)


def test_the_shape() -> None:
    content = help_content()
    assert [s["id"] for s in content] == list(SECTION_IDS)
    for s in content:
        assert set(s) == {"id", "title", "blocks"}
        assert s["title"].strip() and s["blocks"]
        for b in s["blocks"]:
            assert set(b) == BLOCK_KEYS[b["type"]], b
            if b["type"] == "p":
                assert b["text"].strip()
            elif b["type"] == "list":
                assert b["items"] and all(x.strip() for x in b["items"])
            elif b["type"] == "cards":
                assert len(b["columns"]) == 4 and all(b["columns"])
                for r in b["rows"]:
                    assert set(r) == {"kind", "name", "count", "colours", "points", "rule"}
                    assert isinstance(r["count"], str)
                    for c in r["colours"]:
                        assert set(c) == {"colour", "name", "count"}
                        assert isinstance(c["count"], int) and c["count"] > 0


def test_always_every_section_whatever_the_game() -> None:
    plain = help_content()
    assert help_content({"extra_salt": True, "extra_pepper": True}) == plain
    assert help_content({}) == plain
    page = page_help_content()  # the page's help: the phones second, after the aim
    assert [page[0], *page[2:]] == plain
    assert page[1]["id"] == "phones"


def test_the_card_lists_are_the_engines_decks() -> None:
    secs = sections()
    base = blocks("cards", secs["cards"])
    salt = blocks("cards", secs["extra-salt"])
    assert len(base) == 1 and len(salt) == 1
    for table, cards in ((base[0], BASE_DECK), (salt[0], EXTRA_SALT_CARDS)):
        kinds = Counter(CARDS[c].kind for c in cards)
        assert [r["kind"] for r in table["rows"]] == [k.slug for k in kinds]
        for r in table["rows"]:
            kind = next(k for k in Kind if k.slug == r["kind"])
            assert r["name"] == kind_name(kind)
            assert int(r["count"]) == kinds[kind]
            colours = Counter(CARDS[c].colour.slug for c in cards if CARDS[c].kind == kind)
            assert {c["colour"]: c["count"] for c in r["colours"]} == dict(colours)
            assert r["rule"] == kind_rule(kind)
    # every card type of the game is in one of the two lists, once
    listed = [r["kind"] for b in base + salt for r in b["rows"]]
    assert sorted(listed) == sorted({CARDS[c].kind.slug for c in ALL_CARDS})


def test_the_points_column_reads_the_engines_tables() -> None:
    rows = {r["kind"]: r for b in blocks("cards") for r in b["rows"]}
    for kind, table in ((Kind.SHELL, SHELL_POINTS), (Kind.OCTOPUS, OCTOPUS_POINTS),
                        (Kind.PENGUIN, PENGUIN_POINTS), (Kind.SAILOR, SAILOR_POINTS)):
        assert rows[kind.slug]["points"] == ", ".join(str(p) for p in table[1:])
    assert rows["shell"]["points"] == "0, 2, 4, 6, 8, 10"
    for kind in Kind:
        if CATEGORY_OF_KIND[kind] == Category.DUO:
            assert rows[kind.slug]["points"] == "1 per duo"
    assert rows["lighthouse"]["points"] == "+1 per Boat"
    assert rows["captain"]["points"] == "+3 per Sailor"


def test_every_event_with_its_rule_and_direction() -> None:
    ev = blocks("events", sections()["extra-pepper"])
    assert len(ev) == 1
    rows = ev[0]["rows"]
    assert [r["slug"] for r in rows] == [e.slug for e in Event]
    assert len(rows) == 12
    for r in rows:
        info = event_info(r["slug"])
        assert r == {k: info[k] for k in ("slug", "title", "text", "goes_to_text")}


def test_the_rules_numbers_come_from_the_engine() -> None:
    text = all_text()
    targets = " / ".join(str(TARGETS[n]) for n in sorted(TARGETS))
    assert targets in text
    assert " / ".join(str(2 * TARGETS[n]) for n in sorted(TARGETS)) in text
    assert "at least 7 card points" in text
    assert f"The deck has {len(BASE_DECK)} cards" in text
    assert f"({len(ALL_CARDS)} cards)" in text
    assert "all 4 Mermaids" in text
    assert "top 5 cards" in text


@pytest.mark.parametrize("words", [
    "STOP", "LAST CHANCE", "colour bonus", "Crab + Crab", "Boat + Boat", "Fish + Fish",
    "Swimmer + Shark", "Swimmer + Jellyfish", "Crab + Lobster", "Starfish", "Seahorse",
    "Cast of Crabs", "Mermaids are white cards", "tie", "Extra Salt", "Extra Pepper"])
def test_the_base_game_and_expansions_are_covered(words: str) -> None:
    assert words in all_text()


def test_the_shortcuts_section_is_the_shortcut_list() -> None:
    sc = blocks("shortcuts", sections()["shortcuts"])
    assert len(sc) == 1 and sc[0]["rows"] == shortcuts()
    assert all(set(r) == {"key", "text"} and r["key"] and r["text"] for r in shortcuts())


def test_the_help_is_translated_when_a_catalog_is_in_use() -> None:
    # with the French catalog compiled in memory, the help speaks French
    babel = pytest.importorskip("babel.messages.pofile")
    mofile = pytest.importorskip("babel.messages.mofile")
    po = Path(__file__).resolve().parents[2] / "seasalt" / "locale" / "fr" / "LC_MESSAGES"
    po_file = po / "seasalt.po"
    if not po_file.exists():
        pytest.skip("no French catalog")
    with po_file.open("rb") as f:
        catalog = babel.read_po(f)
    buf = io.BytesIO()
    mofile.write_mo(buf, catalog)
    buf.seek(0)
    use_catalog(buf, "fr")
    fr = help_content()
    set_language("en")
    en = help_content()
    assert [s["id"] for s in fr] == [s["id"] for s in en]
    # the card names come from the catalog (Crabe in French)
    fr_names = [r["name"] for b in blocks("cards", fr[SECTION_IDS.index("cards")])
                for r in b["rows"]]
    assert fr_names[0] == "Crabe"


def test_the_marks_are_the_ones_the_table_draws() -> None:
    """The help's marks section names the symbols the stylesheets draw: ✦ on a card new
    in the hand with its orange ring (controls.css), ✓ on a selected card (style.css),
    and the soft glow (motion.css's ``.touched``: a solid ring and a halo, no dashes
    that would read as an error) of what another player touched."""
    web = Path(__file__).resolve().parents[2] / "web"
    new = re.search(r'\.card\.new-card::before \{[^}]*content: "(.)"',
                    (web / "controls.css").read_text(encoding="utf-8"))
    tick = re.search(r'\.card\.selected::after \{[^}]*content: "(.)"',
                     (web / "style.css").read_text(encoding="utf-8"))
    touched = re.search(r"\.touched \{[^}]*outline: 2px solid[^}]*box-shadow: 0 0 0",
                        (web / "motion.css").read_text(encoding="utf-8"))
    assert new and tick and touched
    (items,) = [b["items"] for b in sections()["marks"]["blocks"] if b["type"] == "list"]
    assert [item[0] for item in items] == [new.group(1), "A", tick.group(1)]
    assert "orange ring" in items[0] and "soft glow" in items[1]
    assert "another player touched" in items[1]


# ----------------------------------------------------------------------- shortcut keys


def control_keys(p: Mapping[str, Any], piles: list[dict[str, Any]]) -> list[str]:
    """The keys of every control of a prompt and the piles (None left out)."""
    out: list[str | None] = []
    for part in p["parts"]:
        t = part["type"]
        if t == "buttons":
            out += [b["key"] for b in part["buttons"]]
        elif t == "keep":
            out += [b["key"] for c in part["choices"] for b in c["buttons"]]
        elif t == "events":
            out += [c["button"]["key"] for c in part["choices"]]
        elif t == "cards":
            out += [c["key"] for c in part["cards"]]
        elif t == "announce":
            out += [r["button"]["key"] for r in part["rows"]]
    out += [x["key"] for x in piles]
    return [k for k in out if k]


def listed_keys() -> set[str]:
    """The keys the help lists, as the page matches them (lower case; ``1–9`` is 1..9)."""
    keys: set[str] = set()
    for key, _text in SHORTCUTS:
        if key == "1–9":
            keys |= set("123456789")
        elif len(key) == 1:
            keys.add(key.lower())
    return keys


def test_every_control_key_is_listed_in_the_help() -> None:
    assert all_keys() <= listed_keys()
    assert {"d", "1", "2", "e", "s", "l", "c", "?"} <= listed_keys()
    assert ACTION_KEYS["undo"] == "u" and "u" in listed_keys()  # undo (issue 12)
    assert ACTION_KEYS["draw"] == "d" and ACTION_KEYS["end"] == "e"
    assert ACTION_KEYS["stop"] == "s" and ACTION_KEYS["last-chance"] == "l"


def test_keys_in_random_games_are_unique_single_lowercase_and_listed() -> None:
    """Every decision of random games with both expansions: each control's key is a
    single lowercase character the help lists, and no two controls share one."""
    seen: set[str] = set()
    names = ["Ann", "Bob", "Cy"]
    for seed in range(12):
        rng = random.Random(seed)
        s = GAME.new_game(3, seed, {"extra_salt": True, "extra_pepper": True})
        while GAME.outcome(s) is None:
            v = GAME.view(s, GAME.current_player(s)).to_dict()
            selections: list[list[int]] = [[]]
            selections += [list(x["cards"]) for x in v["legal"] if x["kind"] in ("duo", "trio")]
            selections += [list(x["cards"][:1]) for x in v["legal"] if x["kind"] == "swap"]
            for sel in selections:
                keys = control_keys(prompt(v, names, ["human"] * 3, sel), pile_actions(v))
                assert len(keys) == len(set(keys)), (v["phase"], keys)
                for k in keys:
                    assert len(k) == 1 and k == k.lower() and k in listed_keys()
                seen |= set(keys)
            s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    assert {"d", "1", "2", "e", "s", "l", "p", "x"} <= seen


def test_the_help_tells_of_the_score_calculator() -> None:
    secs = sections()
    words = " ".join(b["text"] for b in secs["calculator"]["blocks"] if b["type"] == "p")
    assert "?calc" in words
    assert secs["calculator"]["title"] == "Score calculator"
