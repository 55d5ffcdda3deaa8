"""What every command prints the same way: diagnostics with their source line and caret, and files written
atomically (a path that cannot be written is the user's error, exit 2, not a traceback)."""

from __future__ import annotations

from pathlib import Path

import typer


def print_diagnostics(diagnostics, sources=None) -> int:
    """Print each message with its source line and caret; return how many are errors."""
    from orbis_dsl.common.diagnostics import first_shown, render

    for diag in first_shown(diagnostics):  # already in file order
        typer.echo(render(diag, sources), err=True)
    return sum(1 for d in diagnostics if d.is_error)


def write_output(path: Path, text: str) -> None:
    """Write atomically; a path that cannot be written is a user error (exit 2), not a traceback."""
    from orbis_dsl.common.files import write_atomic

    try:
        write_atomic(path, text)
    except OSError as error:
        typer.echo(f"{path}: error: cannot write the file: {error.strerror or error}", err=True)
        raise typer.Exit(2) from None
