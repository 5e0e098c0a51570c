"""A paper sheet accepted as "being checked" gets its verdict (issue 26.2: nothing accepted
is lost): from a real ``dicehero serve`` killed with SIGKILL while the check is in the
worker pool, then started again; from ``--workers 2`` on PostgreSQL and Redis."""

from __future__ import annotations

import sqlite3
import time

import pytest
from liveserver import Server, hard_paper_sheet
from pgkit import REDIS_URL, fresh_database, require_services

pytestmark = pytest.mark.slow

VERDICT_WAIT = 300  # seconds at most for the check's verdict (a hard sheet on a loaded machine)


def _verdict(server: Server, sheet: str, secret: str) -> dict:
    """The sheet's reply once it is no longer being checked (or after ``VERDICT_WAIT``)."""
    deadline = time.monotonic() + VERDICT_WAIT
    while True:
        status, reply = server.call("GET", sheet, None, secret)
        assert status == 200, reply
        if reply["checking"] != {"status": "checking"} or time.monotonic() > deadline:
            return reply
        time.sleep(0.5)


def _waiting_checks(instance) -> list[int]:
    with sqlite3.connect(instance / "dicehero.sqlite") as con:
        return [r[0] for r in con.execute("SELECT player_id FROM paper_waits")]


def test_a_sheet_being_checked_when_the_server_is_killed_gets_its_verdict_after_restart(
        tmp_path):
    instance = tmp_path / "instance"
    instance.mkdir()
    (instance / "config.py").write_text("RATE_LIMITS = {}\nPAPER_ANSWER_SECONDS = 0\n")
    server = Server(instance).start()
    try:
        code, pen, secret, marks = hard_paper_sheet(server)
        sheet = f"/api/games/{code}/players/{pen}/paper"
        status, reply = server.call("PUT", sheet, {"marks": marks}, secret)
        assert (status, reply["checking"]) == (202, {"status": "checking"}), reply
        server.kill()
    finally:
        server.stop()
    assert _waiting_checks(instance) == [pen]  # killed before its verdict: kept

    again = Server(instance).start()
    try:
        reply = _verdict(again, sheet, secret)
        assert reply["checking"] is None and reply["paper"]["check"] == "verified", reply
        assert _waiting_checks(instance) == []
    finally:
        again.stop()


@pytest.mark.services
def test_a_hard_sheet_sent_to_two_gunicorn_workers_gets_its_verdict(tmp_path):
    require_services()
    instance = tmp_path / "instance"
    instance.mkdir()
    (instance / "config.py").write_text("RATE_LIMITS = {}\nPAPER_ANSWER_SECONDS = 0\n")
    with fresh_database() as url:
        server = Server(instance, args=("--workers", "2"),
                        env={"DATABASE_URL": url, "REDIS_URL": REDIS_URL}).start()
        try:
            code, pen, secret, marks = hard_paper_sheet(server)
            sheet = f"/api/games/{code}/players/{pen}/paper"
            status, reply = server.call("PUT", sheet, {"marks": marks}, secret)
            assert (status, reply["checking"]) == (202, {"status": "checking"}), reply
            reply = _verdict(server, sheet, secret)  # read through either worker
            assert reply["checking"] is None and reply["paper"]["check"] == "verified", reply
        finally:
            server.stop()
