"""`orbis enter` end to end: typed answers in, a game file and a scored report out; mistakes are re-asked."""

import json

import pytest
from typer.testing import CliRunner

from orbis_dsl.cli.app import app
from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.records.orbis.notation import read_text

ANSWERS = [
    "Tuesday",                                   # title
    "5", "2",                                    # 5 players is refused, then 2
    "", "",                                      # the rule options as the variant has them
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


# ---- issue 14, item 1: what a new user tripped over -------------------------------------------------------

DESERT_ROWS = ["- | -", "- | - | -", "- | - | - | -", "- | - | - | - | -"]


def two_players(death_answers=("y",), worshippers=("3",), header=("", "")):
    """Ana holds nature; Ben holds death and answers the token question with `death_answers`."""
    return ["t", "2", *header,
            "Ana", "nature", "3", *DESERT_ROWS,
            "Ben", "death", *death_answers, *worshippers, *DESERT_ROWS]


def test_the_token_question_is_asked_again_after_an_answer_it_does_not_understand(tmp_path):
    result, out = run(tmp_path, two_players(death_answers=("x", "maybe", "1", "n")))
    assert result.exit_code == 0, result.output
    assert result.stderr.count("answer y (yes) or n (no)") == 3
    ben = read_text(out.read_text(), "g", base_rules())[0].players[1]
    assert ben.god == "death" and ben.god_cancelled is False


def test_yes_means_a_cancelation_token(tmp_path):
    result, out = run(tmp_path, two_players(death_answers=("Yes",)))
    assert result.exit_code == 0, result.output
    assert read_text(out.read_text(), "g", base_rules())[0].players[1].god_cancelled is True


@pytest.mark.parametrize("typed, words", [
    ("99999999999999999999", "too large"),
    ("-1", "expected a whole number"),
    ("²", "expected a whole number"),
    ("3.5", "expected a whole number"),
])
def test_worshippers_that_score_refuses_are_asked_again(tmp_path, typed, words):
    result, out = run(tmp_path, two_players(worshippers=(typed, "4")))
    assert result.exit_code == 0, result.output
    assert words in result.stderr
    assert read_text(out.read_text(), "g", base_rules())[0].players[1].worshippers == 4


def test_what_enter_refuses_score_refuses_too(tmp_path):
    text = CliRunner().invoke(app, ["enter", "-o", str(tmp_path / "ok.orbisgame")],
                              input="\n".join(two_players()) + "\n").exit_code
    assert text == 0
    game = (tmp_path / "ok.orbisgame").read_text().replace("worshippers 3", "worshippers 99999999999999999999", 1)
    (tmp_path / "huge.orbisgame").write_text(game)
    assert CliRunner().invoke(app, ["score", str(tmp_path / "huge.orbisgame")]).exit_code == 2


def test_rule_options_are_asked_checked_and_written(tmp_path):
    result, out = run(tmp_path, two_players(header=("maybe", "true", "stars", "tiles")))
    assert result.exit_code == 0, result.output
    assert 'expected true or false, got the string "maybe"' in result.stderr
    assert 'expected one of "icons", "tiles", got "stars"' in result.stderr
    game = read_text(out.read_text(), "g", base_rules())[0]
    assert dict(game.options) == {"majority_needs_one": True, "temple_count": "tiles"}


DUO = """variant "duo" {
  players: 2
  reveal god: 3
  remove tiles marked white, purple
  award temple: 9, 1
}
"""


def test_a_variant_of_a_pack_is_asked_for(tmp_path, monkeypatch):
    monkeypatch.setenv("ORBIS_CACHE_DIR", str(tmp_path / "cache"))
    pack = tmp_path / "duo.orbis"
    pack.write_text(DUO)
    out = tmp_path / "game.orbisgame"
    answers = two_players(header=("trio", "3p", "duo", "", ""))
    result = CliRunner().invoke(app, ["enter", "--rules", str(pack), "-o", str(out)],
                                input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert "Variant (2p, duo; empty for 2p)" in result.stdout
    assert "unknown variant 'trio'" in result.stderr
    assert "variant '3p' is for 3 players, not 2" in result.stderr
    assert "variant duo" in out.read_text().splitlines()
    scored = CliRunner().invoke(app, ["score", "--rules", str(pack), "--json", str(out)])
    assert scored.exit_code == 0, scored.output
    assert json.loads(scored.stdout)["variant"] == "duo"


def test_the_base_game_asks_no_variant_question(tmp_path):
    result, _ = run(tmp_path, two_players())
    assert "Variant" not in result.stdout


def test_an_existing_file_is_refused_without_force(tmp_path):
    out = tmp_path / "game.orbisgame"
    out.write_text("# a game typed yesterday\n")
    refused = CliRunner().invoke(app, ["enter", "-o", str(out)], input="\n".join(two_players()) + "\n")
    assert refused.exit_code == 2
    assert "exists; give --force to overwrite it" in refused.stderr
    assert "Title" not in refused.stdout  # refused before a single question
    assert out.read_text() == "# a game typed yesterday\n"
    forced = CliRunner().invoke(app, ["enter", "-o", str(out), "--force"], input="\n".join(two_players()) + "\n")
    assert forced.exit_code == 0, forced.output
    assert out.read_text().startswith("game")


def test_a_game_score_would_refuse_is_not_written(tmp_path, monkeypatch):
    """The last guard: the whole game is read back as `orbis score` reads a file, and nothing is written when
    that reader refuses it (here made to refuse, since every answer is already checked on its own)."""
    import orbis_dsl.records.orbis.enter as enter
    from orbis_dsl.common.diagnostics import Diagnostic, Span

    refusal = Diagnostic("this number is too large (at most 9 digits)", span=Span("the entered game", 3, 33))
    monkeypatch.setattr(enter, "read_text", lambda text, file, rules: (None, [refusal]))
    result, out = run(tmp_path, two_players())
    assert result.exit_code == 2
    assert "the entered game:3:33: error: this number is too large" in result.stderr
    assert "orbis score would refuse this game: nothing was written" in result.stderr
    assert not out.exists()


def test_only_player_counts_some_variant_is_for_are_offered(tmp_path, monkeypatch):
    """A pack with 2, 3, 4 and 6 players: 5 was offered, then 'Variant ():' had no valid answer (2026-12-02)."""
    from orbis_dsl.language.packs.load import load_pack
    from orbis_dsl.records.orbis.enter import Session

    monkeypatch.setenv("ORBIS_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "six.orbis").write_text('variant "6p" {\n  players: 6\n  reveal god: 7\n'
                                        '  award temple: 6, 5, 4, 3, 2, 1\n}\n', encoding="utf-8")
    rules, _ = load_pack(tmp_path / "six.orbis")
    questions, said, answers = [], [], iter(["5", "6"])
    session = Session(rules, lambda q: questions.append(q) or next(answers), said.append)
    assert session.players() == 6
    assert questions == ["Number of players (2, 3, 4 or 6)"] * 2
    assert said == ["  expected 2, 3, 4 or 6: the rules have a variant for those"]


@pytest.mark.parametrize("god_answer, cancelled", [("death x", True), ("DEATH X", True), ("God of Death ok", False),
                                                   ("death ok", False)])
def test_a_god_typed_with_its_token_as_in_the_notation_answers_the_token_question(tmp_path, god_answer, cancelled):
    at = ANSWERS.index("God of Death")
    answers = [*ANSWERS[:at], god_answer, *ANSWERS[at + 2:]]  # no answer to the token question
    result, out = run(tmp_path, answers)
    assert result.exit_code == 0, result.output
    assert "carry a Cancelation token?" not in result.output
    assert read_text(out.read_text(), "g", base_rules())[0].players[1].god_cancelled is cancelled


def test_a_token_on_a_god_that_cannot_carry_one_is_re_asked(tmp_path):
    at = ANSWERS.index("God of Death")
    answers = [*ANSWERS[:at], "love x", "death x", *ANSWERS[at + 2:]]
    result, _ = run(tmp_path, answers)
    assert result.exit_code == 0, result.output
    assert "the Goddess of Love cannot carry a Cancelation token (only death can); type the god alone" \
        in result.output
