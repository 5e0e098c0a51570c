"""Replaying a hero's actions over the game's rolls: the one loop every reader of a log shares.

A sheet is the fold of a player's actions over the shared dice. Game logs, paper
sheets, the store's fold of the action log, solo play, simulated games, par and the
witness all fold the same way, with a :class:`Replay`: it takes each roll as it comes
(the dice a hero left unspent in an open round are forfeited) and each action in
turn (:meth:`Replay.play`), so the store can fold rows as they arrive and a log can
be read at once, round by round (:meth:`Replay.rounds`, :func:`replay`). A game's
whole log, every hero's rows and paper sheets among them, is folded by
:class:`dicehero.engine.fold.Fold` with one :class:`Replay` per hero.

The first action the rules refuse raises :class:`IllegalAction`: the round and
the die, counted from 1 as people count them, and the engine's own refusal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from dicehero.engine.actions import Action, parse_action
from dicehero.engine.edition import Edition
from dicehero.engine.errors import ActionError
from dicehero.engine.phrase import Phrase, phrase
from dicehero.engine.rules import apply, start_round
from dicehero.engine.state import Sheet, new_sheet


class IllegalAction(ActionError):
    """An action a replay could not apply: where it was (round, die), what it was, and why.

    ``code`` is the rule's code; its phrase says where, then the rule (``at_place``:
    ``Round 3, die 2 (a 5): Downtown needs a 4: ...``). ``round`` is 0 for the
    superpower choice before the first roll; ``die`` is the action's die index
    (from 0, as in the action), ``None`` for a Wild die. ``index`` counts the refused
    action among those one :meth:`Replay.play` was given (from 0; ``None`` otherwise).
    """

    def __init__(self, round: int, action: Action | None, error: ActionError,
                 rolled: Sequence[int] = (), player: str = "") -> None:
        self.round = round
        self.action = action
        self.error = error
        self.rolled = tuple(rolled)
        self.player = player
        self.index: int | None = None
        super().__init__(error.code, "at_place", where=self.place, why=error.phrase)

    @classmethod
    def at(cls, sheet: Sheet, action: Any, error: ActionError, player: str = "") -> IllegalAction:
        """The refusal of ``action`` offered to ``sheet`` (which names the round and its dice)."""
        if not isinstance(action, Action):
            try:
                action = parse_action(action)
            except ActionError:
                action = None  # not even an action: the refusal says why
        return cls(sheet.round, action, error, [d.rolled for d in sheet.dice], player)

    @property
    def rule(self) -> Phrase:
        """The engine's own refusal, without the place."""
        return self.error.phrase

    @property
    def wild(self) -> bool:
        """Whether the refused action spent a Wild die."""
        return self.action is not None and self.action.wild

    @property
    def die(self) -> int | None:
        """The index of the rolled die the action names (``None`` for a Wild die or none)."""
        return None if self.action is None or self.action.wild else self.action.die

    @property
    def place(self) -> Phrase:
        """Where on the sheet: ``Round 3, die 2 (a 5)``, ``Before the first roll``."""
        if self.round == 0:
            return phrase("before_first_roll")
        if self.wild:
            return phrase("round_wild", round=self.round)
        die = self.die
        if die is not None and 0 <= die < len(self.rolled):
            return phrase("round_die", round=self.round, die=die + 1, number=self.rolled[die])
        return phrase("round_only", round=self.round)


Observer = Callable[[Sheet, Action, Sheet], None]
"""Told of each accepted action: the sheet before it, the action, the sheet after it."""


