"""The syntax tree built in Lark's reductions (lark_patches.Reductions, parse.built_in_reductions) is the tree the
builders make from Lark's own tree (parse.parse_through_tree), every field of every node, spans included; every
mistake is said as that reading says it; the positions it carries are Lark's own; and it is in use."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput
from repo_files import ROOT, rule_files

from orbis_dsl.language.syntax import parse
from orbis_dsl.language.syntax.lark_patches import Reductions, _lalr_loop
from orbis_dsl.language.syntax.literals import BadToken
from orbis_dsl.language.syntax.parse import (
    MAX_DEPTH,
    TooDeep,
    built_in_reductions,
    parse_rule_file,
    parse_through_tree,
    rules_lark,
    rules_parser,
    rules_reductions,
)

from .test_lark_positions import positions
from .test_transform_walk import everything

FILES = rule_files()


def outcome(parsed: parse.Parsed) -> tuple:
    return everything(parsed.tree), [tuple(d) for d in parsed.diagnostics], everything(parsed.includes)


def reduced(text: str, file: str = "x.orbis"):
    """What the reading in the reductions alone gives: a Parsed, or the name of the mistake it stops at."""
    try:
        return built_in_reductions(text, file)
    except (UnexpectedInput, BadToken, TooDeep) as error:
        return type(error).__name__


def same_as_through_the_tree(text: str, file: str = "x.orbis") -> str:
    """The two readings agree on `text`; which way it went ("built", or the mistake the first reading met)."""
    careful = parse_through_tree(text, file)
    quick = reduced(text, file)
    assert outcome(parse_rule_file(text, file)) == outcome(careful)
    if isinstance(quick, str):
        assert careful.tree is None and careful.diagnostics  # a mistake: said by the careful reading alone
        return quick
    assert careful.diagnostics == [] and outcome(quick) == outcome(careful)
    return "built"


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_bundled_rule_file_builds_the_same_tree_in_the_reductions(path):
    """(The corpus of mistaken files under tests/ too: each said as the reading through the tree says it.)"""
    way = same_as_through_the_tree(path.read_text(encoding="utf-8"), str(path))
    assert way == "built" or not path.is_relative_to(ROOT / "rules")


RULES = sorted((ROOT / "rules").rglob("*.orbis"))


@pytest.mark.parametrize("path", RULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_line_breaks_and_spaces_of_other_kinds_build_the_same_tree(path):
    """Carriage returns before each line break, tabs and form feeds among the spaces: the loop counts lines and
    columns as Lark's does."""
    text = path.read_text(encoding="utf-8")
    assert same_as_through_the_tree(text.replace("\n", "\r\n"), str(path)) == "built"
    assert same_as_through_the_tree(text.replace(" ", "\t\f ", 200), str(path)) == "built"


def test_the_bench_files_build_the_same_tree(tmp_path):
    from robustness.test_limits import _largest_distinct_god_file, _largest_god_file, _largest_tile_file

    _largest_tile_file(tmp_path)
    _largest_god_file(tmp_path)
    _largest_distinct_god_file(tmp_path)
    for name in ("tiles.orbis", "gods.orbis", "distinct_gods.orbis"):
        assert same_as_through_the_tree((tmp_path / name).read_text(encoding="utf-8"), name) == "built"


# ---- texts drawn from the grammar itself -------------------------------------------------------------------------

SAMPLES = {  # what each terminal given by a pattern is written as: names no keyword takes, numbers, strings
    "NAME": ["a", "red", "k2", "spark", "x_y", "Tiles", "n"],
    "INT": ["0", "1", "7", "42", "999999999"],
    "STRING": ['"a"', '""', '"two words"', '"say \\"hi\\""', '"{track}"'],
    "FAMILY_ROLE": ["tiles", "players"],
    "MUL_OP": ["*", "/"],
}
SPACES = [" ", " ", " ", "\n", "  ", "\t", " # a comment\n", "\n\n"]


@cache
def grammar() -> tuple[dict, dict, dict]:
    """The rules of the compiled grammar by their name, each terminal's texts, and each rule name's shallowest
    alternatives (those with the fewest levels of rules under them), so that a drawing can always end."""
    parser = rules_parser()
    rules: dict[str, list] = {}
    for rule in parser.rules:
        rules.setdefault(rule.origin.name, []).append([(s.is_term, s.name) for s in rule.expansion])
    words = {t.name: [t.pattern.value] for t in parser.terminals if t.pattern.type == "str"}
    words.update(SAMPLES)
    least: dict[str, int] = {}

    def height(alternative) -> int:
        return max([least.get(s, 10**9) for term, s in alternative if not term], default=0) + 1

    while len(least) < len(rules):
        for name, alternatives in rules.items():
            if min(height(alt) for alt in alternatives) < 10**9:
                least[name] = min(height(alt) for alt in alternatives)
    shallow = {name: [alt for alt in alternatives if height(alt) == least[name]]
               for name, alternatives in rules.items()}
    return rules, words, shallow


