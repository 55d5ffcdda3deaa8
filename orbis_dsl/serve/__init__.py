"""`orbis serve`: a scoring pad in the browser. The web libraries are an optional extra (`orbis-dsl[serve]`), so
this module imports them only when the pad starts."""

from __future__ import annotations

import importlib.util
import socket


def missing_extra() -> str | None:
    """The first library of the `serve` extra that is not installed, or None."""
    for module in ("starlette", "uvicorn"):
        if importlib.util.find_spec(module) is None:
            return module
    return None


def unusable_address(host: str, port: int) -> str | None:
    """Why the pad could not listen on host:port (taken, or no such address here), or None. Asked before the
    server starts, so the CLI can say so in a sentence instead of the server's log."""
    bare = host.strip("[]")
    try:
        with socket.socket(socket.AF_INET6 if ":" in bare else socket.AF_INET) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server does
            probe.bind((bare, port))
    except OSError as error:
        return f"cannot listen on {host}:{port}: {error.strerror or error}"
    return None


def run(rules, host: str, port: int) -> None:
    import uvicorn

    from .app import LOCAL_NAMES, create_app

    app = create_app(rules, local_only=host in LOCAL_NAMES)
    uvicorn.run(app, host=host, port=port, log_level="warning", server_header=False)
