"""Syntax errors of rule files: several per file without follow-on errors (lark_recovery.py), every file of a rule
set read for its own (sources.py), and what each error says (syntax_hints.py). One-mistake files with their full
output are in tests/corpus/rules/ (test_diagnostics.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from orbis_dsl.common.diagnostics import render
from orbis_dsl.language.syntax.lark_recovery import MAX_SYNTAX_ERRORS, resume_at, resume_points
from orbis_dsl.language.syntax.parse import parse_rule_file, parse_text
from orbis_dsl.language.syntax.sources import load_sources

ROOT = Path(__file__).resolve().parents[3]


def errors(text: str) -> list[tuple[int, int, str, str | None]]:
    tree, diags = parse_text(text, "r.orbis")
    assert diags and tree is None
    return [(d.span.line, d.span.column, d.message, d.hint) for d in diags]


def where(text: str) -> list[tuple[int, int]]:
    return [(line, column) for line, column, _, _ in errors(text)]


# ---- several errors in one file -----------------------------------------------------------------------------

TWO = """\
kind stone "Stone" {
  parm cp: int
  end: cp
}
god sun "Sun" {
  end 2
}
"""


def test_each_declaration_with_a_mistake_is_reported():
    """The designer's example: the `parm` error hid the god's `end 2`."""
    found = errors(TWO)
    assert [(line, column) for line, column, _, _ in found] == [(2, 3), (6, 7)]
    assert found[0][3] == "did you mean 'param'?"
    assert found[1][2] == "unexpected number 2; expected ':'"


def test_what_follows_a_mistake_in_the_same_declaration_is_not_reported():
    """One mistake, one error: the rest of the declaration it is in is skipped, not read as more mistakes."""
    assert where('god sun "Sun" {\n  end 2 3 4 ) ] }\n  end: ((\n}\ncolors red\n') == [(2, 7)]


def test_a_line_left_unindented_inside_a_block_is_not_taken_for_a_declaration():
    """`let` starts a declaration and a block member: in the first column but inside the god's braces, resuming
    there would read `end: 3` and the `}` as mistakes of the author's."""
    text = 'god a "A" {\n  end 2\nlet x = 1\n  end: 3\n}\nkind b "B" {\n  end: 1 +\n}\n'
    assert where(text) == [(2, 7), (8, 1)]


def test_after_a_block_left_open_the_next_declaration_is_read():
    text = 'kind a "A" {\n  end: 1\n\ngod b "B" {\n  end 2\n}\nkind c "C" {\n  end: 2 +\n}\n'
    assert where(text) == [(4, 1), (5, 7), (9, 1)]


def test_a_mistake_at_the_end_of_the_file_is_the_last():
    assert where('god a "A" {\n  end 2\n}\ngod b "B" {\n  end: 1 +\n') == [(2, 7), (5, 10)]


def test_errors_of_one_file_are_bounded():
    text = "".join(f'god g{i} "G" {{\n  end {i}\n}}\n' for i in range(MAX_SYNTAX_ERRORS + 10))
    assert len(errors(text)) == MAX_SYNTAX_ERRORS


def test_lexer_errors_are_resumed_from_too():
    text = 'god a "A" {\n  end: 1;\n}\ngod b \u201cB\u201d {\n  end: 1\n}\ngod c "C" {\n  end: 2 ?\n}\n'
    assert where(text) == [(2, 9), (4, 7), (8, 10)]


def test_resume_points_are_declarations_in_the_first_column_with_their_brace_depth():
    text = 'colors red\nkind a "A" {\n  let x = 1\nlet y = 2\n}\n# award x {\n  award y {}\nwinner: most total\n'
    words = frozenset({"colors", "let", "winner", "award"})
    points = resume_points(text, words)
    assert [(text.count("\n", 0, p.pos) + 1, p.depth) for p in points] == [(1, 0), (2, 0), (4, 1), (8, 0)]
    assert resume_at(points, text.index("x = 1"), -1) == text.index("winner")  # not `let y`, one brace deeper
    assert resume_at(points, text.index("kind"), -1) == text.index("kind")  # the refused token starts one
    assert resume_at(points, text.index("kind"), text.index("kind")) == text.index("winner")  # but never twice


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_damaged_rule_file_gives_located_errors_in_order(data):
    """Any deletion from a bundled rule file: no exception, at most the bound of errors, each located in the file,
    in the order of the file, each rendered with its line."""
    text = (ROOT / "rules" / "orbis" / "gods.orbis").read_text(encoding="utf-8")
    start = data.draw(st.integers(0, len(text) - 1))
    end = data.draw(st.integers(start, min(len(text), start + 40)))
    broken = text[:start] + text[end:]
    tree, diags = parse_text(broken, "g.orbis")
    assert (tree is None) == bool(diags)
    assert len(diags) <= MAX_SYNTAX_ERRORS
    lines = broken.count("\n") + 1
    places = [(d.span.line, d.span.column) for d in diags]
    assert all(1 <= line <= lines and column >= 1 for line, column in places), places
    assert places == sorted(places)
    for d in diags:
        assert d.message in render(d, {"g.orbis": broken})


