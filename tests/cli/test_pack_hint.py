"""`orbis check PACK` without --rules (issue 14, item 6): hundreds of errors became one hint."""

from __future__ import annotations

from orbis_dsl.cli.pack_hint import looks_like_a_pack
from orbis_dsl.common.diagnostics import Diagnostic
from orbis_dsl.language.ruleset import base_rules


def test_a_pack_checked_on_its_own_is_told_to_use_rules(orbis):
    result = orbis("check", "examples/custom/pack")
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert "examples/custom/pack: error: this looks like a rule pack: most of its errors name what the base game " \
           "declares" in lines
    assert "  = check it laid over the base game: orbis check --rules examples/custom/pack" in lines
    assert len(lines) < 30  # not the 334 errors it printed before
    assert lines[-1].endswith("errors when checked on its own")
    assert orbis("check", "--rules", "examples/custom/pack").exit_code == 0


def test_a_new_pack_made_by_orbis_new_is_told_too(orbis, tmp_path):
    for what, name in (("kind", "well"), ("god", "sun"), ("variant", "duo")):
        assert orbis("new", what, name, "--dir", tmp_path / "mypack").exit_code == 0
    result = orbis("check", tmp_path / "mypack")
    assert result.exit_code == 2
    assert f"orbis check --rules {tmp_path / 'mypack'}" in result.stderr


def test_a_rule_set_with_its_own_mistakes_gets_no_such_hint(orbis):
    result = orbis("check", "tests/corpus/rules/unknown_colour_near_miss.orbis")
    assert result.exit_code == 2
    assert "looks like a rule pack" not in result.stderr


def test_the_verdict_counts_the_names_the_base_game_declares():
    rules = base_rules()

    def errors(*messages):
        return [Diagnostic(m) for m in messages]

    assert looks_like_a_pack(errors("unknown colour 'red'", "unknown tile kind 'stone'", "unknown name 'zorg'"), rules)
    assert looks_like_a_pack(errors("the rule set declares no 'board'"), rules)
    assert not looks_like_a_pack(errors("unknown colour 'mauve'", "unknown name 'zorg'", "unknown colour 'red'"),
                                 rules)
    assert not looks_like_a_pack([Diagnostic("unknown colour 'red'", severity="warning")], rules)
    assert not looks_like_a_pack([], rules)
