"""The fast lexing loop (lark_patches.FastLexing) hands the parser exactly the tokens Lark's own loop hands it: the
same types, texts and positions, the same callbacks, the same errors at the same places; and it is in use."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark, Token
from lark.exceptions import UnexpectedInput
from repo_files import ROOT, rule_files

from orbis_dsl.language.syntax.lark_patches import FastLexing, install_fast_lexing
from orbis_dsl.language.syntax.lark_recovery import parse_collecting
from orbis_dsl.language.syntax.parse import rules_lark, rules_parser

FILES = rule_files()
FIELDS = ("type", "value", "start_pos", "line", "column", "end_line", "end_column", "end_pos")


@cache
def lark_loop_parser() -> Lark:
    """The rules parser with every patch but the fast loop: Lark's own `ContextualLexer.lex` lexes."""
    parser = rules_lark()
    parser.parser.lexer.lex = parser.parser.lexer.lex.lark_lex
    return parser


def stream(parser: Lark, text: str) -> list:
    """Every token the lexer hands the parser, each with all its fields, and then how the parse ended."""
    interactive = parser.parse_interactive(text)
    tokens: list = []
    try:
        for token in interactive.iter_parse():
            tokens.append(tuple(getattr(token, field) for field in FIELDS))
        interactive.feed_eof()
    except UnexpectedInput as error:
        token = getattr(error, "token", None)
        tokens.append((type(error).__name__, error.line, error.column, error.pos_in_stream,
                       getattr(token, "type", None), str(token), sorted(getattr(error, "expected", None) or ()),
                       sorted(getattr(error, "allowed", None) or ())))
    return tokens


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_bundled_rule_file_lexes_as_with_larks_loop(path):
    text = path.read_text(encoding="utf-8")
    assert stream(rules_parser(), text) == stream(lark_loop_parser(), text)


# Pieces of rule files, good and bad: words that are keywords or names, numbers, strings (one with a line break),
# comments, brackets, operators, characters no terminal takes, and line breaks in all the places they may fall.
PIECES = ["tile", "god", "kind", "stone", "(", ")", "[", "]", "{", "}", ":", ",", "=", "+", "-", "*", "<=", ">",
          "cp", "1", "42", "-3", "red", "black", '"a title"', '"two\nlines"', '"unclosed', "# a comment\n", "\n",
          "\n\n", " ", "\t", "where", "count", "tiles", "if", "then", "else", "score", "when", "per", "@", "$", "é",
          "let", "x", "paramx", "param", "int", "bool", "value", "true", "..", ".", "\r\n"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40))
def test_generated_texts_lex_as_with_larks_loop(pieces):
    text = " ".join(pieces)
    assert stream(rules_parser(), text) == stream(lark_loop_parser(), text)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(FILES[:40]), st.integers(0, 10_000), st.sampled_from(["", "@", "(", "\n", '"', "tile "]))
def test_mangled_rule_files_lex_and_fail_as_with_larks_loop(path, where, inserted):
    """A bundled file with something put in: every error is Lark's own, at the same place."""
    text = path.read_text(encoding="utf-8")
    where %= len(text) + 1
    text = text[:where] + inserted + text[where:]
    assert stream(rules_parser(), text) == stream(lark_loop_parser(), text)


def test_the_error_recovery_finds_the_same_mistakes_with_either_loop():
    """lark_recovery moves the lexer between tokens; the loop must go on from where it was moved to."""
    text = ("tile 1 red black [] stone(cp: 1)\ngod @ x\ntile 1 red black [] stone(cp: 1)\n"
            "kind k { param a: int\n}\nvalue v = ( \ntile 2 blue black [] stone(cp: 2)\n")

    def found(parser):
        tree, diagnostics = parse_collecting(parser, text, lambda error: (type(error).__name__, error.line,
                                                                          error.column))
        return diagnostics, tree

    fast, own = found(rules_parser()), found(lark_loop_parser())
    assert fast[0] == own[0] and len(fast[0]) >= 2
    assert fast[1] == own[1]


def test_ignored_tokens_reach_their_callbacks_in_order():
    """`orbis fmt` collects comments through a callback on an ignored terminal: the same comments, positioned alike."""
    text = (ROOT / "rules" / "orbis" / "gods.orbis").read_text(encoding="utf-8") + "# last\n"
    seen = {}
    for name in ("fast", "own"):
        comments: list[Token] = []
        parser = rules_lark(lexer_callbacks={"COMMENT": comments.append})
        if name == "own":
            parser.parser.lexer.lex = parser.parser.lexer.lex.lark_lex
        parser.parse(text)
        seen[name] = [tuple(getattr(c, field) for field in FIELDS) for c in comments]
    assert seen["fast"] == seen["own"] and len(seen["fast"]) > 3


def test_the_rules_parser_uses_the_fast_loop():
    """If a Lark release moves what the loop replaces, this fails rather than the speed quietly going."""
    assert isinstance(rules_parser().parser.lexer.lex, FastLexing)
    assert isinstance(rules_lark(lexer_callbacks={"COMMENT": print}).parser.lexer.lex, FastLexing)


def test_a_lexer_lark_builds_otherwise_is_left_alone():
    grammar = 'start: NAME+\nNAME: /[a-z]+/\n%ignore " "\n'
    assert install_fast_lexing(Lark(grammar, parser="lalr", lexer="basic")) is False
    contextual = Lark(grammar, parser="lalr")
    assert install_fast_lexing(contextual) is True
    assert contextual.parse("ab cd") == Lark(grammar, parser="lalr").parse("ab cd")


def test_the_loop_matches_with_larks_own_compiled_terminals():
    """No token list of its own to fall out of step with the grammar: the state lexers' own scanners."""
    parser = rules_parser()
    parser.parse((ROOT / "rules" / "orbis" / "tiles.orbis").read_text(encoding="utf-8"))
    lexing = parser.parser.lexer.lex
    assert lexing.plans
    for lexer, (mres, ignore, callbacks, _) in lexing.plans.items():
        assert mres == tuple(lexer.scanner._mres) and callbacks is lexer.callback and ignore == lexer.ignore_types