# ---- every file of a rule set -------------------------------------------------------------------------------


def test_the_includes_of_a_file_with_syntax_errors_are_read_for_their_own(tmp_path):
    """A game folder is read from its entry file: a syntax error there hid the mistakes of every file it
    includes."""
    (tmp_path / "game.orbis").write_text('include "b.orbis"\ngod x "X" {\n  end 2\n}\ninclude "c.orbis"\n',
                                         encoding="utf-8")
    (tmp_path / "b.orbis").write_text('god y "Y" {\n  end 2 if colr = red\n}\n', encoding="utf-8")
    (tmp_path / "c.orbis").write_text('include "d.orbis"\ncolors red,\n', encoding="utf-8")
    (tmp_path / "d.orbis").write_text("levels 3 3\n", encoding="utf-8")
    sources, diags = load_sources([tmp_path / "game.orbis"])
    found = [(Path(d.span.file).name, d.span.line) for d in diags]
    assert found == [("game.orbis", 3), ("b.orbis", 2), ("c.orbis", 2), ("d.orbis", 1)]
    assert [Path(name).name for name in sources.unparsed] == ["game.orbis", "b.orbis", "c.orbis", "d.orbis"]
    assert sources.files == ()


def test_a_file_with_errors_gives_the_includes_that_parsed():
    parsed = parse_rule_file('include "a.orbis"\ngod x "X" {\n  end 2\n}\ninclude "b.orbis"\n', "r.orbis")
    assert parsed.tree is None and len(parsed.diagnostics) == 1
    assert [include.path for include in parsed.includes] == ["a.orbis", "b.orbis"]


def test_every_file_of_a_game_folder_is_reported(orbis, tmp_path):
    """`orbis check FOLDER` of a game reads its entry, game.orbis, and what that includes."""
    (tmp_path / "game.orbis").write_text('include "b.orbis"\ngod x "X" {\n  end 2\n}\n', encoding="utf-8")
    (tmp_path / "b.orbis").write_text('god y "Y" {\n  end: 2 if colr == red\n}\n', encoding="utf-8")
    result = orbis("check", str(tmp_path))
    assert result.exit_code == 2
    assert f"{tmp_path / 'game.orbis'}:3:7: error: unexpected number 2; expected ':'" in result.stderr
    assert f"{tmp_path / 'b.orbis'}:2:18: error: unexpected '=='" in result.stderr
    # the rule set is not checked further while a file has syntax errors: the count says so
    assert result.stderr.splitlines()[-1] == "2 errors (syntax; names and types are checked once every file parses)"



# ---- what the errors say ------------------------------------------------------------------------------------


def one(text: str) -> tuple[int, int, str, str | None]:
    (found,) = errors(text)
    return found


def test_a_block_left_open_says_where_it_was_opened():
    line, column, message, hint = one('god sun "God of the Sun" {\n  end: 1\n\nkind stone "Stone" {\n  end: 1\n}\n')
    assert (line, column) == (4, 1)
    assert message.startswith("unexpected 'kind'; expected '}'")
    assert hint == "the block opened at 1:26 is not closed"
    assert one('god sun "Sun" {\n  end: 1\n')[3] == "the block opened at 1:15 is not closed"


@pytest.mark.parametrize("text, message", [
    ("end: count(tiles where kind = stone >= 2", "unexpected '>='; expected ')' to close the '(' at 2:13"),
    ("end: count(tiles where kind = stone\n}", "unexpected '}'; expected ')' to close the '(' at 2:13"),
    ("end: cults[1 + 2\n}", "unexpected '}'; expected ']' to close the '[' at 2:13"),
    ("end: (1 + 2;", "unexpected character ';'; expected ')' to close the '(' at 2:8"),
])
def test_inside_a_bracket_what_closes_it_is_said_not_declarations(text, message):
    found = one(f'god sun "Sun" {{\n  {text}\n}}\n'.replace("\n}\n}\n", "\n}\n"))
    assert found[2] == message
    assert "'alias'" not in found[2] and "'board'" not in found[2]


