"""Mistakes typing the Orbis notation, said in the notation's own words (docs/notation.md), once each, and in the
order of the file. The corpus (tests/corpus/games/text-*.orbisgame) holds one file per mistake and its message;
these are the cases a single file cannot show."""

from __future__ import annotations

from pathlib import Path

import pytest

from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.records.orbis.notation import read_row, read_text

ROOT = Path(__file__).resolve().parents[3]
QUICKSTART = (ROOT / "examples" / "quickstart-4p.orbisgame").read_text(encoding="utf-8")


def _messages(text: str) -> list[tuple[int, str]]:
    record, diags = read_text(text, "q.orbisgame", base_rules())
    assert record is None
    return [(d.span.line, d.message) for d in diags]


def test_an_amount_typed_with_a_space_is_one_message_in_the_notations_form():
    (_, message), = _messages(QUICKSTART.replace("1green", "1 green"))
    assert message == "an amount is one word, the count joined to the colour: `1green`, not `1 green`"
    (_, named), = _messages(QUICKSTART.replace("proselytism 1green", "proselytism gain=1 green"))
    assert named == message
    (_, bare), = _messages(QUICKSTART.replace("1green", "1"))
    assert bare == "expected an amount like 1blue or 1any (a count joined to a colour), got 1"
    assert '"1 blue"' not in bare


def test_a_number_then_a_word_that_is_no_colour_is_not_taken_for_an_amount():
    messages = _messages(QUICKSTART.replace("1green", "1 greem"))
    assert any("no more parameters" in m for _, m in messages)


@pytest.mark.parametrize(("gone", "hint"), [
    ("blue stone | green stone | yellow proselytism 1any", "the row of 5 tiles, row 1 (the bottom), is missing"),
    ("green forest 3 blue/yellow 6 | white temple 2 mystic=11", "the row of 2 tiles, row 4 (the top), is missing"),
])
def test_a_missing_row_is_counted_top_first_and_named(gone, hint):
    text = "\n".join(line for line in QUICKSTART.splitlines() if gone not in line)
    _, diags = read_text(text, "q.orbisgame", base_rules())
    diag, = diags
    assert diag.message == "a pyramid has 4 rows, written top row first (2, 3, 4, 5 tiles); this one has 3"
    assert "bottom first" not in diag.message
    assert diag.hint == hint
    assert text.splitlines()[diag.span.line - 1].startswith("player Ana")


def test_rows_written_bottom_first_are_one_message_and_their_tiles_still_checked():
    lines = QUICKSTART.splitlines()
    at = lines.index("player Ana god nature worshippers 3") + 1
    lines[at:at + 4] = reversed(lines[at:at + 4])
    (line, message), = _messages("\n".join(lines))
    assert line == at + 1 and "written bottom row first" in message
    lines[at] = lines[at].replace("blue stone", "blue stome")  # the bottom row, typed first
    assert [m for _, m in _messages("\n".join(lines))][1] == "unknown tile kind 'stome'"


def test_a_missing_bar_is_one_message_and_the_tiles_are_read_apart():
    text = QUICKSTART.replace("green stone | yellow proselytism 1any", "green stone yellow proselytism 1any")
    (_, message), = _messages(text)
    assert message == "a `|` is missing before this tile"
    text = QUICKSTART.replace("green stone | yellow proselytism 1any | yellow farm blue",
                              "green stone yellow proselytism 1any yellow farm blue")
    assert [m for _, m in _messages(text)] == ["a `|` is missing before this tile"] * 2


def test_a_missing_bar_before_a_desert_is_said_too():
    text = QUICKSTART.replace("green stone | yellow proselytism 1any", "green stone desert")
    (_, message), = _messages(text)
    assert message == "a `|` is missing before this tile"
    messages = [m for _, m in _messages(QUICKSTART.replace("green stone | yellow proselytism 1any",
                                                           "green stone desert 3"))]
    assert "a `|` is missing before this tile" not in messages  # a value, not a tile of its own


def test_enter_reads_a_row_the_same_way():
    tiles, diags = read_row("green stone green proselytism 2green", "row", base_rules(), 2)
    assert tiles is None and [d.message for d in diags] == ["a `|` is missing before this tile"]
    tiles, diags = read_row("green stone | green proselytism 1 green", "row", base_rules(), 2)
    assert [d.message for d in diags] == ["an amount is one word, the count joined to the colour: `1green`, "
                                          "not `1 green`"]


def test_messages_come_in_the_order_of_the_file():
    text = QUICKSTART.replace("green forest 3 blue/yellow 6", "green forst 3 blue/yellow 6")
    text = text.replace("blue stone | green stone", "blue stone | grene stone")
    text = text.replace("god nature", "god natur")
    lines = [line for line, _ in _messages(text)]
    assert lines == sorted(lines) and len(lines) == 3
