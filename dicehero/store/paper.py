"""Paper players: marks made with a pen on a printed sheet, entered later and checked.

A paper player is a normal player of a live game (a name and a secret) who
never answers a roll live. They enter their sheet afterwards, at the end or
round by round, as ``{"superpower": n, "rounds": [[action, ...], ...]}``:
round ``k`` lists what they did with roll ``k``'s dice, in the engine's own
action vocabulary. The sheet is replayed through the engine over the game's
real rolls, exactly as a phone player's taps would be; the first action the
rules refuse names its round, its die and the rule.

A sheet may also be sent as it is drawn, ``{"marks": {...}}`` (the shape of
:mod:`dicehero.engine.paper_marks`): the engine's witness search finds rounds
that draw exactly those marks, and the rounds are stored with the marks.

Each accepted sheet is stored as one row of the append-only action log,
``{"type": "paper", "superpower": ..., "rounds": [...]}``, with ``marks`` and
``check`` (``verified`` or ``undecided``) when it was sent by its marks; the
newest row of a player supersedes the earlier ones (see
:mod:`dicehero.store.projection`).
This module is the pure part: shapes, the entry steps and the refusal as a 422;
the replay itself is the engine's (:mod:`dicehero.engine.replay`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dicehero.engine import Action, ActionError, BadAction, Sheet, apply, parse_action, start_round
from dicehero.engine.edition import Edition
from dicehero.engine.paper_marks import PaperMarks, erased, parse_marks
from dicehero.engine.replay import IllegalAction, Replay, replay
from dicehero.engine.witness import UNDECIDED, VERIFIED, Verdict
from dicehero.store.errors import StoreError

PAPER = "paper"  # the action-log type of a stored paper sheet
PAPER_DONE = 2**31 - 1  # a paper player's done_roll: they never hold up a roll
MAX_ROUND_ACTIONS = 40  # four dice, a Wild die or two, undo steps: far more than a round needs


def paper_offer(power_mode: str, offer: Sequence[int] | None, edition: Edition) -> tuple[int, ...]:
    """The superpowers a paper player may have chosen.

    With the table's offer, one of the two rolled for everyone (shown on the host's
    screen). When every player rolls their own, a paper player rolled real dice at
    their desk that the server never saw, so any superpower is accepted.
    """
    if power_mode == "each":
        return tuple(range(1, edition.faces + 1))
    return tuple(offer or ())


def parse_sheet(body: dict[str, Any], rolled: int) -> tuple[int | None, list[list[dict[str, Any]]]]:
    """The superpower and the rounds of a submitted sheet, normalised; 400/422 on a bad shape."""
    superpower = body.get("superpower")
    if superpower is not None and (isinstance(superpower, bool)
                                   or not isinstance(superpower, int)):
        raise StoreError(422, "bad_field", "'superpower' is the number of your superpower, "
                                           "or null.")
    rounds = body.get("rounds", [])
    if not isinstance(rounds, list):
        raise StoreError(422, "bad_field", "'rounds' is a list with one list of actions "
                                           "per round.")
    if len(rounds) > rolled:
        raise StoreError(422, "too_many_rounds",
                         f"Only {rolled} {'round has' if rolled == 1 else 'rounds have'} "
                         f"been rolled so far; your sheet has {len(rounds)}.")
    out = []
    for r, actions in enumerate(rounds, start=1):
        if not isinstance(actions, list) or len(actions) > MAX_ROUND_ACTIONS:
            raise StoreError(422, "bad_field", f"Round {r}: a list of at most "
                                               f"{MAX_ROUND_ACTIONS} actions.")
        parsed = []
        for i, raw in enumerate(actions, start=1):
            try:
                parsed.append(parse_action(raw).to_dict())
            except BadAction as e:
                raise StoreError(400, e.code, f"Round {r}, action {i}: {e.message}") from None
        out.append(parsed)
    return superpower, out


def refusal(error: IllegalAction) -> StoreError:
    """The 422 for a mark that cannot be right: the round, the die, the action and the rule."""
    action = error.action.to_dict() if error.action is not None else None
    return StoreError(422, error.code, error.message, details={
        "round": error.round, "die": error.die, "wild": error.wild, "action": action,
        "rule": error.rule})


def replay_sheet(edition: Edition, offer: tuple[int, ...], rolls: Sequence[Sequence[int]],
                 superpower: int | None, rounds: Sequence[Sequence[Any]]) -> Sheet:
    """The sheet after the choice and each entered round; :class:`StoreError` 422 at a refusal.

    Round ``k``'s actions answer roll ``k``; rounds after the last entered one are
    not started (the sheet stands where the paper player stopped entering).
    """
    try:
        return replay(edition, offer, rolls[:len(rounds)], rounds, superpower)
    except IllegalAction as e:
        raise refusal(e) from None


def stored_action(superpower: int | None, rounds: list[list[dict[str, Any]]],
                  approved: bool) -> dict[str, Any]:
    """The action-log row of a paper sheet: ``approved`` when the host entered or approved it."""
    return {"type": PAPER, "superpower": superpower, "rounds": rounds, "approved": approved}


def is_approved(action: dict[str, Any]) -> bool:
    """Whether a stored sheet counts as final (sheets stored before approval existed do)."""
    return bool(action.get("approved", True))


def locked_rounds(sent: dict[str, Any], rolled: int, over: bool) -> int:
    """How many of a sent sheet's rounds its player may no longer change.

    A round is locked once the next roll is out (all of them at the end): a player
    who could rewrite it would be planning with dice everyone has already seen.
    """
    closed = rolled if over else max(0, rolled - 1)
    return min(closed, len(sent.get("rounds") or []))


def check_unchanged(sent: dict[str, Any], superpower: int | None,
                    rounds: list[list[dict[str, Any]]], rolled: int, over: bool) -> None:
    """Refuse (409) a player's sheet that rewrites what they sent and can no longer change."""
    if sent.get("superpower") is not None and rolled > 0 and superpower != sent["superpower"]:
        raise StoreError(409, "round_locked", "You sent your superpower before the first roll; "
                                              "only the host can change it now.")
    for i in range(locked_rounds(sent, rolled, over)):
        if i >= len(rounds) or rounds[i] != sent["rounds"][i]:
            raise StoreError(409, "round_locked",
                             f"You sent round {i + 1} before the next roll was out; only the "
                             "host can change it now.")


