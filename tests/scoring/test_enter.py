"""`orbis enter` end to end: typed answers in, a game file and a scored report out; mistakes are re-asked."""

from typer.testing import CliRunner

from orbis_dsl.cli import app
from orbis_dsl.notation import read_text
from orbis_dsl.ruleset import base_rules

ANSWERS = [
    "Tuesday",                                   # title
    "5", "2",                                    # 5 players is refused, then 2
    "Ana", "natur", "nature", "3",               # a near-miss god is re-asked
    "green stone | white temple mystic=4",
    "green stone | green forest 2 blue/green 4 | green stone",
    "green stone | green stone | green stone | blue stone",
    "green stone | green stone | green stone | blue stone | blue stone",
    "Ana",                                       # the name is taken: re-asked
    "Ben", "God of Death", "y", "12",
    "- | -",
    "- | - | - | -",                             # a row of the wrong width is re-asked
    "- | - | -",
    "- | - | - | -",
    "- | - | - | - | red volcanoe 2 blue 3",     # an unknown kind is re-asked
    "- | - | - | - | red volcano 2 blue 3 x",
]


def run(tmp_path, answers):
    out = tmp_path / "game.orbisgame"
    result = CliRunner().invoke(app, ["enter", "-o", str(out)], input="\n".join(answers) + "\n",
                                env={"NO_COLOR": "1"})
    return result, out


def test_enter_writes_and_scores_the_game(tmp_path):
    result, out = run(tmp_path, ANSWERS)
    assert result.exit_code == 0, result.output
    game, diags = read_text(out.read_text(), "game.orbisgame", base_rules())
    assert diags == []
    ana, ben = game.players
    assert (ana.name, ana.god, ana.worshippers) == ("Ana", "nature", 3)
    assert (ben.name, ben.god, ben.god_cancelled, ben.worshippers) == ("Ben", "death", True, 12)
    assert ben.pyramid[0][4].kind == "volcano" and ben.pyramid[0][4].cancelled is True
    assert "Winner: Ana" in result.stdout
    assert "12 worshippers left" in result.stdout  # the warning of the scored report


def test_enter_reasks_each_mistake(tmp_path):
    result, _ = run(tmp_path, ANSWERS)
    errors = result.stderr
    assert "expected a whole number from 2 to 4" in errors
    assert "unknown god 'natur'; did you mean 'nature'?" in errors
    assert "'Ana' is already playing" in errors
    assert "this row needs exactly 3 tiles, got 4" in errors
    assert "unknown tile kind 'volcanoe'" in errors and "did you mean 'volcano'?" in errors


def test_enter_stopped_early_writes_nothing(tmp_path):
    result, out = run(tmp_path, ANSWERS[:5])
    assert result.exit_code == 1
    assert not out.exists()
    assert "Traceback" not in result.output
