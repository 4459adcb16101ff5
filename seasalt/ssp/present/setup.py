"""The new-game screen's words that come from Python: seat kinds, default names, bot
speeds, the targets (docs/rules.md R2, R11), the expansions."""

from __future__ import annotations

from collections.abc import Sequence

from seasalt.i18n import N_, _, ngettext, pgettext
from seasalt.ssp.present.words import isolated
from seasalt.ssp.state import TARGETS

#: The new-game form's seat choices: (value, English label), in menu order.
SEAT_CHOICES: tuple[tuple[str, str], ...] = (
    ("you", N_("You")), ("human", N_("Another human")), ("easy", N_("Easy bot")),
    ("medium", N_("Medium bot")), ("hard", N_("Hard bot")),
    ("friend", N_("A friend's phone")))
#: Bot levels by key (``seasalt.bots.BOT_LEVELS`` keys), English names.
BOT_NAMES: dict[str, str] = {
    "easy": N_("Easy bot"), "medium": N_("Medium bot"), "hard": N_("Hard bot"),
    "expert": N_("Expert bot"), "random": N_("Random bot"), "greedy": N_("Greedy bot")}
#: Bot speeds by key (``seasalt.web.settings.SPEEDS`` keys), English names.
#: "Normal" is translated in its own context (:func:`speed_name`): the target's
#: "Normal" may be another word (French: la vitesse normale, l'objectif normal).
SPEED_NAMES: dict[str, str] = {"slow": N_("Slow"), "normal": "Normal",
                               "fast": N_("Fast"), "instant": N_("Instant")}
#: The expansions by option name (docs/rules-expansions.md A, B).
EXPANSION_NAMES: dict[str, str] = {"extra_salt": N_("Extra Salt"),
                                   "extra_pepper": N_("Extra Pepper")}


def seat_choices() -> list[tuple[str, str]]:
    """The seat menu: ``[(value, label)]`` (``("you", "You")``, ...)."""
    return [(value, _(label)) for value, label in SEAT_CHOICES]


def bot_name(level: str, *, english: bool = False) -> str:
    """``Hard bot`` for a level key (an unknown key is capitalized: ``Wizard bot``);
    ``english``: in English whatever the language in use."""
    key = level.split(":")[0].lower()
    name = BOT_NAMES.get(key)
    if name:
        return name if english else _(name)
    return ("{level} bot" if english else _("{level} bot")).format(level=key.capitalize())


def kind_label(kind: str) -> str:
    """A seat kind as a badge: ``Human`` or ``Hard bot``."""
    return _("Human") if kind == "human" else bot_name(kind)


def default_name(kind: str, seat: int, kinds: Sequence[str], *,
                 english: bool = False) -> str:
    """A seat's name when none is typed: ``You`` for the only human, ``Player N`` for
    several, ``Easy bot`` and the like for bots; bots of one level are numbered in seat
    order (``Easy bot 1``, ``Easy bot 2``) so that every seat has a name of its own.

    Args:
        kind: the seat's kind (``human`` or a bot level).
        seat: the seat's index (0-based) in ``kinds``.
        kinds: every seat's kind.
        english: in English whatever the language in use (what earlier versions stored
            in a game's record).
    """
    kinds = list(kinds)
    if kind == "human":
        if kinds.count("human") == 1:
            return "You" if english else _("You")
        return ("Player {number}" if english else _("Player {number}")).format(
            number=seat + 1)
    if kinds.count(kind) == 1:
        return bot_name(kind, english=english)
    number = kinds[:seat + 1].count(kind)
    # TRANSLATORS: one of several bots of the same level: "Easy bot 2"
    text = "{bot} {number}" if english else _("{bot} {number}")
    return text.format(bot=bot_name(kind, english=english), number=number)


def is_default_name(name: str, seat: int, kinds: Sequence[str]) -> bool:
    """Whether ``name`` is no name the player typed for ``seat``: empty, or the seat's
    :func:`default_name` in English (as earlier versions stored it) or in the language in
    use."""
    kind = kinds[seat]
    return (not name or name == default_name(kind, seat, kinds, english=True)
            or name == default_name(kind, seat, kinds))


