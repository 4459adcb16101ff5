"""The page's coach in progress: a suggestion or a round's review, thought in slices.

Begun by :func:`suggest` and :func:`review` for a :class:`seasalt.web.table.Table`
(the coach, :class:`seasalt.bots.coach.Coach`, gets the person's view only); the page
steps them between browser tasks and shows their words
(:mod:`seasalt.ssp.present.coach`). The table knows nothing of the coach: it says
whether a suggestion may be asked (:meth:`~seasalt.web.table.Table.can_suggest`) and
takes the coach's notes (:meth:`~seasalt.web.table.Table.note_suggested`,
:meth:`~seasalt.web.table.Table.add_notes`).
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import Any

from seasalt.bots import coach as advice
from seasalt.core.errors import IllegalActionError
from seasalt.i18n import _
from seasalt.ssp.present import coach as coach_words
from seasalt.web.games import page_game
from seasalt.web.table import Table

_COACHES: weakref.WeakKeyDictionary[Table, advice.Coach[Any]] = weakref.WeakKeyDictionary()
"""The coach of each table, built when first asked for (:func:`coach_of`)."""


def coach_of(table: Table) -> advice.Coach[Any]:
    """The coach of ``table``'s game (:class:`seasalt.bots.coach.Coach`, seeded by the
    game's seed), built when first asked for and kept as long as the table."""
    found = _COACHES.get(table)
    if found is None:
        found = _COACHES[table] = advice.Coach(table.driver.game, table.record.seed)
    return found


def suggest(table: Table) -> Suggestion:
    """Begin a suggestion for the person to move at ``table`` (think with
    :meth:`Suggestion.step`, then :meth:`Suggestion.words`). The coach gets that
    person's view only; the same game, ply and view give the same suggestion.

    Raises:
        IllegalActionError: no person is to move with a choice to make
            (:meth:`~seasalt.web.table.Table.can_suggest`).
    """
    if not table.can_suggest():
        raise IllegalActionError(_("the coach has nothing to suggest now"))
    seat, ply = table.current, table.ply
    thinking = coach_of(table).suggest(table.driver.view(seat, log=False),
                                       table.driver.legal(), key=ply)
    return Suggestion(table, seat, ply, thinking)


def review(table: Table) -> RoundReview | None:
    """Begin the coach's review of the round that just ended at ``table`` (the persons'
    decisions with a choice, at most ``seasalt.bots.coach.REVIEW_CAP``): think with
    :meth:`RoundReview.step`, then :meth:`RoundReview.finish`. ``None`` for a game
    other than Sea Salt & Paper, or nothing played yet."""
    if not page_game(table.game).coach or not table.ply:
        return None
    coach = coach_of(table)
    found = advice.round_decisions(table.driver.game, coach.heuristics, table.record,
                                   table.humans(), end=table.ply)
    return RoundReview(table, [d.ply for d in found],
                       coach.review(advice.pick_decisions(found)))


class Suggestion:
    """The coach thinking about one decision of a person (:func:`suggest`).

    Attributes:
        seat, ply: the decision's seat and ply.
    """

    def __init__(self, table: Table, seat: int, ply: int, thinking: Any) -> None:
        self._table = table
        self.seat = seat
        self.ply = ply
        self._thinking = thinking

    @property
    def done(self) -> bool:
        """Whether the coach has finished thinking."""
        return bool(self._thinking.done)

    def step(self, max_seconds: float | None = 0.03) -> bool:
        """Think for about ``max_seconds`` (``None``: to the end); True once done."""
        self._thinking.step(max_seconds=max_seconds)
        return self.done

    @property
    def current(self) -> bool:
        """Whether the decision is still the one to make (the table has not moved on)."""
        t = self._table
        return t.ply == self.ply and t.current == self.seat

    def words(self) -> dict[str, Any]:
        """The suggestion in words (:func:`seasalt.ssp.present.coach.suggestion`: the
        Hard bot's choice, the top three with their chance to win), plus ``seat`` and
        ``ply``. Asked while current, the decision is noted as helped (a ``suggest``
        note in the record once the person plays it)."""
        t = self._table
        code = t.driver.game.action_to_str
        rows = [{"code": code(c.action), "chance": c.chance}
                for c in self._thinking.choices(None)]  # merged and cut to three in words
        out = coach_words.suggestion(rows, code(self._thinking.best()), t.names)
        if self.current:
            t.note_suggested(self.seat, self.ply)
        out.update(seat=self.seat, ply=self.ply)
        return out


