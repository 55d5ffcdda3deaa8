"""The pad's API without a server: what the offline build (`orbis pad build`) runs in the browser, in Pyodide.

The page's scripts make the same requests as to `orbis serve` (`GET /api/rules`, `POST /api/check`, …); a shim in
the page (offline/shim.js) hands each to a worker running this module, which answers it with the same functions of
api.py the server calls, so the browser scores exactly as the server and the CLI do. Nothing here imports the web
server's libraries (starlette, uvicorn) nor the command line's (typer, rich): Pyodide has none of them.
"""

from __future__ import annotations

import json
from functools import cache

from orbis_dsl.records.orbis.json_reader import MAX_RECORD_BYTES
from orbis_dsl.serve import api

POSTED = ("/api/score", "/api/check", "/api/export", "/api/import", "/api/bgstats")
GOTTEN = ("/api/games", "/api/rules")


@cache
def _rules():
    from orbis_dsl.language.ruleset import base_rules

    rules = base_rules()
    return rules, api.declarations(rules)


def _json(value) -> str:
    """As the server writes JSON (app._JSON): UTF-8, compact."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _refusal(status: int, message: str) -> dict:
    return {"status": status, "media": "application/json", "filename": None,
            "body": _json({"errors": [{"where": "request", "message": message}]})}


def handle(method: str, path: str, query: dict, body: str = "") -> dict:
    """One request → {"status", "media", "filename" (a download's name, or None), "body" (text, or bytes)}."""
    rules, declared = _rules()
    if path not in POSTED + GOTTEN:
        return _refusal(404, f"nothing here: {path}")
    takes = "POST" if path in POSTED else "GET, HEAD"
    if method.upper() not in takes.split(", "):
        return _refusal(405, f"{path} does not take {method.upper()} (it takes {takes})")
    if len(body.encode("utf-8", errors="surrogatepass")) > MAX_RECORD_BYTES:
        return _refusal(413, f"the request is too large (at most {MAX_RECORD_BYTES:,} bytes)")
    body = body.removeprefix("\ufeff")
    if path == "/api/games":
        answer = api.Answer(200, api.games())
    elif path == "/api/rules":
        answer = api.rules_of(query.get("game"), declared)
    elif path == "/api/score":
        answer = api.score(body, rules)
    elif path == "/api/check":
        answer = api.check(body, rules)
    elif path == "/api/export":
        answer = api.export(body, rules, query.get("to", "json"))
    elif path == "/api/import":
        answer = api.import_record(body, rules, query.get("name"))
    else:
        from orbis_dsl.serve.bgstats_api import bgstats

        answer = bgstats(body, rules, query)
    shown = answer.body
    if answer.media == "application/json" and not isinstance(shown, str):
        shown = _json(shown)
    return {"status": answer.status, "media": answer.media, "filename": answer.filename, "body": shown}


def handle_json(request: str) -> str:
    """`handle` for the worker: a request as JSON text ({"method", "path", "query", "body"}) → its answer as JSON
    text; a body of bytes (a PNG) as a list of byte values under "bytes"."""
    asked = json.loads(request)
    answer = handle(asked["method"], asked["path"], asked.get("query") or {}, asked.get("body") or "")
    if isinstance(answer["body"], bytes):
        answer["bytes"], answer["body"] = list(answer["body"]), None
    return json.dumps(answer, ensure_ascii=False)
