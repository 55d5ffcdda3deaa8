"""Located diagnostics: the one error type every stage returns (never raises) and the CLI prints."""

# No `from __future__ import annotations`: NamedTuple would compile every string annotation at import.

from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple


class Span(NamedTuple):
    """Where a node came from: 1-based line and column, end exclusive."""

    file: str
    line: int
    column: int
    end_line: int | None = None
    end_column: int | None = None


class Diagnostic(NamedTuple):
    """A message about user input. `span` points into a text file; `path` is a JSON path for JSON input."""

    message: str
    span: Span | None = None
    path: str | None = None
    file: str | None = None
    severity: str = "error"
    hint: str | None = None

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def where(self) -> str:
        if self.span is not None:
            return f"{self.span.file}:{self.span.line}:{self.span.column}"
        if self.path is not None:
            return f"{self.file}: {self.path}" if self.file else self.path
        return self.file or "<input>"


# Known names a "did you mean" compares a mistake with, at most: those closest in length. A file with thousands of
# names and thousands of mistakes made the hints quadratic (3,000 unknown names took minutes).
_HINT_POOL = 48


def did_you_mean(name: str, choices: Iterable[str]) -> str | None:
    """A short hint naming the closest known name, if any is close enough to be a typo."""
    import difflib  # only when a name is unknown: not on every start
    import heapq

    pool = sorted(set(choices))
    if len(pool) > _HINT_POOL:
        pool = heapq.nsmallest(_HINT_POOL, pool, key=lambda c: abs(len(c) - len(name)))
    close = difflib.get_close_matches(name, pool, n=1, cutoff=0.6)
    if close:
        return f"did you mean '{close[0]}'?"
    return None


def unknown(what: str, name: str, choices: Iterable[str], span: Span | None = None) -> Diagnostic:
    choices = sorted(set(choices))
    hint = did_you_mean(name, choices)
    if hint is None and 0 < len(choices) <= 12:
        hint = "expected one of: " + ", ".join(choices)
    return Diagnostic(f"unknown {what} '{name}'", span=span, hint=hint)


_SHOWN = 100  # characters of a long source line shown around the caret

# Messages shown of one file or rule set at most. A record with 20,000 repeats of one mistake on a line needs the
# first of them, not 6 MB on the terminal (nor a web answer of that size): the last message counts the rest.
MAX_SHOWN = 100


def first_shown(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The first MAX_SHOWN messages, and one more that says how many were left out (and how many of those are
    errors); the list itself when it is no longer."""
    if len(diagnostics) <= MAX_SHOWN:
        return diagnostics
    rest = diagnostics[MAX_SHOWN:]
    errors = sum(1 for d in rest if d.is_error)
    first = rest[0]
    note = Diagnostic(f"{len(rest):,} more messages not shown ({errors:,} of them errors)",
                      file=first.span.file if first.span is not None else first.file,
                      severity="error" if errors else "warning",
                      hint=f"the first {MAX_SHOWN} are shown: correct those and run again")
    return [*diagnostics[:MAX_SHOWN], note]


@lru_cache(maxsize=8)
def _lines(text: str) -> list[str]:
    """A source's lines, split once for all its diagnostics (thousands of them made printing quadratic)."""
    return text.splitlines()


def render(diag: Diagnostic, sources: dict[str, str] | None = None) -> str:
    """`file:line:col: error: message`, then the source line with a caret under the column, then the hint."""
    from orbis_dsl.common.terminal import same_width, shown  # messages quote names and titles from the user's files

    lines = [f"{shown(diag.where())}: {diag.severity}: {shown(diag.message)}"]
    span = diag.span
    text = (sources or {}).get(span.file) if span else None
    if span is not None and text is not None:
        source_lines = _lines(text)
        if 1 <= span.line <= len(source_lines):
            source_line = source_lines[span.line - 1]
            width = 1
            if span.end_line == span.line and span.end_column and span.end_column > span.column:
                width = span.end_column - span.column
            column = span.column
            if len(source_line) > _SHOWN:  # a window around the caret, not a megabyte of one line
                start = max(0, column - 1 - _SHOWN // 2)
                source_line = ("…" if start else "") + source_line[start:start + _SHOWN] + "…"
                column = column - start + (1 if start else 0)
            # Both keep each character's column (a tab becomes one space), so they run on the window alone: on
            # the whole line, thousands of errors on one long line made rendering quadratic.
            source_line = same_width(source_line.expandtabs(1))
            gutter = f"{span.line:>4} | "
            lines.append(gutter + source_line)
            lines.append(" " * (len(gutter) + column - 1) + "^" * max(1, min(width, 60)))
    if diag.hint:
        lines.append(f"  = {shown(diag.hint)}")
    return "\n".join(lines)
