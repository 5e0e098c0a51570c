"""The class's decision map: how long a host screen waits for it between rounds.

A 100-hero game (bots, half greedy, half random) is played through the API on SQLite,
with the bots' own dice typed in by the host; then round 1's and round 10's maps and the
CSV of all ten rounds are timed (medians of several requests).

    .venv/bin/python bench/bench_decisions.py [--heroes 100]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from typing import Any

from dicehero.editions import load_edition
from dicehero.engine.bots import GreedyBot, RandomBot
from dicehero.engine.simulation import play_game
from dicehero.web import create_app


def _played(client: Any, heroes: int) -> str:
    """A whole game of ``heroes`` bots, sent through the API; its code."""
    bots = [(GreedyBot if i % 2 else RandomBot)(random.Random(i)) for i in range(heroes)]
    log = play_game(load_edition("classic"), bots, 7).to_log()
    game = client.post("/api/games", json={}).json
    code, host = game["code"], {"Authorization": "Bearer " + game["host_secret"]}
    players = []
    for i, p in enumerate(log["players"]):
        joined = client.post(f"/api/games/{code}/players", json={"name": f"Hero {i}"}).json
        players.append((joined["player"]["id"], joined["secret"], p))
    client.post(f"/api/games/{code}/offer", json={"choices": list(log["superpower_offer"])},
                headers=host)
    key = 0
    for number, dice in enumerate(log["rolls"], start=1):
        client.post(f"/api/games/{code}/rolls", json={"dice": dice, "number": number,
                                                      "go_on": True}, headers=host)
        for pid, secret, p in players:
            chose = [{"type": "choose", "superpower": p["superpower"]}] if number == 1 else []
            for action in chose + p["rounds"][number - 1]:
                key += 1
                r = client.post(f"/api/games/{code}/players/{pid}/actions",
                                json={"action": action, "roll": number,
                                      "idempotency_key": f"k{key}"},
                                headers={"Authorization": "Bearer " + secret})
                assert r.status_code == 200, r.json
    return code


def _median_ms(client: Any, url: str, runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        assert client.get(url).status_code == 200
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def main() -> None:
    """Play the game once, then time the maps."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--heroes", type=int, default=100)
    args = parser.parse_args()
    folder = tempfile.mkdtemp()
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite",
                      "RATE_LIMITS": {}})
    client = app.test_client()
    code = _played(client, args.heroes)
    for number in (1, 10):
        ms = _median_ms(client, f"/api/games/{code}/rounds/{number}/decisions")
        print(f"round {number:>2} map, {args.heroes} heroes: median {ms:.1f} ms")
    ms = _median_ms(client, f"/api/games/{code}/decisions.csv", runs=5)
    print(f"CSV of all 10 rounds, {args.heroes} heroes: median {ms:.1f} ms")


if __name__ == "__main__":
    main()
