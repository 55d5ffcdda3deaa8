"""The quick notation reader (notation_quick.py) against the notation's parser: whatever the quick reader builds
and the record reader accepts must be the very game the parser reads, and it must read ordinary files (else it
buys nothing). Mangled files are where they could part: words the lexer would cut, keywords as names, marks,
stray punctuation."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from robustness.fuzzing import FUZZ

from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.records.notation import read_text, read_text_parsed, write_text
from orbis_dsl.records.notation_quick import quick_document
from orbis_dsl.records.orbis_json import _Reader
from orbis_dsl.records.sample import random_game

ROOT = Path(__file__).resolve().parents[2]
RULES = base_rules()


def quick_game(text: str):
    doc = quick_document(text, RULES)
    if doc is None:
        return None
    reader = _Reader(RULES, "g.orbisgame")
    game = reader.game(doc)
    return None if reader.diags else game


def test_written_games_and_the_examples_are_read_quickly_and_as_the_parser_reads_them():
    rng = random.Random(5)
    texts = [write_text(random_game(RULES, rng), RULES) for _ in range(200)]
    texts += [p.read_text(encoding="utf-8") for p in sorted((ROOT / "examples").glob("**/*.orbisgame"))
              if "custom" not in p.parts]
    texts += [text.replace("\n", "\r\n") for text in texts[:20]]  # saved on Windows
    for text in texts:
        quick = quick_game(text)
        assert quick is not None, text[:300]
        assert (quick, []) == read_text_parsed(text, "g.orbisgame", RULES)


_PIECES = ["x", "ok", "xylo", "okra", "desert", "deserted", "-", "-3", "3", "03", "1234567890", "4p", "12a_b", "1red",
           "2any", "red/yellow", "x/red", "red/", "god", "player", "worshippers", "game", "option", "variant", "|",
           "=", "cp=", "=3", "mystic=4", "cp=2", "colors=red", '"Zoë"', '"a\\"b"', '"', "#", "# note", "\t", "\r",
           "\u00a0", "true", "false", "stone", "Stone", "orange", "RED", "_", "a-b", "1", "\n", "\n\n", "  ", "X", "OK",
           "Ok", "Desert", "DESERT", "Xylo", "X/red", "Village", "GREEN"]


@FUZZ
@given(seed=st.integers(0, 10**6), data=st.data())
def test_a_mangled_game_is_either_left_to_the_parser_or_read_as_the_parser_reads_it(seed, data):
    text = write_text(random_game(RULES, random.Random(seed)), RULES)
    for _ in range(data.draw(st.integers(1, 3))):
        tokens = text.split(" ")
        at = data.draw(st.integers(0, len(tokens) - 1))
        change = data.draw(st.sampled_from(["replace", "insert", "delete", "glue"]))
        piece = data.draw(st.sampled_from(_PIECES))
        if change == "replace":
            tokens[at] = piece
        elif change == "insert":
            tokens.insert(at, piece)
        elif change == "delete":
            del tokens[at]
        elif at + 1 < len(tokens):
            tokens[at:at + 2] = [tokens[at] + piece + tokens[at + 1]]
        text = " ".join(tokens)
    quick = quick_game(text)
    if quick is not None:
        assert read_text_parsed(text, "g.orbisgame", RULES) == (quick, [])
    assert read_text(text, "g.orbisgame", RULES) == read_text_parsed(text, "g.orbisgame", RULES)
