"""Requests that once made the pad answer 500, print a traceback, stall everyone, or leave out its security
headers (found by probing `orbis serve` on 2026-12-02). Each is answered as the docs say, or closed."""

from __future__ import annotations

import asyncio
import json
import socket
import time
import urllib.parse
import urllib.request

import pytest

pytest.importorskip("starlette")
from serve.live_server import serving
from starlette.testclient import TestClient

from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.serve import api
from orbis_dsl.serve.app import create_app, request_host

SECURITY = ("x-content-type-options", "content-security-policy", "referrer-policy")


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(base_rules()))


def test_a_lone_surrogate_quoted_back_is_valid_json_not_a_500(client):
    answer = client.post("/api/check", content=b'{"game": "x\\ud800", "format": "orbis-game/1"}')
    assert answer.status_code < 500, answer.text
    assert "x\ud800" in json.dumps(answer.json(), ensure_ascii=False)  # the name, escaped as JSON escapes it


def test_null_patches_in_a_mondo_board_export_to_text(client, repo_root):
    doc = json.loads((repo_root / "examples/mondo/grid-beginner-2p.json").read_text(encoding="utf-8"))
    cells = doc["rounds"][0]["players"][0]["world"]["cells"]
    cells[next(iter(cells))]["patches"] = None
    answer = client.post("/api/export?to=text", content=json.dumps(doc).encode())
    assert answer.status_code == 200, answer.text


def test_thousands_of_mistakes_get_the_first_hundred_and_a_count(client):
    body = "game terra-mystica\nplayer A " + " ".join(["vp 99999"] * 5000) + "\n"
    answer = client.post("/api/check", content=body.encode())
    errors = answer.json()["errors"]
    assert answer.status_code == 422 and len(errors) == 101, len(errors)
    assert errors[-1]["message"] == "4,899 more messages not shown (4,899 of them errors)"
    assert len(answer.content) < 100_000


@pytest.mark.parametrize("path", ["/", "/static/index.html", "/static/app.js", "/static/nothing-here", "/api/nope",
                                  "/api/score"])
def test_every_answer_carries_the_security_headers(client, path):
    answer = client.get(path)
    assert {h: answer.headers.get(h) for h in SECURITY} == {
        h: v for h, v in client.get("/").headers.items() if h in SECURITY}, (path, answer.status_code)
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]


def test_a_local_pad_refuses_other_hosts_with_the_headers_and_knows_ipv6_loopback():
    local = TestClient(create_app(base_rules(), local_only=True), base_url="http://127.0.0.1:8000")
    for host in ("[::1]:8000", "LOCALHOST:8000", "127.0.0.1"):
        assert local.get("/api/games", headers={"host": host}).status_code == 200, host
    for host in ("attacker.example", "localhost.", "[::2]:8000", "127.0.0.1.nip.io"):
        refused = local.get("/api/games", headers={"host": host})
        assert refused.status_code == 400 and refused.headers["x-content-type-options"] == "nosniff", host


@pytest.mark.parametrize(("header", "host"), [
    (b"[::1]:8000", "::1"), (b"localhost:8000", "localhost"), (b"[::1", ""), (b"", ""), (b"Example.COM", "example.com"),
    (b"localhost:abc", ""), (b"[::1]junk", ""), (b"localhost:1:2", ""), (b"127.0.0.1:", "")])
def test_request_host_strips_the_port_of_both_address_families(header, host):
    assert request_host([(b"host", header)]) == host


def test_two_host_headers_name_no_host():
    assert request_host([(b"host", b"localhost"), (b"host", b"evil.example")]) == ""


def test_a_length_with_leading_zeros_is_its_value(client, repo_root):
    body = (repo_root / "examples/quickstart-4p.orbisgame").read_bytes()
    answer = client.post("/api/score", content=body, headers={"content-length": f"{len(body):012d}"})
    assert answer.status_code == 200


def test_the_base_game_is_named_in_any_case(client):
    assert client.get("/api/rules?game=ORBIS").json() == client.get("/api/rules?game=orbis").json()
    assert client.get("/api/rules?game=ORBIS").json().get("sheet") is not True


def test_a_client_gone_before_its_body_ends_raises_nothing():
    app = create_app(base_rules())
    sent = []

    async def receive():
        return {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/api/score", "raw_path": b"/api/score", "query_string": b"",
             "headers": [(b"host", b"localhost"), (b"content-length", b"100")], "http_version": "1.1",
             "scheme": "http", "server": ("127.0.0.1", 8000), "client": ("127.0.0.1", 5000), "root_path": ""}
    asyncio.run(app(scope, receive, send))  # raised ClientDisconnect, which the server logged as a traceback


def test_a_handler_runs_off_the_event_loop(monkeypatch, client, repo_root):
    """So one long request (a picture of a large record) does not hold up the other connections."""
    seen = []

    def score(text, rules):
        try:
            asyncio.get_running_loop()
            seen.append("on the event loop")
        except RuntimeError:
            seen.append("in a worker thread")
        return api.Answer(200, {})

    monkeypatch.setattr(api, "score", score)
    assert client.post("/api/score", content=b"{}").status_code == 200 and seen == ["in a worker thread"]


def test_an_answer_from_starlettes_error_handler_has_the_headers_too(monkeypatch):
    monkeypatch.setattr(api, "score", lambda text, rules: 1 / 0)
    failed = TestClient(create_app(base_rules()), raise_server_exceptions=False).post("/api/score", content=b"{}")
    assert failed.status_code == 500 and failed.headers["x-content-type-options"] == "nosniff"
    assert failed.json()["errors"][0]["where"] == "server"  # JSON, as every answer of the pad
    assert "frame-ancestors 'none'" in failed.headers["content-security-policy"]


def test_a_request_that_has_arrived_is_answered_however_long_it_takes(monkeypatch, repo_root):
    monkeypatch.setattr("orbis_dsl.serve.connections.REQUEST_DEADLINE", 0.3)
    real = api.score

    def slow(text, rules):
        time.sleep(1.0)  # past the deadline: the request is in, so the connection must stay
        return real(text, rules)

    monkeypatch.setattr(api, "score", slow)
    body = (repo_root / "examples/quickstart-4p.orbisgame").read_bytes()
    with serving(create_app(base_rules())) as url:
        request = urllib.request.Request(url + "api/score", data=body, method="POST")
        with urllib.request.urlopen(request, timeout=30) as answer:
            assert answer.status == 200 and json.loads(answer.read())["format"] == "orbis-score/1"


@pytest.mark.parametrize("start", [
    b"GET / HTTP/1.1\r\nHost: localhost\r\nX: ",  # half the headers
    b'POST /api/score HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n{"a": 1',  # half the body
])
def test_a_connection_that_never_finishes_its_request_is_closed(monkeypatch, start):
    monkeypatch.setattr("orbis_dsl.serve.connections.REQUEST_DEADLINE", 0.5)
    with serving(create_app(base_rules())) as url:
        where = urllib.parse.urlsplit(url)
        with socket.create_connection((where.hostname, where.port), timeout=20) as slow:
            slow.sendall(start)  # and nothing more
            # Closed by the server: had it kept the connection, recv would raise at the socket's timeout instead.
            assert slow.recv(1024) == b""
