"""What a flood-limit check costs per request: the ``limits`` library, in memory and in Redis.

    .venv/bin/python bench/bench_limits.py [--redis redis://127.0.0.1:6379/0]

Times ``Limiter.wait`` for one action (two windows: 120 in 10 s, 1,200 a minute) over
1,000 players taking turns, the way a burst of a class arrives, and prints the
median of five runs in microseconds per check.
"""

from __future__ import annotations

import argparse
import statistics
import time
import uuid

from limits.storage import MemoryStorage, storage_from_string

from dicehero.web.guard import DEFAULT_LIMITS, Limiter


def per_check(limiter: Limiter, n: int = 20_000) -> float:
    """Microseconds per check, for ``n`` checks over 1,000 keys."""
    run = uuid.uuid4().hex[:8]  # fresh keys in a shared Redis
    t = time.perf_counter()
    for i in range(n):
        limiter.wait("action", run, i % 1000, "secret")
    return (time.perf_counter() - t) / n * 1e6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--redis", default="redis://127.0.0.1:6379/0")
    args = ap.parse_args()
    limits = {"action": DEFAULT_LIMITS["action"]}
    memory = [per_check(Limiter(limits, MemoryStorage())) for _ in range(5)]
    print(f"limits, in memory: {statistics.median(memory):6.1f} us per check (median of 5)")
    try:
        redis = [per_check(Limiter(limits, storage_from_string(args.redis)), 2_000)
                 for _ in range(5)]
        print(f"limits, in Redis:  {statistics.median(redis):6.1f} us per check (median of 5)")
    except Exception as e:  # no Redis here: say so
        print(f"limits, in Redis:  not measured ({type(e).__name__}: {e})")


if __name__ == "__main__":
    main()
