"""Issue 35, F6 and F7: `orbis sweep --backend dask --address …`. A malformed address (`ws://`, `tls://`,
`inproc://x`, `ucx://`, `bogus`, `""`, a port out of range) ended in an OverflowError, WebSocketError or ValueError
traceback with exit 1; a listener that accepts connections but is not Dask (one that says nothing, a web server)
hung for 180-600 s. Now the first is a one-line error with exit 2, and the second is given up on within the same
DASK_TIMEOUT as a closed port. Everything here listens on loopback only."""

from __future__ import annotations

import contextlib
import http.server
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from orbis_dsl.engine.sweep import DASK_TIMEOUT, address_problem, dask_timeout

ROOT = Path(__file__).resolve().parents[2]
# A guard against a hang only (the old code waited minutes); never a measure of speed.
HANG_GUARD = 6 * DASK_TIMEOUT + 60
# The sweeps here wait this long for a scheduler, not DASK_TIMEOUT: the give-up is the same code either way.
SHORT_WAIT = "2"

MALFORMED = ["ws://127.0.0.1:8786", "wss://127.0.0.1:8786", "tls://127.0.0.1:8786", "inproc://x",
             "ucx://127.0.0.1:8786", "bogus", "", "   ", "tcp://127.0.0.1:99999999", "tcp://127.0.0.1:abc",
             "tcp://127.0.0.1:0", "tcp://127.0.0.1:²", "tcp://127.0.0.1:" + "9" * 5000, "tcp://[::1", "tcp://a b:1",
             "tcp://127.0.0.1", "127.0.0.1:-1", "http://127.0.0.1:80", "tcp://:8786"]


def _sweep(tmp_path: Path, *args: str):
    spec = tmp_path / "grid.toml"
    spec.write_text('games = 1\nvariants = ["2p"]\n', encoding="utf-8")
    env = {**os.environ, "ORBIS_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT),
           "ORBIS_DASK_TIMEOUT": SHORT_WAIT}
    try:
        proc = subprocess.run([sys.executable, "-m", "orbis_dsl.cli.app", "sweep", str(spec), *args], cwd=tmp_path,
                              env=env, capture_output=True, text=True, timeout=HANG_GUARD)
    except subprocess.TimeoutExpired:
        pytest.fail(f"orbis sweep {' '.join(args)} hung")
    return proc


@pytest.mark.parametrize("address", MALFORMED)
def test_a_malformed_address_is_named_in_one_line(address):
    problem = address_problem(address)
    assert problem is not None and "\n" not in problem and len(problem) < 300, problem


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:8786", "127.0.0.1:8786", "tcp://[::1]:8786",
                                     "tcp://scheduler.example:8786", "TCP://host:1"])
def test_a_tcp_address_is_taken(address):
    assert address_problem(address) is None


@pytest.mark.parametrize("address", ["ws://127.0.0.1:1", "tls://127.0.0.1:1", "inproc://x", "ucx://127.0.0.1:1",
                                     "bogus", "", "tcp://127.0.0.1:99999999"])
def test_a_malformed_address_exits_2_with_one_line(tmp_path, address):
    pytest.importorskip("distributed")
    proc = _sweep(tmp_path, "--backend", "dask", "--address", address)
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr and proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1 and proc.stderr.startswith("error: --address"), proc.stderr


@contextlib.contextmanager
def _silent_listener():
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)  # connections are accepted by the kernel; nothing is ever read or written
        yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"


@contextlib.contextmanager
def _web_server():
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def _closed_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    yield f"tcp://127.0.0.1:{port}"


@pytest.mark.parametrize("listener", [_silent_listener, _web_server, _closed_port],
                         ids=["silent", "http.server", "closed"])
def test_a_listener_that_is_not_dask_is_given_up_on(tmp_path, listener):
    pytest.importorskip("distributed")
    with listener() as address:
        proc = _sweep(tmp_path, "--backend", "dask", "--address", address)
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stderr.startswith(f"error: cannot reach the Dask scheduler at {address}"), proc.stderr
    if listener is _silent_listener:  # the shorter wait was the one waited for
        assert f"within {SHORT_WAIT} s" in proc.stderr, proc.stderr


@pytest.mark.parametrize(("value", "seconds"), [("2", 2.0), ("0.5", 0.5), ("", DASK_TIMEOUT), ("abc", DASK_TIMEOUT),
                                                ("0", DASK_TIMEOUT), ("nan", DASK_TIMEOUT), ("1e9", DASK_TIMEOUT),
                                                ("-3", DASK_TIMEOUT), ("inf", DASK_TIMEOUT)])
def test_the_wait_for_a_scheduler_is_shortened_only_by_a_sensible_number(monkeypatch, value, seconds):
    monkeypatch.setenv("ORBIS_DASK_TIMEOUT", value)
    assert dask_timeout() == seconds


def test_a_real_scheduler_still_answers_the_probe(tmp_path):
    distributed = pytest.importorskip("distributed")
    from orbis_dsl.engine.sweep import run_sweep
    from orbis_dsl.engine.sweep_spec import read_spec

    spec = tmp_path / "grid.toml"
    spec.write_text('games = 2\nvariants = ["2p"]\n', encoding="utf-8")
    sweep = read_spec(spec, "grid.toml").sweep
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None,
                                  protocol="tcp", host="127.0.0.1") as cluster:
        joined = run_sweep(sweep, "dask", 1, cluster.scheduler_address)
    assert joined == run_sweep(sweep, "local", 1)


@pytest.mark.parametrize(("address", "canonical"), [("TCP://Host:08786/", "tcp://Host:8786"),
                                                    (" 127.0.0.1:1 ", "tcp://127.0.0.1:1"),
                                                    ("tcp://[::1]:8786", "tcp://[::1]:8786")])
def test_an_address_is_given_to_dask_as_it_reads_one(address, canonical):
    from orbis_dsl.engine.sweep import canonical_address

    assert address_problem(address) is None and canonical_address(address) == canonical