def seat_names(names: Sequence[str], kinds: Sequence[str]) -> list[str]:
    """The seats' names as drawn: a typed name as typed; a default one
    (:func:`is_default_name`: empty, or an earlier version's English default) in the
    language in use, so a game started in one language and continued in another names
    its seats in the other (``You``, ``Sen``)."""
    out = []
    for seat in range(len(kinds)):
        name = names[seat] if seat < len(names) else ""
        out.append(default_name(kinds[seat], seat, kinds)
                   if is_default_name(name, seat, kinds) else name)
    return out


def typed_names(names: Sequence[str], kinds: Sequence[str]) -> list[str]:
    """The seats' names as a game's record keeps them: a typed name as typed, a default
    one (:func:`is_default_name`) empty (drawn by :func:`seat_names` in the language of
    the day)."""
    return ["" if is_default_name(names[seat] if seat < len(names) else "", seat, kinds)
            else names[seat] for seat in range(len(kinds))]


def speed_label(key: str, ms: int | None = None) -> str:
    """``Normal (0.8 s a move)`` (``ms``: pause between bot moves), or ``Instant``."""
    name = speed_name(key)
    if ms is None or key == "instant" or ms <= 0:
        return name
    return _("{speed} ({seconds} s a move)").format(speed=name,
                                                    seconds=decimal_text(ms / 1000))


def decimal_text(value: float) -> str:
    """A short decimal number in the language in use: ``0.15``, ``0,15`` in French,
    Dutch and Turkish (the catalogs' decimal separator; Babel is not in the page)."""
    # TRANSLATORS: the decimal separator of numbers such as 0.15 (a comma: ",")
    return f"{value:g}".replace(".", pgettext("decimal separator", "."))


def speed_name(key: str) -> str:
    """``Normal``: a speed's short name (an unknown key capitalized)."""
    if key == "normal":
        return pgettext("bot speed", "Normal")
    name = SPEED_NAMES.get(key)
    return _(name) if name else key.capitalize()


def target_text(double: bool) -> str:
    """The target scores by player count (R2, R11): ``40 / 35 / 30 points``."""
    factor = 2 if double else 1
    return _("{targets} points").format(
        targets=" / ".join(str(TARGETS[n] * factor) for n in sorted(TARGETS)))


def expansion_name(option: str) -> str:
    """``Extra Salt`` for ``extra_salt``, ``Extra Pepper`` for ``extra_pepper``."""
    return _(EXPANSION_NAMES[option])


def player_label(seat: int) -> str:
    """``Player 2``: a seat row of the form (``seat`` from 0)."""
    return _("Player {number}").format(number=seat + 1)


def resume_summary(players: int, options: dict[str, bool], round_: int, over: bool,
                   scores: Sequence[tuple[str, int]]) -> str:
    """A saved game in the setup screen's list: ``3 players, Extra Salt, round 4:
    Ann (12), Bob (9), Cy (20)`` (``finished`` instead of the round once over; the
    points in brackets, since a name may end with a number: ``Easy bot 2 (7)``)."""
    parts = [ngettext("{count} player", "{count} players", players).format(count=players)]
    parts += [expansion_name(k) for k in EXPANSION_NAMES if options.get(k)]
    where = _("finished") if over else _("round {round}").format(round=round_)
    # TRANSLATORS: a player's total in the saved games' list: "Easy bot 2 (7)"
    listed = _(", ").join(_("{name} ({points})").format(name=isolated(n), points=s)
                          for n, s in scores)
    return _("{game}, {where}: {scores}").format(game=_(", ").join(parts), where=where,
                                                scores=listed)


def handoff_texts(name: str) -> dict[str, str]:
    """The hot-seat hand-off: ``title`` (``Pass the device to Ann``) and ``ready`` (the
    button: ``I am Ann: show my hand``)."""
    name = isolated(name)
    return {"title": _("Pass the device to {name}").format(name=name),
            "ready": _("I am {name}: show my hand").format(name=name)}
