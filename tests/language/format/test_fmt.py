"""`orbis fmt`: the canonical layout is idempotent, keeps the meaning (the syntax tree) and every comment."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from repo_files import rule_files

from orbis_dsl.language.format.fmt import WIDTH, format_source
from orbis_dsl.language.syntax.parse import parse_text

ROOT = Path(__file__).resolve().parents[3]


def _rule_files():
    return [pytest.param(f, id=str(f.relative_to(ROOT))) for f in rule_files()]


def _comments(text: str) -> list[str]:
    from orbis_dsl.language.format.comments import comment_parser

    return sorted(str(c).rstrip() for c in comment_parser().parse(text)[1])


def fmt(text: str) -> str:
    result, diags = format_source(text, "test.orbis")
    assert result is not None, [d.message for d in diags]
    return result


@pytest.mark.parametrize("path", _rule_files())
def test_every_rule_file_formats_idempotently_and_keeps_its_meaning(path):
    text = path.read_text(encoding="utf-8")
    before, _ = parse_text(text, "x.orbis")
    if before is None:
        pytest.skip("does not parse (a corpus file of syntax errors)")
    once = fmt(text)
    assert fmt(once) == once
    after, diags = parse_text(once, "x.orbis")
    assert after == before, diags  # AST equality ignores spans
    assert _comments(once) == _comments(text)


@pytest.mark.parametrize("folder", ["rules", "examples"])
def test_the_shipped_rule_files_are_formatted(folder):
    for path in sorted((ROOT / folder).rglob("*.orbis")):
        text = path.read_text(encoding="utf-8")
        assert fmt(text) == text, f"{path.relative_to(ROOT)} is not formatted: run `orbis fmt {folder}`"


# ---- layout ---------------------------------------------------------------------------------------------------


def test_spacing_indentation_and_one_declaration_per_line():
    text = ('colors   red,yellow ,blue\nlevels 3 market 9\nkind k "K" { param a : int=1 unique '
            'param b: colors(2)? end : a*2+1 if b = {red,blue} }\nwinner: most total , then fewest   worshippers,'
            'ties shared\n')
    assert fmt(text) == (
        "colors red, yellow, blue\n"
        "levels 3\n"
        "market 9\n"
        "\n"
        'kind k "K" {\n'
        "  param a: int = 1 unique\n"
        "  param b: colors(2)?\n"
        "  end: a * 2 + 1 if b = {red, blue}\n"
        "}\n"
        "\n"
        "winner: most total, then fewest worshippers, ties shared\n"
    )


def test_blank_lines_between_blocks_and_only_where_the_author_left_them():
    text = ("colors red\n\n\n\ntile mark stars: black\nlevels 2\ngod a { end: 1 }\n"
            "god b {\n\n  end: 1\n\n\n  end: 2\n\n}\n")
    assert fmt(text) == ("colors red\n\ntile mark stars: black\nlevels 2\n\ngod a {\n  end: 1\n}\n\n"
                         "god b {\n  end: 1\n\n  end: 2\n}\n")


def test_comments_are_kept_where_they_belong():
    text = """\
# file header

# about colours
colors red, blue   # the colours
kind k { # after the brace
  # about the parameter
  param a: int # a number
  end: a
  # a closing remark
} # after the block
# the end
"""
    assert fmt(text) == """\
# file header

# about colours
colors red, blue  # the colours

