"""The page's description of each game (:mod:`seasalt.web.games`)."""

from __future__ import annotations

import pytest

from seasalt.web.games import FDM, GAMES, PAGE_GAMES, SSP, SettingsError, page_game


def test_every_game_of_the_page_has_one_description() -> None:
    assert tuple(PAGE_GAMES) == GAMES
    for name in GAMES:
        assert page_game(name).name == name
        assert page_game(name).load().info.name == name


def test_aliases_find_the_game_and_an_unknown_game_is_refused() -> None:
    assert page_game("ssp") is PAGE_GAMES[SSP]
    assert page_game(" FDM ") is PAGE_GAMES[FDM]
    with pytest.raises(SettingsError, match="unknown game 'chess'.*fruits-de-mer"):
        page_game("chess")


def test_what_only_sea_salt_and_paper_has() -> None:
    ssp, fdm = page_game(SSP), page_game(FDM)
    assert (ssp.options, ssp.round_screen, ssp.coach) == (True, True, True)
    assert (fdm.options, fdm.round_screen, fdm.coach) == (False, False, False)
