"""The scoring pad's web server: the API of `api.py` over HTTP, and the static page that uses it.

Security basics: the request body is read up to a limit (413 beyond it), every answer says what it is
(nosniff) and the page may load nothing but its own files (a strict Content-Security-Policy); the page writes
names with textContent only, never as HTML.
"""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from orbis_dsl.records.orbis_json import MAX_RECORD_BYTES
from orbis_dsl.runtime.rules import Rules
from orbis_dsl.serve import api

STATIC = Path(__file__).parent / "static"
MAX_BODY = MAX_RECORD_BYTES  # a four-player record is about 10 kB
LOCAL_NAMES = ("localhost", "127.0.0.1")
_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; "
                               "frame-ancestors 'none'; base-uri 'none'",
    "Referrer-Policy": "no-referrer",
}


class _TooLarge(Exception):
    pass


async def _read_body(request: Request) -> str:
    """The body as text, refusing more than MAX_BODY bytes whether or not the client announced its length."""
    declared = request.headers.get("content-length", "")
    # isascii: '²' passes isdigit and breaks int(); a length of more digits than MAX_BODY has is too large anyway.
    if declared.isascii() and declared.isdigit() and (len(declared) > len(str(MAX_BODY)) or int(declared) > MAX_BODY):
        raise _TooLarge
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise _TooLarge
        chunks.append(chunk)
    return b"".join(chunks).decode("utf-8-sig", errors="replace")


def _respond(answer: api.Answer) -> Response:
    headers = dict(_HEADERS)
    if answer.filename:
        headers["Content-Disposition"] = f'attachment; filename="{answer.filename}"'
    if answer.media == "application/json" and not isinstance(answer.body, str):
        return JSONResponse(answer.body, answer.status, headers)
    return Response(answer.body, answer.status, headers, media_type=answer.media)


def create_app(rules: Rules, local_only: bool = False) -> Starlette:
    """`local_only`: answer only requests addressed to this computer by name (localhost, 127.0.0.1), so a web
    page elsewhere cannot reach the pad through a DNS name it points at 127.0.0.1 (DNS rebinding)."""
    declared = api.declarations(rules)

    def posting(handler):
        async def endpoint(request: Request) -> Response:
            try:
                text = await _read_body(request)
            except _TooLarge:
                return _respond(api.Answer(413, {"errors": [{
                    "where": "request", "message": f"the request is too large (at most {MAX_BODY:,} bytes)"}]}))
            return _respond(handler(text, request))
        return endpoint

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers=_HEADERS)

    async def rules_endpoint(request: Request) -> Response:
        return _respond(api.rules_of(request.query_params.get("game"), declared))

    async def games_endpoint(request: Request) -> Response:
        return _respond(api.Answer(200, api.games()))

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204, headers=_HEADERS)  # browsers ask for one; the pad has none

    routes = [
        Route("/", index),
        Route("/favicon.ico", no_icon),
        Route("/api/rules", rules_endpoint),
        Route("/api/games", games_endpoint),
        Route("/api/import", posting(lambda text, request: api.import_record(text, rules)), methods=["POST"]),
        Route("/api/score", posting(lambda text, request: api.score(text, rules)), methods=["POST"]),
        Route("/api/check", posting(lambda text, request: api.check(text, rules)), methods=["POST"]),
        Route("/api/export", posting(lambda text, request: api.export(text, rules, request.query_params.get(
            "to", "json"))), methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=list(LOCAL_NAMES))] if local_only else []
    return Starlette(routes=routes, middleware=middleware)
