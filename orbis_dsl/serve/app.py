"""The scoring pad's web server: the API of `api.py` over HTTP, and the static page that uses it.

Security basics: the request body is read up to a limit (413 beyond it); every answer, the static files' and
the errors' too, says what it is (nosniff) and may load nothing but the pad's own files, nor be framed (a strict
Content-Security-Policy); the page writes names with textContent only, never as HTML. Rule handlers run in a
worker thread, so one long request does not hold up the event loop's other connections.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from orbis_dsl.records.orbis.json_reader import MAX_RECORD_BYTES
from orbis_dsl.runtime.rules import Rules
from orbis_dsl.serve import api
from orbis_dsl.serve.bgstats_api import bgstats

STATIC = Path(__file__).parent / "static"
MAX_BODY = MAX_RECORD_BYTES  # a four-player record is about 10 kB
LOCAL_NAMES = ("localhost", "127.0.0.1", "::1")
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
    declared = request.headers.get("content-length", "").lstrip("0")
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


class _JSON(JSONResponse):
    def render(self, content) -> bytes:
        text = json.dumps(content, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        try:
            return text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate quoted back from the request: JSON's own escape for it
            return json.dumps(content, allow_nan=False, separators=(",", ":")).encode("ascii")


def _refusal(status: int, where: str, message: str, headers: dict | None = None) -> Response:
    """An answer the pad refuses with, as JSON like every other: {"errors": [{"where", "message"}]}."""
    return _JSON({"errors": [{"where": where, "message": message}]}, status, headers)


async def _http_error(request: Request, error: HTTPException) -> Response:
    """Starlette's own refusals (no such route or file, a method the route does not take) as JSON."""
    if error.status_code == 404:
        message = f"nothing here: {request.url.path}"
    elif error.status_code == 405:
        message = f"{request.url.path} does not take {request.method} (it takes {error.headers.get('Allow', '')})"
    else:
        message = error.detail
    return _refusal(error.status_code, "request", message, error.headers)


async def _server_error(request: Request, error: Exception) -> Response:
    return _refusal(500, "server", "the pad failed on this request (a bug; the server's log has the details)")


def _respond(answer: api.Answer) -> Response:
    headers = {}
    if answer.filename:
        headers["Content-Disposition"] = f'attachment; filename="{answer.filename}"'
    if answer.media == "application/json" and not isinstance(answer.body, str):
        return _JSON(answer.body, answer.status, headers)
    return Response(answer.body, answer.status, headers, media_type=answer.media)


_RAW_HEADERS = [(name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in _HEADERS.items()]
# A Host header: a name or an IPv4 address, or an IPv6 address in brackets; then at most a port.
_HOST = re.compile(r"(\[[0-9a-f:.]+\]|[^\[\]:]+)(:\d{1,5})?")


def request_host(headers: list[tuple[bytes, bytes]]) -> str:
    """The name a request was addressed to, without the port: `[::1]:8000` → `::1`, `localhost:8000` →
    `localhost`; "" for no Host header, two of them, or one that is not a host and a port. (Older releases of
    Starlette's own check cut at the first colon, which left `[` of an IPv6 address.)"""
    values = [v for k, v in headers if k == b"host"]
    if len(values) != 1:
        return ""
    match = _HOST.fullmatch(values[0].decode("latin-1").strip().lower())
    return match.group(1).strip("[]") if match else ""


def _local_name(host: str) -> bool:
    """A name that can only mean this computer: localhost, or a loopback address written as one (127.0.0.0/8,
    ::1). A DNS name pointed at 127.0.0.1 is not: that is the rebinding attack."""
    from orbis_dsl.serve import is_loopback_address

    return host in LOCAL_NAMES or is_loopback_address(host)


class _Guard:
    """Around the whole application, Starlette's error handler included: every HTTP answer it makes, whatever
    route or error made it, with the security headers; and, for a pad that listens on this computer only,
    requests addressed to any other name refused (DNS rebinding): a 400, or a WebSocket closed."""

    def __init__(self, app, local_only: bool):
        self.app, self.local_only = app, local_only

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):  # lifespan
            await self.app(scope, receive, send)
            return
        if self.local_only and not _local_name(request_host(scope["headers"])):
            if scope["type"] == "websocket":  # (the pad has none; a route added later is covered)
                await send({"type": "websocket.close", "code": 1008})
                return
            refused = _refusal(400, "request", "this pad answers only requests addressed to this computer "
                                               "(localhost, 127.0.0.0/8, ::1): invalid host header")
            await refused(scope, receive, self._secured(send))
            return
        await self.app(scope, receive, self._secured(send))

    @staticmethod
    def _secured(send):
        async def send_secured(message):
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [header for header in _RAW_HEADERS if header[0] not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)
        return send_secured


def create_app(rules: Rules, local_only: bool = False, offline: Path | None = None) -> _Guard:
    """`local_only`: answer only requests addressed to this computer by name (localhost, 127.0.0.0/8, ::1), so a web
    page elsewhere cannot reach the pad through a DNS name it points at 127.0.0.1 (DNS rebinding). `offline`: a
    build of `orbis pad build`, served at /offline/ (offline_mount.py)."""
    declared = api.declarations(rules)

    def posting(handler):
        async def endpoint(request: Request) -> Response:
            try:
                text = await _read_body(request)
            except _TooLarge:
                return _respond(api.Answer(413, {"errors": [{
                    "where": "request", "message": f"the request is too large (at most {MAX_BODY:,} bytes)"}]}))
            except ClientDisconnect:  # the client left before its body ended: nobody to answer
                return Response(status_code=400)
            return _respond(await run_in_threadpool(handler, text, request))
        return endpoint

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def rules_endpoint(request: Request) -> Response:
        return _respond(api.rules_of(request.query_params.get("game"), declared))

    async def games_endpoint(request: Request) -> Response:
        return _respond(api.Answer(200, api.games()))

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204)  # browsers ask for one; the pad has none

    routes = [
        Route("/", index),
        Route("/favicon.ico", no_icon),
        Route("/api/rules", rules_endpoint),
        Route("/api/games", games_endpoint),
        Route("/api/import", posting(lambda text, request: api.import_record(text, rules, request.query_params.get(
            "name"))), methods=["POST"]),
        Route("/api/score", posting(lambda text, request: api.score(text, rules)), methods=["POST"]),
        Route("/api/check", posting(lambda text, request: api.check(text, rules)), methods=["POST"]),
        Route("/api/export", posting(lambda text, request: api.export(text, rules, request.query_params.get(
            "to", "json"))), methods=["POST"]),
        Route("/api/bgstats", posting(lambda text, request: bgstats(text, rules, dict(request.query_params))),
              methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    if offline is not None:
        from orbis_dsl.serve.offline_mount import offline_mount

        routes.append(offline_mount(offline))
    handlers = {HTTPException: _http_error, Exception: _server_error}
    return _Guard(Starlette(routes=routes, exception_handlers=handlers), local_only)
