"""The translation catalogs (``seasalt/locale``): the English template matches the
code, and every language's catalog is complete and safe to format.

The template ``seasalt.pot`` is extracted with Babel (keywords ``_``, ``N_``,
``ngettext``, ``pgettext``) from ``seasalt/`` and ``web/page/``; refresh it with::

    pybabel extract -k _ -k N_ -k ngettext:1,2 -k pgettext:1c,2 --no-location \\
        --project seasalt --version 0.1.0 -o seasalt/locale/seasalt.pot seasalt web/page
"""

from __future__ import annotations

import gettext
import io
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "seasalt" / "locale"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
PLACEHOLDER = re.compile(r"\{[a-z_]+(?:![rsa])?(?::[^{}]*)?\}")
CATALOGS = sorted(LOCALE.glob("*/LC_MESSAGES/seasalt.po"))


def _key(message_id: str | tuple[str, ...], context: str | None) -> tuple[str | None, str]:
    first = message_id if isinstance(message_id, str) else message_id[0]
    return context, first


def _extracted() -> set[tuple[str | None, str]]:
    keys = set()
    for folder in (ROOT / "seasalt", ROOT / "web" / "page"):
        for _file, _line, message, _comments, context in extract_from_dir(
                str(folder), method_map=[("**.py", "python")], keywords=KEYWORDS):
            keys.add(_key(message, context))
    return keys


def _template() -> Catalog:
    with open(LOCALE / "seasalt.pot", "rb") as f:
        return read_po(f)


def test_template_matches_the_code() -> None:
    in_template = {_key(m.id, m.context) for m in _template() if m.id}
    in_code = _extracted()
    assert in_code - in_template == set(), "strings missing from seasalt.pot: re-extract"
    assert in_template - in_code == set(), "seasalt.pot has strings the code no longer uses"


@pytest.mark.parametrize("path", CATALOGS, ids=[p.parts[-3] for p in CATALOGS])
def test_catalog_is_complete_and_formats_like_the_source(path: Path) -> None:
    with open(path, "rb") as f:
        catalog = read_po(f)
    assert catalog.num_plurals == 2, "Plural-Forms: nplurals=2 expected"
    translated = {_key(m.id, m.context): m for m in catalog if m.id}
    for source in _template():
        if not source.id:
            continue
        key = _key(source.id, source.context)
        message = translated.get(key)
        assert message is not None, f"{path.parts[-3]}: no entry for {key}"
        assert not message.fuzzy, f"{path.parts[-3]}: fuzzy entry {key}"
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if isinstance(source.id, tuple):
            assert len(strings) == catalog.num_plurals, (path.parts[-3], key, strings)
        sources = source.id if isinstance(source.id, tuple) else (source.id,)
        allowed = {p for s in sources for p in PLACEHOLDER.findall(s)}
        for text in strings:
            assert text, f"{path.parts[-3]}: empty translation of {key}"
            assert set(PLACEHOLDER.findall(text)) <= allowed, (path.parts[-3], key, text)
            if isinstance(source.id, str):
                assert set(PLACEHOLDER.findall(text)) == allowed, (path.parts[-3], key, text)
    write_mo(io.BytesIO(), catalog)  # compiles


#: The plural form gettext must pick for a count, per language: French says
#: "1 carte", "0 carte", "2 cartes"; Dutch and Turkish's catalogs follow English.
PLURAL_FORM_OF = {"fr": {0: 0, 1: 0, 2: 1, 12: 1}, "nl": {0: 1, 1: 0, 2: 1, 12: 1},
                  "tr": {0: 1, 1: 0, 2: 1, 12: 1}}

