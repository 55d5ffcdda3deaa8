"""Static variant validation: what makes a variant playable, located at its declaration."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from orbis_dsl.common.diagnostics import Span
from orbis_dsl.engine.game import play_game
from orbis_dsl.engine.policy_random import RandomPolicy
from orbis_dsl.engine.simulate import compile_rules
from orbis_dsl.engine.variants import (
    check_variant,
    check_variants,
    span_from_source,
    variant_spans,
    variants_declared_in,
)
from orbis_dsl.language.ruleset import base_rules, compile_base

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "variants"
RULES = base_rules()


def messages(diags):
    return [d.message for d in diags]


def test_the_base_variants_are_valid():
    assert check_variants(RULES) == []


def test_spans_point_at_the_declarations():
    spans = variant_spans(compile_base())
    assert set(spans) == set(RULES.variants)
    for name, variant in RULES.variants.items():
        assert spans[name].line == span_from_source(variant.source).line


def variant(name="4p", **changes):
    return RULES.variants[name]._replace(**changes)


@pytest.mark.parametrize("changes, expected", [
    ({"removed_stars": ()}, "65 tiles remain with no stars removed; 3 players need display 9 + 14 x 3 = 51"),
    ({"players": 5, "gods_revealed": 6, "prizes": {"temple": (11, 9, 7, 4, 2)}}, "5 players need"),
    ({"gods_revealed": 3}, "reveals 3 gods; 3 players need players + 1 = 4"),
    ({"prizes": {"temple": (9, 4)}}, "2 Temple token prizes (9, 4); 3 players need 3"),
    ({"prizes": {"temple": (9, 4, 4)}}, "Temple token prizes must all differ; 4 appears twice"),
    ({"prizes": {"temple": (9, 4, 2), "glory": (1, 2, 3)}}, "unknown award 'glory'"),
    ({"removed_stars": ("white", "gold")}, "unknown star colour 'gold'"),
    ({"options": {"temple_count": "stars"}}, "option 'temple_count' is one of icons, tiles"),
    ({"options": {"majority_needs_one": 1}}, "option 'majority_needs_one' is true or false"),
    ({"options": {"speed": True}}, "unknown rule option 'speed'"),
])
def test_invalid_variants(changes, expected):
    diags = check_variant(RULES, variant("3p", **changes))
    assert any(expected in m for m in messages(diags)), messages(diags)
    assert all(d.span is not None and d.span.file.endswith("variants.orbis") for d in diags)


def test_too_many_gods_revealed():
    many = len(RULES.gods) + 1
    diags = check_variant(RULES, variant("4p", gods_revealed=many))
    assert any(f"reveals {many} gods, but the rule set has only {len(RULES.gods)}" in m for m in messages(diags))


def test_too_few_first_level_tiles_for_the_display():
    # the 2-player supply keeps 11 level-1 tiles; move three of them to level 2: 37 tiles still, 8 of level 1
    moved, tiles = 0, []
    for t in RULES.tiles:
        if t.level == 1 and t.stars == "black" and moved < 3:
            t = t._replace(level=2)
            moved += 1
        tiles.append(t)
    rules = RULES.replace(tiles=tuple(tiles))
    diags = check_variant(rules, rules.variants["2p"])
    assert messages(diags) == ["variant '2p': only 8 level-1 tiles remain; the display needs 9"]


def test_the_hint_names_a_working_star_removal():
    diags = check_variant(RULES, variant("3p", removed_stars=()))
    assert diags[0].hint == "remove tiles marked purple"


def test_valid_custom_example():
    path = EXAMPLES / "valid_custom.orbis"
    rules, compiled = compile_rules(path)
    assert rules is not None, compiled.diagnostics
    names = variants_declared_in(compiled, path)
    assert len(names) == 1
    assert check_variants(rules, variant_spans(compiled)) == []
    name = names[0]
    v = rules.variants[name]
    for seed in range(5):
        game = play_game(rules, name, seed, [RandomPolicy(seed * 10 + i) for i in range(v.players)])
        assert all(p.placed == rules.board.size and p.god for p in game.players)
        assert all(not pile for pile in game.piles)


def test_five_players_example_is_rejected_at_its_declaration():
    path = EXAMPLES / "five_players.orbis"
    rules, compiled = compile_rules(path)
    assert rules is not None, compiled.diagnostics  # a well-formed rule file ...
    names = variants_declared_in(compiled, path)
    diags = check_variants(rules, variant_spans(compiled), names)  # ... with an unplayable variant
    assert diags
    assert all(d.is_error for d in diags)
    declared = compiled.model.variants[names[0]].span
    assert {(d.span.file, d.span.line) for d in diags} == {(declared.file, declared.line)}
    assert "five_players.orbis" in declared.file
    text = path.read_text(encoding="utf-8").splitlines()[declared.line - 1]
    assert text.startswith("variant")
    assert any("5 players need display 9 + 14 x 5 = 79" in m for m in messages(diags))


BAD_VARIANT = """\
variant trio {
  players: 3
  reveal god: 5
  remove tiles marked white, purple
  award temple: 9, 4
  option temple_count = "tiles"
}
"""


def test_each_problem_is_placed_at_the_line_it_comes_from(tmp_path):
    path = tmp_path / "trio.orbis"
    include = Path(os.path.relpath(ROOT / "rules" / "orbis" / "game.orbis", tmp_path)).as_posix()
    path.write_text(f'include "{include}"\n' + BAD_VARIANT, encoding="utf-8")
    rules, compiled = compile_rules(path)
    assert rules is not None, compiled.diagnostics
    diags = check_variants(rules, variant_spans(compiled), ["trio"])
    text = path.read_text(encoding="utf-8").splitlines()
    found = {d.message.split(": ", 1)[1].split(";")[0]: text[d.span.line - 1].strip() for d in diags}
    assert found == {
        "37 tiles remain after removing the white, purple stars": "remove tiles marked white, purple",
        "reveals 5 gods": "reveal god: 5",
        "2 Temple token prizes (9, 4)": "award temple: 9, 4",
    }
    assert all(d.span.column == 3 for d in diags)


def test_prizes_the_variant_does_not_give_are_placed_at_the_variant(tmp_path):
    path = tmp_path / "duo.orbis"
    include = Path(os.path.relpath(ROOT / "rules" / "orbis" / "game.orbis", tmp_path)).as_posix()
    path.write_text(f'include "{include}"\nvariant duo {{\n  players: 2\n  remove tiles marked white, purple\n}}\n',
                    encoding="utf-8")
    rules, compiled = compile_rules(path)
    (diag,) = check_variants(rules, variant_spans(compiled), ["duo"])
    assert diag.message == "variant 'duo': 0 Temple token prizes (none); 2 players need 2"
    assert diag.hint == "give them in the variant: award temple: …, …"
    assert (diag.span.line, diag.span.column) == (2, 1)


def test_an_option_and_a_mark_are_placed_at_their_lines():
    diags = check_variant(RULES, variant("3p", options={"speed": True}, removed_stars=("gold",)),
                          lines={"option:speed": Span("v.orbis", 7, 3), "remove:gold": Span("v.orbis", 5, 23),
                                 "remove": Span("v.orbis", 5, 3)})
    placed = {d.message.split(": ", 1)[1]: (d.span.line, d.span.column) for d in diags}
    assert placed["unknown rule option 'speed'"] == (7, 3)
    assert placed["removes an unknown star colour 'gold'"] == (5, 23)
