"""The builders' own walk of Lark's tree (NodeBuilder.transform) builds what Lark's Transformer builds, spans
included, and fails the same way."""

from __future__ import annotations

import attrs
import pytest
from lark import Transformer
from lark.exceptions import UnexpectedInput, VisitError
from repo_files import ROOT, rule_files

from orbis_dsl.language.syntax.literals import BadToken
from orbis_dsl.language.syntax.parse import RuleBuilder, parse_text, rules_parser

FILES = rule_files()


def everything(node):
    """Every field of every node, the spans too (equality leaves spans out)."""
    if attrs.has(type(node)):
        return type(node).__name__, {f.name: everything(getattr(node, f.name)) for f in attrs.fields(type(node))}
    if isinstance(node, dict):
        return {key: everything(value) for key, value in node.items()}
    if isinstance(node, (list, tuple)):
        return type(node).__name__, [everything(item) for item in node]
    return node


def lark_walk(file: str, tree):
    return Transformer.transform(RuleBuilder(file), tree)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_bundled_rule_file_builds_as_with_larks_walk(path):
    try:
        tree = rules_parser().parse(path.read_text(encoding="utf-8"))
    except UnexpectedInput:
        pytest.skip("a syntax error: nothing to build")
    file = str(path)
    try:
        expected = lark_walk(file, tree)
    except VisitError as error:
        with pytest.raises(VisitError) as ours:
            RuleBuilder(file).transform(tree)
        assert type(ours.value.orig_exc) is type(error.orig_exc)
        assert str(ours.value.orig_exc) == str(error.orig_exc)
        return
    built = RuleBuilder(file).transform(tree)
    assert built == expected
    assert everything(built) == everything(expected)


def test_every_builder_is_called_directly():
    """A builder declared otherwise than `@v_args(meta=True, inline=True)` would be left to Lark's default."""
    builder = RuleBuilder("x.orbis")
    rule_names = {rule.alias or rule.origin.name for rule in rules_parser().rules}
    named = {str(name) for name in rule_names if hasattr(builder, str(name))}
    assert named and named <= set(builder._builders)


def test_a_builders_error_comes_back_as_a_diagnostic():
    tree, diags = parse_text("tile 1 red black [] stone(cp: 99999999999999999999999)\n", "big.orbis")
    assert tree is None and diags and diags[0].span.file == "big.orbis"


def test_the_error_is_larks_visit_error_around_the_builders():
    tree = rules_parser().parse("tile 1 red black [] stone(cp: 99999999999999999999999)\n")
    with pytest.raises(VisitError) as caught:
        RuleBuilder("big.orbis").transform(tree)
    assert isinstance(caught.value.orig_exc, BadToken)
