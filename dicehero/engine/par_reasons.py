"""Why the par bot did something, as a phrase a child reads at the end of a round.

A reason is read off the sheet before and after the action, so it says what the action
really did: ``Hospital pair of 4s: 3 Honor now``, ``Move to Warehouse: its next box takes
a 5 or higher``. No reason names a rule the engine does not apply. The words are the
edge's (:mod:`dicehero.words`): a reason is a :class:`Phrase`.
"""

from __future__ import annotations

from dicehero.engine.actions import Action
from dicehero.engine.edition import Location
from dicehero.engine.locations import kind_of
from dicehero.engine.locations.kind import numbers
from dicehero.engine.phrase import Phrase, phrase
from dicehero.engine.scoring import score
from dicehero.engine.state import Sheet


def reason(before: Sheet, action: Action, after: Sheet) -> Phrase:
    """Why ``action`` was good for the hero (``after`` is ``before`` + it)."""
    ed = before.edition
    if action.type == "done":
        return _done(after)
    die = (phrase("the_wild_die") if action.wild
           else phrase("the_die", number=before.dice[action.die].value))
    if action.type == "skip":
        return phrase("skip_die", die=die)
    if action.type == "power":
        assert before.superpower is not None  # the engine refuses a power without one
        return phrase("power_turns", power=ed.superpower(before.superpower).name,
                      number=before.dice[action.die].value, new=after.dice[action.die].value,
                      n=after.powers_left)
    here = ed.location(before.position) if before.position is not None else None
    if action.type == "minion" and here is not None:
        return phrase("minion_here", place=here.name, honor=ed.minion_honor)
    if action.type == "move" and action.to is not None:
        to = ed.location(action.to)
        prospect = kind_of(to).prospect(to, after.marks[action.to - 1], ed.faces)
        return phrase("move_teleport" if action.teleport else "move_to", place=to.name,
                      what=prospect)
    assert here is not None  # a help: the engine refuses one in the middle circle
    value = action.value if action.wild else before.dice[action.die].value
    return _help(here, value, before, after, die)


def _gains(before: Sheet, after: Sheet) -> tuple[Phrase, ...]:
    """What the sheet gained (``3 Honor now``, ``1 Wild die``), nothing if nothing yet."""
    parts = []
    saved = after.bystanders - before.bystanders
    rescue = saved * before.edition.bystander_honor
    honor = score(after).total - score(before).total - rescue
    wild = after.wild_earned - before.wild_earned
    if honor > 0:
        parts.append(phrase("honor_now", honor=honor))
    if wild:
        parts.append(phrase("wild_gained", n=wild))
    if saved:
        parts.append(phrase("saved", n=saved, honor=rescue))
    return tuple(parts)


def _help(loc: Location, value: int, before: Sheet, after: Sheet, die: Phrase) -> Phrase:
    old, new = before.marks[loc.number - 1], after.marks[loc.number - 1]
    return kind_of(loc).helped(loc, value, die, old, new, _gains(before, after),
                               before.edition.faces)


def _done(sheet: Sheet) -> Phrase:
    """Why the round ends here."""
    unspent = [d.value for d in sheet.dice if not d.used]
    honor = score(sheet).total
    keeping = sheet.wild_left if sheet.wild_left and not sheet.finished else 0
    if unspent:
        unused = numbers(sorted(unspent), sheet.edition.faces, joined="and")
        if keeping:
            return phrase("done_unused_keeping", honor=honor, numbers=unused, n=keeping)
        return phrase("done_unused", honor=honor, numbers=unused)
    if keeping:
        return phrase("done_keeping", honor=honor, n=keeping)
    return phrase("done", honor=honor)
