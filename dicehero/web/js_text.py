"""The words the pages' scripts write, by key: each page receives them in its reader's
language, and only those of its own scripts (a phone downloads no other page's words).

The scripts hold no English: ``DH.t("key", {name: value})`` and, for a count,
``DH.tn("key", n, {...})`` (net.js) look the words up here. A ``%(name)s`` is filled
in by the script; every placeholder has a translator comment.
"""

from __future__ import annotations

import json
from typing import Any

from flask_babel import get_translations
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup


def N_(text: str) -> str:
    """Marks ``text`` for extraction; it is translated when a page is drawn."""
    return text


def Np_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a message with a count (``%(n)s``) for extraction, as ``ngettext`` would."""
    return singular, plural


Text = str | tuple[str, str]

# Translators: %(error)s is the browser's own message, in its language.
UNREACHABLE = N_("Could not reach the server: %(error)s")

SCRIPTS: dict[str, dict[str, Text]] = {
    "host_new": {"unreachable": UNREACHABLE},
    "sheet": {
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
        "you_are_round": N_("You are %(power)s! Round %(round)s: tap a die."),
        # Translators: %(power)s is the superpower's name.
        "you_are_wait": N_("You are %(power)s! Wait for the first roll."),
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
        "location_label_legal": N_("Location %(n)s, %(place)s. You can move here."),
        "location_label_here": N_("Location %(n)s, %(place)s, you are here"),
        "location_label_here_legal": N_("Location %(n)s, %(place)s, you are here. You can move "
                                        "here."),
        # Translators: %(round)s is the round number.
        "round_tap": N_("Round %(round)s: tap a die."),
        # Translators: %(round)s is the round number.
        "round_pick": N_("Round %(round)s: pick your superpower, then tap a die."),
        "game_over": N_("Game over"),
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
    },
    "solo": {
        "par_slow": N_("par is taking too long: try again"),
        # Translators: %(honor)s is the day's score in Honor points.
        "score_today": N_("Your score today: %(honor)s Honor. Another game on today's dice is "
                          "practice: it does not change your score."),
        "practise_today": N_("Practise on today's dice"),
        "play_today": N_("Play today's challenge"),
        # Translators: %(honor)s is the best score in Honor points.
        "best_game": N_("Your best game: %(honor)s Honor."),
        "par_working": N_("Today's par is being worked out…"),
        # Translators: %(honor)s is the par bot's score on today's dice.
        "par_today": N_("Today's par: %(honor)s Honor. The par bot plays today's dice too: "
                        "beat it!"),
        # Translators: %(round)s is the round just played.
        "coach_round": N_("What would par do in round %(round)s?"),
        "asking_par": N_("Asking the par bot…"),
        "par_failed": N_("The par bot could not work this round out."),
        # Translators: %(number)s is the number the Wild die was used as.
        "wild_as": N_("Wild die as a %(number)s"),
        "wild_die": N_("Wild die"),
        # Translators: %(die)s is the die's place in the tray; %(number)s its number.
        "die_a": N_("Die %(die)s (a %(number)s)"),
        # Translators: %(what)s is what par did with a die, as the server words it.
        "coach_what_after": N_(": %(what)s. "),
        "coach_what": N_("%(what)s. "),
        # Translators: %(round)s is the round par would play.
        "coach_do": N_("Round %(round)s: from where you stood, par would do this:"),
        "coach_skip": N_("Round %(round)s: from where you stood, par would skip every die."),
        # Translators: %(honor)s is the Honor par's play scores this round.
        "coach_makes": N_("That makes %(honor)s Honor this round."),
        # Translators: %(date)s is the day of the challenge.
        "daily_title": N_("Daily challenge · %(date)s"),
        "daily_practice": N_("Daily challenge · %(date)s · practice"),
        "random_game": N_("Random game"),
        # Translators: %(honor)s is the par bot's score.
        "par_to_beat": N_("Par to beat: %(honor)s Honor"),
        "pick_to_start": N_("Pick your superpower to start."),
        # Translators: %(error)s says why the saved game could not be read.
        "saved_lost": N_("Your saved game could not be loaded (%(error)s). Start a new one."),
        "practice_over": N_("Practice over"),
        # Translators: %(date)s is the day; %(honor)s the score kept for it.
        "practice_stays": N_("Practice: your score for %(date)s stays %(honor)s Honor."),
        # Translators: %(date)s is the day of the challenge.
        "score_for": N_("Your score for %(date)s."),
        "score_for_best": N_("Your score for %(date)s. A new personal best!"),
        "new_best": N_("A new personal best!"),
        # Translators: %(honor)s is the best score in Honor points.
        "your_best": N_("Your best: %(honor)s Honor."),
        "leave_game": N_("Leave this game and start another?"),
        "copied": N_("Copied: paste it to your friends."),
        "selected": N_("Selected: copy it to share."),
    },
    "host": {
        # Translators: %(what)s is "Check sheet" or "Enter sheet"; %(name)s a hero's name.
        "sheet_of": N_("%(what)s of %(name)s"),
        "hide_tools": N_("Hide host tools"),
        "host_tools": N_("Host tools"),
        "game_over": N_("Game over"),
        # Translators: %(round)s is the round number; %(rounds)s how many the game has.
        "round_of": N_("Round %(round)s of %(rounds)s"),
        # Translators: %(n)s heroes have joined so far.
        "waiting_joined": Np_("Waiting for heroes · %(n)s joined",
                              "Waiting for heroes · %(n)s joined"),
        "each_own_choices": N_("Every hero has their own two superpower choices."),
        # Translators: %(first)s and %(second)s are the two superpowers offered, as "3 Ice".
        "choose_offer": N_("Superpower: choose %(first)s or %(second)s"),
        # Translators: %(round)s is the number of the round the button rolls.
        "next_roll": N_("Next round: roll %(round)s"),
        "first_roll": N_("Roll the first dice"),
        # Translators: %(names)s lists the heroes still playing.
        "still_playing": N_("Still playing: %(names)s"),
        # Translators: at the break, the heroes who have not said done: %(names)s, as "Zed, Ann".
        "not_done": N_("Not done: %(names)s"),
        # Translators: %(names)s lists 40 heroes not done; %(more)s how many others.
        "not_done_more": N_("Not done: %(names)s and %(more)s more"),
        # Translators: %(names)s lists forty heroes still playing; %(more)s how many others.
        "still_playing_more": N_("Still playing: %(names)s and %(more)s more"),
        "everyone_done": N_("Everyone is done."),
        "list_locked": N_("The list is locked: no one else can join."),
        "list_open": N_("The list is open again."),
        # Translators: %(n)s heroes joined in the last minute.
        "joined_last_minute": Np_("%(n)s hero joined in the last minute.",
                                  "%(n)s heroes joined in the last minute."),
        # Translators: %(n)s is the most heroes the host lets into the game.
        "roster_cap": Np_("At most %(n)s hero.", "At most %(n)s heroes."),
        # Translators: %(n)s is the most heroes the host lets into the game.
        "cap_set": Np_("No more heroes join once there is %(n)s.",
                       "No more heroes join once there are %(n)s."),
        "cap_lifted": N_("Any number of heroes can join."),
        "open_list": N_("Open the list again"),
        "lock_list": N_("Lock the list"),
        # Translators: the word after the number of heroes on the projector, as "12 heroes".
        "hero_word": Np_("hero", "heroes"),
        "tag_paper_check": N_("on paper · sheet to check"),
        "tag_paper": N_("on paper"),
        "tag_done": N_("done"),
        "tag_playing": N_("playing…"),
        "tag_no_power": N_("no superpower yet"),
        "check_sheet": N_("Check sheet"),
        "enter_sheet": N_("Enter sheet"),
        "rename": N_("Rename"),
        # Translators: %(name)s is a hero's name.
        "rename_who": N_("Rename %(name)s"),
        "remove": N_("Remove"),
        # Translators: %(name)s is a hero's name.
        "remove_who": N_("Remove %(name)s"),
        # Translators: %(round)s is the round just played; %(honor)s the par bot's score.
        "par_after": N_("Par bot after round %(round)s: %(honor)s Honor"),
        "par_working": N_("The par bot's score is being worked out…"),
        # Translators: %(dice)s are this round's dice, as "3, 5, 1, 6".
        "the_dice": N_("The dice: %(dice)s"),
        "no_dice_yet": N_("No dice rolled yet"),
        # Translators: %(time)s is the time left, as 1:05.
        "time_left": N_("%(time)s left"),
        # Translators: %(status)s is an HTTP status number, as 502.
        "server_said": N_("The server said %(status)s"),
        "roll_anyway_q": N_("Roll anyway?"),
        # Translators: %(n)s heroes have not said Done yet.
        "still_playing_lost": Np_("%(n)s hero is still playing. Their unused dice will be lost.",
                                  "%(n)s heroes are still playing. Their unused dice will be "
                                  "lost."),
        "roll_anyway": N_("Roll anyway"),
        # Translators: %(round)s is the round rolled; %(dice)s its dice, as "3, 5, 1, 6".
        "rolled": N_("Round %(round)s: %(dice)s"),
        "rolled_typed": N_("Round %(round)s: %(dice)s (typed in)"),
        # Translators: %(first)s and %(second)s are the two superpowers offered, as "3 Ice".
        "offered": N_("Superpower choices: %(first)s or %(second)s"),
        "finish_anyway_q": N_("Finish anyway?"),
        "some_still_playing": N_("Some heroes are still playing. Their unused dice will be lost."),
        "finish_game": N_("Finish the game"),
        "ok": N_("OK"),
        "rename_note": N_("The hero's phone shows the new name at once."),
        "new_name": N_("New name"),
        # Translators: %(name)s is the hero's new name.
        "renamed": N_("Renamed to %(name)s."),
        # Translators: %(name)s is a hero's name.
        "remove_who_q": N_("Remove %(name)s?"),
        # Translators: %(name)s is a hero's name.
        "remove_note": N_("%(name)s leaves the game and the scores. Their phone says so."),
        # Translators: %(name)s is a hero's name.
        "removed": N_("%(name)s was removed."),
        "none_match": N_("No hero matches: nobody was removed."),
        "remove_burst_q": N_("Remove everyone who joined in the last 2 minutes?"),
        "remove_nopower_q": N_("Remove every phone hero who has no superpower yet?"),
        # Translators: %(names)s lists the heroes to remove.
        "remove_many": N_("%(names)s. They leave the game and the scores. Their phones say so."),
        # Translators: %(names)s lists thirty heroes to remove; %(more)s how many others.
        "remove_many_more": N_("%(names)s and %(more)s more. They leave the game and the scores. "
                               "Their phones say so."),
        # Translators: %(n)s is how many heroes the button removes.
        "remove_n": N_("Remove %(n)s"),
        # Translators: %(n)s heroes were removed.
        "n_removed": Np_("%(n)s hero was removed.", "%(n)s heroes were removed."),
        # Translators: %(name)s is the paper hero's name, just written in.
        "paper_added": N_("%(name)s plays on paper. Their printed sheet carries their own QR "
                          "code for entering it; Host tools › Their link shows it again."),
        # Translators: the button by a paper hero (Host tools) that shows their link.
        "their_link": N_("Their link"),
        # Translators: %(name)s is the paper hero's name.
        "their_link_who": N_("The link of %(name)s for entering their sheet"),
        # Translators: %(name)s is the paper hero's name.
        "link_of": N_("The link of %(name)s"),
        # Translators: %(name)s is the paper hero's name; %(link)s the address of their page.
        "link_give": N_("Give it to %(name)s only; their printed sheet's QR code holds it "
                        "too: %(link)s"),
        # Translators: %(name)s is the paper hero's name; %(link)s the address of their page.
        "link_renewed": N_("A new link: the old one no longer works. Give it to %(name)s "
                           "only; their printed sheet's QR code holds it too: %(link)s"),
        "new_link": N_("Make a new link"),
        # Translators: %(name)s is the paper hero's name.
        "new_link_q": N_("A new link for %(name)s?"),
        # Translators: %(name)s is the paper hero's name.
        "new_link_note": N_("The old link, and the QR code on the sheet printed for %(name)s, "
                            "stop working. Print their sheet again afterwards."),
        "close_paper_q": N_("Close paper entry?"),
        "close_paper_note": N_("No paper sheet can come in or change after this, and the scores "
                               "become final."),
        "close": N_("Close"),
        "paper_closed": N_("Paper entry is closed. The scores are final."),
        "welcome_back": N_("Welcome back, host."),
        # Translators: %(round)s is the round just played.
        "standings_after": N_("Standings after round %(round)s"),
        # Translators: %(honor)s is a number of Honor points.
        "honor": N_("%(honor)s Honor"),
        "honor_word": N_("Honor"),
        # Translators: %(n)s places a hero climbed in the standings.
        "up_n": N_("up %(n)s"),
        # Translators: %(who)s lists the heroes who climbed most; %(n)s the places climbed.
        "biggest_climb": Np_("Biggest climb this round: %(who)s, up %(n)s place",
                             "Biggest climb this round: %(who)s, up %(n)s places"),
        # Translators: %(name)s is a hero; %(rank)s their new place.
        "now_rank": N_("%(name)s (now #%(rank)s)"),
        # Translators: %(die)s is the die's place in the roll; %(number)s its number.
        "die_a_value": N_("Die %(die)s: a %(number)s"),
        # Translators: %(place)s is a location's name.
        "par_moved": N_("Par moved to %(place)s"),
        # Translators: %(share)s is a percentage of the class; %(place)s a location's name.
        "share_to": N_("%(share)s%% to %(place)s"),
        # Translators: %(rounds)s lists the rounds typed in, as "round 3: 1 4 4 2".
        "typed_list": N_("Typed in by the host, not from the seed: %(rounds)s."),
        # Translators: %(round)s is a round number; %(dice)s its dice, as "1 4 4 2".
        "typed_one": N_("round %(round)s: %(dice)s"),
        "all_seeded": N_("Every roll came from the seed."),
        # Translators: %(name)s is a hero who plays on paper.
        "name_paper": N_("%(name)s (paper)"),
        "name_paper_check": N_("%(name)s (paper, to check)"),
        # Translators: in the rank column: a paper sheet the host has not checked, no place.
        "rank_to_check": N_("to check"),
        "par_row": N_("Par bot (not a hero)"),
        # Translators: in the rank column, the par bot's row.
        "bot": N_("bot"),
        # Translators: %(honor)s Honor from %(n)s Bystanders or Minions.
        "honor_count": N_("%(honor)s (%(n)s)"),
        "none_beat": N_("no hero beat the bot"),
        # Translators: %(n)s heroes scored more than the par bot.
        "n_beat": Np_("%(n)s hero beat the bot", "%(n)s heroes beat the bot"),
        # Translators: %(honor)s is par's score; %(beat)s says how many heroes beat it.
        "par_result": N_("Par %(honor)s: %(beat)s"),
        # Translators: %(tied)s heroes scored the same as par.
        "par_result_tied": N_("Par %(honor)s: %(beat)s (%(tied)s tied)"),
        "final_scores": N_("Final scores"),
        "scores_so_far": N_("Scores so far (provisional)"),
        "scores_final": N_("Paper entry is closed: these scores are final."),
        # Translators: %(n)s paper sheets wait for the host to check them.
        "sheets_wait": Np_("Provisional: %(n)s paper sheet waits for you to check it against "
                           "the paper.",
                           "Provisional: %(n)s paper sheets wait for you to check it against "
                           "the paper."),
        "sheets_can_come": N_("Provisional: paper sheets can still come in. Close paper entry "
                              "when every sheet is in."),
        # Translators: %(width)s is the width of a band of scores, in Honor.
        "chart_title": N_("How many heroes scored in each band of %(width)s Honor"),
        # Translators: %(low)s to %(high)s Honor is a band of scores; %(n)s heroes scored in it.
        "chart_band": Np_("%(low)s–%(high)s Honor: %(n)s hero",
                          "%(low)s–%(high)s Honor: %(n)s heroes"),
        # Translators: %(n)s heroes joined; a sheet is printed for each.
        "print_named": Np_("A sheet with their name for the hero who joined, and:",
                           "A sheet with their name for each of the %(n)s heroes who joined, "
                           "and:"),
        "print_none": N_("No hero has joined yet: print blank sheets for players on paper."),
        "preparing": N_("Preparing the sheets…"),
        # Translators: %(file)s is the name of the PDF file saved.
        "downloaded": N_("Downloaded %(file)s: open it and print."),
        "download_failed": N_("The sheets could not be downloaded: is the server still running?"),
        "not_host_secret": N_("That is not this game's host secret."),
    },
    "par": {
        "col_where": N_("Where"),
        "col_you": N_("You"),
        "col_par": N_("Par"),
        # Translators: %(n)s is how many Bystanders were rescued.
        "bystanders_n": N_("Bystanders (%(n)s)"),
        # Translators: %(n)s is how many Robot Minions were defeated.
        "minions_n": N_("Robot Minions (%(n)s)"),
        "total": N_("Total"),
        # Translators: %(honor)s is how many Honor points the hero scored above par.
        "beat_par": N_("You beat the par bot by %(honor)s Honor!"),
        # Translators: %(honor)s is the score both made.
        "tied_par": N_("You tied with the par bot: %(honor)s Honor each."),
        # Translators: %(honor)s is par's score; %(more)s how many Honor points more it made.
        "par_more": N_("The par bot scored %(honor)s Honor: %(more)s more than you. See where "
                       "below."),
        "par_working": N_("The par bot's score is being worked out…"),
    },
    "paper": {
        # Translators: %(status)s is an HTTP status number, as 502.
        "server_said": N_("The server said %(status)s."),
        "all_in_done": N_("Your whole sheet is entered. Well done, hero!"),
        # Translators: %(round)s is the round just entered; %(next)s the one to enter now.
        "round_entered_now": N_("Round %(round)s entered. Now round %(next)s: tap a die, then "
                                "where you marked it."),
        # Translators: %(round)s is the round just entered; %(next)s the one not rolled yet.
        "round_entered_wait": N_("Round %(round)s entered. Round %(next)s is not rolled yet: "
                                 "come back after the next roll."),
        # Translators: %(round)s is the round to enter now.
        "power_entered": N_("Superpower entered. Now round %(round)s: tap a die, then where you "
                            "marked it."),
        "took_back": N_("Took back your last mark."),
        "which_power": N_("Which superpower did you choose on your sheet? Tap it."),
        "no_dice_come_back": N_("No dice are rolled yet. Come back after the first roll."),
        "all_in": N_("Your whole sheet is entered."),
        # Translators: %(round)s is the round entered.
        "round_is_entered": N_("Round %(round)s is entered. Come back after the next roll."),
        # Translators: %(round)s is the round to enter.
        "enter_round": N_("Round %(round)s: tap a die, then the place where you marked it. Tap "
                          "Done when the round is entered."),
        # Translators: %(error)s says why, as the server words it.
        "not_sent": N_("Not sent: %(error)s"),
        # Translators: %(honor)s is the sheet's score; %(rank)s its place.
        "score_rank": N_("%(honor)s Honor, #%(rank)s."),
        # Translators: %(score)s is the sheet's score and place, as "12 Honor, #3.".
        "approved": N_("Approved: %(score)s"),
        "entry_closed": N_("Paper entry is closed."),
        "still_correct": N_("You can still correct it here."),
        "check_undecided": N_("The check could not decide in time whether the game's rolls can "
                              "make these marks: compare every mark with the paper sheet."),
        "check_done": N_("Every mark was checked over the game's real rolls."),
        "sent_by_player": N_("Sent by the player."),
        "compare_approve": N_("Compare it with the paper sheet, then approve it."),
        # Translators: %(score)s is the sheet's score and place, as "12 Honor, #3." (or
        # nothing when there is no score yet).
        "approved_by_host": N_("Approved by the host: %(score)s"),
        "only_host": N_("Only the host can change it now."),
        "sheets_closed": N_("Paper sheets for this game are closed."),
        # Translators: %(score)s is the sheet's score and place, as "12 Honor, #3.".
        "your_score_is": N_("Your score: %(score)s"),
        # Translators: %(honor)s is the score of a sheet the host has not checked yet.
        "score_to_check": N_("%(honor)s Honor, no place until the host checks it."),
        # Translators: %(honor)s is the score of a sheet the host has not checked yet.
        "on_board_to_check": N_("On the scoreboard: %(honor)s Honor, no place until the host "
                                "checks it."),
        "not_on_board": N_("Not on the scoreboard yet."),
        "changed_send": N_("Changed since you last sent it: tap Send."),
        # Translators: %(honor)s is the score, %(rank)s the place among %(n)s heroes.
        "on_board_rank": Np_("On the scoreboard: %(honor)s Honor, #%(rank)s of %(n)s hero.",
                             "On the scoreboard: %(honor)s Honor, #%(rank)s of %(n)s heroes."),
        "on_board": N_("On the scoreboard."),
        "host_will_check": N_("The host will check it against your paper."),
        # Translators: %(time)s is the time entry closes, as 14:05.
        "correct_until": N_("The game is over: you can correct your sheet until %(time)s."),
        "no_rolls": N_("No rolls yet."),
        # Translators: %(round)s is a round number, shown on the strip of rolls: R3.
        "round_short": N_("R%(round)s"),
        # Translators: %(round)s is a round number; %(dice)s its dice, as "3, 5, 1, 6".
        "roll_entering": N_("Round %(round)s: %(dice)s, entering now"),
        "roll_entered": N_("Round %(round)s: %(dice)s, entered"),
        "roll_not_entered": N_("Round %(round)s: %(dice)s, not entered yet"),
        # Translators: %(error)s says why, as the server words it.
        "saved_marks_misfit": N_("Your saved marks do not fit this game (%(error)s). Starting "
                                 "from your last sent sheet."),
        # Translators: %(name)s is the paper hero's name.
        "title_paper": N_("%(name)s · paper"),
        "title_paper_host": N_("%(name)s · paper · checked by the host"),
        "join_over": N_("This game is over. If your host wrote your hero in, open the link they "
                        "gave you, or ask them to enter your sheet."),
        "join_late": N_("Paper heroes are written in before the first roll, and this game has "
                        "started. If your host wrote your hero in, open the link they gave you, "
                        "or ask them to enter your sheet."),
        "join_by_host": N_("Paper heroes are written in by the host. Ask your host to add your "
                           "hero on the host screen and to give you your link: it opens this "
                           "page for you."),
        "approved_counts": N_("Approved. The sheet counts as it is."),
        "sent_on_board": N_("Sent. Your sheet is on the scoreboard."),
        "clear_confirm": N_("Clear every mark you entered here and start again? The scoreboard "
                            "keeps your last sent sheet until you send again."),
    },
    "play": {
        "live": N_("● Live"),
        "reconnecting": N_("Reconnecting…"),
        "wait_roll": N_("Waiting for the host to roll."),
        # Translators: %(done)s heroes of %(n)s are done with this round.
        "heroes_done": Np_("%(done)s of %(n)s hero done.", "%(done)s of %(n)s heroes done."),
        # Translators: %(time)s is the time left, as 1:05.
        "timer": N_("Timer: %(time)s left."),
        # Translators: %(status)s is an HTTP status number, as 502.
        "server_said": N_("The server said %(status)s."),
        # Translators: %(round)s is a round number; %(dice)s the dice, as "3, 5".
        "dice_lost": N_("⚠ The host went on: your unused dice of round %(round)s (%(dice)s) "
                        "were lost."),
        "typed_now": N_("The host typed in these dice."),
        "pick_power": N_("Pick your superpower."),
        "wait_first": N_("Wait for the first roll."),
        # Translators: %(round)s is the number of the round the hero finished.
        "done_round": N_("Done with round %(round)s. Wait for the next roll."),
        # Translators: %(n)s rounds were rolled before the hero joined; %(round)s is the
        # round they start from (%(n)s + 1).
        "joined_late": Np_("You joined in round %(round)s: round 1 was played before you "
                           "came, so you start from round %(round)s.",
                           "You joined in round %(round)s: rounds 1 to %(n)s were played "
                           "before you came, so you start from round %(round)s."),
        # Translators: %(round)s is a round number, shown on the strip of rolls: R3.
        "round_short": N_("R%(round)s"),
        "typed_by_host": N_("typed by the host"),
        "before_joined": N_("before you joined"),
        # Translators: %(round)s is a round number; %(dice)s its dice, as "3, 5, 1, 6".
        "roll_label": N_("Round %(round)s: %(dice)s"),
        "roll_label_typed": N_("Round %(round)s: %(dice)s, typed in by the host"),
        "roll_label_missed": N_("Round %(round)s: %(dice)s, before you joined"),
        "roll_label_typed_missed": N_("Round %(round)s: %(dice)s, typed in by the host, "
                                      "before you joined"),
        # Translators: %(rounds)s lists the rounds, as "round 3 (1 4 4 2), round 7 (6 6 1 2)".
        "typed_rounds": N_("Dice the host typed in (not from the seed): %(rounds)s."),
        # Translators: %(round)s is a round number; %(dice)s its dice, as "1 4 4 2".
        "typed_round": N_("round %(round)s (%(dice)s)"),
        # Translators: %(rank)s is the hero's place; %(n)s how many heroes played.
        "your_place": Np_("You are #%(rank)s of %(n)s hero.", "You are #%(rank)s of %(n)s heroes."),
        # Translators: %(n)s paper sheets the host has not checked yet: they have no place.
        "to_check": Np_("%(n)s paper sheet is still to check.",
                        "%(n)s paper sheets are still to check."),
        # Translators: a line of the leaderboard: place, hero name, Honor.
        "top_line": N_("#%(rank)s %(name)s — %(honor)s Honor"),
        "unreachable": UNREACHABLE,
        "join_failed": N_("Could not join."),
        # Translators: said while the hero types their name: %(n)s letters typed so far, of
        # the %(max)s a name may have.
        "name_count": Np_("%(n)s letter of %(max)s.", "%(n)s letters of %(max)s."),
        # Translators: the name typed is %(n)s letters longer than a name may be; %(max)s is
        # the most letters a name may have.
        "name_over": Np_("%(n)s letter too many: a hero name has at most %(max)s.",
                         "%(n)s letters too many: a hero name has at most %(max)s."),
        # Translators: %(error)s is the server's message saying why.
        "drawing_not_saved": N_("Your drawing was not saved: %(error)s"),
    },
}


def _entry(text: Text, translations: Any, nplurals: int) -> str | list[str]:
    if isinstance(text, str):
        return translations.gettext(text)
    singular, plural = text
    catalog = getattr(translations, "_catalog", {})
    if (singular, 0) not in catalog:  # English, or not translated: gettext's own forms
        return [singular, plural]
    return [catalog[singular, i] for i in range(nplurals)]


def plural_rule(translations: Any) -> tuple[int, str]:
    """The language's number of plural forms and its rule, a C expression of ``n`` that
    picks one (gettext's Plural-Forms header; English's without one)."""
    info = getattr(translations, "_info", {}).get("plural-forms", "")
    head, _, rule = info.partition("plural=")
    count = head.strip().rstrip(";").partition("nplurals=")[2]
    rule = rule.strip().rstrip(";")
    return (int(count), rule) if count.isdigit() and rule else (2, "n != 1")


def page_text(*scripts: str) -> Markup:
    """The words of ``scripts`` in the reader's language, as a JSON script element."""
    t = get_translations()
    nplurals, rule = plural_rule(t)
    words: dict[str, Any] = {"_plural": rule}
    for script in scripts:
        for key, text in SCRIPTS[script].items():
            words[key] = _entry(text, t, nplurals)
    return Markup('<script id="dh-text" type="application/json">{}</script>').format(
        htmlsafe_json_dumps(words, dumps=_dumps))


def _dumps(obj: Any, **kwargs: Any) -> str:
    # UTF-8 as it is: Arabic or Japanese in \\u escapes would be twice the bytes.
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), **kwargs)
