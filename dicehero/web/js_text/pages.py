"""The words of the join, solo, paper and end-screen scripts."""

from __future__ import annotations

from dicehero.web.js_text.marks import N_, UNREACHABLE, Np_, Text

SOLO: dict[str, Text] = {
    "par_slow": N_("The Coach is taking too long: try again."),
    # Translators: %(honor)s is the day's score in Honor points.
    "score_today": N_("Your score today: %(honor)s Honor. Another game on today's dice is "
                      "practice: it does not change your score."),
    "practise_today": N_("Practise on today's dice"),
    "play_today": N_("Play today's challenge"),
    # Translators: %(honor)s is the best score in Honor points.
    "best_game": N_("Your best game: %(honor)s Honor."),
    "par_working": N_("The Coach is playing today's dice…"),
    # Translators: %(honor)s is the Coach's score on today's dice.
    "par_today": N_("The Coach played today's dice too: %(honor)s Honor. Beat it!"),
    # Translators: %(round)s is the round just played.
    "coach_round": N_("What would the Coach do in round %(round)s?"),
    "asking_par": N_("Asking the Coach…"),
    "par_failed": N_("The Coach could not work this round out."),
    # Translators: %(number)s is the number the Wild die was used as.
    "wild_as": N_("Wild die as a %(number)s"),
    "wild_die": N_("Wild die"),
    # Translators: %(die)s is the die's place in the tray; %(number)s its number.
    "die_a": N_("Die %(die)s (a %(number)s)"),
    # Translators: %(what)s is what the Coach did with a die, in words.
    "coach_what_after": N_(": %(what)s. "),
    # Translators: %(what)s is what the Coach did with a die, in words.
    "coach_what": N_("%(what)s. "),
    # Translators: %(round)s is the round the Coach would play.
    "coach_do": N_("Round %(round)s: from where you stood, the Coach would do this:"),
    "coach_skip": N_("Round %(round)s: from where you stood, the Coach would skip every die."),
    # Translators: %(honor)s is the Honor the Coach's play scores this round.
    "coach_makes": N_("That makes %(honor)s Honor this round."),
    # Translators: %(date)s is the day of the challenge.
    "daily_title": N_("Daily challenge · %(date)s"),
    "daily_practice": N_("Daily challenge · %(date)s · practice"),
    "random_game": N_("Random game"),
    # Translators: %(honor)s is the Coach's score.
    "par_to_beat": N_("The Coach's score to beat: %(honor)s Honor"),
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
}


PAR: dict[str, Text] = {
    "col_where": N_("Where"),
    "col_you": N_("You"),
    "col_par": N_("Coach"),
    # Translators: %(n)s is how many Bystanders were rescued.
    "bystanders_n": N_("Bystanders (%(n)s)"),
    # Translators: %(n)s is how many Robot Minions were defeated.
    "minions_n": N_("Robot Minions (%(n)s)"),
    "total": N_("Total"),
    # Translators: %(honor)s is how many Honor points the hero scored above the Coach.
    "beat_par": N_("You beat the Coach by %(honor)s Honor!"),
    # Translators: %(honor)s is the score both made.
    "tied_par": N_("You tied with the Coach: %(honor)s Honor each."),
    # Translators: %(honor)s is the Coach's score; %(more)s how many more it made.
    "par_more": N_("The Coach scored %(honor)s Honor: %(more)s more than you. See where "
                   "below."),
    "par_working": N_("The Coach's score is being worked out…"),
}


PAPER: dict[str, Text] = {
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
}


PLAY: dict[str, Text] = {
    "live": N_("● Live"),
    "reconnecting": N_("Reconnecting…"),
    "wait_roll": N_("Waiting for the host to roll."),
    # Translators: %(done)s heroes of %(n)s are done with this round.
    # The plural follows %(n)s, the heroes in the game (1 of 5 heroes):
    # say it so that %(done)s needs no plural.
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
    # Translators: under the hero's place while the host has not finished the game.
    "not_final_game": N_("Not final yet: the host has not finished the game."),
    # Translators: under the hero's place while paper sheets may still be entered.
    "not_final_paper": N_("Not final yet: paper sheets can still come in."),
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
}

# paper_marks.js: a paper sheet entered by its marks, and the play that draws them.
MARKS_PAGE: dict[str, Text] = {
    # Translators: %(status)s is an HTTP status number, as 502.
    "server_said": N_("The server said %(status)s."),
    # Translators: %(n)s of the round's %(count)s dice are written in the ROUNDS box.
    "half_round": N_("Round %(round)s of the ROUNDS box has %(n)s of its %(count)s dice: write "
                     "them all, or clear it."),
    # Translators: a die of the play found: its place in the tray and its number.
    "die_a": N_("die %(die)s (a %(number)s)"),
    # Translators: a Wild die of the play found, and the number it stood for.
    "wild_as": N_("a Wild die as a %(number)s"),
    "wild_die": N_("a Wild die"),
    # Translators: %(what)s is a die, as "die 2 (a 5)"; %(place)s a location's name.
    "w_moved": N_("%(what)s: moved to %(place)s"),
    # Translators: %(what)s is a die, as "die 2 (a 5)"; %(place)s a location's name.
    "w_teleported": N_("%(what)s: moved to %(place)s (Teleport)"),
    # Translators: %(what)s is a die, as "die 2 (a 5)"; %(place)s a location's name.
    "w_helped": N_("%(what)s: helped at %(place)s"),
    # Translators: %(what)s is a die, as "die 2 (a 5)"; %(place)s a location's name.
    "w_robot": N_("%(what)s: defeated a Robot Minion at %(place)s"),
    # Translators: %(what)s is a die, as "die 2 (a 5)".
    "w_power": N_("%(what)s: changed by the superpower"),
    # Translators: %(what)s is a die, as "die 2 (a 5)".
    "w_unused": N_("%(what)s: not used"),
    # Translators: a round of the play found: %(dice)s as "1 4 4 2"; %(parts)s what each
    # die did, as "die 1 (a 1): moved to City Hall; die 2 (a 4): not used".
    "w_round": N_("Round %(round)s (%(dice)s): %(parts)s."),
    "checked": N_("Checked: a legal play over this game's rolls draws exactly your marks."),
    "not_decided": N_("The check could not decide in time."),
    "compare_first": N_("Compare these marks with the paper sheet before you approve it."),
    "host_compares": N_("The host will compare your marks with your sheet."),
    "received": N_("Sheet received."),
    # Translators: %(honor)s is the sheet's score, %(rank)s its place among %(n)s heroes.
    "honor_rank": Np_("%(honor)s Honor, rank %(rank)s of %(n)s hero.",
                      "%(honor)s Honor, rank %(rank)s of %(n)s heroes."),
    # Translators: %(honor)s is the score of a sheet the host has not approved yet.
    "honor_no_place": N_("%(honor)s Honor, no place until the host approves it."),
    "host_approved": N_("Approved by the host."),
    "waiting_approval": N_("Waiting for the host to approve it."),
    "checking_marks": N_("Checking your marks against the rolls…"),
    "entering_for": N_("Entering the sheet of %(name)s."),
    "your_sheet_name": N_("Your sheet, %(name)s."),
}
