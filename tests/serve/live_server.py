"""The pad served on a free local port, as `orbis serve` serves it, for tests that need a real server.
(Not a test module: pytest collects only test_*.py.)"""

from __future__ import annotations

import contextlib
import socket
import threading
import time

import pytest


@contextlib.contextmanager
def serving(app):
    """The app served on a free local port as `orbis serve` serves it (server_config); yields its URL."""
    uvicorn = pytest.importorskip("uvicorn")
    from orbis_dsl.serve import server_config

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(server_config(app, "127.0.0.1", port))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(400):  # bounded: the server is up long before this runs out
        if server.started:
            break
        time.sleep(0.05)
    assert server.started, "the pad's server did not start"
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.should_exit = True
        thread.join(10)
