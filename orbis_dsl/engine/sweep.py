"""`orbis sweep`: play every cell of a grid (see `sweep_spec.py`) on one process, on `--jobs` local processes, or
on a Dask cluster, and summarise each cell as `orbis simulate --json` would.

The work is cut into units of a few games of one cell. A unit carries only names and numbers (the rules source,
variant, seed, game indices, seat policies, options), so any worker can play it: game i of a cell is dealt from
`game_seed(seed, i)` and its players seeded from that, whoever plays it and in whatever order units finish. The
results are put back in game order before they are summarised, so the JSON is the same byte for byte on every
backend.

Why Dask (`distributed`) rather than Ray for the cluster backend: it is pure Python and pip-installs in seconds as
the `[cluster]` extra, its `LocalCluster` starts in about a second on a laptop or a CI machine, `Client(address)`
joins an existing scheduler with the same code, and its futures API is the `concurrent.futures` one the local
backend already uses. Ray brings a large native runtime (its own object store and raylet daemons) for features a
grid of independent, seconds-long tasks does not need.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed

from orbis_dsl.engine.simulate import load_rules, play_one, seat_policies, summarize
from orbis_dsl.engine.sweep_spec import Cell, Sweep

SWEEP_FORMAT = "orbis-sweep/1"
BACKENDS = ("local", "dask")
# Seconds to reach a scheduler and hear it answer as Dask does: a closed port, a listener that says nothing and
# one that answers something else (a web server) are all given up on within them.
DASK_TIMEOUT = 10.0


def dask_timeout() -> float:
    """DASK_TIMEOUT, or the seconds in the environment's ORBIS_DASK_TIMEOUT when it holds a number from 0.5 to
    DASK_TIMEOUT (the tests' shorter wait); anything else there is ignored."""
    try:
        seconds = float(os.environ.get("ORBIS_DASK_TIMEOUT", ""))
    except ValueError:
        return DASK_TIMEOUT
    return seconds if 0.5 <= seconds <= DASK_TIMEOUT else DASK_TIMEOUT
# tcp://HOST:PORT (or HOST:PORT, which Dask reads as tcp): a name, an IPv4 address or an [IPv6] one.
_ADDRESS = re.compile(r"(?:(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*)://)?(?P<host>\[[0-9A-Fa-f:.]+\]|[^\s/:\[\]]+)"
                      r"(?::(?P<port>[^/]*))?/?")


class ClusterUnavailable(RuntimeError):
    """The Dask backend was asked for without the `[cluster]` extra, or its scheduler cannot be reached."""


def address_problem(address: str) -> str | None:
    """Why `--address` cannot name a scheduler orbis can join (in one line), or None. Only tcp:// is joined:
    tls:// needs certificates, ws://, ucx:// and inproc:// other settings or packages, that orbis does not pass."""
    example = "give the scheduler as tcp://HOST:PORT, e.g. tcp://10.0.0.5:8786"
    if not address.strip():
        return f"--address is empty: {example}"
    shown = ascii(address)[1:-1][:80]
    m = _ADDRESS.fullmatch(address.strip())
    if m is None:
        return f"--address '{shown}' is not an address: {example}"
    scheme = (m.group("scheme") or "tcp").lower()
    if scheme != "tcp":
        return f"--address '{shown}': only tcp:// schedulers can be joined, not {scheme[:20]}://; {example}"
    port = m.group("port")
    if port is None:
        return f"--address '{shown}' has no port: {example}"
    if not (port.isascii() and port.isdigit() and len(port) <= 5 and 1 <= int(port) <= 65535):
        return f"--address '{shown}': the port is a number from 1 to 65535, not '{ascii(port)[1:-1][:20]}'"
    return None


def canonical_address(address: str) -> str:
    """`tcp://HOST:PORT` for an address `address_problem` passes (HOST:PORT, `TCP://`, a trailing slash or
    spaces): the one spelling Dask itself reads."""
    m = _ADDRESS.fullmatch(address.strip())
    return f"tcp://{m.group('host')}:{int(m.group('port'))}"


def _answers_as_dask(address: str) -> None:
    """Connect to the scheduler and hear its handshake, all within `dask_timeout()`, or ClusterUnavailable: Dask's own
    `Client(address, timeout=…)` waits for ever for the handshake of a listener that accepts and says nothing."""
    import asyncio

    from distributed.comm import connect

    timeout = dask_timeout()

    async def handshake() -> None:
        comm = await asyncio.wait_for(connect(address, timeout=timeout), timeout)
        await comm.close()

    try:
        asyncio.run(handshake())
    except TimeoutError:
        raise ClusterUnavailable(f"cannot reach the Dask scheduler at {address}: nothing answered as a Dask "
                                 f"scheduler within {timeout:g} s") from None
    except OSError as error:
        raise ClusterUnavailable(f"cannot reach the Dask scheduler at {address}: {error}") from None
    except Exception as error:  # what another server says breaks Dask's reader in many ways
        raise ClusterUnavailable(f"cannot reach the Dask scheduler at {address}: it did not answer as a Dask "
                                 f"scheduler ({type(error).__name__})") from None


def units(sweep: Sweep, per_unit: int) -> list[tuple]:
    """(cell index, rules source, variant, seed, game indices, seat policies, options) for every unit of work."""
    out = []
    for index, cell in enumerate(sweep.cells):
        players = load_rules(cell.source).variants[cell.variant].players
        policies = seat_policies(cell.policy, players)
        for start in range(0, sweep.games, per_unit):
            games = list(range(start, min(sweep.games, start + per_unit)))
            out.append((index, cell.source, cell.variant, sweep.seed, games, policies, cell.options))
    return out


def play_unit(unit: tuple) -> tuple[int, list[dict]]:
    """Play one unit (in whichever process or worker runs it): (cell index, its games' compact results)."""
    index, source, variant, seed, games, policies, options = unit
    rules = load_rules(source)
    return index, [play_one(rules, variant, seed, i, policies, options or None) for i in games]


def run_sweep(sweep: Sweep, backend: str = "local", jobs: int = 1, address: str | None = None,
              progress: Callable[[int], None] | None = None) -> dict:
    """The sweep's report: one summary per cell, in the spec's order."""
    # small units keep every worker busy to the end; their size never changes a result
    per_unit = max(1, min(25, -(-sweep.games // (4 * max(1, jobs)))))
    work = units(sweep, per_unit)
    if backend == "dask":
        parts = _run_dask(work, jobs, address, progress)
    elif jobs > 1:
        parts = _run_processes(work, jobs, progress)
    else:
        parts = _run_here(work, progress)
    results: list[list[dict]] = [[] for _ in sweep.cells]
    for index, part in parts:
        results[index].extend(part)
    return report(sweep, results)


def report(sweep: Sweep, results: list[list[dict]]) -> dict:
    base_gods = set(load_rules(None).gods)
    cells = []
    for cell, games in zip(sweep.cells, results):
        games.sort(key=lambda r: r["index"])
        rules = load_rules(cell.source)
        summary = summarize(games, cell.variant, sweep.seed, cell.policy, rules)
        cells.append({"pack": cell.pack, "variant": cell.variant, "policy": cell.policy,
                      "options": dict(sorted(cell.options.items())),
                      # what a designer sweeps a pack for: the gods it adds to the base game
                      "new_gods": sorted(set(rules.gods) - base_gods), "summary": summary})
    balances = [c["summary"]["balance"] for c in cells]
    # the baseline for the flags of every cell together: each cell's rates are tested on their own
    return {"format": SWEEP_FORMAT, "games_per_cell": sweep.games, "seed": sweep.seed,
            "flags": sum(len(b["flags"]) for b in balances),
            "flags_expected_by_chance": round(sum(b["flags_expected_by_chance"] for b in balances), 2),
            "cells": cells}


def _run_here(work, progress):
    for unit in work:
        part = play_unit(unit)
        if progress is not None:
            progress(len(part[1]))
        yield part


def _run_processes(work, jobs, progress):
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for future in as_completed([pool.submit(play_unit, unit) for unit in work]):
            part = future.result()
            if progress is not None:
                progress(len(part[1]))
            yield part


def _run_dask(work, jobs, address, progress):
    try:
        from distributed import Client, LocalCluster
        from distributed import as_completed as dask_completed
    except ImportError:
        raise ClusterUnavailable("the dask backend needs the cluster extra: pip install 'orbis-dsl[cluster]'") \
            from None
    cluster = None
    try:
        if address is None:
            cluster = LocalCluster(n_workers=max(1, jobs), threads_per_worker=1, processes=True,
                                   dashboard_address=None)
            client = Client(cluster)
        else:
            problem = address_problem(address)
            if problem is not None:
                raise ClusterUnavailable(problem)
            address = canonical_address(address)
            _answers_as_dask(address)
            client = Client(address, timeout=f"{dask_timeout():g}s")
    except (OSError, TimeoutError) as error:
        if cluster is not None:
            cluster.close()
        raise ClusterUnavailable(f"cannot reach the Dask scheduler at {address or 'a local cluster'}: {error}") \
            from None
    try:
        futures = client.map(play_unit, work, pure=False)
        for _, part in dask_completed(futures, with_results=True):
            if progress is not None:
                progress(len(part[1]))
            yield part
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def total_games(sweep: Sweep) -> int:
    return sweep.games * len(sweep.cells)


def cell_label(cell: Cell) -> str:
    options = ", ".join(f"{k}={v}" for k, v in sorted(cell.options.items()))
    return f"{cell.pack} · {cell.variant} · {cell.policy}" + (f" · {options}" if options else "")