kind k {  # after the brace
  # about the parameter
  param a: int  # a number
  end: a
  # a closing remark
}  # after the block
# the end
"""


def test_comments_inside_a_broken_declaration_move_before_it():
    text = "god g {\n  end: 1\n    # why\n    + 2  # because\n}\n"
    assert fmt(text) == "god g {\n  # why\n  end: 1 + 2  # because\n}\n"


def test_end_of_line_comments_of_neighbouring_lines_line_up():
    text = "colors red  # a\nalias orange = red # b\nlevels 1\ntile mark stars: x # c\n"
    assert fmt(text) == "colors red          # a\nalias orange = red  # b\nlevels 1\ntile mark stars: x  # c\n"


def test_tile_lines_are_aligned_in_columns_across_comments():
    text = ("tile 1 red black [] stone(cp: 1)\n# two\ntile 2 yellow purple [red, any] stone()  # x\n"
            "tile 10 blue white [green] farm(reduces: blue)\ncolors red\ntile 1 red black [] stone()\n")
    assert fmt(text) == (
        "tile 1  red    black  []          stone(cp: 1)\n"
        "# two\n"
        "tile 2  yellow purple [red, any]  stone()  # x\n"
        "tile 10 blue   white  [green]     farm(reduces: blue)\n"
        "colors red\n"
        "tile 1 red black []  stone()\n"
    )


def test_parentheses_only_where_precedence_needs_them():
    text = ("god g {\n  let a = (1 + 2) * (3 - (4 - 5)) - (-(6))\n  let b = not (x and y) or (p or q) and (r > 1)\n"
            "  let c = 1 + (if x then 2 else 3)\n  end: ((a)) if (b is most among players)\n}\n")
    assert fmt(text) == ("god g {\n"
                         "  let a = (1 + 2) * (3 - (4 - 5)) - -6\n"
                         "  let b = not (x and y) or (p or q) and r > 1\n"
                         "  let c = 1 + (if x then 2 else 3)\n"
                         "  end: a if b is most among players\n"
                         "}\n")


def test_long_conditions_break_at_and_under_the_if():
    cond = " and ".join(f"count(tiles where kind = kind{i}) >= {i}" for i in range(4))
    out = fmt(f"god g {{ end: 3 if {cond} }}\n")
    assert out == ("god g {\n"
                   "  end: 3 if count(tiles where kind = kind0) >= 0\n"
                   "         and count(tiles where kind = kind1) >= 1\n"
                   "         and count(tiles where kind = kind2) >= 2\n"
                   "         and count(tiles where kind = kind3) >= 3\n"
                   "}\n")


def test_a_long_count_breaks_its_condition_inside_the_parentheses():
    kinds = "{stone, proselytism, farm, village, volcano, irrigation, forest, temple}"
    out = fmt(f"god g {{ let many = count(tiles where kind in {kinds} and not cancelled) end: many }}\n")
    assert out == ("god g {\n"
                   f"  let many = count(tiles where kind in {kinds}\n"
                   "                               and not cancelled)\n"
                   "  end: many\n"
                   "}\n")
    assert fmt(out) == out
    summed = fmt(f"god g {{ let icons = sum(icons of tiles where kind in {kinds} and not cancelled) end: icons }}\n")
    assert summed.splitlines()[2].strip() == "and not cancelled)"


def test_long_if_then_else_breaks_before_else():
    counted = "tiles where kind = temple and not cancelled"
    text = f'award t {{ measure: if temple_count = "icons" then sum(icons of {counted}) else count({counted}) }}\n'
    assert fmt(text) == ("award t {\n"
                         f'  measure: if temple_count = "icons" then sum(icons of {counted})\n'
                         f"           else count({counted})\n}}\n")
    longer = text.replace("temple_count", "a_rather_long_option_name_for_the_count_of_temples")
    lines = fmt(longer).splitlines()
    assert [line.split()[0] for line in lines[1:4]] == ["measure:", "then", "else"]


def test_long_effect_lists_wrap_after_a_comma():
    effects = ", ".join(["pay need any else mark cancelled"] * 7)
    out = fmt(f"kind k {{ when taken: {effects} }}\n")
    lines = out.splitlines()
    assert lines[1].startswith("  when taken: pay need any else mark cancelled, ") and lines[1].endswith(",")
    assert lines[2].startswith(" " * len("  when taken: ") + "pay")
    assert all(len(line) <= 120 for line in lines)


def test_a_long_choice_breaks_before_a_bar_under_the_first_choice():
    choices = " | ".join(f'"choice_number_{i}"' for i in range(8))
    text = f'fact card "the card of the round": {choices}? for round key "card"\n'
    pad = " " * len('fact card "the card of the round": ')
    assert fmt(text) == ('fact card "the card of the round": "choice_number_0" | "choice_number_1" | "choice_number_2"'
                         ' | "choice_number_3"\n'
                         f'{pad}| "choice_number_4" | "choice_number_5" | "choice_number_6"\n'
                         f'{pad}| "choice_number_7"? for round key "card"\n')
    assert parse_text(fmt(text), "x.orbis")[0] == parse_text(text, "x.orbis")[0]


def test_a_short_choice_stays_on_its_line():
    text = 'option scoring: "icons" | "tiles" = "icons"\n'
    assert fmt(text) == text


def test_long_declaration_lists_wrap_after_a_comma_under_the_first_item():
    colours = [f"colour_{i}" for i in range(16)]
    out = fmt("colors " + ", ".join(colours) + "\naward a { measure: 1 prizes: " + ", ".join(["100"] * 40) + " }\n")
    lines = out.splitlines()
    assert lines[0].startswith("colors colour_0, ") and lines[0].endswith(",")
    assert lines[1].startswith(" " * len("colors ") + "colour_")
    assert any(line.startswith(" " * len("  prizes: ") + "100, ") for line in lines)
    assert all(len(line) <= 120 for line in lines)


# Nodes printed by the layout of their parent, not from a table of their own.
_PRINTED_BY_PARENT = {"start", "name", "type", "cost", "arg", "amount", "amount_param", "for_each", "in_patch",
                      "keep_order", "split", "each_takes", "winner_if", "winner_key", "link_if",
                      "def_param", "member_value", "for_each_numbers"}


def test_every_node_of_the_grammar_has_a_layout():
    """A construct added to grammar/rules.lark needs an entry in one of the formatter's tables (or its parent's
    layout prints it): otherwise `orbis fmt` fails on the first file that uses it, which no shipped file may do."""
    from orbis_dsl.language.format import comments as fmt_comments
    from orbis_dsl.language.format import decls as fmt_decls
    from orbis_dsl.language.format import expr as fmt_expr
    from orbis_dsl.language.syntax.parse import rules_parser

    nodes = {str(rule.alias) if rule.alias else str(rule.origin.name) for rule in rules_parser().rules
             if rule.alias or not (rule.origin.name.startswith("_") or rule.options.expand1)}
    tables = (fmt_expr._EXPRESSIONS, fmt_expr._LITERALS, fmt_expr._TYPES, fmt_expr._LINKS, fmt_expr._MEASURES,
              fmt_expr._EFFECTS,
              fmt_decls._ONE_LINE, fmt_decls._LAYOUTS, fmt_decls._FACT_PARTS, fmt_decls._DERIVATIONS,
              fmt_comments._BLOCKS, {"tile_decl"})
    laid_out = set().union(*tables)
    assert nodes - laid_out == _PRINTED_BY_PARENT
    assert laid_out <= nodes  # no layout for a node the grammar no longer has


def test_labels_strings_and_names_are_kept_as_written():
    text = 'variant "4p" { players: 4 }\nvariant duo { players: 2 }\ninclude "a\\"b.orbis"\n'
    assert fmt(text) == 'variant "4p" {\n  players: 4\n}\n\nvariant duo {\n  players: 2\n}\n\ninclude "a\\"b.orbis"\n'


def test_empty_and_comment_only_files():
    assert fmt("") == ""
    assert fmt("\n\n") == ""
    assert fmt("# only\n\n\n# comments   \n") == "# only\n\n# comments\n"


def test_windows_line_endings_become_unix():
    assert fmt("colors red\r\nlevels 1  # c\r\n") == "colors red\nlevels 1  # c\n"


def test_a_syntax_error_is_a_located_diagnostic():
    result, diags = format_source("colors red\nkind k {\n  param a int\n}\n", "bad.orbis")
    assert result is None
    assert diags and diags[0].span.file == "bad.orbis" and diags[0].span.line == 3


SEVERAL_SLIPS = 'kind stone "Stone" {\n  parm cp: int\n  end: 1\n}\n\ngod sun "Sun" {\n  end 2\n}\n\n' \
                'kind k "K" {\n  paramx: int\n}\n\ngod moon "Moon" {\n  end: 1 if cp == 2\n}\n'


def test_syntax_errors_are_those_orbis_check_reports():
    """Every one, in the same words and places, with the same hints: fmt reads a file as `orbis check` does
    (before, its own parser told the first alone, in older words)."""
    result, diags = format_source(SEVERAL_SLIPS, "slips.orbis")
    assert result is None
    assert diags == parse_text(SEVERAL_SLIPS, "slips.orbis")[1]
    assert [(d.span.line, d.span.column) for d in diags] == [(2, 3), (7, 7), (11, 3), (15, 16)]
    assert diags[-1].hint.startswith("did you mean '='?")


def test_a_word_run_on_into_a_keyword_is_refused_as_orbis_check_refuses_it():
    """`paramx: int` is no `param x: int`: fmt's own parser reads words as the rules parser does."""
    from lark.exceptions import UnexpectedInput

    from orbis_dsl.language.format.comments import comment_parser

    text = 'kind k "K" {\n  paramx: int\n}\n'
    assert format_source(text, "k.orbis") == (None, parse_text(text, "k.orbis")[1])
    with pytest.raises(UnexpectedInput):
        comment_parser().parse(text)


