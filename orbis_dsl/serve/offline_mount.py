"""`orbis serve --offline DIR`: the offline build (`orbis pad build DIR`) served at /offline/, beside the pad.

Its pages score in the browser with Pyodide, which compiles WebAssembly: the one thing the server's strict
Content-Security-Policy forbids. Under /offline/ that policy allows it ('wasm-unsafe-eval', nothing else more);
every other header of the server's (nosniff, no referrer, no framing) is added by its guard as everywhere.
"""

from __future__ import annotations

import mimetypes
from pathlib import Path

from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

PREFIX = "/offline"
POLICY = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; img-src 'self' data: blob:; "
          "object-src 'none'; frame-ancestors 'none'; base-uri 'none'")
# Module scripts and WebAssembly are refused unless sent as what they are; older Pythons know neither ending.
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")


def not_a_build(folder: Path) -> str | None:
    """Why `folder` cannot be served as the offline pad, or None."""
    from orbis_dsl.serve.pad_build import MARKER

    if not (folder / MARKER).is_file() or not (folder / "index.html").is_file():
        return f"{folder} is not a build of the pad: write one with `orbis pad build {folder}`"
    return None


class _WithPolicy:
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        async def send_with_policy(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []),
                                                  (b"content-security-policy", POLICY.encode())]}
            await send(message)

        await self.app(scope, receive, send_with_policy)


def offline_mount(folder: Path) -> Mount:
    return Mount(PREFIX, app=_WithPolicy(StaticFiles(directory=folder, html=True)), name="offline")
