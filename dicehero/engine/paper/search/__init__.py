"""The witness search (see :mod:`dicehero.engine.paper.witness` for what it promises).

* :mod:`.settings`: its knobs (:class:`Settings`), passed to ``find_witness``;
* :mod:`.reading`: what it reads off the drawing, the rolls and a state;
* :mod:`.pruning`: the bounds of :mod:`dicehero.engine.paper.bounds` asked of its states
  (:class:`Pruning`, whose :meth:`~Pruning.refusals` the tests walk real play through);
* :mod:`.steps`: the steps of a stay it tries;
* :mod:`.order`: the order a tight round's endings are tried in;
* :mod:`.dominance`: a state that beats another can do whatever the other can;
* :mod:`.core`: the search itself, round by round, in passes of growing length;
* :mod:`.failure`: the nearest point of failure in plain words.
"""

from dicehero.engine.paper.search.dominance import Failures, beats, unbeaten
from dicehero.engine.paper.search.pruning import BOUNDS, Pruning
from dicehero.engine.paper.search.settings import DEFAULT, Settings

__all__ = ["BOUNDS", "DEFAULT", "Failures", "Pruning", "Settings", "beats", "unbeaten"]
