"""Calls of a function (`def`) are never written out past a small bound (issue 32, items 3 and 5): a def is
checked once, is one IR definition every call refers to, and each back end runs that one definition.

The oracle is arithmetic: `f0(x) = x + 1`, `fN(x) = fN-1(x) + fN-1(x)`, so fN(x) = 2^N * (x + 1). Written out,
fN would be 2^N copies of f0's body: the audit's depth 24 ran for minutes and depth 8 was refused as "more than
1,000 parts". Here depth 24 checks, compiles and scores by both back ends, and what each stage builds stays
linear in the depth (a test that fails, not one that hangs, were calls written out again: the sizes are asserted
at depths where writing out would still be quick).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from orbis_dsl.language.backends.interpret.rules import build_rules
from orbis_dsl.language.check import expand
from orbis_dsl.language.packs.load import compile_pack
from orbis_dsl.language.ruleset import rules_from_modules
from orbis_dsl.records.orbis.notation import read_text
from orbis_dsl.runtime.scoring import score_game

ROOT = Path(__file__).resolve().parents[3]
# A finished three-player game of the examples; Omar holds the pack's god `g` (his god of the oceans scores 0
# there: he has no irrigation majority... and `g` is the only line that changes).
GAME = (ROOT / "examples" / "games" / "3p-book-club-tie.orbisgame").read_text(encoding="utf-8").replace(
    'player Omar god "God of the Oceans"', "player Omar god g")


def chain(depth: int, end: str | None = None) -> str:
    lines = ["def f0(x: int): int = x + 1"]
    lines += [f"def f{i}(x: int): int = f{i - 1}(x) + f{i - 1}(x)" for i in range(1, depth + 1)]
    return "\n".join(lines) + f'\ngod g "G" {{\n  end: {end or f"f{depth}(1)"}\n}}\n'


def compiled_pack(tmp_path, text: str):
    pack = tmp_path / "pack"
    pack.mkdir(parents=True, exist_ok=True)
    (pack / "gods.orbis").write_text(text, encoding="utf-8")
    return compile_pack(pack)


def god_points(rules, name: str = "Omar") -> int:
    record, diags = read_text(GAME, "book-club.orbisgame", rules)
    assert record is not None, [d.message for d in diags]
    report = score_game(rules, record)
    player = next(p for p in report.players if p.name == name)
    return sum(line.cp for line in player.lines if line.what == "g")


def both_back_ends(compiled, package: str) -> tuple[int, int]:
    assert compiled.model is not None, [d.message for d in compiled.diagnostics]
    return god_points(rules_from_modules(compiled.modules, package)), god_points(build_rules(compiled.model))


def test_depth_24_checks_and_scores_by_both_back_ends(tmp_path):
    compiled = compiled_pack(tmp_path, chain(24))
    assert [d.message for d in compiled.diagnostics if d.is_error] == []
    assert both_back_ends(compiled, "defs_depth24") == (2 ** 25, 2 ** 25)


def test_depth_8_is_not_refused_as_too_large(tmp_path):
    # (the audit: `f7(x) + f7(x)`, five nodes as written, refused as "more than 1,000 parts")
    compiled = compiled_pack(tmp_path, chain(8))
    assert [d.message for d in compiled.diagnostics if d.is_error] == []
    assert both_back_ends(compiled, "defs_depth8") == (512, 512)


def _module_nodes(compiled) -> int:
    return sum(sum(1 for _ in ast.walk(ast.parse(text))) for text in compiled.modules.values())


def test_the_generated_module_grows_linearly_with_the_depth(tmp_path):
    # Written out, each level doubles the god's handler. Here a call is written out while that stays within 60
    # nodes (f5 … f8 over a kept f4: 5, 11, 23, 47), so every fifth def is one function: five more levels add
    # the same nodes each time.
    sizes = {depth: _module_nodes(compiled_pack(tmp_path / str(depth), chain(depth))) for depth in (10, 15, 20)}
    step = sizes[15] - sizes[10]
    assert 0 < step < 2_000, sizes  # (written out, f20 alone would be millions of nodes)
    assert sizes[20] - sizes[15] == step, sizes


def _ir_nodes(root) -> tuple[int, int]:
    """(nodes, functions) of an IR expression, each function's body walked once."""
    import attrs

    from orbis_dsl.language.ir import ops
    seen, todo, count = set(), [root], 0
    while todo:
        node = todo.pop()
        if not attrs.has(type(node)):
            continue
        count += 1
        if isinstance(node, ops.Call):
            todo.extend(node.args)
            if id(node.function) not in seen:
                seen.add(id(node.function))
                todo.append(node.function.expr)
            continue
        for field in attrs.fields(type(node)):
            value = getattr(node, field.name) if field.name != "source" else None
            todo.extend(value if isinstance(value, tuple) else [value])
    return count, len(seen)


