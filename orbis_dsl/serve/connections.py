"""Connections that never finish a request are closed.

uvicorn times out a connection only between requests (keep-alive): one that sends half its headers, or half its
body, and then nothing, is kept open for ever, and some thousands of them use up the process's file handles, after
which nobody is answered. Here a connection has a deadline to send its whole request, counted from the moment it
opens or its last answer ends; one whose request has still not all arrived by then is closed. A request that has
arrived is never cut off, however long its answer takes (a queue of picture exports).
"""

from __future__ import annotations

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

# Seconds a client has to send a request: a phone on a slow network sends a 10 kB record in well under one.
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
        # The whole request is in (MUST_CLOSE: in, and the client asked to close after the answer): it is being
        # answered, and on_response_complete arms the deadline again for the next one.
        if self.conn.their_state in (h11.DONE, h11.MUST_CLOSE):
            return
        if not self.transport.is_closing():
            self.transport.close()
