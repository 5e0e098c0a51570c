"""A paper sheet entered round by round: the entry page's steps and what may no longer change.

A paper player (or the host) re-enacts a printed sheet die by die on the entry page:
the superpower, then for each rolled round what each die did. These are the rulings of
that entry, pure so that they are tested as tables (``tests/test_rules_paper_entry.py``);
the store turns their refusals into replies.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dicehero.engine.actions import Action
from dicehero.engine.edition import Edition
from dicehero.engine.errors import ActionError, RuleError
from dicehero.engine.replay import IllegalAction, Replay, replay
from dicehero.engine.rules import apply, start_round
from dicehero.engine.state import Sheet

Rounds = list[list[dict[str, Any]]]


def next_round_view(sheet: Sheet, rolls: Sequence[Sequence[int]]) -> Sheet:
    """The sheet moved on to the next rolled round once the last entered one is done.

    For the entry page: after "Done" for round ``k`` (or after choosing the
    superpower, before round 1) the dice of roll ``k + 1`` are the ones to enter.
    """
    ready = sheet.done or (sheet.round == 0 and (sheet.superpower is not None
                                                  or len(sheet.offer) < 2))
    if ready and sheet.round < len(rolls) and sheet.round < sheet.edition.rounds:
        return start_round(sheet, rolls[sheet.round])
    return sheet


def entry_step(edition: Edition, offer: Sequence[int], rolls: Sequence[Sequence[int]],
               superpower: int | None, rounds: Rounds,
               action: Action) -> tuple[int | None, Rounds, Sheet]:
    """One more tap on the entry page: the new superpower, rounds and sheet.

    ``undo`` takes back the last entered mark, across rounds too (a paper player
    may go back and fix round 2 while entering round 5), then the superpower
    (``nothing_to_undo`` once nothing is left); ``choose`` sets the superpower; any
    other action is added to the round being entered (the next rolled one once the
    last entered round is done). A refusal is an :class:`IllegalAction` naming its
    round and die (round 0 for the superpower).
    """
    rounds = [list(r) for r in rounds]
    if action.type == "undo":
        while rounds and not rounds[-1]:
            rounds.pop()
        if rounds:
            rounds[-1].pop()
            while rounds and not rounds[-1]:
                rounds.pop()
        elif superpower is not None:
            superpower = None
        else:
            raise RuleError("nothing_to_undo", "nothing_to_undo_yet")
        return superpower, rounds, _replay(edition, offer, rolls, superpower, rounds)
    sheet = _replay(edition, offer, rolls, superpower, rounds)
    if action.type == "choose":
        try:
            apply(sheet, action)  # the engine's words for a second choice or one not offered
        except ActionError as e:
            raise IllegalAction(0, action, e) from None
        return (action.superpower, rounds,
                _replay(edition, offer, rolls, action.superpower, rounds))
    after = Replay(next_round_view(sheet, rolls)).act(action)
    if after.round > len(rounds):
        rounds.append([])
    rounds[-1].append(action.to_dict())
    return superpower, rounds, after


def _replay(edition: Edition, offer: Sequence[int], rolls: Sequence[Sequence[int]],
            superpower: int | None, rounds: Rounds) -> Sheet:
    return replay(edition, offer, rolls[:len(rounds)], rounds, superpower)


def locked_rounds(sent_rounds: int, rolled: int, over: bool) -> int:
    """How many of the ``sent_rounds`` rounds of a sent sheet its player may no longer change.

    A round is locked once the next roll is out (all of them at the end): a player
    who could rewrite it would be planning with dice everyone has already seen.
    """
    closed = rolled if over else max(0, rolled - 1)
    return min(closed, sent_rounds)


def check_unchanged(sent_superpower: int | None, sent_rounds: Rounds,
                    superpower: int | None, rounds: Rounds, rolled: int, over: bool) -> None:
    """Refuse (``round_locked``) a player's sheet that rewrites what they sent and can no
    longer change: the superpower once the first roll is out, a round once the next is."""
    if sent_superpower is not None and rolled > 0 and superpower != sent_superpower:
        raise RuleError("round_locked", "superpower_locked")
    for i in range(locked_rounds(len(sent_rounds), rolled, over)):
        if i >= len(rounds) or rounds[i] != sent_rounds[i]:
            raise RuleError("round_locked", round=i + 1)
