"""`tile` lines read without Lark (quick_tiles.py) give the nodes, spans and diagnostics Lark's whole parse gives,
and the pass is in use."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from repo_files import ROOT, rule_files
from robustness.test_limits import _largest_tile_file

from orbis_dsl.language.syntax import parse
from orbis_dsl.language.syntax.parse import parse_rule_file
from orbis_dsl.language.syntax.quick_tiles import read_tile_lines


def lark_alone(text: str, file: str = "t.orbis") -> parse.Parsed:
    """What parse_rule_file gives with every line left to Lark."""
    saved = parse.read_tile_lines
    parse.read_tile_lines = lambda *_: None
    try:
        return parse_rule_file(text, file)
    finally:
        parse.read_tile_lines = saved


def same_nodes(a, b, path: str = "$") -> None:
    """Equal, spans and every other field kept out of equality included."""
    assert type(a) is type(b), (path, a, b)
    if attrs.has(type(a)):
        for field in attrs.fields(type(a)):
            same_nodes(getattr(a, field.name), getattr(b, field.name), f"{path}.{field.name}")
    elif isinstance(a, (tuple, list)):
        assert len(a) == len(b), (path, a, b)
        for i, (x, y) in enumerate(zip(a, b)):
            same_nodes(x, y, f"{path}[{i}]")
    elif isinstance(a, dict):
        assert list(a) == list(b), (path, a, b)
        for key in a:
            same_nodes(a[key], b[key], f"{path}[{key!r}]")
    else:
        assert a == b, (path, a, b)


def same_parse(text: str) -> parse.Parsed:
    quick, alone = parse_rule_file(text, "t.orbis"), lark_alone(text)
    same_nodes(quick.tree, alone.tree)
    assert quick.diagnostics == alone.diagnostics
    same_nodes(quick.includes, alone.includes)
    return quick


@pytest.mark.parametrize("path", rule_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_bundled_rule_file_parses_as_lark_alone_parses_it(path):
    same_parse(path.read_text(encoding="utf-8"))


def test_the_base_games_deck_and_the_largest_tile_file_are_read_by_the_quick_pass(tmp_path):
    deck = (ROOT / "rules" / "orbis" / "tiles.orbis").read_text(encoding="utf-8")
    quick = read_tile_lines(deck, "tiles.orbis", parse.lark_reads_line)
    assert quick is not None and len(quick.tiles) == deck.count("\ntile ")
    _largest_tile_file(tmp_path)
    large = (tmp_path / "tiles.orbis").read_text(encoding="utf-8")
    quick = read_tile_lines(large, "tiles.orbis", parse.lark_reads_line)
    assert quick is not None and len(quick.tiles) > 7_000
    assert same_parse(large).tree is not None


KIND = 'kind k "K" {\n  param n: int?\n  param s: str?\n  param on: bool?\n  param c: color?\n}\n'
LEFT_TO_LARK = [
    "tile 1 red black [] k(n: 1",  # unfinished
    "tile 1 red black [] k(n: 1) tile 1 red black [] k(n: 2)",  # two on a line
    "tile 1 if black [] k(n: 1)",  # keywords where the place takes a name: names
    "tile 1 red black [true, any] tile(if: if, any: any, true: 1 true, x: {if, tiles}, y: false)",
    "tile 1 red black [red,] k()",
    "tile 1 red black [] k(n: 1,)",
    "tile 1 red black [] k(n: 1234567890)",  # too many digits
    'tile 1 red black [] k(s: "\\q")',  # an escape that means nothing
    'tile 1 red black [] k(s: "a)b")',  # a parenthesis in a string
    "tile 1 red black [] k(c: any)",
    "tile 1 red black [] k(n: - x)",
    "tile 1 red black [] k(n: {red,, blue})",
    "tile 1 red black [] k(n: 1 # a comment that eats the parenthesis)",
    'kind j "J" {\ntile 1 red black [] k(n: 1)\n}',  # inside a block
    "option x: int =\ntile 1 red black [] k(n: 1)\n3",  # between the halves of a declaration
    "tile 1 red black [] k(n: 1)\n)",
]


@pytest.mark.parametrize("line", LEFT_TO_LARK)
def test_lines_the_pass_is_not_sure_of_parse_and_fail_as_with_lark_alone(line):
    text = f"{KIND}colors red blue\n{line}\ntile 2 blue white [any, red] k(n: -3, s: \"x\")\n"
    same_parse(text)


def test_a_tile_line_between_the_halves_of_a_declaration_does_not_hide_the_mistake():
    parsed = same_parse("option x: int =\ntile 1 red black [] k(n: 1)\n3\n")
    assert parsed.tree is None and parsed.diagnostics


_BLANK = st.sampled_from([" ", "  ", "\t", " \t "])
_GAP = st.one_of(st.just(""), _BLANK)
_WORDS = st.sampled_from(["red", "blue", "any", "true", "if", "tiles", "x_1", "k", "stone"])
_LITERAL = st.one_of(
    st.integers(-5, 10**10).map(str),
    st.tuples(st.integers(0, 9), _GAP, _WORDS).map(lambda t: f"{t[0]}{t[1] or ' '}{t[2]}"),
    st.sampled_from(['"plain"', '"a#b"', '"\\"q\\""', '"\\u00e9"', '"\\ud800"', "true", "false", "{}",
                     "{red, blue}", "{ red }", "- 2", "-0"]),
    _WORDS,
)
_ARG = st.tuples(_WORDS, _GAP, _GAP, _LITERAL).map(lambda t: f"{t[0]}{t[1]}:{t[2]}{t[3]}")


@st.composite
def tile_lines(draw) -> str:
    blanks = [draw(_BLANK) for _ in range(4)]
    squares = draw(st.lists(_WORDS, max_size=3))
    args = draw(st.lists(_ARG, max_size=3))
    comment = draw(st.sampled_from(["", "  # a comment", "# (k)"]))
    return (f"{draw(_GAP)}tile{blanks[0]}{draw(st.integers(0, 12))}{blanks[1]}{draw(_WORDS)}{blanks[2]}"
            f"{draw(_WORDS)}{draw(_GAP)}[{', '.join(squares)}]{blanks[3]}{draw(_WORDS)}{draw(_GAP)}"
            f"({', '.join(args)}){draw(_GAP)}{comment}")


@st.composite
def mangled(draw, lines) -> str:
    """A line with one character taken out or one put in: mostly mistakes, for Lark to report."""
    line = draw(lines)
    at = draw(st.integers(0, len(line)))
    if draw(st.booleans()) and at < len(line):
        return line[:at] + line[at + 1:]
    return line[:at] + draw(st.sampled_from(list(',()[]{}#":-1x '))) + line[at:]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(tile_lines(), mangled(tile_lines())), min_size=1, max_size=4), st.booleans())
def test_generated_tile_lines_parse_as_with_lark_alone(lines, crlf):
    newline = "\r\n" if crlf else "\n"
    same_parse(f"{KIND}colors red blue{newline}" + newline.join(lines) + newline)


# Every word place of a tile line, the keyword written there: `{}` is where it goes.
_PLACES = ["tile 1 {} black [] stone(cp: 1)\n", "tile 1 red {} [] stone(cp: 1)\n", "tile 1 red black [{}] stone()\n",
           "tile 1 red black [] {}(cp: 1)\n", "tile 1 red black [] stone({}: 1)\n",
           "tile 1 red black [] stone(cp: {})\n", "tile 1 red black [] stone(gain: 2 {})\n",
           "tile 1 red black [] stone(cp: {{{}}})\n"]


def test_a_keyword_in_any_place_of_a_tile_line_is_read_as_lark_alone_reads_it():
    """Regression: `tile 1 red is [] stone()` was taken by the quick pass, which `orbis check` then accepted and
    Lark (and so `orbis fmt`) refused. Some keywords are names in some places of a tile line and not in others."""
    from orbis_dsl.language.syntax.quick_tiles import _keywords

    assert {"is", "tile", "any", "true", "end"} <= _keywords()
    for place in _PLACES:
        for keyword in sorted(_keywords()):
            same_parse(place.format(keyword))
    assert parse_rule_file("tile 1 red is [] stone()\n", "t.orbis").tree is None
