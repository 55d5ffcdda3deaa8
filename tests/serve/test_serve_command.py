"""`orbis serve`: the address it prints, the warning for a network address, and a rule pack with errors."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")


@pytest.fixture
def probed(monkeypatch):
    """Record what `orbis serve` would start instead of starting a server (the address is still tried)."""
    calls = []
    monkeypatch.setattr("orbis_dsl.serve.run", lambda rules, host, port: calls.append((host, port, rules)))
    return calls


@pytest.fixture
def started(probed, monkeypatch):
    """As `probed`, and every address is free: port 8000 may be in use on a shared machine."""
    monkeypatch.setattr("orbis_dsl.serve.unusable_address", lambda host, port: None)
    return probed


def test_binds_localhost_by_default(orbis, started):
    result = orbis("serve")
    assert result.exit_code == 0, result.stderr
    assert [(host, port) for host, port, _ in started] == [("127.0.0.1", 8000)]
    assert "http://localhost:8000/" in result.stdout
    assert "warning" not in result.stderr


def test_a_network_address_is_printed_with_a_warning(orbis, started):
    result = orbis("serve", "--host", "0.0.0.0", "--port", "8123")
    assert result.exit_code == 0, result.stderr
    assert [(host, port) for host, port, _ in started] == [("0.0.0.0", 8123)]
    assert "http://0.0.0.0:8123/" not in result.stdout  # not where a phone can open it
    assert ":8123/" in result.stdout
    assert "anyone on this network" in result.stderr


def test_a_broken_rule_pack_is_reported_not_served(orbis, started, tmp_path):
    pack = tmp_path / "broken.orbis"
    pack.write_text("kind oops\n  param cp: nosuchtype\n", encoding="utf-8")
    result = orbis("serve", "--rules", pack)
    assert result.exit_code == 2
    assert "broken.orbis:" in result.stderr
    assert started == []


def test_a_port_in_use_is_an_error_in_a_sentence(orbis, probed):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = orbis("serve", "--port", port)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: cannot listen on 127.0.0.1:{port}: ")
    assert "Traceback" not in result.stderr
    assert probed == []


def test_an_address_not_on_this_computer_is_an_error(orbis, probed):
    result = orbis("serve", "--host", "192.0.2.1")  # TEST-NET-1: never this machine's; nothing is sent there
    assert result.exit_code == 2
    assert "cannot listen on 192.0.2.1:8000" in result.stderr
