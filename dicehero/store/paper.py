"""Paper players' sheets at the edge: a sent sheet's shape, and the engine's refusals
of a paper sheet as the store's replies.

A paper player is a normal player of a live game (a name and a secret) who
never answers a roll live. They enter their sheet afterwards, at the end or
round by round, as ``{"superpower": n, "rounds": [[action, ...], ...]}``:
round ``k`` lists what they did with roll ``k``'s dice, in the engine's own
action vocabulary; or as it is drawn, ``{"marks": {...}}`` (the shape of
:mod:`dicehero.engine.paper.marks`), which the engine's witness search checks.

Everything else is the engine's: a sheet is replayed over the game's real rolls
exactly as a phone player's taps would be, stored as one row of the action log
(:mod:`dicehero.engine.paper_rows`: the rows, the sheet each stands for) and folded
with the rest of the log (:mod:`dicehero.engine.fold`). This module only turns the
engine's refusals into 4xx replies: the first action the rules refuse names its
round, its die and the rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dicehero.engine import (
    Action,
    ActionError,
    BadAction,
    RuleError,
    Sheet,
    parse_action,
)
from dicehero.engine.edition import Edition
from dicehero.engine.paper import PaperMarks, Verdict, erased, parse_marks
from dicehero.engine.paper import entry as paper_entry
from dicehero.engine.paper_rows import rounds_sheet
from dicehero.engine.replay import IllegalAction
from dicehero.i18n import N_
from dicehero.store.errors import Refusal, StoreError

PAPER_DONE = 2**31 - 1  # a paper player's done_roll: they never hold up a roll
MAX_ROUND_ACTIONS = 40  # four dice, a Wild die or two, undo steps: far more than a round needs


def parse_sheet(body: dict[str, Any], rolled: int) -> tuple[int | None, list[list[dict[str, Any]]]]:
    """The superpower and the rounds of a submitted sheet, normalised; 400/422 on a bad shape."""
    superpower = body.get("superpower")
    if superpower is not None and (isinstance(superpower, bool)
                                   or not isinstance(superpower, int)):
        raise StoreError(Refusal.REFUSED, "bad_field",
                         N_("'superpower' is the number of your superpower, or null."))
    rounds = body.get("rounds", [])
    if not isinstance(rounds, list):
        raise StoreError(Refusal.REFUSED, "bad_field",
                         N_("'rounds' is a list with one list of actions per round."))
    if len(rounds) > rolled:
        # Translators: %(rounds)s rounds were rolled, the sheet has %(n)s.
        raise StoreError(Refusal.REFUSED, "too_many_rounds",
                         N_("Only %(rounds)s rounds have been rolled so far; your sheet has "
                            "%(n)s."), rounds=rolled, n=len(rounds))
    out = []
    for r, actions in enumerate(rounds, start=1):
        if not isinstance(actions, list) or len(actions) > MAX_ROUND_ACTIONS:
            raise StoreError(Refusal.REFUSED, "bad_field",
                             N_("Round %(round)s: a list of at most %(n)s actions."),
                             round=r, n=MAX_ROUND_ACTIONS)
        parsed = []
        for i, raw in enumerate(actions, start=1):
            try:
                parsed.append(parse_action(raw).to_dict())
            except BadAction as e:
                raise StoreError(Refusal.MALFORMED, e.code,
                                 # Translators: %(n)s is the action's place in the round,
                                 # counted from 1; %(why)s is the refusal.
                                 N_("Round %(round)s, action %(n)s: %(why)s"),
                                 round=r, n=i, why=e.phrase) from None
        out.append(parsed)
    return superpower, out


def refusal(error: IllegalAction) -> StoreError:
    """The 422 for a mark that cannot be right: the round, the die, the action and the rule."""
    action = error.action.to_dict() if error.action is not None else None
    return StoreError(Refusal.REFUSED, error.code,
                      error.phrase,
                      details={
                      "round": error.round, "die": error.die, "wild": error.wild, "action": action,
                      "rule": error.rule})


def replay_sheet(edition: Edition, offer: tuple[int, ...], rolls: Sequence[Sequence[int]],
                 superpower: int | None, rounds: Sequence[Sequence[Any]]) -> Sheet:
    """The sheet after the choice and each entered round; :class:`StoreError` 422 at a refusal.

    Round ``k``'s actions answer roll ``k``; rounds after the last entered one are
    not started (the sheet stands where the paper player stopped entering).
    """
    try:
        return rounds_sheet(edition, offer, rolls, superpower, rounds)
    except IllegalAction as e:
        raise refusal(e) from None


def check_unchanged(sent: dict[str, Any], superpower: int | None,
                    rounds: list[list[dict[str, Any]]], rolled: int, over: bool) -> None:
    """Refuse (409) a player's sheet that rewrites what they sent and can no longer change
    (the engine's ruling: :func:`dicehero.engine.paper.entry.check_unchanged`)."""
    try:
        paper_entry.check_unchanged(sent.get("superpower"), sent.get("rounds") or [],
                                    superpower, rounds, rolled, over)
    except RuleError as e:
        raise StoreError(Refusal.NOT_NOW, e.code, e.phrase) from None


def paper_step(edition: Edition, offer: tuple[int, ...], rolls: Sequence[Sequence[int]],
               superpower: int | None, rounds: list[list[dict[str, Any]]],
               action: Action) -> tuple[int | None, list[list[dict[str, Any]]], Sheet]:
    """One more tap on the entry page (:func:`dicehero.engine.paper.entry.entry_step`); a
    refusal is the 422 naming its round and die."""
    try:
        return paper_entry.entry_step(edition, offer, rolls, superpower, rounds, action)
    except IllegalAction as e:
        raise refusal(e) from None
    except ActionError as e:  # the entry's own refusal: nothing to undo
        raise StoreError(Refusal.REFUSED, e.code, e.phrase) from None


def parse_paper_marks(body: dict[str, Any], edition: Edition) -> PaperMarks:
    """The ``marks`` of a sheet sent as drawn; 400 on a bad shape."""
    if set(body) - {"marks"}:
        raise StoreError(Refusal.MALFORMED, "bad_field",
                         N_("Send a sheet either by its 'marks' or by its 'superpower' and "
                            "'rounds', not both."))
    try:
        return parse_marks(body["marks"], edition)
    except BadAction as e:
        raise StoreError(Refusal.MALFORMED, e.code, e.phrase) from None


def marks_refusal(verdict: Verdict) -> StoreError:
    """The 422 for marks no legal play over the game's rolls draws; nothing is stored. A
    wrong mark named says where it is too (``mark``: :class:`Verdict`), for the page to
    show on the sheet."""
    return StoreError(Refusal.REFUSED, verdict.code, verdict.reason,
                      details={"mark": verdict.mark} if verdict.mark else None)


def check_not_erased(before: Sheet, after: PaperMarks, edition: Edition) -> None:
    """Refuse (409) a player's sheet that loses a mark they sent before: ink does not erase."""
    lost = erased(PaperMarks.of(before), after, edition)
    if lost:
        raise StoreError(Refusal.NOT_NOW, "marks_erased",
                         # Translators: %(what)s is the mark the sheet lost (the 4 in
                         # Church's box 2).
                         N_("Ink does not come off: this sheet no longer shows %(what)s, which "
                            "you sent before. Only the host can change it now."), what=lost)
