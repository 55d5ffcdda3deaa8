"""The notation's one parse built two ways: into the record with no place kept, each tile taken by its text from
what the record reader said of that text before (notation.record_of), against the document built with every
part's place kept and checked whole (notation.record_with_places), the oracle here, which writes every message.
On the bundled games, on random tables written out, on those tables with their lines varied (spaces, tabs,
comments, CRLF, quoted names, header lines) and on thousands of mangled texts that still parse, the quick build
either gives up or gives the very record the placed build gives, and it never gives a record where the placed
build says something is wrong. The parser itself (notation_read, against grammar/game.lark) is
test_notation_reader.py."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.records.orbis import notation, notation_read
from orbis_dsl.records.orbis.json_tiles import shapes_for
from orbis_dsl.records.orbis.notation import read_text, record_of, record_with_places, write_text
from orbis_dsl.records.orbis.notation_read import NotationError, read_game
from orbis_dsl.records.sample import random_game

ROOT = Path(__file__).resolve().parents[3]
RULES = base_rules()
GAMES = sorted(ROOT.glob("examples/**/*.orbisgame")) + sorted(ROOT.glob("tests/corpus/**/*.orbisgame"))


def _tables(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    return [write_text(random_game(RULES, rng, rng.choice((2, 3, 4))), RULES) for _ in range(count)]


def _tree(text: str):
    try:
        return read_game(text if text.endswith("\n") else text + "\n", "t.orbisgame")
    except NotationError:
        return None  # (a text that does not parse is built neither way)


def same(text: str) -> bool:
    """The quick build gives the placed build's record, or gives up; True when it took the text."""
    tree = _tree(text)
    if tree is None:
        return False
    placed, diags = record_with_places(tree, "t.orbisgame", RULES)
    quick = record_of(tree, "t.orbisgame", RULES)
    if quick is not None:
        assert not diags, (text, diags)
        assert quick == placed, text
    else:  # (given up only where there is something to say, or a verdict was forgotten: then read again)
        assert diags or record_of(tree, "t.orbisgame", RULES) == placed, text
    return quick is not None


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


def test_random_tables_are_built_quickly_and_alike():
    texts = _tables(1, 60)
    assert sum(map(same, texts)) == len(texts)


def test_tables_typed_otherwise_read_alike():
    rng = random.Random(2)
    taken = sum(same(_varied(text, rng)) for text in _tables(2, 150))
    assert taken > 90  # (the others have something to say, such as "variant 4p" over 2 players: `same` holds it)


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
    assert record_of(_tree(text), "t", RULES) is None
    assert "green stne" not in memo
    game, diags = read_text(text, "t", RULES)
    assert game is None and diags[0].span.line > 1 and "stne" in diags[0].message


def test_a_well_formed_text_read_again_makes_no_tile_node_and_no_placed_build(monkeypatch):
    text = _tables(4, 1)[0]
    first = read_text(text, "t", RULES)
    assert first[0] is not None

    def refuse(*_args):
        raise AssertionError("asked for what a text read before does not need")

    monkeypatch.setattr(notation, "record_with_places", refuse)
    monkeypatch.setattr(notation, "_remember_tile", refuse)
    monkeypatch.setattr(notation_read, "_tile_node", refuse)
    monkeypatch.setattr(notation_read, "_read_tile", refuse)  # (every row a tile a match: no token by token)
    assert read_text(text, "t", RULES) == first


def test_a_forgotten_verdict_is_read_again():
    text = _tables(5, 1)[0]
    expected = read_text(text, "t", RULES)
    shapes_for(RULES).notation.clear()
    assert record_of(_tree(text), "t", RULES) == expected[0]