def sentence(rng: random.Random, budget: int = 9, items: int = 4) -> str:
    """A rule file drawn at random from the grammar: `items` declarations, each rule's alternative in them drawn
    at random until `budget` levels are spent, then the shallowest; the words joined by spaces, line breaks and
    comments. (A declaration that came out over 4,000 characters is drawn again: the file stays small.)"""
    found = []
    while len(found) < items:
        text = derivation(rng, "_item", budget)
        if len(text) <= 4_000:
            found.append(text)
    return "".join(found)


def derivation(rng: random.Random, symbol: str, budget: int) -> str:
    rules, words, shallow = grammar()
    out: list[str] = []
    stack: list[tuple[bool, str, int]] = [(False, symbol, 0)]
    while stack:
        term, name, depth = stack.pop()
        if term:
            out.append(rng.choice(words[name]))
            out.append(rng.choice(SPACES))
            continue
        chosen = rng.choice(rules[name] if depth < budget else shallow[name])
        deeper = depth + (not name.startswith("__"))  # (a `*` or `+` list's own rule is no level: each item is one)
        stack.extend((t, s, deeper) for t, s in reversed(chosen))
    return "".join(out)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.integers(4, 16), st.integers(0, 8))
def test_texts_drawn_from_the_grammar_build_the_same_tree(rng, budget, items):
    same_as_through_the_tree(sentence(rng, budget, items))


def test_the_drawn_texts_mostly_parse_and_reach_every_rule():
    """So that the tests of drawn texts compare trees, not only mistakes: most drawn texts are rule files, and
    together they use every rule of the grammar."""
    rng, parsed, used = random.Random(1), 0, set()
    callbacks = rules_reductions().callbacks(lambda name: None)
    for _ in range(500):
        try:
            tree = rules_reductions().parse(sentence(rng, rng.randint(4, 16), rng.randint(0, 8)), callbacks).value
        except UnexpectedInput:
            continue
        parsed += 1
        used.update(str(node.data) for node in tree.iter_subtrees())
    assert parsed >= 400
    # (a `?rule` whose tree is always its one child makes no node, nor does a rule spliced into its parent)
    never = {"atom", "base_type", "cmp_expr", "expr", "literal", "plain_literal", "product", "square", "sum_expr",
             "unary", "value_lit"}
    named = {str(rule.alias or rule.origin.name) for rule in rules_parser().rules}
    assert sorted(name for name in named - never - used if not name.startswith("_")) == []


# ---- mistakes -------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "tile 1 red black [] stone(cp: 99999999999999999999999)\n",
    'game "g" "bad \\q" { record "r" }\n',
    "value v = 1\ntile 1 red black [] stone(cp: 1234567890)\ntile 2 ( \n",  # a bad number before a syntax error
    "tile 1 red black [] stone(cp: 1)\ntile @ x\nvalue v = 2\n",
    "value v = (\n",
    "",
    "# only a comment\n",
])
def test_a_mistake_is_said_by_the_reading_through_the_tree(text):
    same_as_through_the_tree(text, "m.orbis")


@pytest.mark.parametrize("levels", [MAX_DEPTH - 20, MAX_DEPTH - 5, MAX_DEPTH - 4, MAX_DEPTH - 3, MAX_DEPTH - 2,
                                    MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, MAX_DEPTH + 10])
def test_the_depth_limit_holds_at_the_same_depth(levels):
    """The height the reductions count is Lark's tree's: a file is refused exactly where the walk refused it."""
    nested = {"brackets": "(" * levels + "1" + ")" * levels, "sum": " + ".join(["1"] * levels),
              "not": "not " * levels + "x", "minus": "- " * levels + "1"}
    for expr in nested.values():
        same_as_through_the_tree(f"score s: {expr}\n", "deep.orbis")
    ways = {reduced(f"score s: {expr}\n") if isinstance(reduced(f"score s: {expr}\n"), str) else "built"
            for expr in nested.values()}
    assert ways <= {"built", "TooDeep"}


def test_the_limit_is_met_right_at_its_edge():
    edge = [n for n in range(MAX_DEPTH - 10, MAX_DEPTH + 5)
            if reduced("score s: " + "not " * n + "x\n") == "TooDeep"]
    assert edge and parse_through_tree("score s: " + "not " * (edge[0] - 1) + "x\n", "d").tree is not None
    assert parse_through_tree("score s: " + "not " * edge[0] + "x\n", "d").tree is None


# ---- the positions carried are Lark's own -------------------------------------------------------------------------

