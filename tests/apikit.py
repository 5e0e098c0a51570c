"""Helpers for API tests: a thin client that remembers secrets, and a game in progress."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

_keys = itertools.count(1)


def bearer(secret: str | None) -> dict[str, str]:
    """The Authorization header for a secret."""
    return {"Authorization": f"Bearer {secret}"} if secret else {}


@dataclass
class Game:
    """A created game: its code and host secret, and the players joined through the helper."""

    code: str
    host: str
    players: dict[str, tuple[int, str]] = field(default_factory=dict)  # name -> (id, secret)


class Api:
    """Calls to the JSON API that fail loudly when a step that should work does not."""

    def __init__(self, client: Any) -> None:
        self.client = client

    def create(self, **body: Any) -> Game:
        """A new game (201 expected)."""
        r = self.client.post("/api/games", json=body)
        assert r.status_code == 201, r.json
        return Game(r.json["code"], r.json["host_secret"])

    def join(self, game: Game, name: str) -> int:
        """Join as ``name``; returns the player id (201 expected)."""
        r = self.client.post(f"/api/games/{game.code}/players", json={"name": name})
        assert r.status_code == 201, r.json
        game.players[name] = (r.json["player"]["id"], r.json["secret"])
        return r.json["player"]["id"]

    def roll(self, game: Game, **body: Any) -> dict[str, Any]:
        """The host rolls (201 expected)."""
        r = self.client.post(f"/api/games/{game.code}/rolls", json=body,
                             headers=bearer(game.host))
        assert r.status_code == 201, r.json
        return r.json

    def host_post(self, game: Game, what: str, body: dict | None = None, secret: Any = ...):
        """POST to a host endpoint; returns the response."""
        secret = game.host if secret is ... else secret
        return self.client.post(f"/api/games/{game.code}/{what}", json=body or {},
                                headers=bearer(secret))

    def act_raw(self, game: Game, name: str, action: dict[str, Any], roll: int | None = None,
                key: str | None = None, secret: Any = ...):
        """Send an action for player ``name``; returns the response."""
        pid, own = game.players[name]
        if roll is None:
            roll = self.client.get(f"/api/games/{game.code}").json["roll"]
        body = {"action": action, "roll": roll, "idempotency_key": key or f"k{next(_keys)}"}
        return self.client.post(f"/api/games/{game.code}/players/{pid}/actions", json=body,
                                headers=bearer(own if secret is ... else secret))

    def act(self, game: Game, name: str, action: dict[str, Any], **kw: Any) -> dict[str, Any]:
        """Send an action that must be accepted; returns the reply."""
        r = self.act_raw(game, name, action, **kw)
        assert r.status_code == 200, r.json
        return r.json

    def sheet(self, game: Game, name: str) -> dict[str, Any]:
        """The player's own view of their sheet."""
        pid, own = game.players[name]
        r = self.client.get(f"/api/games/{game.code}/players/{pid}", headers=bearer(own))
        assert r.status_code == 200, r.json
        return r.json["sheet"]

    def state(self, game: Game) -> dict[str, Any]:
        """The public game state."""
        return self.client.get(f"/api/games/{game.code}").json

    def choose_first(self, game: Game, name: str) -> int:
        """Pick the first offered superpower."""
        pick = self.sheet(game, name)["legal"]["choose"][0]
        self.act(game, name, {"type": "choose", "superpower": pick})
        return pick

    def done_all(self, game: Game) -> None:
        """Every joined player says done."""
        for name in game.players:
            self.act(game, name, {"type": "done"})


def error(resp: Any) -> tuple[int, str]:
    """A refusal as ``(status, code)``, after checking it has the one error shape."""
    body = resp.get_json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}, body
    return resp.status_code, body["error"]["code"]
