"""What a flood-limit check costs per request: in this process (dicehero.web.windows), the
``limits`` library's memory storage, and Redis.

    .venv/bin/python bench/bench_limits.py [--redis redis://127.0.0.1:6379/0]

Times ``Limiter.wait`` for one action (two windows: 120 in 10 s, 1,200 a minute) over
1,000 players taking turns, the way a burst of a class arrives, and prints the
median of five runs in microseconds per check, wall and CPU: the library's memory storage
also runs a timer every 10 ms walking every key (in a thread here; on the server's event
loop under gevent), which the CPU of the whole process counts.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
import uuid

from limits.storage import MemoryStorage, storage_from_string

from dicehero.web.guard import DEFAULT_LIMITS, Limiter


def per_check(limiter: Limiter, n: int = 20_000) -> tuple[float, float]:
    """Microseconds per check (wall, CPU of the process), for ``n`` checks over 1,000 keys."""
    run = uuid.uuid4().hex[:8]  # fresh keys in a shared Redis
    t, cpu = time.perf_counter(), time.process_time()
    for i in range(n):
        limiter.wait("action", run, i % 1000, "secret")
    return ((time.perf_counter() - t) / n * 1e6, (time.process_time() - cpu) / n * 1e6)


def _say(what: str, runs: list[tuple[float, float]]) -> None:
    wall = statistics.median(r[0] for r in runs)
    cpu = statistics.median(r[1] for r in runs)
    print(f"{what:28s} {wall:6.1f} us per check, CPU {cpu:6.1f} us (median of 5)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--redis", default="redis://127.0.0.1:6379/0")
    args = ap.parse_args()
    limits = {"action": DEFAULT_LIMITS["action"]}
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    _say("in this process (windows)", [per_check(Limiter(limits)) for _ in range(5)])
    _say("limits' MemoryStorage", [per_check(Limiter(limits, MemoryStorage()))
                                   for _ in range(5)])
    try:
        _say("limits, in Redis", [per_check(Limiter(limits, storage_from_string(args.redis)),
                                            2_000) for _ in range(5)])
    except Exception as e:  # no Redis here: say so
        print(f"limits, in Redis: not measured ({type(e).__name__}: {e})")


if __name__ == "__main__":
    main()
