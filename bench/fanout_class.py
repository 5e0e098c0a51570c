"""The class of ``bench_fanout``: N real heroes written into a served game's database.

Each hero is a row of the game, with its own secret and its superpower chosen, as N joins
and choices would leave them. With ``played`` rounds, the host has rolled that many times
and every hero has played each round by a random bot of its own (its actions written as the
store keeps them), so the sheets differ as a real class's do by then: a sheet's legal
places are worked out per situation (``rules._kept_uses``), and blank sheets all share one.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from typing import Any

from liveserver import Server, request

from dicehero.editions import load_edition
from dicehero.engine.actions import Action
from dicehero.engine.bots import RandomBot
from dicehero.engine.replay import Replay
from dicehero.engine.state import new_sheet

OFFER = [1, 2]


def class_of(server: Server, n: int, played: int = 0) -> tuple[str, str, list[tuple[int, str]]]:
    """A game with ``n`` heroes written into its database; their (id, secret)s."""
    from sqlalchemy import create_engine, insert, select

    from dicehero.store.db import normalise_url
    from dicehero.store.models import ActionRow, Game, Player

    _status, game = request(server.port, "POST", "/api/games", {})
    code, host = game["code"], game["host_secret"]
    request(server.port, "POST", f"/api/games/{code}/offer", {"choices": OFFER}, host)
    keys = [secrets.token_urlsafe(32) for _ in range(n)]
    engine = create_engine(normalise_url(server.env.get("DATABASE_URL")
                                         or f"sqlite:///{server.instance / 'dicehero.sqlite'}"))
    with engine.begin() as conn:
        game_id = conn.scalar(select(Game.id).where(Game.code == code))
        conn.execute(insert(Player), [
            {"game_id": game_id, "name": f"Hero {i}", "joined_roll": 0, "done_roll": 0,
             "secret_hash": hashlib.sha256(k.encode()).hexdigest()} for i, k in enumerate(keys)])
        ids = list(conn.scalars(select(Player.id).where(Player.game_id == game_id)
                                .order_by(Player.id)))
        # Each has chosen their superpower, as a phone does first: a sheet without one has no
        # legal places to work out, and its view costs a third of a real one's.
        chosen = [Action("choose", superpower=OFFER[i % 2]) for i in range(n)]
        conn.execute(insert(ActionRow), [
            {"game_id": game_id, "player_id": pid, "roll": 0, "idempotency_key": "choose",
             "action": a.to_dict()} for pid, a in zip(ids, chosen, strict=True)])
    if played:
        _play(server, engine, (code, host, game_id), ids, chosen, played)
    engine.dispose()
    return code, host, list(zip(ids, keys, strict=True))


def _play(server: Server, engine: Any, game: tuple[str, str, int], ids: list[int],
          chosen: list[Action], rounds: int) -> None:
    """``rounds`` rolls, each played by every hero's random bot before the next; nobody
    presses Done (the host goes on without them), so no hero's row needs changing."""
    from sqlalchemy import insert, select

    from dicehero.store.models import ActionRow, Roll

    code, host, game_id = game
    edition = load_edition("classic")
    replays = [Replay(new_sheet(edition, OFFER), f"Hero {i}") for i in range(len(ids))]
    bots = [RandomBot(random.Random(i)) for i in range(len(ids))]
    for replay, choice in zip(replays, chosen, strict=True):
        replay.act(choice)
    for number in range(1, rounds + 1):
        status, _ = request(server.port, "POST", f"/api/games/{code}/rolls",
                            {"go_on": number > 1}, host)
        assert status in (200, 201), status
        with engine.begin() as conn:
            dice = conn.scalar(select(Roll.dice).where(Roll.game_id == game_id,
                                                       Roll.number == number))
            rows = []
            for pid, replay, bot in zip(ids, replays, bots, strict=True):
                actions = [a for a in bot.play_round(replay.roll(dice)) if a.type != "done"]
                replay.play(actions)
                rows += [{"game_id": game_id, "player_id": pid, "roll": number,
                          "idempotency_key": f"r{number}.{j}", "action": a.to_dict()}
                         for j, a in enumerate(actions)]
            if rows:
                conn.execute(insert(ActionRow), rows)