def test_count_and_aggregates_without_where():
    text = "god g {\n  end: count(tiles) + max(cp of tiles)\n}\n"
    assert fmt(text) == text


# ---- random expressions -------------------------------------------------------------------------------------

_ATOMS = st.sampled_from(["1", "x", "y", "cp", '"s"', "true", "{red, blue}", "count(tiles where desert)",
                          "sum(cp of neighbours where color = red)", "my x", "their cp", "n.cp",
                          "count(n in tiles where n.cp > 1)", "count(t in s where t = x)", "sum(y for t in s)"])


def _expressions():
    def extend(inner):
        pair = st.tuples(inner, inner)
        return st.one_of(
            pair.map(lambda p: f"({p[0]} + {p[1]})"), pair.map(lambda p: f"({p[0]} - {p[1]})"),
            pair.map(lambda p: f"({p[0]} * {p[1]})"), inner.map(lambda e: f"(-{e})"),
            pair.map(lambda p: f"({p[0]} >= {p[1]})"), pair.map(lambda p: f"({p[0]} = {p[1]})"),
            pair.map(lambda p: f"({p[0]} in {p[1]})"), inner.map(lambda e: f"({e} is most among players)"),
            inner.map(lambda e: f"(not {e})"), pair.map(lambda p: f"({p[0]} and {p[1]})"),
            pair.map(lambda p: f"({p[0]} or {p[1]})"),
            st.tuples(inner, inner, inner).map(lambda t: f"(if {t[0]} then {t[1]} else {t[2]})"),
            inner.map(lambda e: f"count(tiles where {e})"),
        )
    return st.recursive(_ATOMS, extend, max_leaves=12)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_expressions(), _expressions())