def test_a_bracket_open_at_the_end_of_the_file():
    assert one('god sun "Sun" {\n  end: (1 + 2\n')[2] == "the file ends too early; expected ')' to close the '(' at 2:8"


def test_what_may_come_is_what_the_parser_takes_there_not_its_state_list():
    """Lark's list is that of an LALR state several places share (after `end: 1`, `matches` of a face-down
    block); what is said is what the parser, standing there, takes."""
    assert one('god sun "Sun" {\n  end: 1 +\n}\n')[2] == "unexpected '}'; expected an expression"
    assert one('god a "A" {\n  end: 1\n  parm x: int\n}\n')[2] == (
        "unexpected 'parm'; expected '}', 'check', 'end', 'if', 'let', 'modify', 'param', 'says' or …")
    assert one("score s: 3\nscore t 4\n")[2] == "unexpected number 4; expected ':' or a quoted string"


@pytest.mark.parametrize("expr, at, message, hint", [
    ("1 if kind == stone", 18, "unexpected '=='", "did you mean '='? (equality is written with one '=')"),
    ("1 if level => 2", 19, "unexpected '=>'", "did you mean '>='?"),
    ("1 if level =< 2", 19, "unexpected '=<'", "did you mean '<='?"),
    ("1 if level <> 2", 19, "unexpected '<>'", "did you mean '!='?"),
    ("1 if level \u2265 2", 19, "unexpected character '\u2265'", "did you mean '>='?"),
    ("1 if level \u2264 2", 19, "unexpected character '\u2264'", "did you mean '<='?"),
    ("1 if level \u2260 2", 19, "unexpected character '\u2260'", "did you mean '!='?"),
    ("3 if level > 2 else 0", 23, "unexpected 'else': a condition after the value ('if …') takes no else",
     "to choose between two values write `if level > 2 then 3 else 0`"),
    ("3 unless level > 2 else 1", 27, "unexpected 'else': a condition after the value ('unless …') takes no else",
     "to choose between two values write `if level > 2 then 1 else 3`"),
    ("1 if 1 < level < 5", 23, "comparisons do not chain: write `1 < level and level < 5`", None),
    ("1 if count(tiles where 1 < level < 5) >= 2", 41,
     "comparisons do not chain: write `1 < level and level < 5`", None),
    ("count(tiles) >= 2 >= count(supports)", 26,
     "comparisons do not chain: write `count(tiles) >= 2 and 2 >= count(supports)`", None),
])
def test_common_slips_in_expressions(expr, at, message, hint):
    line, column, said, hinted = one(f'god sun "Sun" {{\n  end: {expr}\n}}\n')
    assert (line, column, said, hinted) == (2, at, message, hint)


@pytest.mark.parametrize("title", ["\u201cSun\u201d", "\u2018Sun\u2019", "'Sun'"])
def test_quotes_other_than_straight_double_ones(title):
    _, column, message, hint = one(f"god sun {title} {{\n  end: 1\n}}\n")
    assert column == 9 and message.startswith("unexpected character")
    assert hint == 'strings are quoted with straight double quotes: "…"'


def test_a_string_closed_with_a_curly_quote():
    _, _, message, hint = one('god sun "Sun\u201d {\n  end: 1\n}\n')
    assert message.startswith("this string is not closed")
    assert hint == 'it ends with a curly quote: strings are quoted with straight double quotes: "…"'


def test_an_if_else_after_a_score_columns_value():
    _, column, message, hint = one('fact x: int\nscore s "S": 3 if x > 2 else 0\n')
    assert (column, message) == (16, "unexpected 'if': this value takes no condition after it")
    assert hint == "to choose between two values write `if x > 2 then 3 else 0`"


def test_two_effects_without_a_comma():
    line, column, message, hint = one('kind k "K" {\n  when taken: gain 2 red pay 1 blue else mark spent\n}\n')
    assert (line, column, message) == (2, 26, "unexpected 'pay'; expected ',' before it")
    assert hint == "the effects of one `when` are separated by commas: write `, pay …`"


def test_a_keyword_misspelt_among_operators_is_still_found():
    assert one('god a "A" {\n  end: 1 if x annd y\n}\n')[3] == "did you mean 'and'?"
