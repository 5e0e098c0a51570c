"""Fuzz the API from its OpenAPI document with schemathesis, through the app over WSGI.

Requests are drawn from the document (valid ones, and ones that break it on
purpose), aimed at real games in the lobby and mid-game, sent as the host, the
player, another player, another game's host, a made-up secret or no secret.
Every reply must be documented (status, content type, body schema), never a
5xx, and a refused request (4xx) must leave every stored row, every doodle
file and the event count as they were.

``DICEHERO_FUZZ_EXAMPLES`` sets how many requests (default 1,500, about 30 s);
``DICEHERO_FUZZ_EXAMPLES=20000 pytest tests/test_api_fuzz.py`` is the big run.
"""

from __future__ import annotations

import hashlib
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis import checks
from schemathesis.generation import GenerationMode

from dicehero.editions import available_editions
from dicehero.store.models import Base
from dicehero.web import create_app

EXAMPLES = int(os.environ.get("DICEHERO_FUZZ_EXAMPLES", "1500"))
CHECKS = [checks.not_a_server_error, checks.status_code_conformance,
          checks.content_type_conformance, checks.response_schema_conformance,
          checks.negative_data_rejection]
# These answer a "try" with 200 and the refusal in the body (the page asks whether a tap
# is legal), so a schema-breaking try is rightly "accepted".
TRY_OPS = {"POST /api/solo/state", "POST /api/games/{code}/paper/check"}
LENIENT = [c for c in CHECKS if c is not checks.negative_data_rejection]
ROLES = ("host", "self", "other", "none", "garbage", "foreign_host")
HOST_OPS = {"PATCH /api/games/{code}/players/{player_id}",
            "DELETE /api/games/{code}/players/{player_id}",
            "POST /api/games/{code}/offer", "POST /api/games/{code}/rolls",
            "POST /api/games/{code}/finish", "POST /api/games/{code}/timer",
            "POST /api/games/{code}/players/{player_id}/paper/approve"}
# The routes to a paper sheet are aimed at Pen, the paper hero; the rest at Ada on her phone.
PAPER_OPS = {"GET /api/games/{code}/players/{player_id}/paper",
             "PUT /api/games/{code}/players/{player_id}/paper",
             "POST /api/games/{code}/players/{player_id}/paper/approve"}


def snapshot(app) -> tuple[Any, ...]:
    """Every stored row of every table, and the doodle files: what a refusal must not change."""
    store = app.extensions["dicehero.store"]
    conn = store.engine.raw_connection()
    try:
        cur = conn.cursor()
        tables = tuple((t.name, cur.execute(f"SELECT * FROM {t.name} ORDER BY 1").fetchall())
                       for t in Base.metadata.sorted_tables)
    finally:
        conn.close()
    folder = Path(app.instance_path) / "doodles"
    files = tuple(sorted((p.name, hashlib.sha256(p.read_bytes()).hexdigest())
                         for p in folder.glob("*"))) if folder.exists() else ()
    return tables, files