def test_random_expressions_keep_their_meaning(points, cond):
    """Fully parenthesised expressions lose their redundant parentheses and nothing else."""
    text = f"god g {{\n  let a = {points}\n  end: {points} if {cond}\n}}\n"
    before, _ = parse_text(text, "x.orbis")
    if before is None:  # e.g. `a >= b >= c`: comparisons do not chain
        return
    once = fmt(text)
    assert parse_text(once, "x.orbis")[0] == before
    assert fmt(once) == once


# ---- the command ---------------------------------------------------------------------------------------------


@pytest.fixture
def orbis_app(monkeypatch):
    """The `orbis` app, with `fmt` registered when cli.py does not register it yet."""
    import typer

    from orbis_dsl.cli import app as cli
    from orbis_dsl.cli.fmt import fmt_cli

    if "fmt" not in {c.name or c.callback.__name__ for c in cli.app.registered_commands}:
        extra = typer.Typer()
        extra.command("fmt")(fmt_cli)
        monkeypatch.setattr(cli.app, "registered_commands", [*cli.app.registered_commands,
                                                             *extra.registered_commands])
    return cli.app


@pytest.fixture
def run(orbis_app, tmp_path, monkeypatch):
    from typer.testing import CliRunner

    monkeypatch.chdir(tmp_path)

    def invoke(*args):
        return CliRunner().invoke(orbis_app, [str(a) for a in args])

    return invoke


def test_fmt_check_lists_files_that_would_change_and_changes_nothing(run, tmp_path):
    (tmp_path / "pack" / "sub").mkdir(parents=True)
    (tmp_path / "pack" / "good.orbis").write_text("colors red\n", encoding="utf-8")
    messy = "colors   red\n"
    (tmp_path / "pack" / "sub" / "messy.orbis").write_text(messy, encoding="utf-8")
    result = run("fmt", "--check", "pack")
    assert result.exit_code == 1
    assert "pack/sub/messy.orbis" in result.stdout and "good.orbis" not in result.stdout
    assert (tmp_path / "pack" / "sub" / "messy.orbis").read_text(encoding="utf-8") == messy


def test_fmt_rewrites_files_in_place(run, tmp_path):
    path = tmp_path / "x.orbis"
    path.write_text("colors   red # c\n", encoding="utf-8")
    result = run("fmt", "x.orbis")
    assert result.exit_code == 0, result.stderr
    assert "reformatted x.orbis" in result.stdout
    assert path.read_text(encoding="utf-8") == "colors red  # c\n"
    assert [p.name for p in tmp_path.iterdir()] == ["x.orbis"]  # no temporary file left behind
    again = run("fmt", "--check", "x.orbis")
    assert again.exit_code == 0 and "1 file already formatted" in again.stdout


