"""Connections that never finish a request are closed.

uvicorn times out a connection only between requests (keep-alive): one that sends half its headers, or half its
body, and then nothing, is kept open for ever, and some thousands of them use up the process's file handles, after
which nobody is answered. Here each connection has a deadline for its request, from the moment it opens or its
last answer ends until that request has been answered; a connection still short of it by then is closed.
"""

from __future__ import annotations

from uvicorn.protocols.http.h11_impl import H11Protocol

# Seconds a request may take from its first byte to its answer: a phone on a slow network sends a 10 kB record in
# well under a second, and the slowest answer (a picture of a large record) takes a few.
REQUEST_DEADLINE = 30.0
# Connections served at once; beyond, a request is answered 503 at once (uvicorn's limit_concurrency).
MAX_CONNECTIONS = 500


class DeadlineH11Protocol(H11Protocol):
    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._deadline = self.loop.call_later(REQUEST_DEADLINE, self._close_late)

    def on_response_complete(self) -> None:
        super().on_response_complete()  # starts uvicorn's keep-alive timer, which closes an idle connection sooner
        self._deadline.cancel()
        if not self.transport.is_closing():
            self._deadline = self.loop.call_later(REQUEST_DEADLINE, self._close_late)

    def connection_lost(self, exc) -> None:
        self._deadline.cancel()
        super().connection_lost(exc)

    def _close_late(self) -> None:
        if not self.transport.is_closing():
            self.transport.close()
