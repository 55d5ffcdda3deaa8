"""Stage 1: rule text → syntax tree. Spans, comments, includes, quoted names, and the grammar itself."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark, Tree

from orbis_dsl.common.diagnostics import Span
from orbis_dsl.language.syntax import ast_decl, ast_expr, ast_sheet
from orbis_dsl.language.syntax.parse import MAX_SOURCE_BYTES, _too_deep, parse_text, rules_parser
from orbis_dsl.language.syntax.sources import load_sources

ROOT = Path(__file__).resolve().parents[3]
GRAMMAR = ROOT / "grammar" / "rules.lark"
BASE_FILES = sorted((ROOT / "rules").glob("*/*.orbis"))  # every game folder's files


def parse_ok(text: str, file: str = "t.orbis") -> ast_decl.RuleFile:
    tree, diags = parse_text(text, file)
    assert diags == [], diags
    assert tree is not None
    return tree


def only(tree: ast_decl.RuleFile, cls):
    found = [d for d in tree.decls if isinstance(d, cls)]
    assert len(found) == 1, found
    return found[0]


def nodes(x):
    """Every attrs node below x (x included), depth first."""
    if isinstance(x, Span):
        return
    if attrs.has(type(x)):
        yield x
        for field in attrs.fields(type(x)):
            yield from nodes(getattr(x, field.name))
    elif isinstance(x, tuple):
        for item in x:
            yield from nodes(item)


# ---- the grammar --------------------------------------------------------------------------------------------


def test_grammar_builds_as_strict_lalr():
    # strict=True needs interegular (lark[interegular]): it refuses terminal collisions and shift/reduce conflicts
    parser = Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr", strict=True)
    assert parser.options.parser == "lalr"


def test_grammar_builds_with_the_options_the_parser_uses():
    Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr", strict=True, propagate_positions=True,
         maybe_placeholders=True)
    assert rules_parser().options.parser == "lalr"


def test_every_game_folder_has_rule_files():
    assert {p.parent.name for p in BASE_FILES} == {"orbis", "terra_mystica", "mondo"}


@pytest.mark.parametrize("path", BASE_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_base_rule_file_parses(path):
    shown = path.relative_to(ROOT).as_posix()
    tree = parse_ok(path.read_text(encoding="utf-8"), shown)
    assert tree.decls
    assert tree.path == shown


# ---- spans ------------------------------------------------------------------------------------------------

KIND = """\
# a comment first
kind stone "Sacred Stone" {
  param cp: int = 1
  end: cp unless cancelled
}
tile 1 red black [blue, any] stone(cp: 2)
colors red, blue
"""


def test_spans_of_declarations_and_members():
    tree = parse_ok(KIND)
    kind = only(tree, ast_decl.PieceDecl)
    assert kind.span == Span("t.orbis", 2, 1, 5, 2)
    param, end = kind.members
    assert isinstance(param, ast_decl.ParamDecl)
    assert (param.span.line, param.span.column, param.span.end_column) == (3, 9, 11)  # the parameter's name
    assert param.type.span.line == 3 and param.type.span.column == 13
    assert isinstance(end, ast_decl.EndClause)
    assert (end.span.line, end.span.column) == (4, 3)
    assert end.points == ast_expr.Ref("cp")
    assert (end.points.span.line, end.points.span.column, end.points.span.end_column) == (4, 8, 10)
    assert (end.cond.span.line, end.cond.span.column) == (4, 18)
    assert end.negate is True


def test_spans_of_tiles_arguments_and_name_lists():
    tree = parse_ok(KIND)
    tile = only(tree, ast_decl.TileDecl)
    assert (tile.span.line, tile.span.column, tile.span.end_line) == (6, 1, 6)
    assert tile.cost == ("blue", None)
    (arg,) = tile.args
    assert arg.name == "cp"
    assert (arg.span.line, arg.span.column) == (6, 36)
    colors = only(tree, ast_decl.NamesDecl)
    assert colors.names == ("red", "blue")
    assert [(s.line, s.column) for s in colors.name_spans] == [(7, 8), (7, 13)]


def test_every_node_of_the_base_rules_has_a_span():
    for path in BASE_FILES:
        tree = parse_ok(path.read_text(encoding="utf-8"), path.name)
        for node in nodes(tree):
            if "span" in attrs.fields_dict(type(node)):
                assert node.span is not None, (path.name, node)
                assert node.span.file == path.name
                assert node.span.line >= 1 and node.span.column >= 1


def test_number_literals_are_nodes_with_spans():
    """Arguments and defaults are `ast_expr.Literal`s (see ast_expr.py); a bare int loses where it was written, and a
    checker message about it (`farm(reduces: 3)`) then has no location at all."""
    tree = parse_ok("tile 1 red black [] stone(cp: 2)\nattribute cp: int = 0\n")
    tile = only(tree, ast_decl.TileDecl)
    value = tile.args[0].value
    assert isinstance(value, ast_expr.IntLit), type(value)
    assert (value.span.line, value.span.column) == (1, 31)
    default = only(tree, ast_decl.AttributeDecl).default
    assert isinstance(default, ast_expr.IntLit), type(default)


def test_spans_are_kept_out_of_equality_hash_and_repr():
    moved = "\n\n\n" + "\n".join("    " + line for line in KIND.splitlines()) + "\n"
    a, b = parse_ok(KIND), parse_ok(moved)
    assert a.decls[0].span != b.decls[0].span
    assert a == b
    assert hash(a) == hash(b)
    assert "Span" not in repr(a) and "line=" not in repr(a)
    kind = only(a, ast_decl.PieceDecl)
    assert attrs.evolve(kind, span=None) == kind
    assert attrs.evolve(kind, span=Span("elsewhere.orbis", 99, 9)) == kind


def test_equality_still_sees_the_content():
    a = parse_ok(KIND)
    b = parse_ok(KIND.replace("cp: int = 1", "cp: int = 2"))
    assert a != b


def test_ast_nodes_are_frozen():
    kind = only(parse_ok(KIND), ast_decl.PieceDecl)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        kind.name = "other"


# ---- comments ---------------------------------------------------------------------------------------------


def test_comments_are_ignored_everywhere():
    with_comments = """\
