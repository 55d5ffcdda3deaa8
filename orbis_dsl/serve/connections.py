"""Connections that never finish a request are closed, and no one client may hold many at once.

uvicorn times out a connection only between requests (keep-alive): one that sends half its headers, or half its
body, and then nothing, is kept open for ever; and uvicorn's `limit_concurrency` counts idle connections too, so
499 sockets that sent nothing made every real request a 503 (issue 35, F8). Here:

- a connection has HEADER_DEADLINE seconds to send its request's headers and REQUEST_DEADLINE to send all of it,
  counted from the moment it opens or its last answer ends; one still short of either is closed. A request that
  has arrived is never cut off, however long its answer takes (a queue of picture exports);
- one client address (an IPv6 one by its /64, which one machine is usually given whole) holds at most
  PER_CLIENT connections: one more is closed at once, so one client cannot use up the MAX_CONNECTIONS of all.
"""

from __future__ import annotations

import ipaddress

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

# Seconds a client has to send its headers, then its whole request: a phone on a slow network sends a 10 kB
# record in well under one.
HEADER_DEADLINE = 5.0
REQUEST_DEADLINE = 30.0
# Connections served at once; beyond, a request is answered 503 at once (uvicorn's limit_concurrency).
MAX_CONNECTIONS = 500
# Connections one client address may hold at once: a browser opens six to a server.
PER_CLIENT = 16


def client_key(host: str | None) -> str:
    """Whose connection it is, for PER_CLIENT: the IPv4 address, or an IPv6 address's /64."""
    if not host:
        return ""
    try:
        address = ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return host
    if address.version == 4:
        return str(address)
    if address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    return str(ipaddress.ip_network(f"{address}/64", strict=False))


class DeadlineH11Protocol(H11Protocol):
    def connection_made(self, transport) -> None:
        self._headers_deadline = self._deadline = None
        super().connection_made(transport)
        self._key = client_key(self.client[0] if self.client else None)
        same = sum(1 for other in self.connections if getattr(other, "_key", None) == self._key)
        if same > PER_CLIENT:  # (this connection counted): closed before anything is read from it
            transport.abort()
            return
        self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()  # starts uvicorn's keep-alive timer, which closes an idle connection sooner
        self._disarm()
        if not self.transport.is_closing():
            self._arm()

    def connection_lost(self, exc) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._headers_deadline = self.loop.call_later(HEADER_DEADLINE, self._close_late, (h11.IDLE,))
        self._deadline = self.loop.call_later(REQUEST_DEADLINE, self._close_late, (h11.IDLE, h11.SEND_BODY))

    def _disarm(self) -> None:
        for timer in (self._headers_deadline, self._deadline):
            if timer is not None:
                timer.cancel()

    def _close_late(self, short_states: tuple) -> None:
        # h11 leaves IDLE only when a request's headers are all in, and SEND_BODY when its body is too; DONE or
        # MUST_CLOSE (in, and the client asked to close after the answer) is a request being answered:
        # on_response_complete arms the deadlines again for the next one.
        if self.conn.their_state in short_states and not self.transport.is_closing():
            self.transport.close()
