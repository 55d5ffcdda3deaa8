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
    each cell's balance (win rates by seat, god and kind with 95 % intervals, flags with the number chance alone
    would give, mean CP)."""
    from orbis_dsl.common.resources import display_path
    from orbis_dsl.engine.progress import Progress
    from orbis_dsl.engine.sweep import BACKENDS, ClusterUnavailable, address_problem, run_sweep, total_games
    from orbis_dsl.engine.sweep_spec import read_spec

    if jobs < 1:
        _fail(f"--jobs must be at least 1, not {jobs}")
    if backend not in BACKENDS:
        _fail(f"unknown backend '{backend}'", hint="expected one of: " + ", ".join(BACKENDS))
    if address is not None and backend != "dask":
        _fail("--address is for --backend dask")
    if address is not None and (problem := address_problem(address)) is not None:
        _fail(problem)
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


WIDTH = 112  # a cell's rates wrap at this width


def sweep_text(report: dict) -> str:
    """One block per cell: its mean CP; its win rates with their intervals by seat, god (the gods its pack adds
    first) and kind, and by policy when policies differ; its flags with the number chance alone would give. Last,
    the flags of every cell against the number expected by chance over all of them."""
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
        out += _cell_rates(cell, b)
        out += _cell_flags(b)
    flagged = report["flags"]
    out.append("")
    out.append(f"all cells: {flagged or 'no'} flag{'s' if flagged != 1 else ''}, about "
               f"{report['flags_expected_by_chance']:g} expected by chance alone when every rate is fair (each "
               "cell's rates are tested on their own)")
    return "\n".join(out)


def _cell_rates(cell: dict, b: dict) -> list[str]:
    """A cell's win rates with their exact 95 % intervals, a line (or a few, wrapped) per kind of rate."""
    from orbis_dsl.engine.summary_text import rate_text

    fair = b["fair_rate"]
    out = [f"  win rates with exact 95 % intervals (fair {fair:.1%}; a shared win counts 1/k to each winner):"]
    out += _wrapped("    seats: ", [f"{k}: {rate_text(e, fair)}" for k, e in b["win_rate_by_seat"].items()])
    if len(b["win_rate_by_policy"]) > 1:
        out += _wrapped("    policies: ", [f"{k}: {rate_text(e, fair)}" for k, e in b["win_rate_by_policy"].items()])
    new = set(cell["new_gods"])
    gods = sorted(b["win_rate_by_god"].items(), key=lambda kv: (kv[0] not in new, -kv[1]["rate"], kv[0]))
    out += _wrapped("    gods: ", [f"{g}{' (new)' if g in new else ''} {rate_text(e, fair)} of {e['n']}"
                                  for g, e in gods])
    kinds = sorted(b["win_rate_by_kind"].items(), key=lambda kv: (-kv[1]["rate"], kv[0]))
    out += _wrapped("    kinds: ", [f"{k} {rate_text(e, fair)} of {e['n']}" for k, e in kinds])
    return out


def _wrapped(head: str, items: list[str]) -> list[str]:
    """Items after a head, separated by commas, wrapped at WIDTH with the continuation lines indented."""
    if not items:
        return []
    lines, line = [], head + items[0]
    indent = " " * len(head)
    for item in items[1:]:
        if len(line) + 2 + len(item) > WIDTH:
            lines.append(line + ",")
            line = indent + item
        else:
            line += ", " + item
    return [*lines, line]


def _cell_flags(b: dict) -> list[str]:
    """A cell's flags, headed by how many chance alone would give; or why none is tested."""
    if b.get("not_tested"):
        return ["  no rate tested: the seats play different policies (see docs/balance.md §1)"]
    chance = b.get("flags_expected_by_chance", 0.0)
    if not b["flags"]:
        return [f"  no flags (about {chance:g} expected by chance)"]
    count = len(b["flags"])
    return [f"  {count} flag{'s' if count != 1 else ''} (about {chance:g} expected by chance):",
            *(f"  ! {f}" for f in b["flags"])]