# heading
# second heading line

kind stone "Sacred Stone" {   # after the brace
  # inside the block
  param cp: int = 1           # after a parameter
  end: cp                     # after a clause
}
# the last line has no newline"""
    plain = 'kind stone "Sacred Stone" {\n  param cp: int = 1\n  end: cp\n}\n'
    assert parse_ok(with_comments).decls == parse_ok(plain).decls


def test_a_hash_inside_a_string_is_not_a_comment():
    kind = only(parse_ok('kind stone "Stone #1" {\n  end: 1\n}\n'), ast_decl.PieceDecl)
    assert kind.title == "Stone #1"


def test_a_file_of_comments_only_has_no_declarations():
    assert parse_ok("# nothing\n   # at all\n").decls == ()
    assert parse_ok("").decls == ()


# ---- includes ---------------------------------------------------------------------------------------------


def test_include_is_a_declaration():
    inc = only(parse_ok('include "parts/more.orbis"\n'), ast_decl.Include)
    assert inc.path == "parts/more.orbis"
    assert (inc.span.line, inc.span.column) == (1, 1)


def test_includes_are_relative_to_the_including_file(tmp_path, monkeypatch):
    (tmp_path / "parts").mkdir()
    (tmp_path / "main.orbis").write_text('include "parts/a.orbis"\ncolors red\n')
    (tmp_path / "parts" / "a.orbis").write_text('include "b.orbis"\ntile mark stars: black\n')
    (tmp_path / "parts" / "b.orbis").write_text("levels 3\n")
    (tmp_path / "b.orbis").write_text("levels 9\n")  # a decoy beside main.orbis, and in the working directory
    monkeypatch.chdir(tmp_path)
    sources, diags = load_sources([tmp_path / "main.orbis"])
    assert diags == []
    assert sorted(f.path for f in sources.files) == ["main.orbis", "parts/a.orbis", "parts/b.orbis"]
    levels = [d for f in sources.files for d in f.decls if isinstance(d, ast_decl.NumberDecl)]
    assert levels == [ast_decl.NumberDecl("levels", 3)]
    assert sources.paths["parts/b.orbis"] == (tmp_path / "parts" / "b.orbis").resolve()


