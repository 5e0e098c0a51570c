"""What a round costs the server as the class grows: a hero's Done, and the host's roll.

For each class size a game is made through the API in-process (SQLite, no HTTP), the
heroes join, round 1 is rolled; then ``--dones`` heroes press Done one after the other
and the host rolls round 2 (``go_on``, the rest still playing). Prints the CPU per Done
and per roll (this process's CPU time, medians of the Dones); a Done or a roll that
costs the same at 2,000 heroes as at 200 is linear over a round.

    .venv/bin/python bench/bench_rounds.py [--heroes 200 2000] [--dones 100]

Run it with ``PYTHONPATH=<an older checkout>`` to measure that checkout's store.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time

import dicehero
from dicehero.web import create_app


def one_class(heroes: int, dones: int) -> tuple[float, float]:
    """The median CPU ms of a Done and the CPU ms of the next roll, for ``heroes`` heroes."""
    folder = tempfile.mkdtemp()
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite",
                      "RATE_LIMITS": {}, "MAX_PLAYERS": heroes + 10})
    client = app.test_client()
    game = client.post("/api/games", json={}).json
    code, host = game["code"], {"Authorization": "Bearer " + game["host_secret"]}
    client.post(f"/api/games/{code}/offer", json={"choices": [1, 2]}, headers=host)
    players = []
    for i in range(heroes):
        r = client.post(f"/api/games/{code}/players", json={"name": f"Hero {i}"})
        assert r.status_code == 201, r.json
        players.append((r.json["player"]["id"], r.json["secret"]))
    assert client.post(f"/api/games/{code}/rolls", json={"dice": [1, 2, 3, 4]},
                       headers=host).status_code == 201
    costs = []
    for pid, secret in players[:dones]:
        started = time.process_time()
        r = client.post(f"/api/games/{code}/players/{pid}/actions",
                        json={"action": {"type": "done"}, "roll": 1, "idempotency_key": "d"},
                        headers={"Authorization": "Bearer " + secret})
        costs.append(time.process_time() - started)
        assert r.status_code == 200, r.json
    started = time.process_time()
    r = client.post(f"/api/games/{code}/rolls", json={"go_on": True}, headers=host)
    roll = time.process_time() - started
    assert r.status_code == 201, r.json
    return statistics.median(costs) * 1000, roll * 1000


def main() -> None:
    """Each class size in turn; one line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--heroes", type=int, nargs="+", default=[200, 2000])
    parser.add_argument("--dones", type=int, default=100)
    args = parser.parse_args()
    print(f"store of {dicehero.__file__.rsplit('/dicehero/', 1)[0]}")
    for heroes in args.heroes:
        done, roll = one_class(heroes, args.dones)
        print(f"{heroes:>6} heroes: a Done {done:.2f} ms CPU (median of {args.dones}), "
              f"the next roll {roll:.1f} ms CPU")


if __name__ == "__main__":
    main()
