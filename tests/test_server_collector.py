"""A server process's garbage collector (issue 26.2: never paused; 26.6: a roll's pushed
sheets spent 40% of their CPU in it with CPython's defaults)."""

from __future__ import annotations

import json
import subprocess
import sys

SETTLE = """
import gc, json
from dicehero.web import create_app
from dicehero.web.collector import YOUNG
create_app({"TESTING": True, "DATABASE_URL": "sqlite://"})
before = gc.get_freeze_count()
%s
print(json.dumps({"enabled": gc.isenabled(), "young": gc.get_threshold()[0],
                  "YOUNG": YOUNG, "frozen_before": before, "frozen": gc.get_freeze_count()}))
"""
BY_SERVE = "from dicehero.web.collector import settle; settle()"
BY_GUNICORN = "from dicehero.web.gunicorn_conf import post_worker_init; post_worker_init(None)"


def settled(how: str = BY_SERVE) -> dict:
    out = subprocess.run([sys.executable, "-c", SETTLE % how], capture_output=True, text=True,
                         check=True, timeout=120).stdout
    return json.loads(out.strip().splitlines()[-1])


def test_a_settled_server_keeps_its_garbage_collector_on():
    assert settled()["enabled"]


def test_a_settled_server_collects_young_objects_less_often():
    got = settled()
    assert got["young"] == got["YOUNG"] > 700


def test_a_settled_server_freezes_what_it_holds_at_start():
    got = settled()
    assert got["frozen_before"] == 0 and got["frozen"] > 10_000


def test_each_gunicorn_worker_settles_once_its_app_is_made():
    got = settled(BY_GUNICORN)
    assert got["enabled"] and got["young"] == got["YOUNG"] and got["frozen"] > 10_000
