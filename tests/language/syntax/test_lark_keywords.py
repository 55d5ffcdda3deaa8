"""The keyword lookup (lark_patches.py) lexes exactly as Lark's own keyword check does, and is in use."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark
from lark.exceptions import UnexpectedInput
from repo_files import ROOT, rule_files

from orbis_dsl.common.resources import grammar_path
from orbis_dsl.language.syntax.lark_patches import (
    KeywordLookup,
    install_keyword_lookup,
    install_whole_words,
    keyword_lookup,
)
from orbis_dsl.language.syntax.parse import rules_parser

FILES = rule_files()


@cache
def lark_own_parser() -> Lark:
    """The rules grammar exactly as parse.rules_parser builds it, without the lookup (keywords lex as whole words,
    as in parse.rules_parser: that is what the language is, not a speed-up)."""
    parser = Lark(grammar_path("rules.lark").read_text(encoding="utf-8"), parser="lalr", propagate_positions=True,
                  maybe_placeholders=True)
    install_whole_words(parser)
    return parser


def outcome(parser: Lark, text: str):
    """The tree (tokens compare by type and text), or where and how the parse failed."""
    try:
        return parser.parse(text)
    except UnexpectedInput as error:
        token = getattr(error, "token", None)
        return type(error).__name__, error.line, error.column, getattr(token, "type", None), str(token)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_bundled_rule_file_parses_as_with_lark_alone(path):
    text = path.read_text(encoding="utf-8")
    assert outcome(rules_parser(), text) == outcome(lark_own_parser(), text)


def test_the_rules_parser_uses_the_lookup():
    """If a Lark release moves what the lookup replaces, this fails rather than the speed quietly going."""
    parser = rules_parser()
    parser.parse((ROOT / "rules" / "orbis" / "tiles.orbis").read_text(encoding="utf-8"))
    lexers = set(parser.parser.lexer.lexers.values())
    callbacks = [callback for lexer in lexers if lexer._scanner is not None for callback in lexer.callback.values()]
    assert any(isinstance(callback, KeywordLookup) for callback in callbacks)
    assert not any(type(callback).__name__ == "UnlessCallback" for callback in callbacks)


WORDS = ["tile", "tiles", "til", "tilex", "in", "int", "is", "if", "x", "_tile", "Tile"]
SMALL = r"""
start: item*
item: "tile" NAME | "tiles" | "in" NAME | "int" | "is" | "if" | NAME
NAME: /[A-Za-z_][A-Za-z_0-9]*/
%import common.WS
%ignore WS
"""


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=12))
def test_keywords_and_names_that_share_prefixes_lex_alike(words):
    own = Lark(SMALL, parser="lalr", propagate_positions=True)
    fast = Lark(SMALL, parser="lalr", propagate_positions=True)
    assert install_keyword_lookup(fast) > 0
    text = " ".join(words)
    assert outcome(fast, text) == outcome(own, text)


def test_keywords_with_flags_keep_larks_own_check():
    grammar = SMALL.replace('"tiles"', '"tiles"i')
    parser = Lark(grammar, parser="lalr")
    install_keyword_lookup(parser)
    parser.parse("tiles TILES tile x")
    callbacks = [c for lexer in set(parser.parser.lexer.lexers.values()) if lexer._scanner is not None
                 for c in lexer.callback.values()]
    assert callbacks and not any(isinstance(c, KeywordLookup) for c in callbacks)
    assert all(keyword_lookup(c) is None for c in callbacks)


# ---- whole words --------------------------------------------------------------------------------------------

KEYWORDS_ONLY = r"""
start: item*
item: "ties" ":" rule | "param" NAME ":" NAME
rule: "split" | "keep" "order"
NAME: /[A-Za-z_][A-Za-z_0-9]*/
%import common.WS
%ignore WS
"""


@pytest.mark.parametrize("text, word", [("ties: splitt", "splitt"), ("ties: keep orders", "orders"),
                                        ("paramx: int", "paramx"), ("ties: split2", "split2")])
def test_a_keyword_never_lexes_as_the_start_of_a_longer_word(text, word):
    """Where no name may stand, Lark's lexer knows only that place's keywords and took `split` out of `splitt`
    (then refused a name `t`), or read `paramx: int` as `param x: int`. The longer word is now refused whole."""
    parser = Lark(KEYWORDS_ONLY, parser="lalr")
    assert install_whole_words(parser) > 0
    with pytest.raises(UnexpectedInput) as error:
        parser.parse(text)
    assert (error.value.token.type, str(error.value.token)) == ("NAME", word)


def test_whole_words_parse_what_they_parsed():
    parser = Lark(KEYWORDS_ONLY, parser="lalr")
    install_whole_words(parser)
    assert parser.parse("ties: split ties:keep order param x: y") == Lark(KEYWORDS_ONLY, parser="lalr").parse(
        "ties: split ties:keep order param x: y")


def test_the_rules_parser_refuses_a_keyword_run_on_into_a_name():
    for text in ('kind stone "S" {\n  paramx: int\n}\n', 'award a "A" {\n  ties: splitt\n}\n'):
        with pytest.raises(UnexpectedInput) as error:
            rules_parser().parse(text)
        assert error.value.token.type == "NAME" and str(error.value.token) in ("paramx", "splitt")
