"""Cards on the page: face-up cards (copies of prebuilt elements), backs, rows, groups."""

from __future__ import annotations

from typing import Any

from pyscript import document

from seasalt.ssp.present import card_catalogue, ui_text

from .dom import el

SVG_NS = "http://www.w3.org/2000/svg"
ICONS: frozenset[str] = frozenset({
    "crab", "boat", "fish", "swimmer", "shark", "mermaid", "shell", "octopus", "penguin",
    "sailor", "lighthouse", "shoal-of-fish", "penguin-colony", "captain", "jellyfish",
    "lobster", "cast-of-crabs", "starfish", "seahorse"})
"""Card types with their own icon in index.html's sprite (others show a wave)."""
ICON_ALIASES: dict[str, str] = {}


_CATALOGUE: dict[int, dict[str, Any]] = {}
_PROTOS: dict[int, Any] = {}
_BACK: list[Any] = []


def card_info(cid: int) -> dict[str, Any]:
    """The catalogue entry of card ``cid``."""
    if not _CATALOGUE:
        _CATALOGUE.update({c["id"]: c for c in card_catalogue()})
    return _CATALOGUE[cid]


def _sprite(cls: str, size: int, symbol: str) -> Any:
    """A decorative ``<svg class=cls>`` showing ``#symbol`` of index.html's sprite."""
    svg = document.createElementNS(SVG_NS, "svg")
    svg.setAttribute("class", cls)
    svg.setAttribute("viewBox", f"0 0 {size} {size}")
    svg.setAttribute("aria-hidden", "true")
    use = document.createElementNS(SVG_NS, "use")
    use.setAttribute("href", f"#{symbol}")
    svg.append(use)
    return svg


def kind_icon(kind: str, cls: str = "card-icon") -> Any:
    """A decorative picture of card kind ``kind`` (a kind slug, ``"crab"``) from
    index.html's sprite, as ``<svg class=cls>``; a kind without its own shows a wave."""
    name = ICON_ALIASES.get(kind, kind)
    return _sprite(cls, 48, f"icon-{name if name in ICONS else 'wave'}")


def colour_mark(slug: str, name: str) -> Any:
    """A colour as a symbol and its name (the symbol is decorative: the name says it)."""
    svg = _sprite("colour-symbol", 16, f"colour-{slug}")
    return el("span", svg, el("span", name, class_="colour-name"), class_="card-colour")


def _card_proto(cid: int) -> Any:
    proto = _PROTOS.get(cid)
    if proto is None:
        c = card_info(cid)
        hint = c["hint"]
        label = f"{c['name']}: {hint}" if hint else c["name"]
        proto = el("div", el("span", c["title"], class_="card-title", aria_hidden="true"),
                   kind_icon(c["kind"]),
                   el("span", hint, class_="card-hint", aria_hidden="true") if hint else None,
                   colour_mark(c["colour"], c.get("colour_card") or c["colour_name"]),
                   class_=f"card c-{c['colour']} k-{c['kind']}", data_card=str(cid),
                   data_kind=c["kind"], data_colour=c["colour"], title=label)
        _PROTOS[cid] = proto
    return proto


def aria_name(cid: int) -> str:
    """A card's name for assistive technology (``Crab, dark blue``: the catalogue's)."""
    return str(card_info(cid).get("label") or card_info(cid)["name"])


def card(cid: int, cls: str = "", *, description: str = "", **attrs: str) -> Any:
    """A face-up card (a copy of a prebuilt one: few calls into the DOM).

    A card that is not a control is an image to assistive technology (``role="img"``)
    named by `aria_name`. A card that is a control (``role="button"``) is named by
    what it shows (its name, hint and colour: a speech user says what they see), and
    its state, when it has one (``description``: the payload's ``Crab, dark blue,
    selected``), becomes its description.

    Args:
        cid: the card id.
        cls: extra classes (``selected``, ``clickable``, ...).
        description: the card's name with its state (selected, playable), as the
            payload words it; '' for none.
        **attrs: extra attributes, as for `el` (``role="button"`` for a control).
    """
    node = _card_proto(cid).cloneNode(True)
    if cls:
        c = card_info(cid)
        node.className = f"card c-{c['colour']} k-{c['kind']} {cls}"
    attrs.setdefault("role", "img")
    if attrs["role"] == "img":
        attrs.setdefault("aria_label", description or aria_name(cid))
    elif description:
        attrs.setdefault("aria_description", description)
    for name, value in attrs.items():
        node.setAttribute(name.replace("_", "-"), value)
    return node


def card_back() -> Any:
    """A face-down card (hidden from assistive technology: a label counts them)."""
    if not _BACK:
        # decorative: a hand's or a pile's label says how many cards are face down
        # the mark ("S&P") is drawn by the stylesheet: no words inside a pile's button
        _BACK.append(el("div", el("span", class_="back-mark"),
                        class_="card back", title=ui_text("hidden-card"),
                        aria_hidden="true"))
    return _BACK[0].cloneNode(True)


def mini_cards(cards: list[int]) -> Any:
    """A row of small cards."""
    return el("div", *(card(c) for c in cards), class_="cards mini")


def front_row(groups: list[list[int]], label: str) -> Any:
    """Cards played in front, each duo or trio grouped (``view["groups"]``); ``label``
    says there are none (the payload's ``texts["no-duo"]``)."""
    pairs = [el("div", *(card(c) for c in g), class_="duo" + (" trio" if len(g) > 2 else ""))
             for g in groups]
    if not pairs:
        return el("div", el("span", label, class_="empty-note"),
                  class_="front empty")
    return el("div", *pairs, class_="front")


def forget() -> None:
    """Drop the prebuilt cards and the catalogue (their words change with the language)."""
    _CATALOGUE.clear()
    _PROTOS.clear()
    _BACK.clear()


def prepare(cid: int) -> None:
    """Build card ``cid``'s element ahead of time (`card` then only copies it)."""
    _card_proto(cid)
