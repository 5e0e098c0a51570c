"""Helpers for the rule tests: put a sheet in a given position by playing real actions.

Every helper goes through :func:`dicehero.engine.apply` and
:func:`dicehero.engine.start_round`, so a test never starts from a state the
rules could not reach. Honor values and reward boxes that the rulebook leaves
to us are read from the edition, so tuning ``sheets/classic.toml`` never breaks
a rule test.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from dicehero.engine import ActionError, RuleError, Sheet, apply, new_sheet, start_round
from dicehero.engine.edition import Edition
from dicehero.words import english

SHRINK, TELEPORT, ICE, FIRE, SHAPESHIFT, GROW = 1, 2, 3, 4, 5, 6
CITY_HALL, HOSPITAL, DOWNTOWN, POWERPLANT, WAREHOUSE, CHURCH = 1, 2, 3, 4, 5, 6
# City Hall cells are numbered row by row; the diagonal reads 1, 2, 3.
CITY_HALL_DIAGONAL = ((1, 0), (2, 4), (3, 8))

Write = int | tuple[int, int]


def hero(ed: Edition, power: int = SHRINK, offer: tuple[int, ...] | None = None) -> Sheet:
    """A blank sheet whose player picked ``power`` (offered with one other number)."""
    offer = offer if offer is not None else (power, power % 6 + 1)
    return apply(new_sheet(ed, offer), {"type": "choose", "superpower": power})


def do(sheet: Sheet, kind: str, **fields: Any) -> Sheet:
    """Apply one action given by its type and fields."""
    return apply(sheet, {"type": kind, **fields})


def roll(sheet: Sheet, *dice: int) -> Sheet:
    """The next round with these dice (the open round, if any, is closed by the host)."""
    return start_round(sheet, list(dice))


def at(ed: Edition, number: int, *, power: int = SHRINK, rest: Iterable[int] = (1, 1, 1)
       ) -> Sheet:
    """Round 1: the dice are ``number`` and ``rest``; die 0 moved the hero to ``number``."""
    return do(roll(hero(ed, power), number, *rest), "move", die=0, to=number)


def helped(sheet: Sheet, *writes: Write) -> Sheet:
    """Help where the hero stands with each write (a number, or ``(number, slot)``).

    The writes are rolled four to a round, each on a fresh roll; spare dice are 1s
    and are forfeited when the next roll comes.
    """
    writes_left = list(writes)
    while writes_left:
        chunk, writes_left = writes_left[:4], writes_left[4:]
        values = [w if isinstance(w, int) else w[0] for w in chunk]
        sheet = roll(sheet, *values, *[1] * (4 - len(values)))
        for index, w in enumerate(chunk):
            slot = {} if isinstance(w, int) else {"slot": w[1]}
            sheet = do(sheet, "help", die=index, **slot)
    return sheet


def diagonal(ed: Edition, power: int = SHRINK) -> Sheet:
    """Round 1 at City Hall, the 1-2-3 diagonal marked with the dice 1, 1, 2, 3: one Wild die."""
    sheet = do(roll(hero(ed, power), 1, 1, 2, 3), "move", die=0, to=CITY_HALL)
    for die, (_, slot) in enumerate(CITY_HALL_DIAGONAL, start=1):
        sheet = do(sheet, "help", die=die, slot=slot)
    return sheet


def refused(sheet: Sheet, action: dict[str, Any], code: str,
            kind: type[ActionError] = RuleError) -> ActionError:
    """Assert that ``action`` is refused with ``code`` (of type ``kind``) and changes nothing."""
    before = sheet.to_dict()
    with pytest.raises(kind) as info:
        apply(sheet, action)
    assert type(info.value) is kind
    assert info.value.code == code, english(info.value)
    assert english(info.value)
    assert sheet.to_dict() == before
    return info.value


def reward_box(ed: Edition, number: int, reward: str) -> int:
    """The index of the first box (or pair) of location ``number`` that earns ``reward``."""
    return next(i for i, b in enumerate(ed.location(number).boxes) if b.reward == reward)
