"""Everything a live game can do, each write one transaction of the event log.

Each public method takes the caller's bearer secret, checks who they are,
validates the request (the engine checks every action), appends to the log
and its events, and returns JSON-ready data. A refusal raises
:class:`StoreError` (or the engine's :class:`ActionError`) before anything is
written.

:class:`Games` is assembled from one desk per concern, each in its own module:

========================  ================================================================
``access.py``             finding games and players, whose a secret is, folds, leaderboard
``players.py``            join, rename, remove, lock the list, whoami, doodles
``bans.py``               ban a hero's device (and address), the bans, lifting one
``room.py``               the room's password, "stream" games that keep their code back
``name_offers.py``        names from the generator offered to each phone (``name_maker.py``)
``hero_settings.py``      a hero's extra time and screen settings; ranks only at the end
``rounds.py``             create, the superpower offer, a roll, the timer, the end
``actions.py``            a hero's action against a roll; the hero's sheet
``paper_desk.py``         paper sheets: entered, checked, approved, closed
``marks_desk.py``         paper sheets sent as drawn: checked in the worker pool
                          (``work_pool.py``, ``witness_job.py``), the verdict an event
``exports.py``            state, scores, JSON and CSV exports, the printed roster
``places.py``             a hero's own place, from each game's kept ranking
                          (``standings.py``)
``decision_map.py``       what the class did with each die of a round
``overlay.py``            the stream overlay's view of a game, and its delay
``cohosts.py``            the co-host link (moderation steps: ``moderation.py``)
``host_hero.py``          the host plays along: the host's own hero
``par_desk.py``           par: the bot's play on the class's dice, worked out off the
                          request path (``par_work.py``, ``par_jobs.py``)
========================  ================================================================
"""

from __future__ import annotations

from dicehero.store.actions import KEY_MAX, ActionDesk
from dicehero.store.bans import BanDesk
from dicehero.store.cohosts import CohostDesk
from dicehero.store.decision_map import DecisionDesk
from dicehero.store.exports import ExportDesk
from dicehero.store.hero_settings import SettingsDesk
from dicehero.store.host_hero import HostHeroDesk
from dicehero.store.marks_desk import MarksDesk
from dicehero.store.name_offers import NameOfferDesk
from dicehero.store.overlay import OverlayDesk
from dicehero.store.places import PlaceDesk
from dicehero.store.players import PlayerDesk
from dicehero.store.room import RoomDesk
from dicehero.store.rounds import CODE_ALPHABET, CODE_LENGTH, RoundDesk


class Games(HostHeroDesk, PlayerDesk, NameOfferDesk, BanDesk, RoomDesk, RoundDesk, PlaceDesk,
            ActionDesk, MarksDesk, ExportDesk, DecisionDesk, OverlayDesk, CohostDesk, SettingsDesk):
    """The live games on one :class:`~dicehero.store.db.Store`."""


__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "KEY_MAX", "Games"]
