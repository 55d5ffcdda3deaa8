"""Mistakes a player makes typing a score sheet or a board in the text notation are refused where they stand,
never read silently into another score (each was accepted before: last value won, or a round number was
ignored)."""

from __future__ import annotations

from pathlib import Path

import pytest

from orbis_dsl.common.games import game_named
from orbis_dsl.language.ruleset import game_rules
from orbis_dsl.records.sheets.notation import read_sheet_text
from orbis_dsl.records.sheets.notation_out import write_sheet_text

ROOT = Path(__file__).resolve().parents[3]
TM_TEXT = (ROOT / "examples" / "terra-mystica" / "3p-map-shipping-bridge.tmgame").read_text(encoding="utf-8")


def _read(text: str, game: str):
    return read_sheet_text(text, "typed", game_rules(game_named(game)))


def _mondo_text() -> str:
    import json

    rules = game_rules(game_named("mondo"))
    doc = json.loads((ROOT / "examples" / "mondo" / "grid-beginner-2p.json").read_text(encoding="utf-8"))
    return write_sheet_text(doc, rules)


def _problems(text: str, game: str) -> list[tuple[int, int, str]]:
    record, diags = _read(text, game)
    assert record is None, "the mistake was read as a record"
    return [(d.span.line, d.span.column, d.message) for d in diags if d.span is not None]


def test_the_untouched_examples_read():
    assert _read(TM_TEXT, "terra-mystica")[0] is not None
    assert _read(_mondo_text(), "mondo")[0] is not None


def test_a_fact_given_twice_on_a_sheet_line_is_refused_at_the_second():
    text = TM_TEXT.replace("coins 9 workers 0", "coins 9 workers 0 coins 4")
    (line, column, message), = _problems(text, "terra-mystica")
    assert line == 4 and "'coins' is given twice" in message
    assert text.splitlines()[line - 1][column - 1:].startswith("coins 4")


def test_a_fact_given_twice_in_a_round_block_is_refused():
    text = _mondo_text().replace("    chip -\n", "    chip -\n    chip 4\n", 1)
    assert any("'chip' is given twice" in message for _, _, message in _problems(text, "mondo"))


@pytest.mark.parametrize("wrong", ["round 4", "round 1"])
def test_a_round_out_of_order_is_refused(wrong):
    text = _mondo_text()
    text = text.replace("round 3", wrong) if wrong != "round 1" else text.replace("round 2", "round 1")
    assert any("expected 'round" in message for _, _, message in _problems(text, "mondo"))


@pytest.mark.parametrize("cell, second", [("wwwf:active", "wwwf:active:inactive"),
                                          ("fwww:turtle@e", "fwww:turtle@e:panda@e")])
def test_two_marks_of_one_kind_on_a_cell_are_refused(cell, second):
    text = _mondo_text().replace(cell, second, 1)
    assert any("at most one" in message for _, _, message in _problems(text, "mondo"))


def test_an_unterminated_quote_is_refused_at_the_quote():
    text = TM_TEXT.replace("Ann witches", '"Ann witches', 1)
    (line, column, message), = _problems(text, "terra-mystica")
    assert (line, column) == (3, 1) and "not closed" in message


def test_convert_notes_the_comments_of_a_sheet_and_refuses_counts_without_boards(tmp_path):
    from typer.testing import CliRunner

    from orbis_dsl.cli.app import app

    source = tmp_path / "night.tmgame"
    source.write_text("# three players\n" + TM_TEXT, encoding="utf-8")
    runner = CliRunner()
    converted = runner.invoke(app, ["convert", str(source), "-o", str(tmp_path / "night.json")])
    assert converted.exit_code == 0 and "1 line of" in converted.output and "not kept" in converted.output
    counts = runner.invoke(app, ["convert", str(source), "--to", "counts"])
    assert counts.exit_code == 2 and "have no boards" in counts.output


@pytest.mark.parametrize("line, hint", [
    ("Cy Young nomads vp 90", 'written in quotes ("Cy Young")'),
    ("Bo vp 105", "the faction is missing"),
])
def test_a_name_not_quoted_or_a_faction_left_out_is_explained(line, hint):
    text = TM_TEXT.replace("Cy dwarves vp 99", line, 1)
    record, diags = _read(text, "terra-mystica")
    assert record is None and any(hint in (d.hint or "") for d in diags)


def test_a_folder_given_as_a_record_says_so(tmp_path):
    from typer.testing import CliRunner

    from orbis_dsl.cli.app import app

    result = CliRunner().invoke(app, ["score", str(tmp_path)])
    assert result.exit_code == 2 and "this is a folder, not a game record" in result.output


def _cli(*args):
    from typer.testing import CliRunner

    from orbis_dsl.cli.app import app

    return CliRunner().invoke(app, [str(a) for a in args], env={"NO_COLOR": "1", "COLUMNS": "120"})


@pytest.mark.parametrize("suffix, game, title", [(".tmgame", "terra-mystica", "Terra Mystica"),
                                                 (".mondo", "mondo", "Mondo"), (".TMGAME", "terra-mystica",
                                                                                "Terra Mystica")])
