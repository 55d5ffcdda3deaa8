"""common/diagnostics.py: at most MAX_SHOWN messages of a run, the rest counted; a caret on a long line drawn from
the window around it (thousands of errors on one line made rendering quadratic)."""

from __future__ import annotations

from orbis_dsl.common.diagnostics import MAX_SHOWN, Diagnostic, Span, first_shown, render


def _errors(n: int, severity: str = "error") -> list[Diagnostic]:
    return [Diagnostic(f"mistake {i}", Span("f.txt", 1, i + 1), severity=severity) for i in range(n)]


def test_a_short_list_is_shown_whole():
    diags = _errors(MAX_SHOWN)
    assert first_shown(diags) is diags


def test_a_long_list_shows_the_first_and_counts_the_rest():
    diags = _errors(MAX_SHOWN + 5) + _errors(2, "warning")
    shown = first_shown(diags)
    assert shown[:MAX_SHOWN] == diags[:MAX_SHOWN] and len(shown) == MAX_SHOWN + 1
    assert shown[-1].message == "7 more messages not shown (5 of them errors)"
    assert shown[-1].file == "f.txt" and shown[-1].is_error


def test_only_warnings_left_out_are_counted_as_a_warning():
    shown = first_shown(_errors(MAX_SHOWN) + _errors(3, "warning"))
    assert shown[-1].severity == "warning" and shown[-1].message.startswith("3 more messages")


def test_a_caret_deep_in_a_long_line_with_tabs_and_controls_keeps_its_column():
    line = "\t" * 300 + "x\x1b" * 300 + "HERE" + "y" * 500
    column = line.index("HERE") + 1
    text = render(Diagnostic("here", Span("f.txt", 1, column, 1, column + 4)), {"f.txt": line})
    source, caret = text.splitlines()[1:3]
    assert source[caret.index("^"):caret.index("^") + 4] == "HERE" and caret.count("^") == 4


def test_only_the_window_around_the_caret_is_escaped(monkeypatch):
    """Escaping the whole line for each of thousands of errors on it was quadratic (15 s for a 180 kB line)."""
    from orbis_dsl.common import terminal

    lengths = []
    real = terminal.same_width
    monkeypatch.setattr(terminal, "same_width", lambda text: lengths.append(len(text)) or real(text))
    line = "x" * 1_000_000
    render(Diagnostic("here", Span("f.txt", 1, 500_000)), {"f.txt": line})
    assert lengths and max(lengths) <= 102
