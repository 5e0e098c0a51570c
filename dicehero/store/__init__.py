"""Storage: SQLAlchemy models, the append-only event log, and the games built on it.

Arrows point one way: web -> store -> engine. Nothing here imports Flask.
"""

from dicehero.store.db import Store, StoredEvent
from dicehero.store.errors import Refusal, StoreError
from dicehero.store.games import Games

__all__ = ["Games", "Refusal", "Store", "StoreError", "StoredEvent"]