class World:
    """Two real games the fuzzer aims at, rebuilt when a lucky request ends or empties one."""

    def __init__(self, app) -> None:
        self.client = app.test_client()
        self.games: dict[str, dict[str, Any]] = {}
        self.foreign = self.client.post("/api/games", json={}).json["host_secret"]
        for phase in ("lobby", "playing"):
            self.build(phase)

    def build(self, phase: str) -> None:
        """A game with two phone players, Ada and Bo, and Pen on paper; ``playing``: Ada chose
        and round 1 is rolled."""
        c = self.client
        g = c.post("/api/games", json={}).json
        code, host = g["code"], g["host_secret"]
        players = {}
        for name in ("Ada", "Bo"):
            j = c.post(f"/api/games/{code}/players", json={"name": name}).json
            players[name] = (j["player"]["id"], j["secret"])
        # Pen plays on paper: only the host writes a paper hero in.
        j = c.post(f"/api/games/{code}/players", json={"name": "Pen", "paper": True},
                   headers={"Authorization": f"Bearer {host}"}).json
        players["Pen"] = (j["player"]["id"], j["secret"])
        if phase == "playing":
            auth = {"Authorization": f"Bearer {host}"}
            assert c.post(f"/api/games/{code}/rolls", json={}, headers=auth).status_code == 201
            pid, secret = players["Ada"]
            sheet = c.get(f"/api/games/{code}/players/{pid}",
                          headers={"Authorization": f"Bearer {secret}"}).json["sheet"]
            c.post(f"/api/games/{code}/players/{pid}/actions", json={
                "action": {"type": "choose", "superpower": sheet["legal"]["choose"][0]},
                "roll": 1, "idempotency_key": "setup"},
                headers={"Authorization": f"Bearer {secret}"})
        self.games[phase] = {"code": code, "host": host, "players": players}

    def heal(self) -> None:
        """Rebuild a game that is over or lost Ada or Pen, so requests stay interesting: the
        aimed requests act as one of them, and with the hero gone every one is refused."""
        for phase, g in list(self.games.items()):
            state = self.client.get(f"/api/games/{g['code']}").json
            present = {p["id"] for p in state["players"]}
            heroes = {g["players"][name][0] for name in ("Ada", "Pen")}
            if state["status"] == "over" or not heroes <= present:
                self.build(phase)

    def legal_body(self, phase: str, data: st.DataObject) -> dict[str, Any]:
        """An action body Ada's sheet allows now (so the fuzzer also sees accepted actions)."""
        g = self.games[phase]
        pid, secret = g["players"]["Ada"]
        got = self.client.get(f"/api/games/{g['code']}/players/{pid}?edition=0",
                              headers={"Authorization": f"Bearer {secret}"}).json
        legal = got["sheet"]["legal"]
        choices = [a for per_die in legal["dice"] for a in per_die] + list(legal["wild"])
        choices += [{"type": "choose", "superpower": n} for n in legal["choose"]]
        choices += [{"type": "done"}, {"type": "undo"}]
        # An index, not sampled_from(choices): the draw must not depend on the game's state,
        # or Hypothesis sees a different strategy when it replays the same choices.
        action = choices[data.draw(st.integers(0, 999), label="action") % len(choices)]
        # A printable key: a legal body is meant to be accepted (st.text draws control
        # characters often enough that nearly every legal action was refused by its key).
        key = data.draw(st.text(st.characters(codec="ascii", categories=("L", "N", "P")),
                                min_size=1, max_size=8), label="idempotency key")
        return {"action": action, "roll": got["game"]["roll"], "idempotency_key": key}

    def secret(self, phase: str, role: str, hero: str = "Ada") -> str | None:
        """The bearer secret a role sends to a game (``self``: the aimed hero's own)."""
        g = self.games[phase]
        return {"host": g["host"], "self": g["players"][hero][1],
                "other": g["players"]["Bo"][1], "none": None,
                "garbage": "not-a-secret", "foreign_host": self.foreign}[role]


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory):
    """An app of its own, with flood limits off (the fuzzer is one fast client)."""
    path = tmp_path_factory.mktemp("fuzz")
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{path / 'fuzz.sqlite'}",
                       "RATE_LIMITS": {}})


@pytest.fixture(scope="module")
def schema(fuzz_app):
    """The served OpenAPI document, loaded by schemathesis against the app."""
    return schemathesis.openapi.from_wsgi("/api/openapi.json", fuzz_app)


def operations(schema) -> list[Any]:
    """Every documented operation but the endless event stream (tested below on its own)."""
    ops = [r.ok() for r in schema.get_all_operations()]
    return [op for op in ops if not op.path.endswith("/events")]


def test_the_fuzzer_sees_every_documented_operation(schema):
    assert len(operations(schema)) >= 18


