"""The ``--players`` argument that ``seasalt play`` and ``seasalt arena`` share: how it
splits into seats (:func:`split_players`), which names mean a person
(:data:`HUMAN_NAMES`), and the levels their help lists (:func:`levels_epilog`)."""

from __future__ import annotations

from seasalt.cli.main import clip

#: Names that mean a person at the keyboard in ``seasalt play --players``.
HUMAN_NAMES: frozenset[str] = frozenset({"you", "human", "me"})


def split_players(text: str) -> list[str]:
    """Split ``--players`` into bot specs.

    ``"expert:time=0.05,iterations=300,greedy"`` -> ``["expert:time=0.05,iterations=300",
    "greedy"]``: an item with ``=`` and no ``:`` belongs to the previous bot.

    Raises:
        ValueError: an empty item, or settings before any bot.
    """
    specs: list[str] = []
    for item in (p.strip() for p in text.split(",")):
        if not item:
            raise ValueError(f"empty bot name in {clip(text)!r}")
        if "=" in item and ":" not in item:
            if not specs:
                raise ValueError(f"setting {clip(item)!r} comes before any bot")
            specs[-1] += "," + item
        else:
            specs.append(item)
    return specs


def levels_epilog() -> str:
    """``levels:`` then, for each game with bots (Sea Salt & Paper first), one line per
    level (key, name, bot spec, what it does for that game's players:
    :func:`seasalt.bots.bot_levels`), in the language in use; for the help of ``play``
    and ``arena``."""
    from seasalt.bots import bot_levels
    from seasalt.cli.arena import DEFAULT_GAME
    from seasalt.core.registry import discover, load_game
    from seasalt.i18n import _
    from seasalt.ssp.present import bot_name

    games = sorted(discover(), key=lambda name: (name != DEFAULT_GAME, name))
    lines = [_("levels:")]
    for name in games:
        lines.append(f"  {load_game(name).info.title}:")
        lines += [f"    {lv.key:<7} {bot_name(lv.key)} ({lv.spec}): {_(lv.description)}"
                  for lv in bot_levels(name)]
    return "\n".join(lines)