class RoundReview:
    """The coach's review of a finished round in progress (:func:`review`).

    Attributes:
        ply: the table's ply when the review began.
        round: the round reviewed.
        next_round: the table's round when the review began (the next round's, while
            the game goes on): a hot seat shows each person their own review on their
            turns of that round.
        people: the persons' seats.
    """

    def __init__(self, table: Table, plies: Sequence[int], review: Any) -> None:
        self._table = table
        self._plies = list(plies)
        self._review = review
        self.ply = table.ply
        self.next_round = table.round
        decisions = review.decisions
        self.round = (int(decisions[0].view.round) if decisions
                      else table.round if table.over else table.round - 1)
        self.people = list(table.humans())
        self._when: dict[int, tuple[int, int | None]] | None = None

    @property
    def done(self) -> bool:
        """Whether every decision picked has been judged."""
        return bool(self._review.done)

    def step(self, max_seconds: float | None = 0.03) -> bool:
        """Work for about ``max_seconds`` (``None``: to the end); True once done."""
        self._review.step(max_seconds=max_seconds)
        return self.done

    def finish(self) -> dict[str, Any]:
        """Once done: write the marks in the record's notes (replacing an earlier
        review of the same round; also once the table has moved on, the round's plies
        being played for good) and return the review in words for the round's end
        screen (:meth:`words` with no seat).

        Raises:
            RuntimeError: the review is not done.
        """
        if not self.done:
            raise RuntimeError("the review is not finished")
        t = self._table
        if t.ply >= self.ply:  # the table may have moved on: the round's plies stand
            t.add_notes(self.notes(), replace_plies=self._plies)
        return self.words()

    def notes(self) -> list[dict[str, Any]]:
        """The marks found so far as record notes (``review`` notes)."""
        code = self._table.driver.game.action_to_str
        return [m.note(code) for m in self._review.marks]

    def when(self) -> dict[int, tuple[int, int | None]]:
        """By decision ply: ``(the deciding seat's own turn within its round, from 1,
        the count a player keeps of their turns; the seat's card points then)``, from
        the decisions' own views (a new turn: another seat to move, or a Boat's extra
        turn beginning)."""
        if self._when is not None:
            return dict(self._when)
        views = {d.ply: d.view for d in self._review.decisions}
        if not views:
            return {}
        game = self._table.driver.game
        last = max(views)
        out: dict[int, tuple[int, int | None]] = {}
        rec = self._table.record
        state = game.new_game(rec.players, rec.seed, rec.options)
        turns: dict[int, int] = {}  # by seat: its turns so far in the round
        before = None
        for ply in range(last + 1):
            if ply:
                state = game.apply(state, game.parse_action(rec.actions[ply - 1]))
            v = game.view(state, None, log=False)
            key = (v.round, v.current, v.extra_turn)
            if before is None or key[0] != before[0]:
                turns = {}
            if key != before:
                turns[v.current] = turns.get(v.current, 0) + 1
            before = key
            if ply in views:
                b = views[ply].breakdown
                out[ply] = (turns[v.current], int(b["card_points"]) if b else None)
        self._when = dict(out)  # the decisions are fixed: worked out once
        return out

    @property
    def shared(self) -> bool:
        """Whether the round's end is a screen several people share while the game
        goes on (hot seat): there, a mark's moves (the card kept, the better card, the
        card points then) would show one person's hidden cards to the others."""
        return len(self.people) > 1 and not self._table.over

    def words(self, seat: int | None = None) -> dict[str, Any]:
        """The marks found so far in words, in the language in use, with ``judged``:
        decisions judged.

        Args:
            seat: ``None``: for the round's (or the game's) end screen, which every
                person at the table sees: the marks in full
                (:func:`~seasalt.ssp.present.coach.review_panel`) with one person at
                the table or once the game is over; with several people while the
                game goes on (:attr:`shared`) only each person's count of marks
                (:func:`~seasalt.ssp.present.coach.review_tally`). A seat: that
                person's own marks alone, for their own screen
                (:func:`~seasalt.ssp.present.coach.private_review`).
        """
        t = self._table
        notes = self.notes()
        if seat is not None:
            out = coach_words.private_review(notes, seat, self.round, t.names, self.when())
        elif self.shared:
            out = coach_words.review_tally(notes, t.names, self.people, self.round)
        else:
            out = coach_words.review_panel(notes, t.names, len(self.people), self.when(),
                                           self.round)
        out["judged"] = self._review.judged
        return out
