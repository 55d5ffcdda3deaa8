"""Issue 14, item 4: scoring lines a player can read. A rule author writes the sentence (`says`); without one,
the generated line is true and complete: what the conditions found, each summand with its value, the branch
taken. The base game's whole explanations are snapshot-tested in tests/games/test_examples.py."""

from __future__ import annotations

import json

import pytest

from orbis_dsl.language.ruleset import compile_paths


def lines_of(orbis, *args) -> dict[tuple[str, str], str]:
    """Each player's lines by where they are; a place with several lines (a kind with two `end` clauses) joins
    them with ' | '."""
    result = orbis("score", *args, "--json")
    assert result.exit_code == 0, result.stderr
    found: dict[tuple[str, str], str] = {}
    for p in json.loads(result.stdout)["players"]:
        for line in p["lines"]:
            key = (p["name"], line["where"])
            found[key] = f"{found[key]} | {line['why']}" if key in found else line["why"]
    return found


def test_the_base_games_sentences_read_like_the_rulebook(orbis):
    why = lines_of(orbis, "examples/quickstart-4p.orbisgame")
    assert why[("Ana", "row 1, tile 1")] == "Sacred Stone: 1 CP"
    assert why[("Ben", "row 2, tile 4")] == "face-down tile: -1 CP"
    assert why[("Ana", "row 3, tile 2")] == ("Forest: 3 neighbours that are blue/green or desert (needs at least 2): "
                                             "4 CP")
    assert why[("Ana", "god")].startswith("Goddess of Nature, most validated Forests (1 validated forest tile; "
                                          "most among players is 1; majority needs at least one: off): +3")
    assert why[("Ana", "Temple token")].startswith("Temple token: 3 temple icons, place 2 (Dev 3; Ana 3; Cleo 1;")


def test_without_a_sentence_every_summand_is_shown(orbis):
    """The tutorial's Lighthouse writes none: its line says how cp and the blue neighbours add up."""
    why = lines_of(orbis, "--rules", "examples/custom/pack", "examples/custom/night.orbisgame")
    first, second = why[("Ana", "row 2, tile 1")].split(" | ")
    assert first.endswith("not cancelled; cp 3 + 3 neighbours that are blue or desert = 6")
    assert second.endswith("row is 2 (needs at least 3): scores nothing")
    assert why[("Ana", "god")] == "min(2 * 4 white face-up tiles, 8) = 8"


@pytest.mark.parametrize(("clause", "expected"), [
    # the branch taken, with its values, after what the condition found
    ("end: if cp >= 3 then cp * 2 else 1", "cp is 3 (needs at least 3); cp 3 * 2 = 6"),
    ("end: 1 + (if cp >= 5 then 5 else cp)", "cp is 3 (needs at least 5); 1 + cp 3 = 4"),
    ("end: cp says \"{title_word} of {cp}: {points}\"", None),  # an unknown placeholder is refused (below)
])
def test_generated_explanations_follow_the_branch_taken(tmp_path, clause, expected):
    from orbis_dsl.language.ruleset import rules_from_modules
    from orbis_dsl.records.orbis.json_reader import read_json_text
    from orbis_dsl.runtime.scoring import score_game

    path = tmp_path / "x.orbis"
    path.write_text('colors red\nfamily kind "Tile" for tiles\nboard stacked 1\nwinner: most total, ties shared\n'
                    f'kind k "K" {{\n  param cp: int\n  {clause}\n}}\n', encoding="utf-8")
    compiled = compile_paths([path])
    if expected is None:
        (diag,) = compiled.diagnostics
        assert diag.message.startswith("unknown placeholder 'title_word'")
        assert "{points}" not in diag.message and "points, why, how" in diag.message
        return
    assert compiled.diagnostics == []
    rules = rules_from_modules(compiled.modules, f"explain_{abs(hash(clause))}")
    record = {"format": "orbis-game/1", "players": [
        {"name": "Ann", "worshippers": 0, "pyramid": [[{"kind": "k", "color": "red", "cp": 3}]]}]}
    game, diags = read_json_text(json.dumps(record), "g.json", rules)
    assert diags == []
    (line,) = score_game(rules, game).players[0].lines
    assert line.why == expected


CONDITIONS = """\
colors red, blue
family kind "Tile" for tiles
board stacked 1
winner: most total, ties shared

kind k "K" {
  param cp: int
  param mood: "calm" | "wild" = "calm"
  end: 1 if mood = "wild"
  end: 2 if mood != "wild"
  end: 3 if not (cp > 5 and cp < 9)
  end: 4 if not cp > 1
  end: 5 if cp > 5 or mood = "calm"
}
"""


@pytest.mark.parametrize("how", ["generated", "interpreted"])
def test_a_condition_says_what_it_found_whatever_its_form(tmp_path, how):
    """An `=` of a name says what the name was and what it needed; a `not` says its findings were negated; a
    clause whose condition fails and says nothing else never shows Python's None."""
    from orbis_dsl.language.backends.interpret.rules import build_rules
    from orbis_dsl.language.ruleset import rules_from_modules
    from orbis_dsl.records.orbis.json_reader import read_json_text
    from orbis_dsl.runtime.scoring import score_game

    path = tmp_path / "conditions.orbis"
    path.write_text(CONDITIONS, encoding="utf-8")
    compiled = compile_paths([path])
    assert compiled.diagnostics == []
    rules = (rules_from_modules(compiled.modules, "explain_conditions") if how == "generated"
             else build_rules(compiled.model))
    record = {"format": "orbis-game/1", "players": [
        {"name": "Ann", "worshippers": 0, "pyramid": [[{"kind": "k", "color": "red", "cp": 3}]]}]}
    game, diags = read_json_text(json.dumps(record), "g.json", rules)
    assert diags == []
    whys = [(line.cp, line.why) for line in score_game(rules, game).players[0].lines]
    assert whys == [
        (0, "mood is calm (needs wild): scores nothing"),
        (2, "mood is calm (needs other than wild); always 2"),
        (3, "not (cp is 3 (needs more than 5)); always 3"),
        (0, "not (cp is 3 (needs more than 1)): scores nothing"),
        (5, "cp is 3 (needs more than 5); mood is calm (needs calm); always 5"),
    ]
    assert not any("None" in why for _, why in whys)


def test_a_failed_clause_without_findings_shows_no_none():
    from orbis_dsl.runtime.reasons import static_why

    assert static_why("1 if {mood} = wild", None) == "1 if mood = wild: scores nothing"
    assert static_why("{cp} * 2", 6) == "cp * 2 = 6" and static_why("3", 3) == "always 3"