def test_fuzz_every_operation_no_5xx_documented_replies_refusals_change_nothing(
        fuzz_app, schema):
    world = World(fuzz_app)
    ops = operations(schema)
    seen: Counter[tuple[str, int]] = Counter()
    strategies: dict[Any, Any] = {}

    # Generate only: the games change as requests land, so a shrunk replay is not the same
    # request twice; the failure report carries the request as curl instead. Derandomized:
    # the same requests every run, so the counts below never pass or fail by luck (a few
    # operations are refused only by rare draws); DICEHERO_FUZZ_EXAMPLES explores further.
    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck), phases=[Phase.generate])
    @given(st.data())
    def one_request(data: st.DataObject) -> None:
        op = data.draw(st.sampled_from(ops), label="operation")
        mode = data.draw(st.sampled_from([GenerationMode.POSITIVE, GenerationMode.NEGATIVE]),
                         label="mode")
        phase = data.draw(st.sampled_from(sorted(world.games)), label="phase")
        g = world.games[phase]
        # Half the requests are aimed: the real game, Ada (Pen for a paper sheet), and the
        # secret the route wants.
        aimed = data.draw(st.booleans(), label="aimed")
        if aimed:
            role = ("host" if op.label in HOST_OPS else
                    "self" if "{player_id}" in op.path else
                    data.draw(st.sampled_from(ROLES), label="role"))
        else:
            role = data.draw(st.sampled_from(ROLES), label="role")
        params: dict[str, Any] = {}
        if "{code}" in op.path:
            kind = "real" if aimed else data.draw(st.sampled_from(["real", "lower", "drawn"]),
                                                  label="code")
            if kind != "drawn":
                params["code"] = g["code"] if kind == "real" else g["code"].lower()
        if "{player_id}" in op.path:
            aim = "Pen" if op.label in PAPER_OPS else "Ada"
            who = aim if aimed else data.draw(st.sampled_from(["Ada", "Bo", "Pen", "drawn"]),
                                              label="player")
            if who != "drawn":
                params["player_id"] = g["players"][who][0]
        if "{name}" in op.path and data.draw(st.booleans(), label="real edition"):
            params["name"] = data.draw(st.sampled_from(available_editions()), label="edition")
        key = (op.label, mode, tuple(sorted(params.items())))
        if key not in strategies:
            strategies[key] = op.as_strategy(mode, path_parameters=params or None)
        case = data.draw(strategies[key], label="case")
        if aimed and op.path.endswith("/actions") and data.draw(st.booleans(), label="legal"):
            case.body = world.legal_body(phase, data)
        headers = {k: v for k, v in (case.headers or {}).items()
                   if k.lower() != "authorization"}
        secret = world.secret(phase, role, "Pen" if op.label in PAPER_OPS else "Ada")
        if secret is not None:
            headers["Authorization"] = f"Bearer {secret}"
        headers["Accept-Encoding"] = "identity"  # checks read the body as sent, not gzipped
        case.headers = headers
        before = snapshot(fuzz_app)
        resp = case.call()
        seen[(op.label, resp.status_code // 100 * 100)] += 1
        assert resp.status_code < 500, (op.label, resp.status_code, resp.text[:500])
        # A body over 64 KiB is refused (413) before its fields are read: a rightful
        # refusal of schema-breaking data too, though not among schemathesis's expected codes.
        lenient = op.label in TRY_OPS or resp.status_code == 413
        case.validate_response(resp, checks=LENIENT if lenient else CHECKS)
        if 400 <= resp.status_code < 500:
            err = resp.json()["error"]
            assert err["code"] and err["message"], err
            assert snapshot(fuzz_app) == before, (op.label, case.body, resp.text[:300])
        elif op.method.upper() != "GET":
            world.heal()

    one_request()
    total = sum(seen.values())
    summary = ", ".join(f"{k[0]} {k[1]}: {v}" for k, v in sorted(seen.items()))
    print(f"\nfuzz: {total} requests; {summary}")
    assert total >= EXAMPLES * 0.9
    assert not any(status >= 500 for _, status in seen)
    if EXAMPLES < 1000:
        return  # too few to expect every operation both ways
    # Nearly every write was refused at least once (its refusal is what must change nothing),
    # and most operations were also accepted. A read's refusal changes nothing by itself, and
    # a public read is refused only for a drawn game code: how many draws meet one moves with
    # the number of operations (the final CI of 2026-11-28, with new operations: three public
    # reads never refused), so reads are not counted here.
    never_refused = sorted(op.label for op in ops
                           if op.method.upper() != "GET" and not seen[(op.label, 400)])
    assert len(never_refused) <= 2, never_refused
    accepted = [op.label for op in ops if seen[(op.label, 200)]]
    assert len(accepted) >= len(ops) * 2 // 3, sorted({op.label for op in ops} - set(accepted))


@settings(max_examples=200, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(header=st.one_of(st.none(), st.text(max_size=30)),
       query=st.one_of(st.none(), st.text(max_size=30)))
def test_the_event_stream_takes_any_last_event_id(fuzz_app, header, query):
    client = fuzz_app.test_client()
    code = client.post("/api/games", json={}).json["code"]
    headers = {}
    if header is not None and all(32 <= ord(ch) < 127 for ch in header):
        headers["Last-Event-ID"] = header
    query_string = {"last_event_id": query} if query is not None else None
    r = client.get(f"/api/games/{code}/events", headers=headers, query_string=query_string,
                   buffered=False)
    try:
        assert r.status_code == 200 and r.mimetype == "text/event-stream"
        assert next(r.response).startswith(b"retry:")
    finally:
        r.close()
