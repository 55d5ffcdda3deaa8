"""The notation's fast path for common lines (notation.read_common, over notation_read.scan_game) against its
careful reading (notation.read_carefully), the independent oracle here: on the bundled games, on random tables
written out, on those tables with their lines varied in ways the fast path must see through (spaces, tabs,
comments, CRLF, quoted names, header lines) and on thousands of mangled texts, the fast path either gives up or
gives the very record the careful reading gives, and it never gives a record where the careful reading says
something is wrong. The grammar side (each path against grammar/game.lark) is test_notation_reader.py."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.records.orbis import notation, notation_read
from orbis_dsl.records.orbis.json_tiles import shapes_for
from orbis_dsl.records.orbis.notation import read_carefully, read_common, read_text, write_text
from orbis_dsl.records.sample import random_game

ROOT = Path(__file__).resolve().parents[3]
RULES = base_rules()
GAMES = sorted(ROOT.glob("examples/**/*.orbisgame")) + sorted(ROOT.glob("tests/corpus/**/*.orbisgame"))


def _tables(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    return [write_text(random_game(RULES, rng, rng.choice((2, 3, 4))), RULES) for _ in range(count)]


def same(text: str) -> bool:
    """The fast path gives the careful reading's record, or gives up; True when it took the text."""
    if not text.endswith("\n"):
        text += "\n"
    careful, diags = read_carefully(text, "t.orbisgame", RULES)
    fast = read_common(text, "t.orbisgame", RULES)
    if fast is not None:
        assert not diags, (text, diags)
        assert fast == careful, text
    return fast is not None


def _varied(text: str, rng: random.Random) -> str:
    """The same table typed otherwise: spaces and tabs, comments (with `|` and tiles in them), CRLF ends, quoted
    names, header lines, blank lines."""
    lines = []
    for line in text.split("\n"):
        pick = rng.random()
        if pick < 0.15:
            line = line.replace(" | ", rng.choice(["|", "\t|\t", " |  ", "| "]))
        elif pick < 0.25 and line.strip():
            line += rng.choice(["  # a note", " # red stone | blue stone", "#", ' # "q|r']) if '"' not in line \
                else line
        elif pick < 0.3 and line.startswith("player "):
            name = line.split()[1]
            line = line.replace(f"player {name}", f'player "{name} Jr"', 1)
        elif pick < 0.33:
            lines.append(rng.choice(["", "# c", "   ", "\t# c | desert"]))
        lines.append(line)
    head = rng.choice(["", 'game "Friday night"\n', "game orbis\nvariant 4p\n", "option temple_count = tiles\n"])
    return head + rng.choice(["\n", "\r\n"]).join(lines)


def _mangle(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(chars) + 1)
        pick = rng.random()
        if pick < 0.3 and at < len(chars):
            del chars[at]
        elif pick < 0.6:
            chars.insert(at, rng.choice(" |=-x\"#\n\r\t0ab/X\x0c"))
        else:
            chars.insert(at, rng.choice([" desert", " | green stone", " level=9", " 2red", " ok", " god love",
                                         ' "a|b"', " # c | red stone", " cp=1", "\ngame \"t\"\n", " 1 green"]))
    return "".join(chars)


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name)
def test_every_bundled_game_reads_alike_both_ways(path):
    same(path.read_bytes().decode("utf-8", "replace"))


def test_random_tables_are_taken_by_the_fast_path_and_read_alike():
    texts = _tables(1, 60)
    assert sum(map(same, texts)) == len(texts)


def test_tables_typed_otherwise_read_alike():
    rng = random.Random(2)
    taken = sum(same(_varied(text, rng)) for text in _tables(2, 150))
    assert taken > 50  # (most variations are common lines still)


@pytest.mark.parametrize("seed", range(6))
def test_mangled_tables_read_alike(seed):
    rng = random.Random(seed)
    texts = _tables(seed + 10, 20) + [path.read_bytes().decode("utf-8", "replace") for path in GAMES]
    for text in texts:
        for _ in range(15):
            same(_mangle(text, rng))


def test_a_tile_with_a_mistake_is_never_remembered():
    memo = shapes_for(RULES).notation
    text = _tables(3, 1)[0].replace("desert", "green stne", 1)
    assert read_common(text, "t", RULES) is None
    assert "green stne" not in memo
    game, diags = read_text(text, "t", RULES)
    assert game is None and diags[0].span.line > 1 and "stne" in diags[0].message


def test_a_well_formed_text_read_again_takes_no_careful_step(monkeypatch):
    text = _tables(4, 1)[0]
    first = read_text(text, "t", RULES)
    assert first[0] is not None

    def refuse(*_args):
        raise AssertionError("the careful reading was asked")

    monkeypatch.setattr(notation, "read_carefully", refuse)
    monkeypatch.setattr(notation, "_read_row", refuse)
    monkeypatch.setattr(notation_read, "_row", refuse)
    assert read_text(text, "t", RULES) == first


def test_a_forgotten_verdict_is_read_again():
    text = _tables(5, 1)[0]
    expected = read_text(text, "t", RULES)
    shapes_for(RULES).notation.clear()
    assert read_common(text, "t", RULES) == expected[0]
