"""The words of par's reasons (what each of its decisions did, and why), one message per
key :mod:`dicehero.engine.par_reasons` and the kinds' ``prospect`` and ``helped`` name.

``%(what)s`` is another phrase, or a list of what the sheet gained (``3 Honor now and 1
Wild die``); ``%(die)s`` is ``the 4`` or ``the Wild die``.
"""

from __future__ import annotations

from dicehero.i18n import N_
from dicehero.words.refusals import Message, Np_

REASONS: dict[str, Message] = {
    "the_die": N_("the %(number)s"),
    "the_wild_die": N_("the Wild die"),
    "any_number": N_("any number"),
    "or_higher": N_("a %(number)s or higher"),
    "done": N_("Done: %(honor)s Honor so far"),
    # Translators: %(numbers)s are the dice left unused, as "2 and 5".
    "done_unused": N_("Done: %(honor)s Honor so far; no good use for %(numbers)s"),
    "done_keeping": Np_("Done: %(honor)s Honor so far; keeping %(n)s Wild die for later",
                        "Done: %(honor)s Honor so far; keeping %(n)s Wild dice for later"),
    # Translators: %(numbers)s are the dice left unused, as "2 and 5"; %(n)s Wild dice kept.
    "done_unused_keeping": Np_("Done: %(honor)s Honor so far; no good use for %(numbers)s; "
                               "keeping %(n)s Wild die for later",
                               "Done: %(honor)s Honor so far; no good use for %(numbers)s; "
                               "keeping %(n)s Wild dice for later"),
    # Translators: %(die)s is "the 4" or "the Wild die".
    "skip_die": N_("Skip %(die)s: it helps nowhere that pays"),
    # Translators: the superpower turns a %(number)s into a %(new)s; %(n)s uses are left.
    "power_turns": Np_("%(power)s turns the %(number)s into a %(new)s (%(n)s use left)",
                       "%(power)s turns the %(number)s into a %(new)s (%(n)s uses left)"),
    "minion_here": N_("Robot Minion at %(place)s: %(honor)s Honor now"),
    # Translators: %(what)s says what the location takes next (its next box takes a 5).
    "move_to": N_("Move to %(place)s: %(what)s"),
    # Translators: %(what)s says what the location takes next (its next box takes a 5).
    "move_teleport": N_("Move to %(place)s with Teleport: %(what)s"),
    "honor_now": N_("%(honor)s Honor now"),
    "wild_gained": Np_("%(n)s Wild die", "%(n)s Wild dice"),
    "saved": Np_("%(n)s Bystander saved (%(honor)s Honor)",
                 "%(n)s Bystanders saved (%(honor)s Honor)"),
    "takes": N_("it takes %(either)s"),
    "is_full": N_("it is full"),
    "full_minions": N_("it is full, but its Robot Minions are there"),
    "any_starts": N_("any number starts it"),
    "next_takes": N_("its next box takes %(either)s"),
    "finishes_pair": N_("%(either)s finishes a pair there"),
    "any_pair": N_("any two of a number make a pair there"),
    "all_marked_minions": N_("every box is marked, but its Robot Minions are there"),
    # Translators: %(numbers)s are the numbers still open there, as "2 and 5".
    "still_needs": N_("it still needs %(numbers)s"),
    # Translators: %(die)s is "the 4" or "the Wild die"; %(what)s what it gained or what
    # the location takes next.
    "helped": N_("%(place)s with %(die)s: %(what)s"),
    # Translators: %(die)s is "the 4" or "the Wild die"; %(box)s the box's number;
    # %(what)s what the sheet gained there (3 Honor now)
    # or what the location takes next.
    "track_box": N_("%(place)s box %(box)s with %(die)s: %(what)s"),
    # Translators: %(die)s is "the 4" or "the Wild die";
    # %(what)s what the sheet gained there (3 Honor now)
    # or what the location takes next.
    "track_starts": N_("%(place)s starts with %(die)s: %(what)s"),
    # Translators: %(number)s is the pair's number;
    # %(what)s what the sheet gained there (3 Honor now)
    # or what the location takes next.
    "pair_of": N_("%(place)s pair of %(number)s: %(what)s"),
    "second_finishes": N_("a second %(number)s finishes it for %(honor)s Honor"),
    # Translators: %(number)s is a die's number;
    # %(what)s what the sheet gained there (3 Honor now)
    # or what the location takes next.
    "cell_for": N_("%(place)s box for a %(number)s: %(what)s"),
    "on_the_way": N_("on the way to its rewards"),
    # Translators: %(line)s is a row, column or diagonal's name (top row).
    "more_for_line": Np_("%(n)s more for the %(line)s (%(honor)s Honor)",
                         "%(n)s more for the %(line)s (%(honor)s Honor)"),
    # -- what par did with a die ----------------------------------------------------------
    "did_move": N_("move to %(place)s"),
    "did_help": N_("help at %(place)s"),
    "did_minion": N_("fight a Robot Minion at %(place)s"),
    "did_skip": N_("skip it"),
    "did_power": N_("use the superpower on it"),
    "did_choose": N_("choose the superpower"),
}