def test_include_cycles_and_repeats_load_each_file_once(tmp_path, monkeypatch):
    (tmp_path / "a.orbis").write_text('include "b.orbis"\ninclude "b.orbis"\ncolors red\n')
    (tmp_path / "b.orbis").write_text('include "a.orbis"\nlevels 2\n')
    monkeypatch.chdir(tmp_path)
    sources, diags = load_sources([tmp_path / "a.orbis"])
    assert diags == []
    assert sorted(f.path for f in sources.files) == ["a.orbis", "b.orbis"]


def test_a_missing_include_is_located_at_the_include(tmp_path, monkeypatch):
    (tmp_path / "main.orbis").write_text('colors red\n\ninclude "nowhere.orbis"\n')
    monkeypatch.chdir(tmp_path)
    _, diags = load_sources([tmp_path / "main.orbis"])
    (diag,) = diags
    assert diag.message == "no such rule file: nowhere.orbis"
    assert (diag.span.file, diag.span.line, diag.span.column) == ("main.orbis", 3, 1)


def test_a_folder_loads_every_rule_file_below_it_in_order(tmp_path, monkeypatch):
    (tmp_path / "z.orbis").write_text("colors red\n")
    (tmp_path / "a.orbis").write_text("levels 2\n")
    (tmp_path / "notes.txt").write_text("not a rule file {")
    monkeypatch.chdir(tmp_path)
    sources, diags = load_sources([tmp_path])
    assert diags == []
    assert [f.path for f in sources.files] == ["a.orbis", "z.orbis"]


def test_a_file_saved_with_a_byte_order_mark_loads(tmp_path, monkeypatch):
    """Windows editors save UTF-8 with a BOM; it is not part of the text (today: "unexpected character '\\ufeff'")."""
    (tmp_path / "bom.orbis").write_bytes("colors red\r\nlevels 2\r\n".encode("utf-8-sig"))
    monkeypatch.chdir(tmp_path)
    sources, diags = load_sources([tmp_path / "bom.orbis"])
    assert diags == []
    assert sources.files[0].decls[0] == ast_decl.NamesDecl("colors", ("red",))


def test_windows_line_ends_and_tabs_keep_columns(tmp_path):
    tree = parse_ok("kind k {\r\n\tend: cp\r\n}\r\n")
    end = only(tree, ast_decl.PieceDecl).members[0]
    assert (end.span.line, end.span.column) == (2, 2)


# ---- quoted names -----------------------------------------------------------------------------------------


def test_titles_are_strings_with_spaces():
    tree = parse_ok('kind stone "Sacred Stone" { end: 1 }\ngod oceans "God of the Oceans" { end: 1 }\n'
                    'award temple "Temple token" { measure: 1 }\n')
    stone, oceans = (d for d in tree.decls if isinstance(d, ast_decl.PieceDecl))
    assert (stone.family, stone.name, stone.title) == ("kind", "stone", "Sacred Stone")
    assert (oceans.family, oceans.name, oceans.title) == ("god", "oceans", "God of the Oceans")
    assert only(tree, ast_sheet.AwardDecl).title == "Temple token"


def test_a_title_may_be_left_out():
    assert only(parse_ok("kind stone { end: 1 }\n"), ast_decl.PieceDecl).title is None


def test_escaped_quotes_in_a_title():
    kind = only(parse_ok('kind stone "The \\"Old\\" Stone" { end: 1 }\n'), ast_decl.PieceDecl)
    assert kind.title == 'The "Old" Stone'


def test_a_bad_escape_in_a_string_is_a_located_syntax_error():
    """`"packs\\xmas.orbis"` (a Windows path) is not a valid escape: it must be reported at the string."""
    tree, diags = parse_text('colors red\ninclude "packs\\xmas.orbis"\n', "t.orbis")
    assert tree is None
    (diag,) = diags
    assert (diag.span.line, diag.span.column) == (2, 9), diag
    assert "nests" not in diag.message
    assert "escape" in diag.message or "string" in diag.message, diag.message


def test_variants_are_named_by_strings_or_names():
    tree = parse_ok('variant "4p" { players: 4 }\nvariant "two players, quick" { players: 2 }\n'
                    "variant solo { players: 1 }\n")
    variants = [d for d in tree.decls if isinstance(d, ast_decl.VariantDecl)]
    assert [v.name for v in variants] == ["4p", "two players, quick", "solo"]
    assert [v.players for v in variants] == [4, 2, 1]


