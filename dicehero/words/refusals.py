"""The words of every refusal the engine gives, one message per key it names.

A key is a refusal's ``why`` (its code when it has one sentence only); the API's codes
stay as they are. Each message is whole, its parameters named: ``%(place)s`` is a
location's name, ``%(either)s`` a list of numbers (``1, 2 or 3``), ``%(why)s`` and
``%(where)s`` another phrase. A message with a count is a pair (singular, plural) on
``%(n)s``.
"""

from __future__ import annotations

from dicehero.i18n import N_

Message = str | tuple[str, str]


def Np_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a message with a count ``%(n)s`` for extraction, as ``ngettext`` would."""
    return singular, plural


REFUSALS: dict[str, Message] = {
    # -- a roll, an action's shape ---------------------------------------------------------
    "game_over": Np_("The game has only %(n)s round.", "The game has only %(n)s rounds."),
    "roll_size": Np_("A roll is %(n)s die.", "A roll is %(n)s dice."),
    # Translators: %(value)s is what was sent instead, as it was sent.
    "die_face": N_("A die shows 1 to %(faces)s, not %(value)s."),
    "wild_value": N_("A Wild die can be 1 to %(faces)s, not %(value)s."),
    "bad_location": N_("There is no location %(value)s; they are numbered 1 to %(n)s."),
    "no_die": N_("There is no die: this round has dice 1 to %(n)s."),
    "no_such_die": N_("There is no die %(die)s: this round has dice 1 to %(n)s."),
    "no_die_to_copy": N_("There is no die %(die)s to copy: this round has dice 1 to %(n)s."),
    # Translators: a game log's action names a die counted from 0 (%(value)s), as JSON does.
    "no_die_logged": N_("There is no die %(die)s ('%(field)s': %(value)s, counted from 0): "
                        "a round has dice 1 to %(n)s."),
    "bad_offer": N_("The superpower choice is two different numbers from 1 to %(faces)s "
                    "(reroll a double), not %(value)s."),
    "whole_number": N_("'%(field)s' must be a whole number, not %(value)s."),
    "true_or_false": N_("'%(field)s' must be true or false, not %(value)s."),
    "bad_action": N_("An action must be an object with a 'type'."),
    "unknown_action": N_("Unknown action %(value)s; use one of: %(known)s."),
    # Translators: %(action)s is an action's type as the API names it (help, move, ...).
    "no_such_field": N_("A %(action)s action has no field %(fields)s."),
    "die_or_wild": N_("Use either a rolled 'die' or 'wild', not both."),
    "needs_die": N_("A %(action)s action needs a 'die' (or 'wild': true)."),
    "wild_cannot": N_("A Wild die cannot be used for a %(action)s action."),
    "move_needs_to": N_("A move needs 'to': the location number."),
    "wild_needs_value": N_("Helping with a Wild die needs 'value': the number."),
    "choose_needs_superpower": N_("Choosing needs 'superpower': the number you pick."),
    "value_only_wild": N_("Only a Wild die takes a 'value'; a rolled die has its own."),
    "only_shapeshift_copies": N_("Only Shapeshift copies another die; yours is %(power)s."),
    "shapeshift_needs_copy": N_("Shapeshift needs 'copy': the die to copy."),
    # -- the rules ---------------------------------------------------------------------------
    "nothing_to_undo": N_("There is nothing to undo in this round."),
    "nothing_to_undo_yet": N_("There is nothing to undo yet."),
    "already_chosen": N_("You already chose your superpower: %(power)s."),
    "choice_closed": N_("Too late to choose a superpower: it is chosen before your first "
                        "round ends."),
    "no_offer": N_("Roll two dice for your superpower choices first."),
    "not_offered": N_("Choose one of the rolled numbers: %(either)s."),
    # Translators: one superpower in a list of choices: its number, then its name.
    "numbered_power": N_("%(number)s (%(power)s)"),
    "no_roll": N_("Wait for the first roll."),
    "round_closed": N_("You are done with this round: wait for the next roll."),
    "no_superpower": N_("Pick your superpower first."),
    "die_spent": N_("You already used that %(number)s this round."),
    "no_wild": N_("You have no Wild die to spend."),
    "already_there": N_("You are already at %(place)s: that is not a move."),
    "teleport_wild": N_("A Wild die is already any number: it can move you anywhere without "
                        "Teleport."),
    "not_teleport": N_("Your superpower is %(power)s, not Teleport."),
    "teleport_not_needed": N_("Your %(number)s takes you there without Teleport: keep your "
                              "superpower use."),
    # Translators: %(place)s is where the die's number leads; %(target)s is where the hero
    # tapped, %(to)s that location's number.
    "from_middle": N_("From the middle circle a %(number)s moves you to %(place)s; "
                      "%(target)s needs a %(to)s."),
    # Translators: %(target)s is where the hero tapped, %(to)s its number; %(number)s is the
    # number of %(here)s, the location where the hero stands.
    "move_needs_match": N_("To go to %(target)s you need a %(to)s, or a %(number)s (the "
                           "number of %(here)s, where you are) to go anywhere."),
    "in_middle_help": N_("You are in the middle circle: move to a location before you help."),
    "in_middle_minion": N_("You are in the middle circle: move to a location before you fight "
                           "a Robot Minion."),
    "no_minions": Np_("The %(n)s Robot Minion at %(place)s is defeated.",
                      "All %(n)s Robot Minions at %(place)s are defeated."),
    "no_power_left": Np_("You have used your superpower %(n)s time already.",
                         "You have used your superpower %(n)s times already."),
    "power_wild": N_("You may not use your superpower on a Wild die."),
    "teleport_is_a_move": N_("Teleport is used while moving: choose a die, then any location."),
    "power_limit": N_("%(power)s cannot change a %(number)s."),
    "power_no_change": N_("That die is already a %(number)s."),
    "copy_itself": N_("Shapeshift copies another die, not the same one."),
    # -- a location's rule -------------------------------------------------------------------
    "choose_box": Np_("A %(number)s fits %(n)s box at %(place)s: choose which box.",
                      "A %(number)s fits %(n)s boxes at %(place)s: choose which box."),
    "choose_pair": Np_("A %(number)s fits %(n)s pair at %(place)s: choose which pair.",
                       "A %(number)s fits %(n)s pairs at %(place)s: choose which pair."),
    "no_box": N_("There is no box %(box)s: %(place)s has boxes 1 to %(n)s."),
    "no_pair": N_("There is no pair %(box)s: %(place)s has pairs 1 to %(n)s."),
    "box_taken": N_("That %(place)s box is already marked."),
    # Translators: %(wanted)s is the number printed in the box, %(number)s the die's.
    "box_needs": N_("That %(place)s box needs a %(wanted)s, not a %(number)s."),
    "place_needs": N_("%(place)s needs %(either)s; a %(number)s does not fit."),
    "every_number_marked": N_("Every %(number)s at %(place)s is already marked."),
    "track_full": N_("%(place)s is full."),
    "track_order": N_("%(place)s is filled in order: the next box is box %(box)s."),
    "track_same": N_("%(place)s needs a %(number)s: every number there is the same as the "
                     "first one."),
    # Translators: %(number)s is the last number written there.
    "track_adjacent": N_("%(place)s needs %(either)s next (one higher or lower than "
                         "%(number)s)."),
    "track_lower": N_("%(place)s needs a %(number)s or higher next."),
    "pairs_full": N_("%(place)s is full: every pair is complete."),
    "pair_taken": N_("That %(place)s pair is already complete."),
    "pair_needs": N_("That %(place)s pair needs another %(number)s to match."),
    "no_pair_takes": N_("No %(place)s pair can take a %(number)s: start a new pair or finish "
                        "one with its own number."),
    "cells_marks": Np_("%(place)s: one true or false for its %(n)s box.",
                       "%(place)s: one true or false for each of its %(n)s boxes."),
    "track_marks": Np_("%(place)s: the numbers written from its first box on, at most %(n)s, "
                       "each 1 to %(faces)s.",
                       "%(place)s: the numbers written from its first box on, at most %(n)s, "
                       "each 1 to %(faces)s."),
    "pairs_marks": Np_("%(place)s: one list of up to two numbers (1 to %(faces)s) for its "
                       "%(n)s pair.",
                       "%(place)s: one list of up to two numbers (1 to %(faces)s) for each of "
                       "its %(n)s pairs."),
    # -- where a replayed action was ----------------------------------------------------------
    # Translators: %(where)s says where on the sheet (Round 3, die 2 (a 5)), %(why)s the rule.
    "at_place": N_("%(where)s: %(why)s"),
    "before_first_roll": N_("Before the first roll"),
    "round_wild": N_("Round %(round)s, the Wild die"),
    "round_die": N_("Round %(round)s, die %(die)s (a %(number)s)"),
    "round_only": N_("Round %(round)s"),
    # -- a paper sheet -----------------------------------------------------------------------
    "superpower_locked": N_("You sent your superpower before the first roll; only the host "
                            "can change it now."),
    "round_locked": N_("You sent round %(round)s before the next roll was out; only the host "
                       "can change it now."),
    "marks_object": N_("The marks are an object with 'marks', 'minions', ..."),
    "marks_no_field": N_("Marks have no field %(fields)s."),
    "marks_list": N_("'marks' is a list with one entry per location (%(n)s), in sheet order."),
    "bad_minions": N_("'minions' is a list of %(n)s counts, one per location."),
    "superpower_field": N_("'superpower' is the number of your superpower, or null."),
    "count_field": N_("'%(field)s' is how many you ticked: 0 or more."),
    "bad_rolls": N_("'rolls' is the ROUNDS box: one list of %(n)s dice (or null) per round."),
    # Translators: %(dice)s are the dice the sheet wrote, %(real)s those the game rolled.
    "rolls_differ": N_("Round %(round)s: the sheet's ROUNDS box says %(dice)s, but the game "
                       "rolled %(real)s."),
    "rolls_ahead": N_("The sheet's ROUNDS box has dice for round %(round)s, which has not "
                      "been rolled."),
    # Translators: %(count)s is how many the sheet shows defeated.
    "too_many_minions": Np_("%(place)s has only %(n)s Robot Minion; the sheet shows "
                            "%(count)s defeated.",
                            "%(place)s has only %(n)s Robot Minions; the sheet shows "
                            "%(count)s defeated."),
    "uses_without_superpower": N_("The sheet ticks superpower uses but names no superpower."),
    "paper_not_offered": N_("The superpower was one of the rolled numbers: %(either)s; "
                            "not %(number)s."),
    # Translators: %(count)s is how many uses the sheet ticks.
    "too_many_power_uses": Np_("A superpower has %(n)s use; the sheet ticks %(count)s.",
                               "A superpower has %(n)s uses; the sheet ticks %(count)s."),
    # Translators: %(count)s is how many Wild dice the sheet ticks used.
    "wild_not_earned": Np_("The marks earn %(n)s Wild die; the sheet ticks %(count)s used.",
                           "The marks earn %(n)s Wild dice; the sheet ticks %(count)s used."),
    # Translators: %(count)s is how many Bystanders the sheet ticks.
    "bystanders_differ": Np_("The marks rescue %(n)s Bystander; the sheet ticks %(count)s.",
                             "The marks rescue %(n)s Bystanders; the sheet ticks %(count)s."),
    # Translators: %(where)s is one mark (the 4 in box 2), %(why)s why it does not fit.
    "misfit": N_("%(place)s, %(where)s: %(why)s"),
    "cannot_write": N_("%(place)s: these marks cannot be written."),
    "the_number_in_box": N_("the %(number)s in box %(box)s"),
    "box_holding": N_("box %(box)s (a %(number)s)"),
    "pair_n": N_("pair %(pair)s"),
    # Translators: %(number)s and %(also)s are the two different numbers written in the pair.
    "pair_holds": N_("%(place)s's pair %(pair)s holds a %(number)s and a %(also)s: a pair is "
                     "two of the same number."),
    # -- what a paper sheet lost, or lacks -----------------------------------------------------
    "lost_box": N_("the %(number)s in %(place)s's box %(box)s"),
    "lost_pair": N_("the pair of %(number)s in %(place)s's pair %(pair)s"),
    "lost_superpower": N_("the superpower"),
    "lost_minion": N_("a Robot Minion at %(place)s"),
    "lost_wild": N_("a Wild die ticked used"),
    "lost_power_use": N_("a superpower use"),
    # Translators: what a die would have to do (completes "no roll has a die that ...").
    "marks_box": N_("marks the %(number)s in %(place)s's box %(box)s"),
    "puts_first": N_("puts the %(number)s in %(place)s's first box"),
    # Translators: %(after)s is the number written in the box before.
    "puts_after": N_("puts the %(number)s after the %(after)s in %(place)s's box %(box)s"),
    "puts_in_pair": N_("puts the %(number)s in %(place)s's pair %(pair)s"),
    "puts_second_in_pair": N_("puts the second %(number)s in %(place)s's pair %(pair)s"),
    "defeats_minion": N_("defeats one more Robot Minion at %(place)s"),
    "spends_ticks": N_("spends the Wild dice and superpower uses the sheet ticks"),
    # -- the witness search's verdict ------------------------------------------------------------
    "no_play": N_("No legal play over this game's rolls draws these marks."),
    "no_play_exactly": N_("No legal play over this game's rolls draws exactly these marks: "
                          "every play that makes all of them leaves the Wild dice or superpower "
                          "uses ticked on the sheet unspent or overspent."),
    # Translators: %(n)s marks of the sheet's %(count)s; %(missing)s is what no die could do
    # ("puts the 5 after the 4 in Powerplant's box 3").
    "closest_play": Np_("No legal play over this game's rolls draws all these marks. The "
                        "closest makes %(n)s of the sheet's %(count)s marks; after it, no roll "
                        "has a die that %(missing)s while you could be there.",
                        "No legal play over this game's rolls draws all these marks. The "
                        "closest makes %(n)s of the sheet's %(count)s marks; after it, no roll "
                        "has a die that %(missing)s while you could be there."),
    # Translators: %(where)s is one mark ("box 7 (a 6)", "the 3 in box 2", "pair 4"): the one
    # mark that cannot be there with all the others.
    "wrong_mark": N_("%(place)s, %(where)s: no play over this game's rolls can make this mark "
                     "together with all your other marks. Look at this one again."),
    "wrong_minion": N_("One Robot Minion too many at %(place)s: no play over this game's rolls "
                       "can defeat it together with all your other marks. Look at it again."),
    # Translators: %(n)s marks need a %(number)s, the game rolled %(count)s of them; %(wild)s
    # Wild dice and %(uses)s superpower uses are ticked.
    "not_enough_dice": Np_("The sheet has %(n)s number or X that needs a %(number)s, but the "
                           "game rolled only %(count)s, and its %(wild)s Wild dice and %(uses)s "
                           "superpower uses cannot make up the difference.",
                           "The sheet has %(n)s numbers or X's that need a %(number)s, but the "
                           "game rolled only %(count)s, and its %(wild)s Wild dice and %(uses)s "
                           "superpower uses cannot make up the difference."),
    "check_undecided": N_("The check ran out of time before it found a play that draws these "
                          "marks or proved there is none: the host may approve the sheet by "
                          "hand."),
    "sent_before": N_("These marks could only have been drawn by changing what you sent "
                      "before: the marks you add must be made with dice rolled after you sent "
                      "it, and the marks you sent must be made by then."),
    # -- a saved sheet ------------------------------------------------------------------------
    # Translators: %(sheet)s and %(edition)s are editions' names as their files name them
    # (classic, marathon).
    "other_edition": N_("This saved sheet is for the %(sheet)s edition, not %(edition)s."),
}
