"""The notation links the rules reference and says how gods score and where a tile may rest (issue 14, item 5:
docs/notation.md said neither)."""

from __future__ import annotations

from pathlib import Path

import pytest

from orbis_dsl.language.ruleset import base_rules

ROOT = Path(__file__).resolve().parents[2]
RULES_DOC = (ROOT / "docs" / "rules" / "orbis.md").read_text(encoding="utf-8")
NOTATION = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
SCORING = NOTATION[NOTATION.index("## How the game is scored"):NOTATION.index("## A worked example")]


def test_the_notation_links_the_rules_reference():
    assert "`docs/rules/orbis.md`" in NOTATION.split("## The shape of a file")[0]
    assert "`docs/rules/orbis.md`" in SCORING


@pytest.mark.parametrize("god", list(base_rules().gods.values()), ids=lambda g: g.name)
def test_the_notation_says_how_each_god_scores(god):
    assert f"| `{god.name}`, {god.title} |" in SCORING
    assert f"| `{god.name}` | {god.title} |" in RULES_DOC  # the section it points to names the same gods


def test_the_notation_says_a_tile_must_rest_on_a_tile_of_its_colour():
    assert "at least one of them must have its colour" in " ".join(SCORING.split())


def test_the_notation_gives_the_temple_tokens_of_every_variant():
    rules = base_rules()
    for variant in rules.variants.values():
        assert ", ".join(map(str, variant.prizes["temple"])) in SCORING, variant.name