def test_a_variant_collects_its_clauses():
    text = ('variant "3p" {\n  players: 3\n  reveal god: 4\n  remove tiles marked white\n  remove tiles marked purple\n'
            '  award temple: 9, 4, 2\n  option majority_needs_one = true\n}\n')
    variant = only(parse_ok(text), ast_decl.VariantDecl)
    assert (variant.revealed_family, variant.revealed) == ("god", 4)
    assert variant.removed_marks == ("white", "purple")
    assert variant.prizes == (ast_decl.VariantPrizes("temple", (9, 4, 2)),)
    assert variant.options == (ast_decl.VariantOption("majority_needs_one", ast_expr.BoolLit(True)),)


def test_the_base_variants_have_string_names():
    tree = parse_ok((ROOT / "rules" / "orbis" / "variants.orbis").read_text(encoding="utf-8"))
    assert [d.name for d in tree.decls if isinstance(d, ast_decl.VariantDecl)] == ["4p", "3p", "2p"]


# ---- expressions and clauses ------------------------------------------------------------------------------


def end_points(text: str):
    kind = only(parse_ok(f"kind k {{\n  end: {text}\n}}\n"), ast_decl.PieceDecl)
    return kind.members[0].points


def test_arithmetic_binds_tighter_than_comparison_and_logic():
    assert end_points("1 + 2 * 3") == ast_expr.Arith(
        "+", ast_expr.IntLit(1), ast_expr.Arith("*", ast_expr.IntLit(2), ast_expr.IntLit(3)))
    assert end_points("-cp") == ast_expr.Neg(ast_expr.Ref("cp"))
    assert end_points("not a and b") == ast_expr.BoolOp("and", ast_expr.Not(ast_expr.Ref("a")), ast_expr.Ref("b"))
    assert end_points("a or b and c") == ast_expr.BoolOp(
        "or", ast_expr.Ref("a"), ast_expr.BoolOp("and", ast_expr.Ref("b"), ast_expr.Ref("c")))
    assert end_points("x + 1 >= 2") == ast_expr.Compare(
        ">=", ast_expr.Arith("+", ast_expr.Ref("x"), ast_expr.IntLit(1)), ast_expr.IntLit(2))


def test_counting_and_ranking_expressions():
    assert end_points("count(tiles where kind = temple)") == ast_expr.Count(
        "tiles", ast_expr.Compare("=", ast_expr.Ref("kind"), ast_expr.Ref("temple")))
    assert end_points("max(mystic of tiles where desert)") == ast_expr.Aggregate(
        "max", "mystic", "tiles", ast_expr.Ref("desert"))
    assert end_points("x is fewest among players") == ast_expr.Among(ast_expr.Ref("x"), "fewest")
    assert end_points("color in {red, blue}") == ast_expr.Member(
        ast_expr.Ref("color"), ast_expr.SetLit(("red", "blue")))
    assert end_points('if o = "a" then 1 else 2') == ast_expr.IfExpr(
        ast_expr.Compare("=", ast_expr.Ref("o"), ast_expr.StrLit("a")), ast_expr.IntLit(1), ast_expr.IntLit(2))


def test_count_and_aggregates_without_where():
    """`where` is optional in the grammar (`[_where]`); leaving it out must not break the tree builder."""
    assert end_points("count(neighbours)") == ast_expr.Count("neighbours", None)
    assert end_points("sum(cp of tiles)") == ast_expr.Aggregate("sum", "cp", "tiles", None)


def test_end_conditions_if_and_unless():
    kind = only(parse_ok("kind k {\n  end: 2 if x\n  end: 3 unless y\n  end: 4\n}\n"), ast_decl.PieceDecl)
    assert [(e.cond, e.negate) for e in kind.members] == [
        (ast_expr.Ref("x"), False), (ast_expr.Ref("y"), True), (None, False)]


