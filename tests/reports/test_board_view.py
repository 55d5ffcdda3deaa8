"""The pyramid drawn in a score report: a Cancelation token typed in the record and the rules' verdict are two
marks (issue 14, item 3: an `x` was drawn where no token was typed)."""

from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.records.orbis.notation import read_text
from orbis_dsl.reports.terminal import LEGEND, _cell
from orbis_dsl.runtime.scoring import score_game

RULES = base_rules()

GAME = """variant 2p
player Ana god nature worshippers 3
  green stone | green stone
  green stone | blue irrigation red 3 | green stone
  green stone | green stone | green stone | blue irrigation red 4 x
  {bottom}
player Ben god love worshippers 3
  - | -
  - | - | -
  - | - | - | -
  - | - | - | - | -
"""


def cells(bottom: str) -> dict[tuple[int, int], str]:
    game, diags = read_text(GAME.format(bottom=bottom), "g.orbisgame", RULES)
    assert diags == []
    ana = score_game(RULES, game).players[0]
    board = RULES.board
    return {(r + 1, i + 1): _cell(ana.tiles[board.position(r, i)], RULES).plain
            for r in range(len(board.rows)) for i in range(board.rows[r])}


def test_an_unvalidated_irrigation_without_a_token_shows_no_token():
    # row 3 tile 2 rests on green stones: it needs red below, so it scores nothing; no token was typed
    drawn = cells("green stone | green stone | green stone | green stone | green stone")
    assert drawn[(3, 2)] == "[B irrigat  0  -]"
    assert "x" not in drawn[(3, 2)]


def test_a_typed_token_and_the_verdict_are_two_marks():
    drawn = cells("green stone | green stone | green stone | green stone | red stone")
    assert drawn[(2, 4)] == "[B irrigat  4 x ]"  # a token typed, but red lies below: it scores (and is warned)
    drawn = cells("green stone | green stone | green stone | green stone | green stone")
    assert drawn[(2, 4)] == "[B irrigat  0 x-]"  # typed and cancelled
    assert drawn[(1, 1)] == "[G stone    1   ]"


def test_the_legend_names_each_mark():
    assert "x Cancelation token on the table" in LEGEND
    assert "- scores nothing (as the rules compute it)" in LEGEND


def test_the_pyramid_stays_centred():
    from orbis_dsl.reports.terminal import pyramid_lines

    game, _ = read_text(GAME.format(bottom="- | - | - | - | -"), "g", RULES)
    lines = [line.plain.rstrip() for line in pyramid_lines(score_game(RULES, game).players[0], RULES)]
    # each row's left margin equals its right margin against the widest (bottom) row
    assert [2 * line.index("[") + len(line.lstrip()) for line in lines] == [len(lines[-1])] * 4
