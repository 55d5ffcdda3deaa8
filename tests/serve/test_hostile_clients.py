"""Issue 35, F8 and F15: the pad under clients that open connections and send nothing. 499 idle sockets made
every real request a 503 for 30 s (uvicorn's `limit_concurrency` counts them, and nothing closed them before the
30 s request deadline), and renewing them kept the pad down. Now one client address holds at most PER_CLIENT
connections and a connection has HEADER_DEADLINE to send its headers (serve/connections.py). And `--host
127.0.0.2`, a loopback address, turned off the DNS-rebinding guard: any loopback address now counts as local.

Loopback only, bounded loops: the idle clients connect from 127.0.0.2, the real one from 127.0.0.1."""

from __future__ import annotations

import contextlib
import socket
import urllib.parse
import urllib.request

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
from serve.live_server import serving
from starlette.testclient import TestClient

from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.serve import connections, is_local, urls
from orbis_dsl.serve.app import create_app
from orbis_dsl.serve.connections import PER_CLIENT, client_key

ATTACKER = "127.0.0.2"  # on Linux the whole of 127.0.0.0/8 is this computer


def _idle(port: int, count: int, source: str = ATTACKER) -> list[socket.socket]:
    out = []
    for _ in range(count):
        sock = socket.socket()
        sock.settimeout(10)
        sock.bind((source, 0))
        sock.connect(("127.0.0.1", port))
        out.append(sock)
    return out


def _closed_by_the_server(sock: socket.socket) -> bool:
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def _get(url: str) -> int:
    try:
        with urllib.request.urlopen(url + "api/games", timeout=20) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


@pytest.fixture
def small_pad(monkeypatch):
    """The pad as served, with room for 60 connections (the real one has 500; the file handles of the test
    process, which holds both ends, stay well in bounds)."""
    monkeypatch.setattr(connections, "MAX_CONNECTIONS", 60)
    with serving(create_app(base_rules())) as url:
        yield url, urllib.parse.urlsplit(url).port


def test_idle_sockets_of_one_client_do_not_lock_out_the_others(small_pad):
    url, port = small_pad
    with contextlib.ExitStack() as stack:
        for _ in range(3):  # the attacker renews its sockets: the pad stays up each round
            idle = _idle(port, 59)
            for sock in idle:
                stack.callback(sock.close)
            # the ones past the client's share are closed at once (and tell that the server has seen them all)
            assert _closed_by_the_server(idle[-1]), "the pad kept every idle connection of one client"
            assert [_get(url) for _ in range(5)] == [200] * 5


def test_a_connection_that_sends_no_headers_is_closed_before_the_request_deadline(monkeypatch):
    monkeypatch.setattr(connections, "HEADER_DEADLINE", 0.3)  # REQUEST_DEADLINE stays 30 s, past the socket's 10
    with serving(create_app(base_rules())) as url:
        port = urllib.parse.urlsplit(url).port
        for start in (b"", b"GET / HTTP/1.1\r\nHost: localhost\r\nX: "):
            (sock,) = _idle(port, 1)
            with sock:
                sock.sendall(start)
                assert _closed_by_the_server(sock), start


def test_a_request_whose_headers_arrived_is_given_the_longer_deadline(monkeypatch):
    monkeypatch.setattr(connections, "HEADER_DEADLINE", 0.3)
    monkeypatch.setattr(connections, "REQUEST_DEADLINE", 3.0)
    with serving(create_app(base_rules())) as url:
        (sock,) = _idle(urllib.parse.urlsplit(url).port, 1)
        with sock:
            sock.sendall(b"POST /api/check HTTP/1.1\r\nHost: localhost\r\nContent-Length: 20\r\n\r\n{")
            sock.settimeout(1.0)  # past the header deadline, before the request deadline: still open
            with pytest.raises(TimeoutError):
                sock.recv(1)
            sock.sendall(b'"format": 1, "x": 1}')  # the 19 bytes left: answered
            sock.settimeout(10)
            assert sock.recv(12).startswith(b"HTTP/1.1 ")


def test_a_client_has_its_share_and_no_more(small_pad):
    _url, port = small_pad
    held = _idle(port, PER_CLIENT)
    extra = _idle(port, 1)
    try:
        assert _closed_by_the_server(extra[0])
        held[0].settimeout(0.5)
        assert not _closed_by_the_server(held[0])  # the first PER_CLIENT are served
    finally:
        for sock in held + extra:
            sock.close()


@pytest.mark.parametrize(("host", "key"), [("127.0.0.1", "127.0.0.1"), ("::ffff:10.0.0.1", "10.0.0.1"),
                                           ("2001:db8::1", "2001:db8::/64"), ("2001:db8::2:1", "2001:db8::/64"),
                                           ("fe80::1%eth0", "fe80::/64"), (None, "")])
def test_a_client_is_an_address_or_an_ipv6_prefix(host, key):
    assert client_key(host) == key


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "127.255.255.254", "::1", "[::1]", "localhost",
                                  "LOCALHOST"])
def test_every_loopback_address_is_local(host):
    assert is_local(host)


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "10.0.0.1", "128.0.0.1", "localhost.example", "::2"])
def test_other_addresses_are_not(host):
    assert not is_local(host)


def test_a_pad_on_a_loopback_address_keeps_the_rebinding_guard():
    pad = TestClient(create_app(base_rules(), local_only=is_local("127.0.0.2")), base_url="http://127.0.0.2:8000")
    assert pad.get("/api/games", headers={"host": "127.0.0.2:8000"}).status_code == 200
    assert pad.get("/api/games", headers={"host": "127.1.2.3"}).status_code == 200
    for name in ("attacker.example:8000", "127.0.0.2.nip.io", "localhost.attacker.example"):
        assert pad.get("/api/games", headers={"host": name}).status_code == 400, name
    assert urls("127.0.0.2", 8000) == ["http://127.0.0.2:8000/"]


def test_serve_on_a_loopback_address_gives_no_network_warning(orbis, monkeypatch):
    calls = []
    monkeypatch.setattr("orbis_dsl.serve.run", lambda rules, host, port: calls.append(host))
    monkeypatch.setattr("orbis_dsl.serve.unusable_address", lambda host, port: None)
    result = orbis("serve", "--host", "127.0.0.2")
    assert result.exit_code == 0 and calls == ["127.0.0.2"]
    assert "anyone on this network" not in result.stderr and "http://127.0.0.2:8000/" in result.stdout