#: The game's own words (docs/rules.md's English terms) as the publishers' texts in
#: ``../shared/seeds`` write them: 000 (French rules), 001 (French summary, for the
#: expansions), 002 (Dutch walkthrough), 003 (Turkish teach). Where a seed has no word
#: for it, the catalogs use the usual one and it is not pinned here.
GLOSSARY: dict[str, dict[str, str]] = {
    "STOP": {"fr": "STOP", "nl": "STOP", "tr": "DUR"},
    "LAST CHANCE": {"fr": "DERNIÈRE CHANCE", "nl": "LAATSTE KANS", "tr": "SON ŞANS"},
    "Crab": {"fr": "Crabe", "nl": "Krab", "tr": "Yengeç"},
    "Boat": {"fr": "Bateau", "nl": "Boot", "tr": "Tekne"},
    "Fish": {"fr": "Poisson", "nl": "Vis", "tr": "Balık"},
    "Swimmer": {"fr": "Nageur", "nl": "Zwemmer", "tr": "Yüzücü"},
    "Shark": {"fr": "Requin", "nl": "Haai", "tr": "Köpekbalığı"},
    "Mermaid": {"fr": "Sirène", "nl": "Zeemeermin", "tr": "Deniz Kızı"},
    "Shell": {"fr": "Coquillage", "nl": "Schelp", "tr": "Deniz Kabuğu"},
    "Octopus": {"fr": "Poulpe", "nl": "Octopus", "tr": "Ahtapot"},
    "Penguin": {"fr": "Manchot", "nl": "Pinguïn", "tr": "Penguen"},
    "Sailor": {"fr": "Moussaillon", "nl": "Matroos", "tr": "Denizci"},
    "Lighthouse": {"fr": "Phare", "nl": "Vuurtoren", "tr": "Deniz Feneri"},
    "Shoal of Fish": {"fr": "Banc de poissons", "nl": "School vissen", "tr": "Balık Sürüsü"},
    "Penguin Colony": {"fr": "Colonie de manchots", "nl": "Pinguïnkolonie",
                       "tr": "Penguen Kolonisi"},
    "Captain": {"fr": "Capitaine", "nl": "Kapitein", "tr": "Kaptan"},
    "Jellyfish": {"fr": "Méduse"},
    "Lobster": {"fr": "Homard"},
    "Cast of Crabs": {"fr": "Panier de crabes"},
    "Starfish": {"fr": "Étoile de mer"},
    "Seahorse": {"fr": "Hippocampe"},
    "Water Rodeo": {"fr": "Rodéo nautique"},
    "Coral Reef": {"fr": "Barrière de corail"},
    "Tornado": {"fr": "Tornade"},
    "Diodon Fish": {"fr": "Diodon"},
    "Treasure Chest": {"fr": "Coffre au trésor"},
    "Dance of the Shells": {"fr": "Danse des coquillages"},
    "Angelfish": {"fr": "Poisson-ange"},
    "Dolphins": {"fr": "Dauphins"},
    "dark blue": {"fr": "bleu foncé"},
    "light blue": {"fr": "bleu clair"},
    "light orange": {"fr": "orange clair"},
    "Colour bonus": {"fr": "Bonus couleur", "nl": "Kleurbonus", "tr": "Renk bonusu"},
    "duo card": {"fr": "carte duo", "nl": "actiekaart"},
    "collector": {"fr": "collection", "nl": "verzamelkaart"},
    "multiplier": {"fr": "multiplicateur", "nl": "bonuskaart", "tr": "çarpan kart"},
    "Duos": {"fr": "Duos", "nl": "Actiekaarten", "tr": "Çiftler"},
    "Round": {"fr": "Manche", "nl": "Ronde", "tr": "Tur"},
    "Draw pile": {"fr": "Pioche", "nl": "Trekstapel", "tr": "Deste"},
}


@pytest.mark.parametrize("path", CATALOGS, ids=[p.parts[-3] for p in CATALOGS])
def test_plural_forms_pick_the_right_form_through_gettext(path: Path) -> None:
    code = path.parts[-3]
    with open(path, "rb") as f:
        catalog = read_po(f)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    translations = gettext.GNUTranslations(compiled)  # what the page and the CLI read
    plural = next(m for m in catalog if isinstance(m.id, tuple) and m.id[0] != m.id[1])
    for n, form in PLURAL_FORM_OF[code].items():
        assert translations.ngettext(plural.id[0], plural.id[1], n) == plural.string[form], (
            code, n)


@pytest.mark.parametrize("path", CATALOGS, ids=[p.parts[-3] for p in CATALOGS])
def test_the_game_words_are_the_seeds_words(path: Path) -> None:
    code = path.parts[-3]
    with open(path, "rb") as f:
        catalog = read_po(f)
    for english, words in GLOSSARY.items():
        if code in words:
            message = catalog.get(english)
            assert message is not None, (code, english)
            assert message.string == words[code], (code, english, message.string)


def test_french_high_punctuation_stays_on_its_words_line() -> None:
    """French puts a space before ``!``, ``?``, ``:`` and ``;``: a no-break one, or the
    mark may end up alone on a line ("Bot difficile gagne" / "!", "souhaitez" / ": posez
    ...": issue 39)."""
    with open(LOCALE / "fr" / "LC_MESSAGES" / "seasalt.po", "rb") as f:
        catalog = read_po(f)
    loose = [text for m in catalog if m.id
             for text in (m.string if isinstance(m.string, tuple) else (m.string,))
             if re.search(r" [!?:;]", text)]
    assert loose == []