def test_fmt_leaves_a_file_that_does_not_parse_alone(run, tmp_path):
    path = tmp_path / "bad.orbis"
    path.write_text("colors red\nkind k {\n", encoding="utf-8")
    result = run("fmt", "bad.orbis")
    assert result.exit_code == 2
    assert result.stderr.startswith("bad.orbis:3:1: error:") or "bad.orbis:" in result.stderr
    assert path.read_text(encoding="utf-8") == "colors red\nkind k {\n"
    missing = run("fmt", "nothing.orbis")
    assert missing.exit_code == 2 and "nothing.orbis" in missing.stderr


def test_fmt_tells_a_broken_file_what_check_tells(run, orbis_app, tmp_path):
    """The same lines as `orbis check FILE` (whose count line, last, is its own)."""
    (tmp_path / "slips.orbis").write_text(SEVERAL_SLIPS, encoding="utf-8")
    result = run("fmt", "slips.orbis")
    checked = run("check", "slips.orbis")
    assert result.exit_code == 2 and checked.exit_code == 2
    assert result.stderr.splitlines()[:-1] == checked.stderr.splitlines()[:-1]
    assert result.stderr.splitlines()[-1] == "1 file could not be formatted"
    assert (tmp_path / "slips.orbis").read_text(encoding="utf-8") == SEVERAL_SLIPS


def test_a_well_formed_file_is_parsed_once_and_its_layout_once(monkeypatch):
    """Lark's parse is most of fmt's time: the file's parse gives the layout and the syntax tree to compare with,
    and the layout's parse the tree and comments to check. (It was four: the file and the layout each parsed
    again as `orbis check` parses them.)"""
    from orbis_dsl.language.format.comments import comment_parser
    from orbis_dsl.language.syntax.parse import rules_parser

    parsed: list[str] = []
    for name, lark in (("rules", rules_parser()), ("fmt", comment_parser().lark)):
        monkeypatch.setattr(lark, "parse", lambda text, parse=lark.parse, name=name: (parsed.append(name),
                                                                                      parse(text))[1])
    assert fmt("colors   red # c\nlevels 1\n") == "colors red  # c\nlevels 1\n"
    assert parsed == ["fmt", "fmt"]


def test_a_file_whose_layout_would_be_too_large_to_read_is_refused_with_the_reason(run, tmp_path):
    """Aligned tile columns make this deck's layout longer than the 256,000 characters a rule file may hold: it
    is told so (before, the re-read of the layout failed and fmt reported an internal error)."""
    from orbis_dsl.language.syntax.parse import MAX_SOURCE_BYTES

    line = "tile 1 red black [] stone(cp: 1)\n"  # its layout has two spaces before the effect
    deck = line * (MAX_SOURCE_BYTES // len(line))
    assert parse_text(deck, "deck.orbis")[0] is not None  # the file itself is read
    (tmp_path / "deck.orbis").write_text(deck, encoding="utf-8")
    result = run("fmt", "--check", "deck.orbis")
    assert result.exit_code == 2
    assert "deck.orbis:1:1: error: the canonical layout of this file would be too large to read" in result.stderr
    assert "internal error" not in result.stderr
    assert "split it into files that include one another" in result.stderr
    assert (tmp_path / "deck.orbis").read_text(encoding="utf-8") == deck


def test_fmt_check_passes_on_the_shipped_rules_and_examples(orbis_app, monkeypatch):
    from typer.testing import CliRunner

    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(orbis_app, ["fmt", "--check", "rules", "examples"])
    assert result.exit_code == 0, result.stdout + result.stderr


# ---- random choices ----------------------------------------------------------------------------------------

_CHOICE = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=24).map(lambda w: f'"{w}"')
_TYPED = st.sampled_from([
    'fact f "a rather long title of the fact": {}{} for round key "k"', "fact f: {}{} per suits",
    "kind k {{ param p: {}{} unique }}", "option o: {}{} = \"a\"", "attribute a: {}{}",
])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_TYPED, st.lists(_CHOICE, min_size=2, max_size=30), st.booleans())
def test_random_choices_fit_the_width_and_keep_their_meaning(declaration, choices, optional):
    """However many choices, the layout parses back to the same tree, is stable, and no line is wider than the
    formatter's width (every choice here fits on a line of its own)."""
    text = declaration.format(" | ".join(choices), "?" if optional else "") + "\n"
    before, diags = parse_text(text, "x.orbis")
    assert before is not None, diags
    once = fmt(text)
    assert parse_text(once, "x.orbis")[0] == before
    assert fmt(once) == once
    assert all(len(line) <= WIDTH for line in once.splitlines())
