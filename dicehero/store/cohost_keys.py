"""The co-host's key: the link the host shares with a helper who moderates (never
projected), derived as a paper hero's key is (store/paper_keys.py): an HMAC of the link's
round keyed by the game's host secret hash, so the host can be shown it again as often as
asked without the server keeping it. Renewing counts the round up: the old link dies."""

from __future__ import annotations

import base64
import hashlib
import hmac

from dicehero.store.models import Game


def cohost_key(game: Game) -> str | None:
    """The co-host key of the game's current link round; None before the host shared one."""
    if not game.cohost_round:
        return None
    mac = hmac.new(game.host_secret_hash.encode("ascii"),
                   f"cohost-key:{game.cohost_round}".encode("ascii"), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()).rstrip(b"=").decode("ascii")


def cohost_path(code: str, key: str) -> str:
    """The co-host's page: the host page, the key after ``#`` (never in a server's log)."""
    return f"/host/{code}#cohost={key}"
