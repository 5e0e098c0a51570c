"""Live events: the SSE wire format, the broker's fan-out, and the events endpoint."""

from __future__ import annotations

import json

from dicehero.live import KEEPALIVE, Broker, InProcessBus, format_sse


def test_sse_format_with_id_and_data():
    assert format_sse('{"a":1}', id=7) == b'id: 7\ndata: {"a":1}\n\n'


def test_sse_format_with_every_field():
    assert format_sse("x", id=1, event="roll", retry=2000) == (
        b"id: 1\nevent: roll\nretry: 2000\ndata: x\n\n")


def test_sse_format_splits_line_breaks_over_data_lines():
    assert format_sse("a\nb\r\nc\rd") == b"data: a\ndata: b\ndata: c\ndata: d\n\n"


def test_sse_format_is_utf8():
    assert format_sse("héros") == "data: héros\n\n".encode()


def test_keepalive_is_a_comment():
    assert KEEPALIVE == b": keep-alive\n\n"


def test_every_client_gets_the_very_same_bytes_object():
    bus = InProcessBus()
    subs = [bus.subscribe(1) for _ in range(5)]
    bus.publish(1, 3, '{"type":"roll"}')
    got = [s.get(0.1) for s in subs]
    assert all(g is not None and g[1] is got[0][1] for g in got)
    assert got[0] == (3, b'id: 3\ndata: {"type":"roll"}\n\n')


def test_events_go_only_to_clients_of_their_game():
    bus = InProcessBus()
    mine, other = bus.subscribe(1), bus.subscribe(2)
    bus.publish(1, 1, "{}")
    assert mine.get(0.1) is not None and other.get(0.01) is None


def test_a_client_that_falls_behind_is_dropped_and_the_others_go_on():
    broker = Broker(queue_size=2)
    slow, fast = broker.subscribe(1), broker.subscribe(1)
    for seq in (1, 2):
        broker.deliver(1, seq, b"x")
        assert fast.get(0.1) == (seq, b"x")
    assert broker.deliver(1, 3, b"y") == 1
    assert slow.dropped and slow.get(0.1) is None
    assert fast.get(0.1) == (3, b"y") and broker.count(1) == 1


def test_closing_a_subscription_forgets_it():
    broker = Broker()
    sub = broker.subscribe(1)
    sub.close()
    sub.close()
    assert broker.count() == 0


def _read_events(resp, n):
    """The first ``n`` events (not comments) of a streamed response, parsed."""
    buf, out = b"", []
    chunks = iter(resp.response)
    while len(out) < n:
        buf += next(chunks)
        while b"\n\n" in buf:
            block, buf = buf.split(b"\n\n", 1)
            fields = dict(line.split(": ", 1) for line in block.decode().split("\n")
                          if not line.startswith(":") and ": " in line)
            if "data" in fields:
                out.append((int(fields["id"]), json.loads(fields["data"])))
    return out


def test_events_stream_replays_the_whole_log_to_a_new_client(api, client):
    game = api.create()
    api.join(game, "Ann")
    resp = client.get(f"/api/games/{game.code}/events", buffered=False)
    assert resp.mimetype == "text/event-stream"
    events = _read_events(resp, 2)
    resp.close()
    assert [(i, e["type"]) for i, e in events] == [(1, "game_created"), (2, "player_joined")]
    assert events[1][1]["data"]["player"]["name"] == "Ann"


def test_last_event_id_header_catches_up_only_what_was_missed(api, client):
    game = api.create()
    api.join(game, "Ann")
    api.join(game, "Bob")
    resp = client.get(f"/api/games/{game.code}/events", headers={"Last-Event-ID": "2"},
                      buffered=False)
    events = _read_events(resp, 1)
    resp.close()
    assert events[0][0] == 3 and events[0][1]["data"]["player"]["name"] == "Bob"


def test_last_event_id_query_parameter_for_a_fresh_page(api, client):
    game = api.create()
    api.join(game, "Ann")
    last = api.state(game)["last_event_id"]
    api.roll(game)
    resp = client.get(f"/api/games/{game.code}/events?last_event_id={last}", buffered=False)
    types = [e["type"] for _, e in _read_events(resp, 2)]
    resp.close()
    assert types == ["offer", "roll"]


def test_live_event_follows_the_catch_up_in_order(api, client, app):
    game = api.create()
    resp = client.get(f"/api/games/{game.code}/events", buffered=False)
    first = _read_events(resp, 1)
    api.join(game, "Ann")  # committed while the client is connected: delivered live
    second = _read_events(resp, 1)
    resp.close()
    assert [first[0][0], second[0][0]] == [1, 2]
    assert app.extensions["dicehero.bus"].broker.count() == 0


