"""Game logs: a whole game as data (the dice of every round, every player's actions).

The format is described in ``docs/GAME-LOG.md``. :func:`parse_log` checks the
shape and raises :class:`LogError`; :func:`replay_log` plays it through the
rules (:mod:`dicehero.engine.replay`), which raises ``IllegalAction`` at the
first action the rules refuse, naming the player.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dicehero.engine.actions import Action, parse_action
from dicehero.engine.edition import Edition
from dicehero.engine.errors import BadAction
from dicehero.engine.phrase import Phrase, phrase
from dicehero.engine.replay import replay
from dicehero.engine.rules import check_roll
from dicehero.engine.state import Sheet


class LogError(ValueError):
    """A game log of the wrong shape: its :class:`Phrase` says what and where, worded at the
    edge (:func:`dicehero.words.say`) in the reader's language; an action the engine
    refuses as malformed is a phrase inside it (``why``)."""

    def __init__(self, said: Phrase) -> None:
        super().__init__(str(said))
        self.phrase = said


@dataclass(frozen=True, slots=True)
class PlayerLog:
    """One player's superpower and their actions, round by round."""

    name: str
    superpower: int | None
    offer: tuple[int, ...]
    rounds: tuple[tuple[Action, ...], ...]


@dataclass(frozen=True, slots=True)
class GameLog:
    """A whole game: the edition name, each round's dice, each player."""

    edition: str
    rolls: tuple[tuple[int, ...], ...]
    players: tuple[PlayerLog, ...]


def parse_log(data: Any, edition: Edition) -> GameLog:
    """Check the shape of a game log (already decoded from JSON) against ``edition``."""
    if not isinstance(data, Mapping):
        raise LogError(phrase("log_not_object"))
    for key in ("rolls", "players"):
        if key not in data:
            raise LogError(phrase("log_missing", field=key))
    rolls = data["rolls"]
    if not isinstance(rolls, list) or len(rolls) > edition.rounds:
        raise LogError(phrase("log_rolls", n=edition.rounds))
    checked_rolls = []
    for r, dice in enumerate(rolls, start=1):
        try:
            check_roll(edition.dice_per_round, edition.faces, dice)
        except BadAction as e:
            raise LogError(phrase("log_roll", round=r, why=e.phrase, value=repr(dice))) from None
        checked_rolls.append(tuple(dice))
    table_offer = _offer(data.get("superpower_offer"), None, edition)
    players = data["players"]
    if not isinstance(players, list) or not players:
        raise LogError(phrase("log_players"))
    return GameLog(
        edition=edition.name,
        rolls=tuple(checked_rolls),
        players=tuple(_player(p, i, edition, table_offer, len(checked_rolls))
                      for i, p in enumerate(players)),
    )


def _offer(raw: Any, name: str | None, edition: Edition) -> tuple[int, ...] | None:
    """A ``superpower_offer``: the table's, or the player ``name``'s own."""
    if raw is None:
        return None
    faces = range(1, edition.faces + 1)
    if (not isinstance(raw, list) or len(raw) != 2 or raw[0] == raw[1]
            or any(isinstance(v, bool) or v not in faces for v in raw)):
        if name is None:
            raise LogError(phrase("log_offer", faces=edition.faces))
        raise LogError(phrase("log_player_offer", name=name, faces=edition.faces))
    return tuple(raw)


def _player(raw: Any, index: int, edition: Edition, table_offer: tuple[int, ...] | None,
            rounds: int) -> PlayerLog:
    if not isinstance(raw, Mapping):
        raise LogError(phrase("log_player_shape", index=index))
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise LogError(phrase("log_player_name", index=index))
    superpower = raw.get("superpower")
    if superpower is not None and (isinstance(superpower, bool) or superpower
                                   not in range(1, edition.faces + 1)):
        raise LogError(phrase("log_player_power", name=name, faces=edition.faces))
    offer = _offer(raw.get("superpower_offer"), name, edition)
    acts = raw.get("rounds", [])
    if not isinstance(acts, list) or len(acts) > rounds:
        raise LogError(phrase("log_player_rounds", name=name, n=rounds))
    parsed = []
    for r, round_actions in enumerate(acts, start=1):
        if not isinstance(round_actions, list):
            raise LogError(phrase("log_round_list", name=name, round=r))
        try:
            parsed.append(tuple(_in_range(parse_action(a), edition) for a in round_actions))
        except BadAction as e:
            raise LogError(phrase("log_round", name=name, round=r, why=e.phrase)) from None
    # Without a recorded offer (a paper game, say) the choice was free: every superpower.
    chosen_offer = offer or table_offer or tuple(range(1, edition.faces + 1))
    return PlayerLog(name=name.strip(), superpower=superpower, offer=chosen_offer,
                     rounds=tuple(parsed))


def _in_range(action: Action, edition: Edition) -> Action:
    """The action, if its dice and numbers could be on this sheet at all; else BadAction.

    A Wild die of 7 or die 5 of four is not a move the rules refuse but a log that
    cannot be right: it is malformed, whatever was rolled.
    """
    dice = edition.dice_per_round
    if action.value is not None and not 1 <= action.value <= edition.faces:
        raise BadAction("bad_value", "die_face", faces=edition.faces, value=action.value)
    for field in ("die", "copy"):
        index = getattr(action, field)
        if index is not None and not 0 <= index < dice:
            raise BadAction("bad_die", "no_die_logged", die=index + 1, field=field, value=index,
                            n=dice)
    return action


def replay_player(edition: Edition, rolls: Sequence[Sequence[int]], player: PlayerLog) -> Sheet:
    """The player's sheet after every round of the log.

    Raises :class:`~dicehero.engine.replay.IllegalAction`, naming the player, at a refusal.
    """
    return replay(edition, player.offer, rolls, player.rounds, player.superpower, player.name)


def replay_log(edition: Edition, log: GameLog) -> list[tuple[str, Sheet]]:
    """Every player's final sheet, in the log's order."""
    return [(p.name, replay_player(edition, log.rolls, p)) for p in log.players]
