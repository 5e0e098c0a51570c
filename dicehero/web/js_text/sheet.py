"""The phone sheet's words (sheet.js, sheet_words.js, kinds.js)."""

from __future__ import annotations

from dicehero.web.js_text.marks import N_, Np_, Text

SHEET: dict[str, Text] = {
    "used_move": N_("moved"),
    "used_help": N_("helped"),
    "used_minion": N_("robot"),
    "used_skip": N_("skipped"),
    "die_power": N_("power"),
    "state_marked": N_("marked"),
    # Translators: %(number)s is the number written twice in a Hospital-like pair.
    "state_pair": N_("complete pair of %(number)s"),
    # Translators: %(number)s is the number written once in a pair.
    "state_half": N_("has a %(number)s, needs another %(number)s"),
    # Translators: %(number)s is the number written in a box.
    "state_written": N_("written %(number)s"),
    # Translators: %(n)s is how many Bystanders were rescued.
    "bystanders_n": N_("Bystanders (%(n)s)"),
    # Translators: %(n)s is how many Robot Minions were defeated.
    "minions_n": N_("Robot Minions (%(n)s)"),
    "total": N_("Total"),
    # Translators: %(error)s is the browser's own message, in its language.
    "unreachable_again": N_("Could not reach the server: %(error)s. Try again."),
    # Translators: %(error)s is the browser's own message, in its language.
    "unreachable_dot": N_("Could not reach the server: %(error)s."),
    # Translators: %(power)s is the superpower's name; %(round)s the round number.
    "you_are_round": N_("Your superpower: %(power)s! Round %(round)s: tap a die."),
    # Translators: %(power)s is the superpower's name.
    "you_are_wait": N_("Your superpower: %(power)s! Wait for the first roll."),
    # Translators: %(place)s is a location's name.
    "moved": N_("Moved to %(place)s."),
    # Translators: %(place)s is a location's name.
    "teleported": N_("Teleported to %(place)s."),
    # Translators: %(place)s is a location's name; %(number)s the number written there.
    "helped": N_("Helped at %(place)s with a %(number)s."),
    # Translators: %(place)s is a location's name.
    "helped_somehow": N_("Helped at %(place)s."),
    # Translators: %(place)s is a location's name.
    "minion_at": N_("Robot Minion defeated at %(place)s!"),
    # Translators: %(power)s is the superpower's name; %(number)s the die's new number.
    "power_changed": N_("%(power)s: that die is now a %(number)s."),
    "skipped": N_("Die left unused."),
    "game_over_bang": N_("Game over!"),
    # Translators: said when a hero is done with the last round while others still play.
    "finished_wait": N_("You played every round. Wait for the others and the host to "
                        "finish the game."),
    "done_wait": N_("Done. Wait for the next roll."),
    "undone": N_("Undone."),
    # Translators: %(power)s is the superpower's name.
    "undone_chose": N_("Undone: chose %(power)s as your superpower."),
    # Translators: %(place)s is a location's name.
    "undone_moved": N_("Undone: moved to %(place)s."),
    # Translators: %(place)s is a location's name.
    "undone_teleported": N_("Undone: teleported to %(place)s."),
    # Translators: %(place)s is a location's name; %(number)s the number written there.
    "undone_helped": N_("Undone: helped at %(place)s with a %(number)s."),
    # Translators: %(place)s is a location's name.
    "undone_helped_somehow": N_("Undone: helped at %(place)s."),
    # Translators: %(place)s is a location's name.
    "undone_minion_at": N_("Undone: Robot Minion defeated at %(place)s!"),
    # Translators: %(power)s is the superpower's name; %(number)s the die's new number.
    "undone_power_changed": N_("Undone: %(power)s: that die is now a %(number)s."),
    "undone_skipped": N_("Undone: die left unused."),
    "undone_done_wait": N_("Undone: done. Wait for the next roll."),
    "undone_game_over_bang": N_("Undone: game over!"),
    "undone_finished_wait": N_("Undone: done with the last round."),
    "chose": N_("Chose %(power)s as your superpower."),
    "tap_die_place": N_("Tap a die, then a place."),
    # Translators: %(number)s is the number on the chosen die.
    "yellow_die": N_("Yellow places take your %(number)s. Tap one (or another die)."),
    "yellow_wild": N_("Yellow places take the Wild die. Tap one (or another die)."),
    # Translators: %(number)s is the number on the chosen die.
    "no_place_die": N_("No place takes your %(number)s."),
    "no_place_wild": N_("No place takes the Wild die."),
    # Translators: %(label)s names a box (as "City Hall, box 2, needs a 2"); %(state)s
    # says what is in it (as "marked").
    "label_state": N_("%(label)s, %(state)s"),
    "label_state_legal": N_("%(label)s, %(state)s. You can play here."),
    # Translators: %(label)s names a box (as "City Hall, box 2, needs a 2").
    "label_empty": N_("%(label)s, empty"),
    "label_empty_legal": N_("%(label)s, empty. You can play here."),
    # Translators: %(n)s is a location's number; %(place)s its name.
    "location_label": N_("Location %(n)s, %(place)s"),
    # Translators: %(n)s is a location's number; %(place)s its name.
    "location_label_legal": N_("Location %(n)s, %(place)s. You can move here."),
    # Translators: %(n)s is a location's number; %(place)s its name.
    "location_label_here": N_("Location %(n)s, %(place)s, you are here"),
    # Translators: %(n)s is a location's number; %(place)s its name.
    "location_label_here_legal": N_("Location %(n)s, %(place)s, you are here. You can move "
                                    "here."),
    # Translators: %(dice)s are this round's dice, as "3, 5, 1, 6".
    "sr_dice": N_("The dice: %(dice)s"),
    # Translators: %(round)s is the round number.
    "round_tap": N_("Round %(round)s: tap a die."),
    # Translators: %(round)s is the round number.
    "round_pick": N_("Round %(round)s: pick your superpower, then tap a die."),
    "game_over": N_("Game over"),
    # Translators: the round line of a hero who played every round, the game not over yet.
    "all_played": N_("All rounds played"),
    # Translators: %(round)s is the round to enter; %(rounds)s how many the game has.
    "over_enter_round": N_("Game over: enter round %(round)s of %(rounds)s"),
    # Translators: %(round)s is the round number; %(rounds)s how many the game has.
    "round_of": N_("Round %(round)s of %(rounds)s"),
    "before_first": N_("Before the first roll"),
    # Translators: %(honor)s is a number of Honor points.
    "honor": N_("%(honor)s Honor"),
    # Translators: %(die)s is the die's place in the tray: 1 to 4.
    "die_not_rolled": N_("Die %(die)s, not rolled yet"),
    # Translators: %(die)s is the die's place in the tray; %(number)s its number.
    "die_label": N_("Die %(die)s: %(number)s, not used yet"),
    # Translators: %(used)s says how it was used (moved, helped, robot, skipped).
    "die_label_used": N_("Die %(die)s: %(number)s, used: %(used)s"),
    # Translators: %(rolled)s is the number the die was rolled as.
    "die_label_changed": N_("Die %(die)s: %(number)s, changed from %(rolled)s by your "
                            "superpower, not used yet"),
    "die_label_changed_used": N_("Die %(die)s: %(number)s, changed from %(rolled)s by your "
                                 "superpower, used: %(used)s"),
    # Translators: %(die)s is the Wild die's place: 1, 2, ...
    "wild_spent": N_("Wild die %(die)s: spent"),
    "wild_ready": N_("Wild die %(die)s: ready to use"),
    "wild_locked": N_("Wild die %(die)s: locked"),
    # Translators: %(power)s is the superpower's name; %(n)s the uses left.
    "power_left": N_("%(power)s · %(n)s left"),
    "no_power_yet": N_("No superpower yet"),
    # Translators: %(power)s is its name, %(text)s what it does, %(n)s the uses left of
    # %(uses)s.
    "power_label": N_("Superpower %(power)s: %(text)s %(n)s of %(uses)s uses left."),
    "no_power_chosen": N_("No superpower chosen yet"),
    # Translators: %(here)s is where the hero stands; %(place)s the location tapped.
    "elsewhere": N_("You are at %(here)s. To help at %(place)s, move there first (tap its "
                    "name)."),
    "tap_die_first_place": N_("Tap a die first, then a place."),
    "which_number": N_("Write which number?"),
    # Translators: %(n)s is the location's number, %(place)s its name, %(rule)s its rule.
    "location_rule": N_("%(n)s %(place)s: %(rule)s Tap a die first to move or help."),
    "tap_die_minion": N_("Tap a die first: any number can fight a Robot Minion where you "
                         "are."),
    # Translators: %(power)s is the superpower's name, %(text)s what it does, %(n)s the
    # uses left.
    "power_tap": Np_("%(power)s: %(text)s %(n)s use left. Tap a die first.",
                     "%(power)s: %(text)s %(n)s uses left. Tap a die first."),
    "pick_power_first": N_("Pick your superpower first."),
    "which_die": N_("Copy which die?"),
    # Translators: %(die)s is a die's place in the tray; %(number)s its number.
    "die_is": N_("Die %(die)s: %(number)s"),
    # Translators: %(n)s is how many dice are still unused.
    "dice_left": Np_("You still have %(n)s unused die. Tap Done again to leave it.",
                     "You still have %(n)s unused dice. Tap Done again to leave them."),
    "cancelled": N_("Cancelled."),
    "wild_already_spent": N_("You already spent that Wild die."),
    "wild_is_locked": N_("This Wild die is locked: earn it at a place marked with the W."),
    "tap_die_skip": N_("Tap a die first, then Skip to leave it unused."),
}
