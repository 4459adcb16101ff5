"""``seasalt play --game fruits-de-mer``: whole games through standard input against bots
and at one keyboard (hidden choices handed over), and bad input."""

from __future__ import annotations

import io
import re

from seasalt.cli.main import main


def play(*argv: str, stdin: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(["play", *argv], stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


#: Wrong answers first, then the first card every time (plenty for a game).
SCRIPT = "hello\n0\n7\nseaweed\n\n" + "1\n" * 200


class TestWholeGame:
    def test_against_bots_to_the_end(self) -> None:
        code, out, err = play("--game", "fruits-de-mer", "--players", "you,hard,greedy",
                              "--seed", "7", stdin=SCRIPT)
        assert code == 0, err
        assert err == ""
        assert out.splitlines()[0] == "Fruits de mer, seed 7: You, Hard bot, Greedy bot. 9 rounds."
        assert out.count("is not one of the choices") == 5
        assert "=== Round 1 of 9 · Bait: " in out
        assert "  1. Play Shrimp in secret  [shrimp] (×2)" in out
        for r in range(1, 10):
            assert f"Round {r} of 9 begins. Bait: " in out
            assert f"Scores after round {r}: You " in out
        assert out.count("Revealed: You: ") == 9
        assert re.search(r"\n    (Spawning|Arrest|Nothing moved|.* eats? )", out)
        lines = out.rstrip().splitlines()
        assert re.fullmatch(r"(You win|Hard bot wins|Greedy bot wins|.* share the victory)"
                            r" with \d+ points?( each)?!", lines[-2])
        assert lines[-1].startswith("Final scores: You ")

    def test_the_bots_choices_stay_hidden_until_the_reveal(self) -> None:
        _, out, _ = play("--game", "fdm", "--players", "you,greedy,random", "--seed", "3",
                         stdin="1\n" * 200)
        assert "Greedy bot chooses a card in secret." in out
        assert "Random bot chooses a card in secret." in out
        assert not re.search(r"(Greedy|Random) bot chooses (?!a card)", out)
        assert re.search(r"You choose \w+ in secret\.", out)

    def test_names_and_codes(self) -> None:
        code, out, _ = play("--game", "fdm", "--players", "you,random", "--seed", "1",
                            stdin="Tuna\n" + "warden\n" + "1\n" * 200)
        assert code == 0
        assert "You choose Tuna in secret." in out
        assert "You choose Warden in secret." in out

    def test_hot_seat_hands_the_keyboard_over(self) -> None:
        code, out, _ = play("--game", "fruits-de-mer", "--players", "you,you,easy",
                            "--seed", "2", stdin="1\n" * 400)
        assert code == 0
        assert out.count("Pass the keyboard to You 1, then press Enter") == 9
        assert out.count("Pass the keyboard to You 2, then press Enter") == 9
        assert "You 1 (red), your hand: " in out and "You 2 (yellow), your hand: " in out
        # the public log: nobody's choice is named before the reveal
        assert "You 1 chooses a card in secret." in out
        assert not re.search(r"You \d chooses (?!a card)", out)
        # each person's screen is ruled off before the next one sits down
        first = out.split("Pass the keyboard to You 2")[0]
        assert first.rstrip().splitlines()[-2] == "-" * 40

    def test_a_card_not_in_hand_is_refused(self) -> None:
        """You 1's Fisher is arrested by You 2's Warden in round 1: asking for it again
        in round 2 is refused with the reason."""
        script = "\nfisher\n\nwarden\n\nfisher\n" + "1\n" * 400
        code, out, _ = play("--game", "fdm", "--players", "you,you", "--seed", "5",
                            stdin=script)
        assert code == 0
        assert "Arrest: You 2's Warden catches You 1's Fisher, removed from the game." in out
        assert "You have no Fisher in your hand: choose one of the cards listed." in out
        assert "[Removed from the game: Fisher]" in out


class TestBadInput:
    def test_end_of_input_abandons_with_status_1(self) -> None:
        code, _, err = play("--game", "fdm", "--players", "you,greedy", "--seed", "7",
                            stdin="1\n")
        assert code == 1
        assert err.strip() == "seasalt play: end of input; the game is abandoned"

    def test_bad_game_players_and_options_one_line_status_2(self) -> None:
        for argv, words in [
            (["--game", "chess", "--players", "you,greedy"], "unknown game 'chess'"),
            (["--game", "fdm", "--players", "you"], "2 to 5 players, not 1"),
            (["--game", "fdm", "--players", "you,easy,easy,easy,easy,easy"], "not 6"),
            (["--game", "fdm", "--players", "you,wizard"], "unknown bot 'wizard'"),
            (["--game", "fdm", "--players", "you,easy", "--extra-salt"],
             "Fruits de mer has no option --extra-salt"),
        ]:
            code, out, err = play(*argv, stdin="")
            assert code == 2 and out == "", argv
            assert err.count("\n") == 1 and err.startswith("seasalt play: error:"), err
            assert words in err, err

    def test_five_players_are_welcome(self) -> None:
        code, out, _ = play("--game", "fdm", "--players", "you,random,random,random,random",
                            "--seed", "4", stdin="1\n" * 200)
        assert code == 0
        assert "Random bot 5" in out.splitlines()[0]

    def test_help_names_the_games(self) -> None:
        code, out, _ = play("--help", stdin="")
        assert code == 0
        assert "--game NAME" in out and "fruits-de-mer" in out
