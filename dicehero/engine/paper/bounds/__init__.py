"""The bounds of the witness search: counts that prove a state cannot lead to the drawing.

**The contract.** Each bound is a pure function of what is left to draw and what is left
to draw it with; it may say "this state cannot lead to the drawing" only when no legal
play from the state draws it. So a bound **never prunes a state on a real play's path**:
every state a real game passes through, the drawing being that game's own last sheet,
passes every bound (tested over the games of the random, greedy and par bots). A bound
may let through states that lead nowhere (the search then finds that out the long way);
it must never refuse one that leads somewhere. The search (:mod:`..search`) is free to
ask them in any order, or not at all.

* :mod:`.dice`: **dice short** (:func:`dice_to_spare`: one die per mark still to make and
  per move to a location with work) and **dead dice** (:func:`lost_dice`: dice of this
  round that nothing can use);
* :mod:`.numbers`: **numbers short** (:func:`numbers_short`: the dice left hold too few
  of a number, and Wild dice and superpower uses cannot make the difference) and
  **made-up numbers** (:func:`made_up_numbers`: a track's numbers need dice of rounds in
  the track's order; :func:`short_of_numbers` asks it of a whole game before a search);
* :mod:`.route`: **route** (:func:`fewest_made_up` over :func:`stay_lacks`: the hero stays
  at each location with work in some order, and its numbers come from the rounds of its
  stay; a track's, in its order: :func:`track_lacks`);
* :mod:`.tiling`: **tiling** (:func:`tiles`: with no die to spare, the stays take the dice
  left in turn).
"""

from dicehero.engine.paper.bounds.dice import dice_to_spare, lost_dice
from dicehero.engine.paper.bounds.numbers import (
    deficit,
    made_up,
    made_up_numbers,
    missing_numbers,
    numbers_short,
    short_of_numbers,
    unmatched,
    unmatched_after,
    unmatched_by_round,
    unmatched_with,
)
from dicehero.engine.paper.bounds.route import (
    fewest_made_up,
    stay_lacks,
    track_lacks,
)
from dicehero.engine.paper.bounds.tiling import tiles

__all__ = [
    "deficit", "dice_to_spare", "fewest_made_up", "lost_dice", "made_up", "made_up_numbers",
    "missing_numbers", "numbers_short", "short_of_numbers", "stay_lacks", "tiles", "track_lacks",
    "unmatched", "unmatched_after", "unmatched_by_round", "unmatched_with",
]
