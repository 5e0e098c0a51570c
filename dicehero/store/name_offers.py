"""The names a generated-names game offers each phone, and the join that takes one.

In a game with "names from the generator" on, a phone (its device cookie) is offered
``OFFERS`` names made in the game's language (store/name_maker.py) and joins with one of
them, never with a name of its own: not from the page, not through the API. Offers are
kept per device (a phone that reloads sees the same ones) and are unique in the game, so
two phones are never offered the same name, and a name a hero has is never offered. When
the phone joins, its offers are freed.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from dicehero.i18n import N_
from dicehero.store.access import GameAccess
from dicehero.store.errors import Refusal, StoreError
from dicehero.store.fields import hash_secret, normalise_code, only
from dicehero.store.models import Game, NameOffer, Player
from dicehero.store.name_maker import fresh_names
from dicehero.store.names import check_distinct

OFFERS = 3


def _not_offered() -> StoreError:
    return StoreError(Refusal.REFUSED, "name_not_offered",
                      N_("This game's hero names come from the generator: pick one of the "
                         "names shown on the game's page."))


def take_offered(s: Session, game: Game, device_hash: str | None, name: str) -> None:
    """Refuse a join whose ``name`` was not offered to this device (422); free the device's
    offers once it joins."""
    if device_hash is None or s.scalar(select(NameOffer.id).where(
            NameOffer.game_id == game.id, NameOffer.device_hash == device_hash,
            NameOffer.name == name)) is None:
        raise _not_offered()
    s.execute(delete(NameOffer).where(NameOffer.game_id == game.id,
                                      NameOffer.device_hash == device_hash))


class NameOfferDesk(GameAccess):
    """Generated names offered to the phones of a game."""

    def name_offers(self, code: str, device: str | None,
                    body: dict[str, Any] | None = None) -> dict[str, Any]:
        """The names this device may join with (``names``: empty when the game's heroes
        type their own, ``generated_names`` false); made and kept on first asking."""
        only(body or {})
        def work(s: Session) -> dict[str, Any]:
            game = self._game(s, code, lock=True)
            if not game.generated_names:
                return {"generated_names": False, "names": []}
            if device is None:
                raise _not_offered()
            device_hash = hash_secret(device)
            heroes = list(s.scalars(select(Player.name).where(Player.game_id == game.id,
                                                              Player.removed.is_(False))))
            mine: list[str] = []
            for offer in s.scalars(select(NameOffer).where(
                    NameOffer.game_id == game.id, NameOffer.device_hash == device_hash)):
                try:  # a host may have written in a paper hero with this name since
                    check_distinct(offer.name, heroes)
                    mine.append(offer.name)
                except StoreError:
                    s.delete(offer)
            if len(mine) < OFFERS:
                offered = s.scalars(select(NameOffer.name).where(NameOffer.game_id == game.id))
                new = fresh_names(game.language or "en", OFFERS - len(mine),
                                  [*heroes, *offered], game.name_words or ())
                s.add_all(NameOffer(game_id=game.id, device_hash=device_hash, name=n)
                          for n in new)
                mine += new
            return {"generated_names": True, "names": mine}

        return self.store.write(normalise_code(code), work)
