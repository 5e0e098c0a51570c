"""A paper sheet accepted as "being checked" is checked even if the server is killed
before its verdict (issue 26.2: nothing accepted is lost): a real ``dicehero serve``
killed with SIGKILL while the check is in the worker pool, then started again."""

from __future__ import annotations

import sqlite3
import time

import pytest
from liveserver import Server, create_game

pytestmark = pytest.mark.slow

VERDICT_WAIT = 300  # seconds at most for the check's verdict (a hard sheet on a loaded machine)


def _hard_paper_sheet(server: Server) -> tuple[str, int, str, dict]:
    """A game on the dice of witnesskit's greedy game 7, whose sheet takes the witness
    search seconds of CPU: ``(code, paper hero, their secret, the marks)``."""
    from witnesskit import bot_game

    from dicehero.editions import load_edition
    from dicehero.engine.bots import GreedyBot

    played, paper = bot_game(load_edition("classic"), 7, GreedyBot)
    code, host = create_game(server)
    status, pen = server.call("POST", f"/api/games/{code}/players",
                              {"name": "Pen", "paper": True}, host)
    assert status == 201, pen
    assert server.call("POST", f"/api/games/{code}/offer",
                       {"choices": list(played.offer)}, host)[0] == 200
    for dice in played.rolls:
        assert server.call("POST", f"/api/games/{code}/rolls", {"dice": dice}, host)[0] == 201
    return code, pen["player"]["id"], pen["secret"], paper.to_dict()


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
        code, pen, secret, marks = _hard_paper_sheet(server)
        sheet = f"/api/games/{code}/players/{pen}/paper"
        status, reply = server.call("PUT", sheet, {"marks": marks}, secret)
        assert (status, reply["checking"]) == (202, {"status": "checking"}), reply
        server.kill()
    finally:
        server.stop()
    assert _waiting_checks(instance) == [pen]  # killed before its verdict: kept

    again = Server(instance).start()
    try:
        deadline = time.monotonic() + VERDICT_WAIT
        while True:
            status, reply = again.call("GET", sheet, None, secret)
            assert status == 200, reply
            if reply["checking"] != {"status": "checking"} or time.monotonic() > deadline:
                break
            time.sleep(0.5)
        assert reply["checking"] is None and reply["paper"]["check"] == "verified", reply
        assert _waiting_checks(instance) == []
    finally:
        again.stop()
