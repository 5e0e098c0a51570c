"""What the greedy bot and the par bot share: one beam search over a round's actions and one
superpower preference.

A plan is the actions of one round (without ``done``). :func:`beam_search` walks the
round's legal ways to spend a die or a Wild die, keeping the ``width`` best sheets of each
step by a value the bot gives, and yields every new sheet it reaches with its value and
plan; each bot reads off what it needs (the greedy bot the best sheet, the par bot the best
few ends of the round).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator

from dicehero.engine.actions import Action
from dicehero.engine.errors import ActionError
from dicehero.engine.rules import apply, candidates
from dicehero.engine.state import Sheet

Plan = tuple[Action, ...]
Value = Callable[[Sheet], float]
Key = Callable[[Sheet], Hashable]

# The superpowers that change dice most freely first: Shapeshift, Teleport, Fire, Ice,
# Grow, Shrink.
PREFERENCE = (5, 2, 4, 3, 6, 1)


def prefer_superpower(sheet: Sheet) -> Action:
    """The ``choose`` action for the offered superpower the bots prefer."""
    offered = set(sheet.offer)
    pick = next((n for n in PREFERENCE if n in offered), min(offered))
    return Action("choose", superpower=pick)


def spending(sheet: Sheet) -> list[tuple[Action, Sheet]]:
    """Every legal way to spend a die or a Wild die now, with the sheet it leads to.

    Skipping is left out: a die left unspent at ``done`` is skipped all the same.
    """
    out = []
    moves = [a for i, d in enumerate(sheet.dice) if not d.used
             for a in candidates(sheet, i) if a.type != "skip"]
    if sheet.wild_left > 0:
        moves += candidates(sheet, None, wild=True)
    for action in moves:
        try:
            out.append((action, apply(sheet, action)))
        except ActionError:
            continue
    return out


def beam_search(sheet: Sheet, value: Value, width: int,
                key: Key) -> Iterator[tuple[float, Sheet, Plan]]:
    """Every sheet the open round can reach from ``sheet`` along the beam, once per ``key``,
    with its ``value`` and plan, in the order reached.

    Each step spends one more die from the ``width`` best sheets of the step before; ties
    keep the order the engine lists actions in, so the search is deterministic (as far as
    ``value`` is). ``value`` is asked once per sheet yielded, in that order.
    """
    beam: list[tuple[float, Sheet, Plan]] = [(0.0, sheet, ())]
    seen: set[Hashable] = set()
    while beam:
        children: list[tuple[float, Sheet, Plan]] = []
        for _, state, plan in beam:
            for action, nxt in spending(state):
                k = key(nxt)
                if k in seen:
                    continue
                seen.add(k)
                child = (value(nxt), nxt, (*plan, action))
                children.append(child)
                yield child
        children.sort(key=lambda c: c[0], reverse=True)
        beam = children[:width]
