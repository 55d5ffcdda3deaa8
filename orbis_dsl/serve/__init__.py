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


LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")


def is_local(host: str) -> bool:
    """Whether the pad listens on this computer only: localhost, or any loopback address (127.0.0.0/8, ::1)."""
    return host.lower() in LOCAL_HOSTS or is_loopback_address(host)


def is_loopback_address(host: str) -> bool:
    import ipaddress

    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def urls(host: str, port: int) -> list[str]:
    """Where to open the pad. For 0.0.0.0 (every address), this computer's own addresses as its name resolves
    here: worked out locally, nothing is sent."""
    if host.lower() in LOCAL_HOSTS:
        return [f"http://localhost:{port}/"]
    if host not in ("0.0.0.0", "::"):
        return [f"http://[{host.strip('[]')}]:{port}/" if ":" in host else f"http://{host}:{port}/"]
    try:
        found = {info[4][0] for info in socket.getaddrinfo(socket.gethostname(), port, socket.AF_INET)}
    except OSError:
        found = set()
    mine = sorted(a for a in found if not a.startswith("127."))
    return [f"http://{a}:{port}/" for a in mine] or [f"http://THIS-COMPUTER'S-ADDRESS:{port}/"]


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


def server_config(app, host: str, port: int):
    """How the pad's server runs: quiet, and with a deadline for each request (connections.py)."""
    import uvicorn

    from orbis_dsl.serve.connections import MAX_CONNECTIONS, DeadlineH11Protocol

    return uvicorn.Config(app, host=host, port=port, log_level="warning", server_header=False,
                          http=DeadlineH11Protocol, limit_concurrency=MAX_CONNECTIONS)


def run(rules, host: str, port: int, offline=None) -> None:
    import uvicorn

    from orbis_dsl.serve.app import create_app

    uvicorn.Server(server_config(create_app(rules, local_only=is_local(host), offline=offline), host, port)).run()
