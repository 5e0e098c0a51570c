"""Applying actions to a sheet: every rule of the rulebook, checked before anything changes.

``apply(sheet, action)`` returns a new sheet or raises an :class:`ActionError`
(the sheet it was given is immutable, so a refusal changes nothing).
``legal_actions`` asks the very same checks, so a phone lights up exactly the
places that ``apply`` would accept.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from dicehero.engine import locations
from dicehero.engine.actions import Action, parse_action
from dicehero.engine.edition import Edition, Superpower
from dicehero.engine.errors import BadAction, RuleError
from dicehero.engine.phrase import numbered_powers
from dicehero.engine.state import Die, Sheet, die_of

Changes = dict[str, Any]  # the fields of the sheet an action changes


def start_round(sheet: Sheet, dice: Sequence[int]) -> Sheet:
    """Give the sheet the next roll of shared dice.

    The previous round closes for this player: dice they had not spent are
    forfeited (the host went on without them), and undo cannot reach back.
    """
    ed = sheet.edition
    check_roll(ed.dice_per_round, ed.faces, dice)
    if sheet.round >= ed.rounds:
        raise RuleError("game_over", n=ed.rounds)
    return sheet.evolve(round=sheet.round + 1, dice=tuple([die_of(v, v) for v in dice]),
                        done=False, previous=None)


def check_roll(count: int, faces: int, dice: Sequence[int]) -> None:
    """Refuse a roll that is not ``count`` whole numbers from 1 to ``faces``."""
    if (type(dice) not in (list, tuple)  # the usual case, before the slower ABC check
            and (not isinstance(dice, Sequence) or isinstance(dice, str))) or len(dice) != count:
        raise BadAction("bad_roll", "roll_size", n=count)
    for v in dice:
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= faces:
            raise BadAction("bad_roll", "die_face", faces=faces, value=repr(v))


def apply(sheet: Sheet, action: Action | Any) -> Sheet:
    """The sheet after ``action``; raise :class:`ActionError` (sheet unchanged) if not allowed."""
    action = parse_action(action)
    if action.type == "undo":
        if sheet.previous is None:
            raise RuleError("nothing_to_undo")
        return sheet.previous
    changes = _HANDLERS[action.type](sheet, action)
    spent = changes.pop("spent", None)
    if spent is not None:  # the die is marked used only now: checking alone needs no copy
        index, use = spent
        dice = list(sheet.dice)
        old = dice[index]
        dice[index] = die_of(old.rolled, old.value, use)
        changes["dice"] = tuple(dice)
    # Undo reaches back only inside the open round (or the choice before the first roll).
    changes.setdefault("previous", None if changes.get("done") else sheet)
    return sheet.evolve(**changes)


# -- each action -------------------------------------------------------------------------

def _choose(sheet: Sheet, action: Action) -> Changes:
    ed = sheet.edition
    if sheet.superpower is not None:
        raise RuleError("already_chosen", power=ed.superpower(sheet.superpower).name)
    if sheet.played:
        raise RuleError("choice_closed")
    if len(sheet.offer) < 2:
        raise RuleError("no_offer")
    if action.superpower not in sheet.offer:
        raise RuleError("not_offered", either=numbered_powers(ed, sheet.offer))
    if sheet.round > 0:  # chosen with dice in view: undo cannot reopen the choice
        return {"superpower": action.superpower, "previous": None}
    return {"superpower": action.superpower}


def _round_exists(sheet: Sheet) -> None:
    if sheet.round == 0:
        raise RuleError("no_roll")
    if sheet.done:
        raise RuleError("round_closed")


def _open_round(sheet: Sheet) -> None:
    _round_exists(sheet)
    if sheet.superpower is None:
        raise RuleError("no_superpower")


def _rolled_die(sheet: Sheet, action: Action) -> tuple[int, Die]:
    """The rolled die the action names, checked to be unspent."""
    index = action.die
    if index is None or not 0 <= index < len(sheet.dice):
        # the action counts dice from 0, as JSON does; the message counts as people do
        if index is None:
            raise BadAction("bad_die", "no_die", n=len(sheet.dice))
        raise BadAction("bad_die", "no_such_die", die=index + 1, n=len(sheet.dice))
    die = sheet.dice[index]
    if die.used:
        raise RuleError("die_spent", number=die.value)
    return index, die


def _spend(sheet: Sheet, action: Action, use: str) -> tuple[int | None, dict[str, Any]]:
    """The value the action spends and the sheet fields that spending it changes.

    A rolled die is named as ``spent: (index, use)``; :func:`apply` marks it used, so
    :func:`legal_actions`, which only asks whether a handler objects, builds no dice.
    """
    _open_round(sheet)
    if action.wild:
        if sheet.wild_left <= 0:
            raise RuleError("no_wild")
        value = action.value
        if value is not None and not 1 <= value <= sheet.edition.faces:
            raise BadAction("bad_value", "wild_value", faces=sheet.edition.faces, value=value)
        return value, {"wild_spent": sheet.wild_spent + 1}
    index, die = _rolled_die(sheet, action)
    return die.value, {"spent": (index, use)}


def _move(sheet: Sheet, action: Action) -> Changes:
    ed = sheet.edition
    value, changes = _spend(sheet, action, "move")
    to = action.to
    if to not in ed.location_numbers:
        raise BadAction("bad_location", value=to, n=len(ed.locations))
    if to == sheet.position:
        raise RuleError("already_there", place=ed.location(to).name)
    if action.teleport:
        if action.wild:
            raise RuleError("teleport_wild")
        power = _power(sheet)
        if power.effect != "teleport":
            raise RuleError("not_teleport", power=power.name)
        if value in (to, sheet.position):
            raise RuleError("teleport_not_needed", number=value)
        changes["powers_used"] = sheet.powers_used + 1
    elif not action.wild and not _reaches(value, to, sheet.position):
        target = ed.location(to).name
        if sheet.position is None:
            raise RuleError("move_needs_match", "from_middle", number=value,
                            place=ed.location(value).name, target=target, to=to)
        raise RuleError("move_needs_match", target=target, to=to, number=sheet.position,
                        here=ed.location(sheet.position).name)
    changes["position"] = to
    return changes


def _reaches(value: int | None, to: int | None, here: int | None) -> bool:
    """Whether a die showing ``value`` moves a hero at ``here`` to ``to``: it must show the
    number of the location gone to or of the one left (the rulebook's Move)."""
    return value in (to, here)


def _here(sheet: Sheet, why: str) -> int:
    if sheet.position is None:
        raise RuleError("in_middle", why)
    return sheet.position


def _help(sheet: Sheet, action: Action) -> Changes:
    value, changes = _spend(sheet, action, "help")
    number = _here(sheet, "in_middle_help")
    loc = sheet.edition.location(number)
    assert value is not None  # a wild help always carries its value (checked when parsed)
    new_marks = locations.write(loc, sheet.marks[number - 1], value, action.slot,
                                sheet.edition.faces)
    marks = list(sheet.marks)
    marks[number - 1] = new_marks
    changes["marks"] = tuple(marks)
    return changes


def _minion(sheet: Sheet, action: Action) -> Changes:
    _, changes = _spend(sheet, action, "minion")
    number = _here(sheet, "in_middle_minion")
    limit = sheet.edition.minions_per_location
    if sheet.minions[number - 1] >= limit:
        raise RuleError("no_minions", n=limit, place=sheet.edition.location(number).name)
    minions = list(sheet.minions)
    minions[number - 1] += 1
    changes["minions"] = tuple(minions)
    return changes


def _power(sheet: Sheet) -> Superpower:
    if sheet.superpower is None:
        raise RuleError("no_superpower")
    if sheet.powers_left <= 0:
        raise RuleError("no_power_left", n=sheet.edition.superpower_uses)
    return sheet.edition.superpower(sheet.superpower)


def _apply_power(sheet: Sheet, action: Action) -> Changes:
    _open_round(sheet)
    if action.wild:
        raise RuleError("power_wild")
    power = _power(sheet)
    index, die = _rolled_die(sheet, action)
    faces = sheet.edition.faces
    if power.effect == "teleport":
        raise RuleError("teleport_is_a_move")
    if action.copy is not None and power.effect != "copy":
        raise BadAction("bad_field", "only_shapeshift_copies", power=power.name)
    if power.effect == "set":
        new = power.value
    elif power.effect == "step":
        new = die.value + power.step
        if not 1 <= new <= faces:
            raise RuleError("power_limit", power=power.name, number=die.value)
    else:
        new = _shapeshift_value(sheet, action, index)
    if new == die.value:
        raise RuleError("power_no_change", number=new)
    dice = list(sheet.dice)
    dice[index] = die_of(die.rolled, new, die.used)
    return {"dice": tuple(dice), "powers_used": sheet.powers_used + 1}


def _shapeshift_value(sheet: Sheet, action: Action, index: int) -> int:
    source = action.copy
    if source is None:
        raise BadAction("missing_field", "shapeshift_needs_copy")
    if source == index:
        raise RuleError("copy_itself")
    if not 0 <= source < len(sheet.dice):
        raise BadAction("bad_die", "no_die_to_copy", die=source + 1, n=len(sheet.dice))
    return sheet.dice[source].rolled


def _skip(sheet: Sheet, action: Action) -> Changes:
    return _spend(sheet, action, "skip")[1]


def _done(sheet: Sheet, action: Action) -> Changes:
    # No superpower needed: a player who never picked one may still end the round.
    _round_exists(sheet)
    return {"done": True, "played": True}


_HANDLERS: dict[str, Callable[[Sheet, Action], Changes]] = {
    "choose": _choose,
    "move": _move,
    "help": _help,
    "minion": _minion,
    "power": _apply_power,
    "skip": _skip,
    "done": _done,
}


# -- what is legal now ---------------------------------------------------------------------

_MOVES: dict[tuple[tuple[int, ...], int | None, bool, int | None], tuple[Action, ...]] = {}


def _moves(numbers: tuple[int, ...], die: int | None, wild: bool,
           here: int | None) -> tuple[Action, ...]:
    """The moves with ``die`` (or a Wild die) from ``here`` to each other location, made
    once: an action is frozen, and a view asks for them for every die of every hero."""
    key = (numbers, die, wild, here)
    made = _MOVES.get(key)
    if made is None:
        made = _MOVES[key] = tuple(Action("move", die=die, wild=wild, to=n)
                                   for n in numbers if n != here)
    return made


_USES: dict[tuple[str, int | None, int | None, int | None], Action] = {}


def _use(kind: str, die: int | None, slot: int | None = None,
         copy: int | None = None) -> Action:
    """The action ``kind`` of rolled die ``die`` (with its slot or the die it copies), made
    once, as :func:`_moves` makes the moves."""
    key = (kind, die, slot, copy)
    made = _USES.get(key)
    if made is None:
        made = _USES[key] = Action(kind, die=die, slot=slot, copy=copy)
    return made


def candidates(sheet: Sheet, die: int | None, wild: bool = False) -> list[Action]:
    """Every action worth asking about for one die (or a Wild die); :func:`apply` judges them.

    A search that needs only some of them (the paper-sheet witness) picks from this
    list, so it never tries an action the engine would not think of.
    """
    ed = sheet.edition
    here = sheet.position
    out: list[Action] = []
    if wild:
        out += _moves(ed.location_numbers, None, True, here)
        if here is not None:
            loc = ed.location(here)
            for value in range(1, ed.faces + 1):
                out += [Action("help", wild=True, value=value, slot=s)
                        for s in locations.help_slots(loc, sheet.marks[here - 1], value)]
            out.append(Action("minion", wild=True))
        return out
    value = sheet.dice[die].value if die is not None and 0 <= die < len(sheet.dice) else 0
    out += _moves(ed.location_numbers, die, False, here)
    if sheet.superpower is not None and ed.superpower(sheet.superpower).effect == "teleport":
        out += [Action("move", die=die, to=n, teleport=True) for n in ed.location_numbers
                if n != here and n != value and value != here]
    if here is not None:
        loc = ed.location(here)
        out += [_use("help", die, slot=s)
                for s in locations.help_slots(loc, sheet.marks[here - 1], value)]
        out.append(_use("minion", die))
    if sheet.superpower is not None:
        if ed.superpower(sheet.superpower).effect == "copy":
            out += [_use("power", die, copy=k) for k in range(len(sheet.dice)) if k != die]
        else:
            out.append(_use("power", die))
    out.append(_use("skip", die))
    return out


def successors(sheet: Sheet, die: int | None = None, *,
               wild: bool = False) -> list[tuple[Action, Sheet]]:
    """Every legal action for one die (or a Wild die) with the sheet it leads to."""
    out = []
    for action in candidates(sheet, die, wild):
        try:
            result = apply(sheet, action)
        except (RuleError, BadAction):
            continue
        out.append((action, result))
    return out


def legal_actions(sheet: Sheet, die: int | None = None, *, wild: bool = False) -> list[Action]:
    """Every action the rules allow now.

    With ``die`` (an index) or ``wild=True``: every legal use of that die, so a
    phone can light up the legal places. With neither: every legal action,
    including ``choose``, ``done`` and ``undo``.
    """
    if die is not None and not wild:
        return list(_kept_uses(sheet, die))
    if wild:
        return [a for a in candidates(sheet, die, wild) if _allowed(sheet, a)]
    out: list[Action] = []
    if sheet.superpower is None and not sheet.played:
        out += [Action("choose", superpower=n) for n in dict.fromkeys(sheet.offer)]
    for index, d in enumerate(sheet.dice):
        if not d.used:
            out += legal_actions(sheet, index)
    if sheet.wild_left > 0:
        out += legal_actions(sheet, wild=True)
    out += [Action("done"), Action("undo")]
    return [a for a in out if a.type in ("move", "help", "minion", "power", "skip")
            or _allowed(sheet, a)]


def _die_uses(sheet: Sheet, die: int) -> list[Action]:
    """Every legal use of rolled die ``die``: what :func:`_allowed` says of each candidate.

    A phone's view asks this of every die of every hero after each roll, so what all the
    die's candidates share is checked once: the round is open and the die unspent (else
    none is legal). A plain move then needs only :func:`_reaches`, since its candidates go
    to the edition's other locations (the rest of :func:`_move`'s checks); a help's slots
    are the ones its location's kind lists for the die where the hero is, which is what
    :func:`locations.write` accepts; the other actions are asked of their handlers.
    """
    try:
        _open_round(sheet)
        _rolled_die(sheet, Action("skip", die=die))
    except (RuleError, BadAction):
        return []
    value = sheet.dice[die].value
    here = sheet.position
    out: list[Action] = []
    for action in candidates(sheet, die):
        if action.type == "move" and not action.teleport:
            if _reaches(value, action.to, here):
                out.append(action)
        elif action.type in ("skip", "help") or _allowed(sheet, action):
            out.append(action)
    return out


_KEPT: dict[int, tuple[Edition, dict[tuple[Any, ...], tuple[Action, ...]]]] = {}
KEPT_SITUATIONS = 20_000  # per edition, before starting afresh


def _kept_uses(sheet: Sheet, die: int) -> tuple[Action, ...]:
    """:func:`_die_uses`, asked once per situation: heroes of a game mostly share theirs
    after a roll (issue 26.6). The answer is kept under every field of the sheet that the
    handlers and :func:`candidates` read: whether the round is open and the die unspent,
    the die and its value, where the hero stands, the superpower and whether a use of it
    is left, the dice as rolled (which Shapeshift copies), the marks and minions there."""
    dice = sheet.dice
    if not 0 <= die < len(dice):
        return ()
    here = sheet.position
    key = (die, dice[die].value, dice[die].used is None, sheet.round > 0 and not sheet.done,
           here, sheet.superpower, sheet.powers_left > 0, tuple([d.rolled for d in dice]),
           None if here is None else sheet.marks[here - 1],
           None if here is None else sheet.minions[here - 1])
    ed = sheet.edition
    kept = _KEPT.get(id(ed))
    if kept is None or kept[0] is not ed:  # the edition held in the entry keeps its id unique
        kept = _KEPT[id(ed)] = (ed, {})
    uses = kept[1].get(key)
    if uses is None:
        if len(kept[1]) >= KEPT_SITUATIONS:
            kept[1].clear()
        uses = kept[1][key] = tuple(_die_uses(sheet, die))
    return uses


def _allowed(sheet: Sheet, action: Action) -> bool:
    """Whether :func:`apply` would accept ``action``: its very checks, without building the
    sheet it leads to (a phone's view asks this of some forty candidates per tap)."""
    if action.type == "undo":
        return sheet.previous is not None
    try:
        _HANDLERS[action.type](sheet, action)
    except (RuleError, BadAction):
        return False
    return True
