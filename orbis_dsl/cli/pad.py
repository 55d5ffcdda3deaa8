"""`orbis pad build DIR`: the scoring pad as a static build that scores in the browser (serve/pad_build.py makes it;
this only reads the arguments and says what was written)."""

from __future__ import annotations

import time
from pathlib import Path

import typer

pad_cli = typer.Typer(add_completion=False, no_args_is_help=True, rich_markup_mode=None,
                      help="The scoring pad without a server: a static build for a phone.")


@pad_cli.command("build")
def build(
    folder: Path = typer.Argument(..., help="Where to write the build (an earlier build there is replaced)."),
    pyodide: Path | None = typer.Option(None, "--pyodide", help="The npm package pyodide's folder (default: "
                                        "orbis_dsl/serve/node_modules/pyodide, after `npm install` there)."),
    wheel: Path | None = typer.Option(None, "--wheel", help="The project's wheel (default: built from this "
                                                            "source with pip wheel)."),
    wheels: Path | None = typer.Option(None, "--wheels", help="A folder of the dependencies' wheels (default: "
                                                              "downloaded once with pip, then cached)."),
    force: bool = typer.Option(False, "--force", help="Replace a folder that is not an earlier build."),
) -> None:
    """Write the pad as static files for any web host: the same pages, scoring in the browser with Pyodide (the
    project's own Python scorer), working offline once opened and installable as an app."""
    from orbis_dsl.serve.pad_build import BuildError
    from orbis_dsl.serve.pad_build import build as make

    started = time.perf_counter()
    try:
        built = make(folder, pyodide, wheel, wheels, force)
    except BuildError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    typer.echo(f"wrote {built.folder}: {built.files} files, {built.bytes / 1e6:.1f} MB (Pyodide {built.pyodide}; "
               f"wheels {', '.join(built.wheels)}) in {time.perf_counter() - started:.1f} s")
    typer.echo(f"serve it from any static host, or: orbis serve --offline {built.folder}")
