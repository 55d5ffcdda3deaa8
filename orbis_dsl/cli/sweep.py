"""`orbis sweep SPEC`: the command over `sweep.py`. Exit codes: 0 done; 2 a spec that does not check, bad
arguments, or a cluster that cannot be used (the extra missing, the scheduler unreachable)."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from orbis_dsl.cli.output import print_diagnostics
from orbis_dsl.common.paths import is_file, not_found


def _fail(message: str, hint: str | None = None) -> None:
    typer.echo(f"error: {message}", err=True)
    if hint:
        typer.echo(f"  = {hint}", err=True)
    raise typer.Exit(2)


def sweep(
    spec: Path = typer.Argument(..., help="A TOML file: games, seed, variants, packs, policies, [options]."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Local worker processes, or workers of the local Dask "
                                                     "cluster (results do not depend on it)."),
    backend: str = typer.Option("local", "--backend", help="local (this machine's processes) or dask "
                                                          "(needs orbis-dsl[cluster])."),
    address: str | None = typer.Option(None, "--address", help="With --backend dask: a running scheduler, "
                                                                "e.g. tcp://10.0.0.5:8786 (default: start a "
                                                                "local cluster)."),
    as_json: bool = typer.Option(False, "--json", help="Print every cell's summary as JSON."),
) -> None:
    """Play one spec over a grid of variants x packs x policies x options, many games per cell, and report
    each cell's balance (win rates with intervals, flags, mean CP)."""
    from orbis_dsl.common.resources import display_path
    from orbis_dsl.engine.progress import Progress
    from orbis_dsl.engine.sweep import BACKENDS, ClusterUnavailable, run_sweep, total_games
    from orbis_dsl.engine.sweep_spec import read_spec

    if jobs < 1:
        _fail(f"--jobs must be at least 1, not {jobs}")
    if backend not in BACKENDS:
        _fail(f"unknown backend '{backend}'", hint="expected one of: " + ", ".join(BACKENDS))
    if address is not None and backend != "dask":
        _fail("--address is for --backend dask")
    shown = display_path(spec)
    if not is_file(spec):
        _fail(not_found("sweep spec", shown, spec))
    result = read_spec(spec, shown)
    if result.sweep is None:
        print_diagnostics(result.diagnostics, {shown: result.text})
        _fail(f"the sweep spec {shown} does not check")
    progress = Progress(total_games(result.sweep))
    try:
        report = run_sweep(result.sweep, backend, jobs, address, progress.advance)
    except ClusterUnavailable as error:
        _fail(str(error))
    finally:
        progress.close()
    if as_json:
        typer.echo(json.dumps(report, indent=2))
        return
    typer.echo(sweep_text(report))


def sweep_text(report: dict) -> str:
    """One block per cell: its mean CP, the win rate of each god its pack adds, win rate by policy when
    policies differ, and its flags."""
    out = [f"{len(report['cells'])} cells, {report['games_per_cell']} games each, seed {report['seed']}"]
    for cell in report["cells"]:
        s = cell["summary"]
        b = s["balance"]
        options = ", ".join(f"{k}={json.dumps(v)}" for k, v in cell["options"].items())
        out.append("")
        out.append(f"{cell['pack']} · {cell['variant']} · {cell['policy']}" + (f" · {options}" if options else ""))
        cp = b["mean_cp"]["total"]
        out.append(f"  mean CP {cp['mean']:.2f} ({cp['low']:.2f} to {cp['high']:.2f}), "
                   f"mean deserts {s['mean_deserts']:.2f}")
        for god in cell["new_gods"]:
            e = b["win_rate_by_god"].get(god)
            if e is not None:
                out.append(f"  {god} (new): wins {e['rate']:.1%} ({e['low']:.1%}-{e['high']:.1%}) of {e['n']} held")
        if len(b["win_rate_by_policy"]) > 1:
            out.append("  win rate by policy: " + ", ".join(
                f"{k} {e['rate']:.1%} ({e['low']:.1%}-{e['high']:.1%})" for k, e in b["win_rate_by_policy"].items()))
        out += [f"  ! {f}" for f in b["flags"]] or ["  no win rate's interval excludes the fair rate"]
    return "\n".join(out)
