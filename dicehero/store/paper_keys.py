"""A paper hero's key: their own way in to enter their sheet, that needs no projector.

The key is derived, not drawn at random, so that the server can print it on the hero's
own sheet as a QR code and show it to the host again, as often as asked, without keeping
it: an HMAC of the hero's id and key round, keyed by the game's host secret hash (kept
in the database, never sent to anyone). Renewing the key counts the round up and stores
the new key's hash: the old key no longer works. Whoever can read the database can work
the keys out, as they could rewrite any sheet there.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

from dicehero.store.fields import hash_secret
from dicehero.store.models import Game, Player


def paper_key(game: Game, player: Player) -> str:
    """The hero's key for their current round (43 URL-safe characters, 256 bits)."""
    mac = hmac.new(game.host_secret_hash.encode("ascii"),
                   f"paper-key:{player.id}:{player.key_round}".encode("ascii"), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()).rstrip(b"=").decode("ascii")


def holds_derived_key(game: Game, player: Player) -> bool:
    """Whether the hero's stored secret is their derived key (paper heroes written in
    before keys were derived hold a random one until the host shows their link)."""
    return hmac.compare_digest(hash_secret(paper_key(game, player)), player.secret_hash)


def paper_path(code: str, player: Player, key: str) -> str:
    """The hero's own page for entering their sheet, the key after ``#`` (never sent in a
    request line, so never in a server's log)."""
    return f"/paper/{code}#hero={player.id}&key={key}"