class Replay:
    """One hero's sheet stepped through a game: each roll as it comes, each action in turn.

    A reader that wants more than the sheet (what each die did, for the decision map)
    passes an ``observer``: it is told of every action the replay accepts, undo included.
    ``joined`` is the roll the hero joined the game at: the rounds before it were
    missed, not forfeited (0: the hero's sheet covers the whole game).
    """

    __slots__ = ("before_roll", "forfeited", "joined", "observer", "player", "sheet")

    def __init__(self, sheet: Sheet, player: str = "", observer: Observer | None = None,
                 joined: int = 0) -> None:
        self.sheet = sheet
        self.player = player  # named in refusals, for a log of many players
        self.observer = observer
        self.joined = joined
        # (round, unspent dice) of every round the next roll closed before the hero was done
        self.forfeited: list[tuple[int, list[int]]] = []
        # The sheet as the latest roll found it (what the standings of a round start from);
        # the sheet itself until a roll comes.
        self.before_roll = sheet

    def roll(self, dice: Sequence[int]) -> Sheet:
        """The next roll; dice the hero left unspent in an open round are forfeited."""
        sheet = self.sheet
        if sheet.round_open:
            unspent = [d.value for d in sheet.dice if not d.used]
            if unspent:
                self.forfeited.append((sheet.round, unspent))
        self.before_roll = sheet
        self.sheet = start_round(sheet, dice)
        return self.sheet

    def catch_up(self, rolls: Sequence[Sequence[int]], upto: int) -> Sheet:
        """Every roll up to roll number ``upto`` that the sheet has not seen yet."""
        while self.sheet.round < upto:
            self.roll(rolls[self.sheet.round])
        return self.sheet

    def act(self, action: Action | Any) -> Sheet:
        """The sheet after ``action``; :class:`IllegalAction` (nothing changed) if refused."""
        sheet = self.sheet
        try:
            action = parse_action(action)
            self.sheet = apply(sheet, action)
        except ActionError as e:
            raise IllegalAction.at(sheet, action, e, self.player) from None
        if self.observer is not None:
            self.observer(sheet, action, self.sheet)
        return self.sheet

    def act_then_roll(self, action: Action | Any, rolls: Sequence[Sequence[int]]) -> Sheet:
        """:meth:`act`, then the next of ``rolls`` as soon as the hero is done.

        A hero playing alone (solo) waits for nobody: saying done rolls the next round.
        """
        sheet = self.act(action)
        if sheet.done and sheet.round < len(rolls):
            sheet = self.roll(rolls[sheet.round])
        return sheet

    def play(self, actions: Iterable[Action | Any],
             rolls: Sequence[Sequence[int]] | None = None) -> Sheet:
        """Each of ``actions`` in turn: a round's play, a bot's plan, a saved solo game.

        With ``rolls`` the next roll comes as soon as the hero is done
        (:meth:`act_then_roll`). A refusal is :class:`IllegalAction`, its ``index`` the
        refused action's among ``actions``; the ones before it stay applied.
        """
        for index, action in enumerate(actions):
            try:
                if rolls is None:
                    self.act(action)
                else:
                    self.act_then_roll(action, rolls)
            except IllegalAction as e:
                e.index = index
                raise
        return self.sheet

    def rounds(self, rolls: Sequence[Sequence[int]],
               rounds: Sequence[Iterable[Action | Any]]) -> Sheet:
        """Each roll, then the actions answering it: ``rounds[k]`` answers roll ``k + 1``.

        A roll without a round of actions is started and left as it is (its dice are
        forfeited when the next roll comes); rounds beyond the rolls are not read.
        """
        for number, dice in enumerate(rolls):
            self.roll(dice)
            if number < len(rounds):
                self.play(rounds[number])
        return self.sheet

    def take(self, roll: int, action: Action | Any, rolls: Sequence[Sequence[int]]) -> Sheet:
        """One row of an action log: the rolls up to ``roll`` (the one it answers), then
        the action."""
        self.catch_up(rolls, roll)
        return self.act(action)

    def supersede(self, sheet: Sheet) -> Sheet:
        """Start again from ``sheet``, which replaces all that was folded: a paper hero's
        newest sheet is their whole game, from the first round (so nothing was missed)."""
        self.sheet = self.before_roll = sheet
        self.forfeited = []
        self.joined = 0
        return sheet


def replay(edition: Edition, offer: Sequence[int], rolls: Sequence[Sequence[int]],
           rounds: Sequence[Sequence[Action | Any]], superpower: int | None = None,
           player: str = "") -> Sheet:
    """A sheet from nothing: the superpower choice, then each roll and the actions answering it.

    ``rounds[k]`` answers roll ``k + 1``; a roll without a round of actions is
    started and left as it is (its dice are forfeited when the next roll comes).
    Raises :class:`IllegalAction` at the first action the rules refuse.
    """
    steps = Replay(new_sheet(edition, offer), player)
    if superpower is not None:
        steps.act(Action("choose", superpower=superpower))
    return steps.rounds(rolls, rounds)