def is_paper_row(action: Any) -> bool:
    """Whether an action-log row is a stored paper sheet (not an engine action)."""
    return isinstance(action, dict) and action.get("type") == PAPER


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


def paper_step(edition: Edition, offer: tuple[int, ...], rolls: Sequence[Sequence[int]],
               superpower: int | None, rounds: list[list[dict[str, Any]]],
               action: Action) -> tuple[int | None, list[list[dict[str, Any]]], Sheet]:
    """One more tap on the entry page: the new superpower, rounds and sheet; 422 if refused.

    ``undo`` takes back the last entered mark, across rounds too (a paper player
    may go back and fix round 2 while entering round 5); ``choose`` sets the
    superpower; any other action is added to the round being entered (the next
    rolled one once the last entered round is done).
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
            raise StoreError(422, "nothing_to_undo", "There is nothing to undo yet.")
        return superpower, rounds, replay_sheet(edition, offer, rolls, superpower, rounds)
    sheet = replay_sheet(edition, offer, rolls, superpower, rounds)
    if action.type == "choose":
        try:
            apply(sheet, action)  # the engine's words for a second choice or one not offered
        except ActionError as e:
            raise refusal(IllegalAction(0, action, e)) from None
        return (action.superpower, rounds,
                replay_sheet(edition, offer, rolls, action.superpower, rounds))
    try:
        after = Replay(next_round_view(sheet, rolls)).act(action)
    except IllegalAction as e:
        raise refusal(e) from None
    if after.round > len(rounds):
        rounds.append([])
    rounds[-1].append(action.to_dict())
    return superpower, rounds, after


def parse_paper_marks(body: dict[str, Any], edition: Edition) -> PaperMarks:
    """The ``marks`` of a sheet sent as drawn; 400 on a bad shape."""
    if set(body) - {"marks"}:
        raise StoreError(400, "bad_field", "Send a sheet either by its 'marks' or by its "
                                           "'superpower' and 'rounds', not both.")
    try:
        return parse_marks(body["marks"], edition)
    except BadAction as e:
        raise StoreError(400, e.code, e.message) from None


def marks_refusal(verdict: Verdict) -> StoreError:
    """The 422 for marks no legal play over the game's rolls draws; nothing is stored."""
    return StoreError(422, verdict.code, verdict.reason)


def marks_action(paper: PaperMarks, verdict: Verdict, approved: bool) -> dict[str, Any]:
    """The action-log row of a sheet sent by its marks: the witness's rounds, or none if the
    check was undecided (then the marks themselves are scored, pending the host's word)."""
    assert verdict.status in (VERIFIED, UNDECIDED)
    rounds = [[a.to_dict() for a in r] for r in verdict.rounds]
    return {**stored_action(paper.superpower, rounds, approved),
            "marks": paper.to_dict(), "check": verdict.status}


def row_sheet(edition: Edition, offer: tuple[int, ...], rolls: Sequence[Sequence[int]],
              row: dict[str, Any]) -> Sheet:
    """The sheet of a stored paper row: its rounds replayed, or its marks if never verified."""
    if row.get("check") == UNDECIDED:
        return parse_marks(row["marks"], edition).sheet(edition, offer)
    return replay_sheet(edition, offer, rolls, row.get("superpower"), row.get("rounds") or [])


def check_not_erased(before: Sheet, after: PaperMarks, edition: Edition) -> None:
    """Refuse (409) a player's sheet that loses a mark they sent before: ink does not erase."""
    lost = erased(PaperMarks.of(before), after, edition)
    if lost:
        raise StoreError(409, "marks_erased", f"Ink does not come off: this sheet no longer "
                                              f"shows {lost}, which you sent before. Only the "
                                              f"host can change it now.")
