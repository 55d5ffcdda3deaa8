"""The notation's line reader (records/orbis/notation_read.py) held to its reference, grammar/game.lark: on the
bundled games, on generated lines of the notation's words and on mangled games, a Lark LALR parser built here
from the grammar and the reader accept the same texts and read them into the same tree (same parts, same tokens
at the same lines and columns), so the document built from it is the same.

The one difference allowed: where only keywords fit, Lark's contextual lexer reads a keyword that begins a longer
word (`playerAna`) as the keyword, and the reader refuses the word, saying which keyword it begins.

A row is read a tile a match (notation_read._TILE, built from the same token classes at the same places), and
token by token only where its nodes are asked for or the match fails; a player line likewise (_PLAYER_LINE). Both
readings are held here on the same texts: each row's tiles have the same extents read either way, each tile's
text (the key notation.py looks a tile up by) is the text Lark's tokens of that tile span, each player line the
match takes reads to the same node token by token, and the bundled and generated well-formed rows and player
lines are read by the match."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from orbis_dsl.records.orbis import notation_read
from orbis_dsl.records.orbis.notation_read import Node, NotationError, Row, read_game, read_row

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


def _lark_tile_texts(tree: Tree, text: str) -> list[list[str]]:
    """Each row's tiles in Lark's tree, as the text from the first token of each to the end of its last."""
    lines = text.split("\n")
    rows = [row for player in tree.children if player.data == "player" for row in player.children[4:]]
    texts = []
    for row in rows:
        texts.append([])
        for tile in row.children:
            leaves = _leaves(tile)
            texts[-1].append(lines[leaves[0].line - 1][leaves[0].column - 1:leaves[-1].end_column - 1])
    return texts


MATCHED = {"rows": 0, "matched": 0, "players": 0}


def _walked(row: Row) -> list[tuple[int, int]]:
    """The row's tiles' extents read token by token from its first tile on (what the match stands for)."""
    line = row.line
    line.pos, spans = row.spans[0][0], []
    while True:
        tokens, more = notation_read._read_tile(line)
        spans.append((tokens[0][1], tokens[-1][2]))
        if not more:
            return spans


def agree_on_rows(tree: Node, lark_tree: Tree, text: str) -> None:
    """Each row read a tile a match reads to the same tiles token by token, and to Lark's tiles' texts."""
    rows = [row for player in tree.children if player.data == "player" for row in player.children[4:]]
    assert [row.texts for row in rows] == _lark_tile_texts(lark_tree, text), text
    for row in rows:
        MATCHED["rows"] += 1
        MATCHED["matched"] += row.matched == len(row.spans)
        assert _walked(row) == row.spans, (text, row.texts)


def agree_on_players(text: str) -> None:
    """Each player line taken by its one match reads to the same node token by token."""
    for number, raw in enumerate(text.split("\n"), 1):
        line = notation_read._Line(raw.removesuffix("\r"), number, "t")
        line.pos = len(line.text) - len(line.text.lstrip(" \t"))
        if notation_read._PLAYER_LINE.match(line.text, line.pos) is None:
            continue
        MATCHED["players"] += 1
        matched = _shape(notation_read._player(line))
        line.pos = len(line.text) - len(line.text.lstrip(" \t"))
        assert matched == _shape(notation_read._player_by_tokens(line, line.next(notation_read.LINE_START))), raw


def agree(text: str, start: str = "start") -> None:
    if not text.endswith("\n"):
        text += "\n"
    try:
        lark_tree = LARK.parse(text, start=start)
        expected = _lark_shape(lark_tree)
    except UnexpectedInput:
        expected = "refused"
    try:
        tree = read_game(text, "t") if start == "start" else read_row(text, "t")
    except NotationError as error:
        assert error.diagnostic.span is not None and error.diagnostic.span.line >= 1
        if expected != "refused":
            assert _glued_keyword(error), (text, error.diagnostic)
        return
    if start == "start" and expected != "refused":
        agree_on_rows(tree, lark_tree, text)
        agree_on_players(text)
    assert _shape(tree) == expected, text


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name)
def test_every_bundled_game_reads_as_the_grammar_reads_it(path):
    agree(path.read_bytes().decode("utf-8", "replace"))


def test_every_row_of_the_bundled_games_is_read_a_tile_a_match():
    """Else the comparisons of the two readings of a row would hold of nothing (and a batch would be read token by
    token)."""
    examples = sorted(ROOT.glob("examples/**/*.orbisgame"))
    rows = [row for path in examples for player in read_game(path.read_text(encoding="utf-8"), "t").children
            if player.data == "player" for row in player.children[4:]]
    assert len(rows) > 50 and all(row.matched == len(row.spans) for row in rows)
    players = [line.lstrip(" \t") for path in examples for line in path.read_text(encoding="utf-8").splitlines()
               if line.lstrip(" \t").startswith("player")]
    assert len(players) > 20 and all(notation_read._PLAYER_LINE.match(line) for line in players)


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
    """Lines close to the common forms of a player and a row, and just off them, read as Lark reads them."""
    agree(text)


def test_the_generated_rows_and_players_are_read_a_match_each():
    MATCHED.update(rows=0, matched=0, players=0)
    rng = random.Random(3)
    for _ in range(300):
        lines = [rng.choice(["player Ana worshippers 3", "player B god death x worshippers 0", "# c", ""])]
        lines += [" | ".join(rng.choice(["green stone", "desert", "red volcano 1blue 2 x", '"a|b"', "- # c"])
                             for _ in range(rng.randint(1, 3))) for _ in range(rng.randint(0, 3))]
        agree("\n".join(lines))
    assert MATCHED["rows"] > 50 and MATCHED["matched"] == MATCHED["rows"] and MATCHED["players"] > 50, MATCHED


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
