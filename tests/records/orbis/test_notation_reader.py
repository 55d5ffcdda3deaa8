"""The notation's line reader (records/orbis/notation_read.py) held to its reference, grammar/game.lark: on the
bundled games, on generated lines of the notation's words and on mangled games, a Lark LALR parser built here
from the grammar and the reader accept the same texts and read them into the same tree (same parts, same tokens
at the same lines and columns), so the document built from it is the same.

The one difference allowed: where only keywords fit, Lark's contextual lexer reads a keyword that begins a longer
word (`playerAna`) as the keyword, and the reader refuses the word, saying which keyword it begins.

The reader's fast path for common lines (`scan_game`: a player line by one pattern, a row split at its `|`s) is
held to the same grammar on the same texts: whatever it takes, Lark takes too, read into the same parts (each
tile's text is the text Lark's tokens of that tile span), and it takes most well-formed texts here."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from orbis_dsl.records.orbis.notation_read import Node, NotationError, read_game, read_row, scan_game

ROOT = Path(__file__).resolve().parents[3]
LARK = Lark((ROOT / "grammar" / "game.lark").read_text(encoding="utf-8"), parser="lalr",
            maybe_placeholders=True, start=["start", "row"])
GAMES = sorted(ROOT.glob("examples/**/*.orbisgame")) + sorted(ROOT.glob("tests/corpus/**/*.orbisgame"))


def _lark_shape(item):
    if item is None:
        return None
    if isinstance(item, Token):
        return (item.type, str(item), item.line, item.column)
    assert isinstance(item, Tree)
    return (str(item.data), [_lark_shape(c) for c in item.children])


def _shape(item):
    if item is None:
        return None
    if isinstance(item, Node):
        return (item.data, [_shape(c) for c in item.children])
    return (item.type, str(item), item.line, item.column)


def _glued_keyword(error: NotationError) -> bool:
    return "(a space between them)" in (error.diagnostic.hint or "")


def _leaves(item) -> list[Token]:
    if isinstance(item, Token):
        return [item]
    return [leaf for child in item.children if child is not None for leaf in _leaves(child)]


def _lark_parts(tree: Tree, text: str):
    """Lark's tree as scan_game gives it: the header lines' shapes, and each player's words as typed and its
    rows' tiles as the text from the first token of each to the end of its last."""
    lines = text.split("\n")
    headers, players = [], []
    for child in tree.children:
        if child.data != "player":
            headers.append(_lark_shape(child))
            continue
        label, god, mark, count, *rows = child.children
        tiles = []
        for row in rows:
            tiles.append([])
            for tile in row.children:
                leaves = _leaves(tile)
                tiles[-1].append(lines[leaves[0].line - 1][leaves[0].column - 1:leaves[-1].end_column - 1])
        players.append((str(label.children[0]), str(god.children[0]) if god is not None else None,
                        str(mark) if mark is not None else None, str(count), tiles))
    return headers, players


SCANNED = {"texts": 0, "taken": 0}


def _one_tile(text: str) -> bool:
    """Whether a tile's text reads alone as one tile (as notation.py reads each text the fast path gives)."""
    try:
        return len(read_row(text, "t").children) == 1
    except NotationError:
        return False


def agree_on_common_lines(text: str, expected) -> None:
    """What the fast path takes, its tiles' texts each read alone as one tile, Lark takes, read to the same
    parts."""
    scanned = scan_game(text, "t")
    SCANNED["texts"] += 1
    if scanned is None or not all(_one_tile(tile) for p in scanned.players for row in p[4] for tile in row):
        return
    SCANNED["taken"] += 1
    assert expected != "refused", text
    tree = LARK.parse(text, start="start")
    assert ([_shape(h) for h in scanned.headers], [tuple(p) for p in scanned.players]) == _lark_parts(tree, text), \
        text


def agree(text: str, start: str = "start") -> None:
    if not text.endswith("\n"):
        text += "\n"
    try:
        expected = _lark_shape(LARK.parse(text, start=start))
    except UnexpectedInput:
        expected = "refused"
    if start == "start":
        agree_on_common_lines(text, expected)
    try:
        got = _shape(read_game(text, "t") if start == "start" else read_row(text, "t"))
    except NotationError as error:
        assert error.diagnostic.span is not None and error.diagnostic.span.line >= 1
        if expected != "refused":
            assert _glued_keyword(error), (text, error.diagnostic)
        return
    assert got == expected, text


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name)
def test_every_bundled_game_reads_as_the_grammar_reads_it(path):
    agree(path.read_bytes().decode("utf-8", "replace"))


def test_the_fast_path_takes_the_bundled_games_of_common_lines():
    """Else the comparisons above would hold of nothing: the examples are all of common lines."""
    examples = sorted(ROOT.glob("examples/**/*.orbisgame"))
    assert examples and all(scan_game(path.read_text(encoding="utf-8"), "t") is not None for path in examples)


WORDS = ["player", "god", "worshippers", "game", "variant", "option", "x", "X", "ok", "OK", "Ok", "desert", "DESERT",
         "-", "3", "12", "-2", "-", "3blue", "2Any", "a/b", "x/y", "ok/b", "xenon", "okra", "desertx", "desert_",
         "x_", "green", "stone", "Ana", "nature", "_", "5p", "3_x", '"a b"', '"a\\"b"', '"q#r"', '"open', "|", "|",
         "=", "=", "#c", "\r", "\t", "worshippers3", "playerAna", "god2", "true", "e=3", "a=b/c", "p=2red", ";"]
