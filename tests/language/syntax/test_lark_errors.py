"""How syntax errors are phrased (issue 14, item 6): the generic machinery in lark_errors.py, for both grammars."""

from __future__ import annotations

import pytest

from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.language.syntax.parse import parse_text
from orbis_dsl.records.orbis.notation import read_row, read_text


def rule_error(text: str):
    tree, diags = parse_text(text, "r.orbis")
    assert tree is None and len(diags) == 1
    return diags[0]


def test_a_number_where_a_name_is_expected_says_what_the_place_takes():
    d = rule_error('god sun "Sun" {\n  end: largest group(2: adjacent)\n}\n')
    assert d.message == "unexpected number 2; expected a name, then ':'"
    assert (d.span.line, d.span.column) == (2, 22)
    assert d.hint == "no number can stand here: this place takes a name, which starts with a letter or _"


def test_a_sum_of_a_number_is_told_both_sums():
    """`sum(2 * …)` reads as a sum over players, which then lacks `over players`: the hint names both sums."""
    d = rule_error('god sun "Sun" {\n  end: sum(2 * count(tiles))\n}\n')
    assert d.message == "unexpected ')'; expected 'for' or 'over'"
    assert (d.span.line, d.span.column) == (2, 28)
    assert d.hint.startswith("sum(FIELD of tiles …) adds up a parameter of tiles; sum(EXPR over players)")


@pytest.mark.parametrize("name, number", [("5p", "5"), ("12players", "12"), ("3", "3")])
def test_a_name_starting_with_a_digit_is_told_to_be_quoted(name, number):
    d = rule_error(f"variant {name} {{\n  players: 2\n}}\n")
    assert d.message == f"unexpected number {number}; expected a name or a quoted string"
    assert d.hint == f'a name starts with a letter or _; write "{name}" in quotes'


def test_what_follows_is_only_said_when_it_is_certain():
    d = rule_error("tile 2 red black [blue, any] stone(cp: 2,)\n")
    assert d.message == "unexpected ')'; expected a name, then ':'"
    d = rule_error("kind stone {\n  param cp int = 1\n}\n")  # several things may follow: only the first is named
    assert d.message.startswith("unexpected 'int'; expected ':'") and ", then" not in d.message


def test_the_end_of_a_line_reads_as_a_sentence():
    _, diags = read_text("player Ana god nature\n", "g.orbisgame", base_rules())
    assert diags[0].message == ("the line ends too early; expected 'worshippers' "
                                "(or a token mark, x or ok, after the god)")
    assert "unexpected the end of the line" not in diags[0].message


def test_the_notation_reader_says_what_was_expected_at_the_end_of_a_line():
    # the notation's parser is its line reader (records/orbis/notation_read.py), with messages of its own
    tiles, diags = read_row("red stone | ", "row", base_rules())
    assert tiles is None and diags and "Traceback" not in diags[0].message
    _, diags = read_text("option temple_count =\n", "g.orbisgame", base_rules())
    assert diags[0].message.startswith("the line ends too early; expected")