def test_keepalive_comment_when_nothing_happens(api, client):
    game = api.create()
    resp = client.get(f"/api/games/{game.code}/events?last_event_id=1", buffered=False)
    chunks = iter(resp.response)
    assert next(chunks) == b"retry: 2000\n\n"
    assert next(chunks) == KEEPALIVE  # SSE_KEEPALIVE is 0.2 s in the test app
    resp.close()


def test_events_of_an_unknown_game_is_404(client):
    assert client.get("/api/games/QQQQQQ/events").status_code == 404


def test_event_ids_count_up_per_game(api):
    a, b = api.create(), api.create()
    api.join(a, "Ann")
    api.join(b, "Bob")
    assert api.state(a)["last_event_id"] == api.state(b)["last_event_id"] == 2


def test_event_payloads_by_type(api, client):
    game = api.create(rounds=1)
    api.join(game, "Ann")
    api.host_post(game, "timer", {"seconds": 30})
    api.roll(game)
    api.choose_first(game, "Ann")
    api.act(game, "Ann", {"type": "done"})
    resp = client.get(f"/api/games/{game.code}/events", buffered=False)
    events = {e["type"]: e["data"] for _, e in _read_events(resp, 8)}
    resp.close()
    assert events["roll"]["number"] == 1 and len(events["roll"]["dice"]) == 4
    assert events["player_done"]["done_count"] == 1
    assert events["player_chose"]["player"]["name"] == "Ann"
    assert events["timer"]["seconds"] == 30
    assert events["game_over"]["leaderboard"][0]["name"] == "Ann" and events["game_over"]["seed"]


def test_a_client_far_behind_gets_a_snapshot_instead_of_every_event(api, client, app):
    app.config["SSE_SNAPSHOT_AFTER"] = 3
    game = api.create()
    for name in ("Ann", "Bob", "Cy", "Di", "Ed"):
        api.join(game, name)
    last = api.state(game)["last_event_id"]
    resp = client.get(f"/api/games/{game.code}/events", headers={"Last-Event-ID": "0"},
                      buffered=False)
    first = _read_events(resp, 1)
    api.join(game, "Flo")  # the stream goes on from the snapshot
    second = _read_events(resp, 1)
    resp.close()
    assert first == [(last, {"type": "snapshot", "data": {
        "last_event_id": last, "skipped": last, "status": "lobby", "roll": 0, "rounds": 10}})]
    assert second[0][0] == last + 1 and second[0][1]["type"] == "player_joined"


def test_a_client_a_few_events_behind_gets_the_events_themselves(api, client, app):
    app.config["SSE_SNAPSHOT_AFTER"] = 3
    game = api.create()
    for name in ("Ann", "Bob", "Cy"):
        api.join(game, name)
    resp = client.get(f"/api/games/{game.code}/events", headers={"Last-Event-ID": "1"},
                      buffered=False)
    events = _read_events(resp, 3)
    resp.close()
    assert [e["type"] for _, e in events] == ["player_joined"] * 3


def _stream(client, code):
    return client.get(f"/api/games/{code}/events?last_event_id=1", buffered=False)


def test_open_streams_per_address_and_game_are_limited(api, client, app):
    app.config["SSE_STREAMS_PER_ADDRESS"] = 2
    game, other = api.create(), api.create()
    held = [_stream(client, game.code), _stream(client, game.code)]
    refused = _stream(client, game.code)
    assert refused.status_code == 429
    assert refused.json["error"]["code"] == "rate_limited"
    assert refused.headers["Retry-After"] == "5"
    elsewhere = _stream(client, other.code)
    assert elsewhere.status_code == 200  # another game: its own count
    held[0].close()  # a closed stream frees its place
    again = _stream(client, game.code)
    assert again.status_code == 200
    for r in (held[1], again, elsewhere):
        r.close()
    assert app.extensions["dicehero.bus"].broker.count() == 0


def test_a_stream_that_never_started_still_frees_its_place(api, client, app):
    app.config["SSE_STREAMS_PER_ADDRESS"] = 1
    game = api.create()
    _stream(client, game.code).close()  # closed before a byte was read
    r = _stream(client, game.code)
    assert r.status_code == 200
    r.close()
    assert app.extensions["dicehero.bus"].broker.count() == 0