def test_when_clauses_and_effects():
    text = ("kind k {\n  param need: int\n  param gain: amount\n"
            "  when taken: pay need any else mark cancelled, gain gain, gain 2 red\n"
            "  when placed: require count(supports where color = red) >= 1 else mark cancelled\n}\n")
    kind = only(parse_ok(text), ast_decl.PieceDecl)
    taken, placed = kind.members[2:]
    assert taken.event == "taken" and placed.event == "placed"
    assert (taken.span.line, taken.span.column) == (4, 8)  # the moment's name
    assert [e.verb for e in taken.effects] == ["pay", "gain", "gain"]
    assert taken.effects[0].amount == ast_decl.Amount(ast_expr.Ref("need"), None)
    assert taken.effects[1].amount == ast_decl.Amount(None, None, param="gain")
    assert taken.effects[2].amount == ast_decl.Amount(ast_expr.IntLit(2), "red")
    assert placed.effects[0].verb == "require"


def test_types_of_parameters():
    kind = only(parse_ok('kind k {\n  param a: colors(2)\n  param b: int?\n  param c: "x" | "y"\n}\n'),
                ast_decl.PieceDecl)
    a, b, c = (m.type for m in kind.members)
    assert (a.name, a.size, a.optional) == ("colors", 2, False)
    assert (b.name, b.optional) == ("int", True)
    assert (c.name, c.choices) == ("enum", ("x", "y"))


# ---- syntax errors are diagnostics ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("kind stone {\n  param cp int\n}\n", 2, 12, "expected ':'"),
        ("colors red;\n", 1, 11, "unexpected character ';'"),
        ("levls 3\n", 1, 1, "'levls' does not start a statement"),
        ("tile 1 red black [blue,] stone()\n", 1, 24, "unexpected ']'"),
        ("kind stone {\n  param need: int\n  when taken: pay need any\n}\n", 4, 1, "expected 'else'"),
        ("kind stone {\n  end: 1\n", None, None, "the file ends too early"),  # at the last token or after it
    ],
    ids=["missing-colon", "stray-character", "misspelled-keyword", "trailing-comma", "missing-else", "early-end"],
)
def test_syntax_errors_are_located_diagnostics(text, line, column, words):
    tree, diags = parse_text(text, "t.orbis")
    assert tree is None
    (diag,) = diags
    assert diag.is_error
    assert diag.span.file == "t.orbis"
    if line is not None:
        assert (diag.span.line, diag.span.column) == (line, column), diag
    else:
        assert (diag.span.line, diag.span.column) >= (2, 8), diag
    assert words in diag.message


def test_expected_words_are_words_of_the_rules_language():
    """The friendly names of the game notation's terminals (DESERT: "'desert' or '-'") must not leak into
    messages about rule files, whose `desert` keyword lark also names DESERT."""
    _, diags = parse_text("levls 3\n", "t.orbis")
    (diag,) = diags
    assert "'-'" not in diag.message, diag.message


def test_deep_nesting_is_a_diagnostic_not_a_crash():
    tree, diags = parse_text("kind k {\n  end: " + "-" * 5000 + "1\n}\n", "t.orbis")
    assert tree is None
    (diag,) = diags
    assert "too deeply" in diag.message
    assert diag.span.line == 2


def test_an_oversized_file_is_refused_before_parsing():
    tree, diags = parse_text("#" * (MAX_SOURCE_BYTES + 1), "big.orbis")
    assert tree is None
    assert "too large" in diags[0].message
    assert diags[0].span == Span("big.orbis", 1, 1)


def _too_deep_by_stack(tree, limit):
    """The walk parse._too_deep replaced: depth first, last child first, the first node deeper than `limit`."""
    stack = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if depth > limit:
            return node
        stack.extend((child, depth + 1) for child in node.children if isinstance(child, Tree))
    return None


def _trees():
    leaves = st.builds(lambda n: Tree(f"leaf{n}", []), st.integers(0, 99))
    return st.recursive(leaves, lambda children: st.builds(
        lambda kids, n: Tree(f"node{n}", kids), st.lists(children, max_size=3), st.integers(0, 99)), max_leaves=40)


@settings(max_examples=300, deadline=None)
@given(tree=_trees(), limit=st.integers(0, 6))
def test_the_deep_subtree_named_is_the_one_the_depth_first_walk_finds(tree, limit):
    assert _too_deep(tree, limit) is _too_deep_by_stack(tree, limit)
