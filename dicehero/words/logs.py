"""The words of a game log of the wrong shape (``dicehero score`` and ``dicehero par``): one
message per key :class:`dicehero.engine.gamelog.LogError` names. The log's own field names
('rolls', 'players', 'superpower_offer') stay as the file spells them."""

from __future__ import annotations

from dicehero.i18n import N_
from dicehero.words.refusals import Message, Np_

# Translators: a game log is a JSON file (docs/GAME-LOG.md); words in quotes are its fields.
LOGS: dict[str, Message] = {
    "log_not_object": N_("A game log is a JSON object with 'edition', 'rolls' and 'players'."),
    # Translators: %(field)s is a field of the game log, as rolls.
    "log_missing": N_("The game log has no '%(field)s'."),
    "log_rolls": Np_("'rolls' must be a list of at most %(n)s round.",
                     "'rolls' must be a list of at most %(n)s rounds."),
    # Translators: %(why)s is what is wrong with the roll; %(value)s the roll as written.
    "log_roll": N_("rolls, round %(round)s: %(why)s (got %(value)s)"),
    "log_players": N_("'players' must be a non-empty list."),
    "log_offer": N_("'superpower_offer' must be two different numbers from 1 to %(faces)s."),
    # Translators: %(name)s is a player's name in the log; %(faces)s a die's faces (6).
    "log_player_offer": N_("Player %(name)s: 'superpower_offer' must be two different numbers "
                           "from 1 to %(faces)s."),
    # Translators: %(index)s is the player's place in the log's list, counted from 0.
    "log_player_shape": N_("players[%(index)s] must be an object with 'name', 'superpower' "
                           "and 'rounds'."),
    # Translators: %(index)s is the player's place in the log's list, counted from 0.
    "log_player_name": N_("players[%(index)s] has no 'name'."),
    # Translators: %(name)s is a player's name in the log; %(faces)s a die's faces (6).
    "log_player_power": N_("Player %(name)s: 'superpower' must be 1 to %(faces)s."),
    # Translators: %(name)s is a player's name; %(n)s how many rounds were rolled.
    "log_player_rounds": Np_("Player %(name)s: 'rounds' must be a list with at most one list "
                             "of actions per rolled round (%(n)s).",
                             "Player %(name)s: 'rounds' must be a list with at most one list "
                             "of actions per rolled round (%(n)s)."),
    # Translators: %(name)s is a player's name in the log.
    "log_round_list": N_("Player %(name)s, round %(round)s: expected a list of actions."),
    # Translators: %(name)s is a player's name; %(why)s what is wrong with the action.
    "log_round": N_("Player %(name)s, round %(round)s: %(why)s"),
}