LINE = st.lists(st.tuples(st.sampled_from(WORDS), st.sampled_from([" ", " ", "", "\t", "  "])), max_size=9).map(
    lambda parts: "".join(w + s for w, s in parts))
HEAD = st.sampled_from(["", "game \"Friday\"", "game orbis", "variant 4p", "option temple_count = tiles",
                        "player Ana god nature worshippers 3", "player Ben worshippers 0", "player \"C d\" god x x "
                        "worshippers 2", "  green stone | desert | red volcano 1blue 2", "- | blue forest blue/red 3",
                        "# a comment", "   "])
# Lines that reach each place of a line: a header's value, a player's god and mark, a tile's values.
PLACED = st.tuples(st.sampled_from(["", "green stone ", "player Ana ", "player Ana god death ", "option o = ",
                                    "red forest 2 | ", "game ", "variant "]), LINE).map("".join)
TEXT = st.lists(st.one_of(HEAD, PLACED), max_size=8).flatmap(
    lambda lines: st.sampled_from(["\n", "\r\n"]).map(lambda end: end.join(lines)))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXT)
def test_generated_texts_read_as_the_grammar_reads_them(text):
    agree(text)


COMMON_PIECE = st.sampled_from(["green stone", "desert", "-", "DESERT", "red volcano 1blue 2", "blue forest blue/red 3",
                                "x", "ok", "X", "xenon", '"a|b"', '"q#r"', "level=2", "cp=0", "2red", "3", "|", "",
                                "#", "# c | red stone", "\t", "\x0c", "\r", "player", "god", "green stone x"])
COMMON_ROW = st.lists(COMMON_PIECE, min_size=1, max_size=6).map(" ".join)
COMMON_PLAYER = st.tuples(st.sampled_from(["player", " player", "player\t", "players", "playerAna"]),
                          st.sampled_from([" Ana", ' "A b"', " x", " god", " 3", ""]),
                          st.sampled_from(["", " god death", " god x x", " god \"Goddess of Fire\" ok", " god"]),
                          st.sampled_from([" worshippers 3", " worshippers 3x", " worshippers 03 # c", "worshippers 1",
                                           " worshippers", " worshippers -1"])).map("".join)
COMMON_TEXT = st.lists(st.one_of(HEAD, COMMON_PLAYER, COMMON_ROW), max_size=10).flatmap(
    lambda lines: st.sampled_from(["\n", "\r\n"]).map(lambda end: end.join(lines)))


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(COMMON_TEXT)
def test_texts_of_near_common_lines_read_as_the_grammar_reads_them(text):
    """Lines close to the fast path's forms, and just off them, read by both paths and by Lark."""
    agree(text)


def test_the_generated_texts_reach_the_fast_path():
    SCANNED.update(texts=0, taken=0)
    rng = random.Random(3)
    for _ in range(300):
        lines = [rng.choice(["player Ana worshippers 3", "player B god death x worshippers 0", "# c", ""])]
        lines += [" | ".join(rng.choice(["green stone", "desert", "red volcano 1blue 2 x", '"a|b"', "- # c"])
                             for _ in range(rng.randint(1, 3))) for _ in range(rng.randint(0, 3))]
        agree("\n".join(lines))
    assert SCANNED["taken"] > 100, SCANNED


@settings(max_examples=300, deadline=None)
@given(PLACED)
def test_a_row_typed_alone_reads_as_the_grammar_reads_it(line):
    agree(line.replace("\r", ""), start="row")


def _mangle(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(chars) + 1)
        what = rng.random()
        if what < 0.4 and at < len(chars):
            del chars[at]
        elif what < 0.7:
            chars.insert(at, rng.choice(" |=-x\"#\n\r\t0ab/"))
        elif at < len(chars):
            chars.insert(at, chars[at])
    return "".join(chars)


@pytest.mark.parametrize("seed", range(12))
def test_mangled_games_read_as_the_grammar_reads_them(seed):
    rng = random.Random(seed)
    for path in GAMES[:: max(1, len(GAMES) // 8)]:
        text = path.read_bytes().decode("utf-8", "replace")
        for _ in range(25):
            agree(_mangle(text, rng))


def test_the_glued_keyword_difference_is_the_only_one_and_is_said():
    text = "playerAna worshippers 3\n"
    assert LARK.parse(text, start="start")  # Lark's lexer takes `player` out of `playerAna`
    with pytest.raises(NotationError) as error:
        read_game(text, "t")
    d = error.value.diagnostic
    assert (d.span.line, d.span.column) == (1, 1)
    assert d.hint == "did you mean 'player' and then 'Ana'? (a space between them)"


def test_a_near_miss_of_a_keyword_is_named():
    with pytest.raises(NotationError) as error:
        read_game("player Ana god nature worshipers 3\n", "t")
    d = error.value.diagnostic
    assert d.message.startswith("unexpected 'worshipers'; expected 'worshippers'")
    assert (d.span.line, d.span.column, d.span.end_column) == (1, 23, 33)
    assert d.hint == "did you mean 'worshippers'?"
