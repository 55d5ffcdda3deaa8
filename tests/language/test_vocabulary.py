"""The language knows no game: no kind or god name of the base game appears in the grammar or the compiler.

Every kind and god is declared in rules/*.orbis; the pipeline that reads them must not special-case one. The
word lists are checked against the base rules, so a renamed kind cannot slip past this test.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

KINDS = ["stone", "proselytism", "farm", "village", "volcano", "irrigation", "forest", "temple"]
GODS = ["love", "oceans", "fire", "nature", "harvests", "apprentice", "idleness", "technology", "balance", "death"]
WORDS = KINDS + GODS

SOURCES = [f"orbis_dsl/language/{name}.py" for name in
           ("syntax/parse", "check/checker", "check/names", "check/model", "backends/python/compile",
            "backends/python/codegen", "ir/describe", "backends/interpret/rules")] + ["grammar/rules.lark"]

PATTERN = re.compile(r"\b(" + "|".join(WORDS) + r")\b", re.IGNORECASE)


def test_the_word_list_is_the_base_game():
    from orbis_dsl.language.ruleset import base_rules

    rules = base_rules()
    assert sorted(KINDS) == sorted(rules.kinds)
    assert sorted(GODS) == sorted(rules.gods)


@pytest.mark.parametrize("source", SOURCES)
def test_no_kind_or_god_name_in_the_pipeline(source):
    text = (ROOT / source).read_text(encoding="utf-8")
    hits = [f"{source}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)!r} in "
            f"{text.splitlines()[text.count(chr(10), 0, m.start())].strip()!r}"
            for m in PATTERN.finditer(text)]
    assert hits == [], "\n".join(hits)


# Mondo's nouns: the grammar and the game-neutral modules added for games of rounds and grids name none of them.
MONDO_WORDS = ["mondo", "landscape", "landscapes", "terrain", "terrains", "animal", "animals", "volcano",
               "volcanoes", "chip", "chips", "species", "lake", "lakes", "task", "tasks", "modifier", "panda",
               "forest", "desert", "plains", "water"]
MONDO_PATTERN = re.compile(r"\b(" + "|".join(MONDO_WORDS) + r")\b", re.IGNORECASE)
GRID_SOURCES = ["grammar/rules.lark", "orbis_dsl/runtime/grid.py", "orbis_dsl/records/sheets/grid_records.py",
                "orbis_dsl/language/check/grid.py", "orbis_dsl/records/sheets/lists.py",
                "orbis_dsl/records/sheets/convert.py", "orbis_dsl/records/sheets/notation.py",
                "orbis_dsl/records/sheets/notation_out.py", "orbis_dsl/records/sheets/notation_board.py",
                "orbis_dsl/records/sheets/grid_schema.py"]


@pytest.mark.parametrize("source", GRID_SOURCES)
def test_no_mondo_noun_in_the_grammar_or_the_grid_modules(source):
    text = (ROOT / source).read_text(encoding="utf-8")
    # The hex map's `water` (its water cells, `by water within`) is the language's own word, not Mondo's terrain.
    allowed = {"water"} if source == "grammar/rules.lark" else set()
    hits = [f"{source}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)!r}" for m in MONDO_PATTERN.finditer(text)
            if m.group(0).lower() not in allowed]
    assert hits == [], "\n".join(hits)
