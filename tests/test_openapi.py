"""The OpenAPI document matches the app: every /api route is in it, and nothing else is."""

from __future__ import annotations

import re

import schemathesis


def _served(app) -> set[tuple[str, str]]:
    """(path in OpenAPI form, method) of every route the app serves under /api."""
    out = set()
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/"):
            continue
        path = re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule.rule)
        out |= {(path, m.lower()) for m in rule.methods - {"HEAD", "OPTIONS"}}
    return out


def _documented(client) -> set[tuple[str, str]]:
    doc = client.get("/api/openapi.json").json
    return {(path, method) for path, ops in doc["paths"].items() for method in ops
            if method in ("get", "put", "post", "patch", "delete")}


def test_every_api_route_is_documented(app, client):
    missing = _served(app) - _documented(client)
    assert not missing, f"routes missing from dicehero/web/openapi.py: {sorted(missing)}"


def test_every_documented_operation_is_served(app, client):
    extra = _documented(client) - _served(app)
    assert not extra, f"documented but not served: {sorted(extra)}"


def test_path_parameters_match_the_routes(client):
    doc = client.get("/api/openapi.json").json
    for path, ops in doc["paths"].items():
        names = set(re.findall(r"{([a-z_]+)}", path))
        for method, op in ops.items():
            declared = {p["name"] for p in op.get("parameters", []) if p["in"] == "path"}
            assert declared == names, (path, method)


def test_every_error_reply_is_the_one_error_shape(client):
    doc = client.get("/api/openapi.json").json
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            for status, reply in op["responses"].items():
                if status.startswith(("4", "5")):
                    schema = reply["content"]["application/json"]["schema"]
                    assert schema == {"$ref": "#/components/schemas/Error"}, (path, method)


def test_the_document_loads_and_every_operation_resolves(app):
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", app)
    ops = {result.ok().label for result in schema.get_all_operations()}  # raises on a bad ref
    # schemathesis leaves out the document's own path.
    want = {f"{m.upper()} {p}" for p, m in _documented(app.test_client())}
    assert ops == want - {"GET /api/openapi.json"}


def test_every_write_documents_the_guards_refusals(client):
    """Any write may meet 403 foreign_origin and 413; joins, actions and new games 429."""
    doc = client.get("/api/openapi.json").json
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            if method in ("post", "put", "patch", "delete"):
                assert {"403", "413"} <= set(op["responses"]), (method, path)
    for path in ("/api/games", "/api/games/{code}/players",
                 "/api/games/{code}/players/{player_id}/actions"):
        assert "429" in doc["paths"][path]["post"]["responses"], path
