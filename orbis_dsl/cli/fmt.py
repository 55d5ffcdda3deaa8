"""`orbis fmt [--check] PATH…`: lay rule files out canonically (the layout itself is `language/format/fmt.py`)."""

from __future__ import annotations

from pathlib import Path

import typer


def fmt_command(paths: list[Path], check: bool) -> int:
    """`orbis fmt [--check] PATH…`: 0 when every file is (now) formatted, 1 with --check when some would change,
    2 when a file cannot be read or does not parse (it is then left alone)."""
    from orbis_dsl.cli.output import print_diagnostics
    from orbis_dsl.common.diagnostics import Diagnostic, render
    from orbis_dsl.common.encodings import not_utf8
    from orbis_dsl.common.resources import display_path
    from orbis_dsl.language.format.fmt import format_source, rule_files
    from orbis_dsl.language.syntax.parse import MAX_READ_BYTES
    from orbis_dsl.language.syntax.rule_files import ReadRefused, read_rule_text

    failed, changed = 0, []
    files = rule_files(paths)
    for path in files:
        shown = display_path(path)
        try:  # as `check` reads: only a regular file, only up to the size limit (not /dev/zero, not a FIFO), a
            # BOM dropped (Windows editors write one; the file is written back without it)
            text = read_rule_text(path, MAX_READ_BYTES)
        except UnicodeDecodeError as error:
            problem, shown_text = not_utf8(shown, error)
            print_diagnostics([problem], {shown: shown_text})
            failed += 1
            continue
        except (OSError, ReadRefused) as error:
            reason = ("no such file" if isinstance(error, FileNotFoundError) else
                      f"cannot read it: {getattr(error, 'message', None) or error}")
            typer.echo(render(Diagnostic(reason, file=shown)), err=True)
            failed += 1
            continue
        result, diags = format_source(text, shown)
        if result is None:
            print_diagnostics(diags, {shown: text})
            failed += 1
            continue
        if result != text:
            changed.append(shown)
            if check:
                typer.echo(f"would reformat {shown}")
            elif not _write_formatted(path, shown, result):
                failed += 1
    if failed:
        typer.echo(f"{failed} file{'s' if failed != 1 else ''} could not be formatted", err=True)
        return 2
    if check and changed:
        typer.echo(f"{len(changed)} of {len(files)} file{'s' if len(files) != 1 else ''} would be reformatted; "
                   f"run `orbis fmt` without --check", err=True)
        return 1
    if not changed:
        typer.echo(f"{len(files)} file{'s' if len(files) != 1 else ''} already formatted")
    return 0


def _write_formatted(path: Path, shown: str, text: str) -> bool:
    """Write a file's new layout, saying so; False when it cannot be written (said, the file left as it was). A
    symlink's target is what is formatted: replacing the link by a new file left the target as it was and broke
    the link (issue 35, F11). The message names both."""
    from orbis_dsl.common.diagnostics import Diagnostic, render
    from orbis_dsl.common.files import write_atomic
    from orbis_dsl.common.resources import display_path

    target = _link_target(path)
    try:
        write_atomic(target or path, text)
    except OSError as error:  # a read-only file or folder
        typer.echo(render(Diagnostic(f"cannot write it: {error.strerror or error}", file=shown)), err=True)
        return False
    link = str(Path(display_path(path.parent)) / path.name)  # (display_path follows the link)
    typer.echo(f"reformatted {shown}" if target is None else
               f"reformatted {display_path(target)} (the file the symlink {link} points to)")
    return True


def _link_target(path: Path) -> Path | None:
    """The file a symlink leads to (through any further links), or None when the path is not a symlink: a file
    in a symlinked folder is written in place, which is in that folder's target already."""
    import os

    return Path(os.path.realpath(path)) if path.is_symlink() else None


def fmt_cli(
    paths: list[Path] = typer.Argument(..., help="Rule files, or folders of .orbis files."),
    check: bool = typer.Option(False, "--check", help="Change nothing; exit 1 listing the files that would change."),
) -> None:
    """Rewrite rule files in the canonical layout (comments kept); --check only lists what would change."""
    raise typer.Exit(fmt_command(paths, check))