def lark_trees(text: str) -> Tree:
    """Lark's tree as the reductions make it where no rule has a builder (a `Tree` with Lark's meta)."""
    reductions = rules_reductions()
    return reductions.parse(text, reductions.callbacks(lambda name: None)).value


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_without_builders_the_reductions_make_larks_own_tree(path):
    """Every node's rule, children and twelve position fields (container ones too) as Lark's parse gives them."""
    assert_larks_own_tree(path.read_text(encoding="utf-8"))


def assert_larks_own_tree(text: str) -> None:
    try:
        own = rules_parser().parse(text)
    except UnexpectedInput as error:
        with pytest.raises(type(error)):
            lark_trees(text)
        return
    made = lark_trees(text)
    assert made == own
    assert positions(made) == positions(own)


@settings(max_examples=100, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(4, 16), st.integers(0, 8))
def test_without_builders_drawn_texts_make_larks_own_tree(rng, budget, items):
    assert_larks_own_tree(sentence(rng, budget, items))


# ---- in use ----------------------------------------------------------------------------------------------------

def test_the_rules_parser_builds_in_its_reductions(monkeypatch):
    """If a Lark release changes what `Reductions` reads, this fails rather than the speed quietly going."""
    reductions = rules_reductions()
    assert reductions.plans is not None and len(reductions.plans) == len(rules_parser().rules)
    assert Counter(plan[3] for plan in reductions.plans.values()).keys() == {"node", "splice", "only", "hand on"}
    monkeypatch.setattr(parse, "parse_through_tree", lambda text, file: pytest.fail("read through Lark's tree"))
    assert parse_rule_file("tile 1 red black [] stone(cp: 1)\n", "t.orbis").tree is not None


def test_the_rules_parser_runs_its_own_loop(monkeypatch):
    """`Reductions.parse` runs `_lalr_loop`, not Lark's loop, on a text with no mistake; on a text with one the
    loop gives up and Lark's loop raises Lark's own error."""
    reductions = rules_reductions()
    callbacks = reductions.callbacks(lambda name: None)
    text = (ROOT / "rules" / "orbis" / "tiles.orbis").read_text(encoding="utf-8")
    assert _lalr_loop(reductions.lexing, reductions.table, callbacks, text).value == rules_parser().parse(text)
    monkeypatch.setattr(Reductions, "lark_parse", lambda *args: pytest.fail("parsed by Lark's loop"))
    assert reductions.parse(text, callbacks).value == rules_parser().parse(text)
    monkeypatch.undo()
    for mistaken in ("tile 1 red black [] stone(cp: 1)\ntile @\n", "value v = (\n", "tile", "colors red,"):
        assert _lalr_loop(reductions.lexing, reductions.table, callbacks, mistaken) is None
        with pytest.raises(UnexpectedInput) as ours:
            reductions.parse(mistaken, callbacks)
        with pytest.raises(UnexpectedInput) as larks:
            rules_parser().parse(mistaken)
        assert (type(ours.value), str(ours.value)) == (type(larks.value), str(larks.value))


def test_the_loop_hands_ignored_tokens_to_their_callbacks():
    """As `orbis fmt`'s parser collects comments: the same comments, positioned alike, as Lark's loop gives."""
    text = (ROOT / "rules" / "orbis" / "gods.orbis").read_text(encoding="utf-8") + "# last\n"
    seen = []
    for loop in ("ours", "larks"):
        comments: list[Token] = []
        reductions = Reductions(rules_lark(lexer_callbacks={"COMMENT": comments.append}))
        callbacks = reductions.callbacks(lambda name: None)
        tree = (reductions.parse if loop == "ours" else reductions.lark_parse)(text, callbacks).value
        seen.append((tree, [(c.type, c.value, c.line, c.column, c.end_line, c.end_column, c.start_pos, c.end_pos)
                            for c in comments]))
    assert seen[0] == seen[1] and len(seen[0][1]) > 3


def test_a_parser_lark_builds_otherwise_is_left_to_the_tree():
    grammar_text = 'start: NAME+\nNAME: /[a-z]+/\n%ignore " "\n'
    assert Reductions(Lark(grammar_text, parser="lalr", maybe_placeholders=False)).plans is None  # (no placeholders)
    kept = Lark('!start: "a" NAME\nNAME: /[a-z]+/\n%ignore " "\n', parser="lalr", maybe_placeholders=True)
    assert Reductions(kept).plans is None  # (a rule that keeps its every token)
    plain = Lark('start: "a" NAME [NAME]\nNAME: /[a-z]+/\n%ignore " "\n', parser="lalr", maybe_placeholders=True,
                 propagate_positions=True)
    reductions = Reductions(plain)
    assert reductions.plans is not None
    tree = reductions.parse("a bc", reductions.callbacks(lambda name: None)).value
    assert tree == plain.parse("a bc") and tree.children == [Token("NAME", "bc"), None]
