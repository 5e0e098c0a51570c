"""The projector's and Host tools' words (host.js, host_results.js, host_print.js)."""

from __future__ import annotations

from dicehero.web.js_text.marks import N_, Np_, Text

HOST: dict[str, Text] = {
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
    # Translators: %(round)s is the round just played; %(honor)s the Coach's score.
    "par_after": N_("Coach after round %(round)s: %(honor)s Honor"),
    "par_working": N_("The Coach's score is being worked out…"),
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
    "password_set": N_("Phones now need the room's password to join."),
    "password_none": N_("Phones join without a password."),
    # Translators: %(name)s is a hero's name.
    "banned": N_("%(name)s was removed and cannot join this game again."),
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
    "par_moved": N_("Coach moved to %(place)s"),
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
    "par_row": N_("Coach (a robot, not a hero)"),
    # Translators: in the rank column, the Coach's row.
    "bot": N_("bot"),
    # Translators: %(honor)s Honor from %(n)s Bystanders or Minions.
    "honor_count": N_("%(honor)s (%(n)s)"),
    "none_beat": N_("no hero beat the Coach"),
    # Translators: %(n)s heroes scored more than the Coach.
    "n_beat": Np_("%(n)s hero beat the Coach", "%(n)s heroes beat the Coach"),
    # Translators: %(honor)s is the Coach's score; %(beat)s how many heroes beat it.
    "par_result": N_("Coach %(honor)s: %(beat)s"),
    # Translators: %(tied)s heroes scored the same as the Coach.
    "par_result_tied": N_("Coach %(honor)s: %(beat)s (%(tied)s tied)"),
    "final_scores": N_("Final scores"),
    "scores_so_far": N_("Scores so far (provisional)"),
    "scores_final": N_("Paper entry is closed: these scores are final."),
    # Translators: %(n)s paper sheets wait for the host to check them.
    "sheets_wait": Np_("Provisional: %(n)s paper sheet waits for you to check it against "
                       "the paper.",
                       "Provisional: %(n)s paper sheets wait for you to check them against "
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
    # Translators: %(n)s is the host's delay of the stream overlay, in seconds.
    "overlay_delay_set": Np_("The overlay shows the game %(n)s second late.",
                             "The overlay shows the game %(n)s seconds late."),
    "overlay_at_once": N_("The overlay shows the game as it happens."),
    "cohost_link": N_("Co-host link"),
    # Translators: %(link)s is the address of the host's own hero's page.
    "hero_link": N_("Your hero's sheet is below; on your phone, open (never on screen): "
                    "%(link)s"),
    # Translators: %(link)s is the address of the co-host's page.
    "cohost_give": N_("Give it only to your co-host, never on screen: they can remove, ban "
                      "and rename heroes, approve paper sheets and lock the list, but not "
                      "roll, type dice or end the game. %(link)s"),
    # Translators: %(link)s is the address of the co-host's page.
    "cohost_renewed": N_("A new co-host link: the old one no longer works. %(link)s"),
    "cohost_here": N_("You are a co-host: you can remove, ban and rename heroes, approve "
                      "paper sheets and lock the list."),
}

# The stream overlay (overlay.js) says only what the projector says, in the same words.
OVERLAY: dict[str, Text] = {key: HOST[key] for key in (
    "round_of", "game_over", "waiting_joined", "the_dice", "no_dice_yet", "standings_after",
    "honor")}
