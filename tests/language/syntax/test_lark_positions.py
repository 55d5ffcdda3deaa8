"""LeanPositions (lark_patches.py) gives every node the positions Lark's own propagation gives it, and is in use."""

from __future__ import annotations

from itertools import pairwise

import pytest
from lark import Lark, Tree
from lark.exceptions import UnexpectedInput
from repo_files import ROOT, rule_files

from orbis_dsl.language.syntax.lark_patches import ONLY_CHILD, LeanPositions, install_lean_positions
from orbis_dsl.language.syntax.parse import rules_parser

from .test_lark_keywords import lark_own_parser

FILES = rule_files()

FIELDS = ("empty", "line", "column", "start_pos", "end_line", "end_column", "end_pos")
FIELDS += tuple("container_" + field for field in FIELDS[1:])


def positions(tree: Tree) -> list:
    """Every node's rule and position fields, in order (a field Lark never set reads as '-')."""
    return [(str(node.data), tuple(getattr(node.meta, field, "-") for field in FIELDS))
            for node in tree.iter_subtrees_topdown()]


def parsed(parser: Lark, text: str) -> Tree | None:
    try:
        return parser.parse(text)
    except UnexpectedInput:
        return None


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_node_of_every_bundled_rule_file_has_larks_positions(path):
    text = path.read_text(encoding="utf-8")
    lean, own = parsed(rules_parser(), text), parsed(lark_own_parser(), text)
    assert (lean is None) == (own is None)
    if own is not None:
        assert positions(lean) == positions(own)


SMALL = ["", "# only a comment\n", "colors red blue\n", "tile 1 red black [] stone(cp: 1)\n"]


@pytest.mark.parametrize("text", SMALL)
def test_empty_files_and_single_lines_keep_larks_positions(text):
    """An empty file's tree has no position at all (its meta stays empty), as with Lark's own propagation."""
    lean, own = parsed(rules_parser(), text), parsed(lark_own_parser(), text)
    assert (lean is None) == (own is None)
    if own is not None:
        assert positions(lean) == positions(own)
    if text == "":
        assert positions(own)[0][1][0] is True


def test_the_rules_parser_uses_the_lean_wrapper():
    """If a Lark release moves what this replaces, this fails rather than the speed quietly going."""
    callbacks = rules_parser().parser.parser.parser.callbacks
    assert callbacks and all(isinstance(callback, LeanPositions) or callback is ONLY_CHILD
                             for callback in callbacks.values())
    # Every step of the precedence chain hands its child on, with no wrapper; a rule with a name of its own
    # (`?atom: INT -> int_lit`) or more than one symbol keeps one.
    handed_on = {f"{rule.origin.name}:{rule.expansion[0].name}" for rule, callback in callbacks.items()
                 if callback is ONLY_CHILD}
    chain = ["expr", "or_expr", "and_expr", "not_expr", "cmp_expr", "sum_expr", "product", "unary", "atom"]
    assert {f"{a}:{b}" for a, b in pairwise(chain)} <= handed_on
    assert all(len(rule.expansion) == 1 and not rule.alias for rule, callback in callbacks.items()
               if callback is ONLY_CHILD)


def test_a_filtered_propagation_is_left_to_lark():
    grammar = 'start: NAME+\nNAME: /[a-z]+/\n%ignore " "\n'
    parser = Lark(grammar, parser="lalr", propagate_positions=lambda node: True)
    assert install_lean_positions(parser) == 0


def test_fmts_parser_uses_the_lean_wrappers_too():
    from orbis_dsl.language.format.comments import comment_parser

    callbacks = comment_parser().lark.parser.parser.parser.callbacks
    assert callbacks and all(isinstance(callback, LeanPositions) or callback is ONLY_CHILD
                             for callback in callbacks.values())