def test_a_sheet_without_its_game_line_is_told_to_add_it_by_its_file_ending(tmp_path, suffix, game, title):
    text = TM_TEXT if game == "terra-mystica" else _mondo_text()
    headless = tmp_path / f"night{suffix}"
    headless.write_text("# no header\n\n" + text.split("\n", 1)[1], encoding="utf-8")
    for command in ("score", "convert"):
        result = _cli(command, headless)
        assert result.exit_code == 2 and "Traceback" not in result.output
        first, source, _caret, hint = result.output.splitlines()[:4]
        assert first == f"{headless}:3:1: error: a {title} score sheet starts with `game {game}`"
        assert source.startswith("   3 | ")
        assert hint == f"  = add the line `game {game}` at the top: it says which game the file records"
    headless.write_text(text, encoding="utf-8")
    assert _cli("score", headless).exit_code == 0


def test_a_file_of_another_ending_without_a_game_line_is_still_orbis(tmp_path):
    other = tmp_path / "night.txt"
    other.write_text(TM_TEXT.split("\n", 1)[1], encoding="utf-8")
    result = _cli("score", other)
    assert result.exit_code == 2 and "expected 'game', 'variant', 'option' or 'player'" in result.output


def test_a_mondo_text_of_two_rounds_is_told_so_at_its_last_round():
    text = _mondo_text()
    text = text[:text.index("round 3")]
    record, diags = _read(text, "mondo")
    (diag,) = diags
    assert record is None and diag.path is None and diag.span is not None
    assert text.splitlines()[diag.span.line - 1] == "round 2"
    assert diag.message == "expected 3 or 1 rounds, got 2"


def test_every_message_of_a_sheet_text_is_placed_in_the_text():
    from orbis_dsl.records.sheets.notation import _Builder

    builder = _Builder(_rules("mondo"), "typed")
    builder.build(_mondo_text())
    from orbis_dsl.common.diagnostics import Diagnostic

    placed, = builder.locate([Diagnostic("anything", path="$.nowhere[3].at_all", file="typed")])
    assert placed.span.line == 1 and placed.path is None


def _rules(game: str):
    return game_rules(game_named(game))


@pytest.mark.parametrize("rounds, at_round, said", [
    ((1,), 1, "round 1 has 'Boo', who is not a player of round 2"),  # a typo in round 1: rounds 2 and 3 agree
    ((2,), 2, "round 2 has 'Boo', who is not a player of round 1"),
    ((2, 3), 1, "round 1 has 'Bo', who is not a player of round 2"),  # most rounds say Boo: round 1 is told
])
def test_a_player_named_otherwise_in_one_round_is_told_once_at_that_player(rounds, at_round, said):
    text = _mondo_text()
    blocks = text.split("\nround ")
    for r in rounds:
        blocks[r] = blocks[r].replace("player Bo\n", "player Boo\n")
    text = "\nround ".join(blocks)
    record, diags = _read(text, "mondo")
    (diag,) = diags
    line = text.splitlines()[diag.span.line - 1]
    assert record is None and diag.message.startswith(said)
    assert line.strip() in ("player Bo", "player Boo") and line[diag.span.column - 1:] in ("Bo", "Boo")
    assert diag.hint in ("did you mean 'Bo'?", "did you mean 'Boo'?")
    above = [x for x in text.splitlines()[:diag.span.line] if x.startswith("round ")]
    assert above[-1] == f"round {at_round}"


def test_players_in_another_order_or_one_missing_are_told_which():
    import json

    from orbis_dsl.records.sheets.reader import read_sheet_doc

    doc = json.loads((ROOT / "examples" / "mondo" / "counts-beginner-2p.json").read_text(encoding="utf-8"))
    doc["rounds"][2]["players"].reverse()
    _, diags = read_sheet_doc(doc, "m.json", _rules("mondo"))
    assert [(d.path, d.message.split(":")[0]) for d in diags] == [
        ("$.rounds[2].players", "round 3 lists the players in another order than round 1")]
    doc["rounds"][2]["players"].pop()
    _, diags = read_sheet_doc(doc, "m.json", _rules("mondo"))
    assert [d.message.split(":")[0] for d in diags] == ["round 3 has no 'Ann', who plays in round 1"]


@pytest.mark.parametrize("game, line, wanted, hint", [
    ("terra-mystica", "option tiebreak = resources", "expected `option NAME VALUE`",
     "drop the `=`: `option tiebreak resources`"),
    ("mondo", "option level = beginner", "expected `option NAME VALUE`", "drop the `=`: `option level beginner`"),
    ("mondo", "level = beginner", "expected `level VALUE`", "drop the `=`: `level beginner`"),
])
def test_an_option_written_with_the_orbis_notations_equals_is_told_to_drop_it(game, line, wanted, hint):
    text = TM_TEXT if game == "terra-mystica" else _mondo_text().replace("level beginner\n", "")
    head, rest = text.split("\n", 1)
    (_, _, message), = _problems(f"{head}\n{line}\n{rest}", game)
    assert message == wanted
    _, diags = _read(f"{head}\n{line}\n{rest}", game)
    assert diags[0].hint == hint
