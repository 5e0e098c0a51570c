"""Paper sheets: the marks drawn on one, the entry page that re-enacts one, and the
witness search that verifies one from its marks alone.

The public interface, for the store, the web and the tests:

* :mod:`~dicehero.engine.paper.marks`: :class:`PaperMarks` (a sheet as drawn),
  :func:`parse_marks`, :func:`check_drawn` and :func:`check_location` (the quick checks
  of each location's rule and the ticks), :func:`erased` (ink does not come off);
* :mod:`~dicehero.engine.paper.entry`: the entry page's steps and what may no longer
  change;
* :func:`find_witness`: a legal play over the game's rolls that draws exactly the
  marks, or why there is none (:func:`precheck`: the refusals that need no search;
  :func:`collector_paused` for a process that only searches); its :class:`Verdict`
  (``verified``, ``impossible`` or ``undecided``) and the marks the player
  :class:`Sent` before; its knobs, in one :class:`Settings`;
* :mod:`~dicehero.engine.paper.bounds`: the bounds that prune the search, pure functions
  that never refuse a state on a real play's path;
* :mod:`~dicehero.engine.paper.search`: the search itself, free to tune.
"""

from dicehero.engine.paper.marks import (
    PaperMarks,
    check_drawn,
    check_location,
    erased,
    parse_marks,
)
from dicehero.engine.paper.search.settings import Settings
from dicehero.engine.paper.verdict import IMPOSSIBLE, UNDECIDED, VERIFIED, Sent, Verdict
from dicehero.engine.paper.witness import collector_paused, find_witness, precheck

__all__ = [
    "IMPOSSIBLE", "UNDECIDED", "VERIFIED", "PaperMarks", "Sent", "Settings", "Verdict",
    "check_drawn", "check_location", "collector_paused", "erased", "find_witness",
    "parse_marks", "precheck",
]