@pytest.mark.parametrize("depth", [12, 20])
def test_one_ir_function_per_def_however_many_calls(tmp_path, depth):
    from orbis_dsl.language.ir.scope import god_scope

    model = compiled_pack(tmp_path, chain(depth)).model
    god = model.gods["g"]
    handler = god_scope(model, god).handler()
    nodes, functions = _ir_nodes(handler.lower(god.ends[0].points))
    # f4, f9, f14, f19 are each one Function (past the bound written out: f4 is sixteen `x + 1`, f9 sixteen calls
    # of f4 …), the defs between written out into them; written out whole, f20 would be 3 * 2^20 nodes
    assert functions == len(handler.lowering.functions) == depth // 5, functions
    assert nodes < 70 * depth, nodes


def test_a_def_calling_itself_is_still_refused_at_the_call(tmp_path):
    text = "def f(x: int): int = g(x) + 1\ndef g(x: int): int = f(x) * 2\n" + 'god h "H" {\n  end: f(1)\n}\n'
    compiled = compiled_pack(tmp_path, text)
    errors = [d for d in compiled.diagnostics if d.is_error]
    assert compiled.model is None and errors
    assert any("calls itself" in d.message and "a function may not be recursive" in d.message for d in errors)
    assert all(d.span is not None and d.span.line in (1, 2) for d in errors if "calls itself" in d.message)


# A def called with different arguments at several sites, once written out and once as one definition: the same
# numbers, by both back ends, as worked out by hand. Omar's things in the book-club game: 10 tiles validated (of
# 14 face-up; `count(tiles where validated)`), 4 worshippers left.
SITES = """def weighted(a: int, b: int): int = a * 10 + b
def pick(k: kind, n: int): int = if count(tiles where kind = k) >= n then n else 0
god g "G" {
  end: weighted(2, 3) + weighted(0, 7) + weighted(1, weighted(0, 1)) + pick(irrigation, 4) + pick(irrigation, 5)
         + pick(temple, 3) + pick(forest, 3)
}
"""


@pytest.mark.parametrize("inline", [True, False], ids=["written-out", "one-definition"])
def test_a_def_at_several_sites_with_different_arguments(tmp_path, monkeypatch, inline):
    if not inline:
        monkeypatch.setattr(expand, "INLINED_NODES", 0)  # every call one definition
    compiled = compiled_pack(tmp_path, SITES)
    # weighted: 23 + 7 + 11; Omar has 4 irrigation tiles (pick 4; not 5), 3 temples (3), 2 forests (not 3): 48
    assert both_back_ends(compiled, f"defs_sites_{inline}") == (48, 48)


def test_a_call_is_explained_by_name_and_arguments(tmp_path):
    # f24 and f19 are kept as calls (see above), f23 is written out into sixteen calls of f19: its words are
    # bounded by the bound on writing out, not 2^23 words
    compiled = compiled_pack(tmp_path, chain(24, "f24(1) + f19(2) + f23(0)"))
    for scored in (build_rules(compiled.model), rules_from_modules(compiled.modules, "defs_explain")):
        report = score_game(scored, read_text(GAME, "book-club.orbisgame", scored)[0])
        line = next(ln for p in report.players if p.name == "Omar" for ln in p.lines if ln.what == "g")
        assert line.cp == 2 ** 25 + 3 * 2 ** 19 + 2 ** 23
        assert line.why.startswith(f"f24(1) {2 ** 25} + f19(2) {3 * 2 ** 19} + (f19(0) {2 ** 19} + "), line.why
        assert line.why.endswith(f" = {line.cp}") and line.why.count("f19(0)") == 16 and len(line.why) < 600


def test_a_chain_of_functions_past_the_bound_is_refused_located(tmp_path):
    from orbis_dsl.language.check.bounds import MAX_CALL_DEPTH

    at = compiled_pack(tmp_path / "at", chain(MAX_CALL_DEPTH - 1))  # f0 … f63: 64 functions, each calling the next
    assert [d.message for d in at.diagnostics if d.is_error] == []
    # 300 deep (each stage follows a call by recursion: this once ended in a RecursionError): one located error,
    # at the call that makes the chain one too long
    over = compiled_pack(tmp_path / "over", chain(300))
    errors = [d for d in over.diagnostics if d.is_error]
    assert over.model is None and len(errors) == 1, [d.message for d in errors]
    assert f"more than {MAX_CALL_DEPTH} functions" in errors[0].message and errors[0].span.line == 300 - 62
    assert "fewer, larger functions" in errors[0].hint
