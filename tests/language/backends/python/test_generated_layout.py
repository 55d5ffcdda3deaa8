"""The generated modules as built from `ast` (language/backends/python/layout.py, emit.py, handlers.py): no line
over 120 characters, a layout that parses back to the tree it was laid out from, imports that are exactly the
helpers used, and each let a local variable assigned once where that changes nothing."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from orbis_dsl.language.backends.python import layout
from orbis_dsl.language.backends.python.emit import HELPERS, SPECS
from orbis_dsl.language.ruleset import compile_paths

ROOT = Path(__file__).resolve().parents[4]
# Every module under generated/: since the notation's parser became a line reader, all of them are ours.
MODULES = sorted((ROOT / "generated").glob("*/*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_generated_line_is_over_120_characters(path):
    long = [n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if len(line) > 120]
    assert long == []


@pytest.mark.parametrize("path", MODULES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_layout_parses_back_to_the_same_tree_however_narrow(path, monkeypatch):
    monkeypatch.setattr(layout, "WIDTH", 24)  # break nearly everything
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            text = "\n".join(layout.function_lines(node))
        elif isinstance(node, ast.Assign):
            text = "\n".join(layout.expr_lines(node.value, "", f"{node.targets[0].id} = ", ""))
        else:
            continue
        assert ast.dump(ast.parse(text).body[0]) == ast.dump(node), text


@pytest.mark.parametrize("path", MODULES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_module_imports_exactly_the_helpers_and_specs_it_uses(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = {alias.asname or alias.name for node in tree.body if isinstance(node, ast.ImportFrom)
                for alias in node.names}
    used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)}
    known = {"_" + h for h in HELPERS} | SPECS
    assert imported == used & known


GUARDED = """\
colors red, blue
family kind "Tile" for tiles
family god "God" for players
board stacked 3, 2, 1
winner: most total, ties shared

god keeper "Keeper" {
  let reds = count(tiles where color = red)
  let blues = count(tiles where color = blue)
  let most = reds is most among players
  end: reds * 2 + (if blues > 0 then blues else reds) + (if most then 1 else 0)
  end: blues
}

kind twice "Twice" {
  end: 1
  end: count(n in neighbours where n.color = red)
}
"""


def test_each_let_read_wherever_the_handler_goes_is_one_local_and_the_others_stay_where_they_are_read(tmp_path):
    path = tmp_path / "guarded.orbis"
    path.write_text(GUARDED, encoding="utf-8")
    result = compile_paths([path])
    assert [d for d in result.diagnostics if d.is_error] == []
    tree = ast.parse(result.modules["guarded.py"])
    handler = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "_god_keeper_end_0")
    assigned = [n.targets[0].id for n in handler.body if isinstance(n, ast.Assign)]
    # `reds` is read first thing, `blues` in the condition of the `if`; `most` writes a trace: where it is read
    assert assigned == ["let0_reds", "let1_blues"]
    reads = [n.id for n in ast.walk(handler) if isinstance(n, ast.Name) and n.id.startswith("let")]
    assert sorted(set(reads)) == ["let0_reds", "let1_blues"] and reads.count("let0_reds") == 3
    assert "_among" in ast.unparse(handler.body[-1])
    # each clause its own handler, with the signature of its kind of clause
    heads = {n.name: [a.arg for a in n.args.args] for n in tree.body if isinstance(n, ast.FunctionDef)}
    assert heads["_god_keeper_end_1"] == ["g", "p", "trace"]
    assert heads["_kind_twice_end_1"] == heads["_kind_twice_end_1_explain"] == ["g", "p", "t", "trace"]


FIXED = """\
colors red, blue
family kind "Tile" for tiles
family god "God" for players
board stacked 3, 2, 1
winner: most total, ties shared

kind stone "Stone" {
  end: 2
  end: 1 says "Stone: {points} CP"
}

kind reed "Reed" {
  end: 2
}

god first "First" {
  end: 3
}

god second "Second" {
  end: 3 says "Second: {points} CP"
  end: 3 if count(tiles where kind = reed) >= 1
}

god shown "Shown" {
  let reeds = count(tiles where kind = reed)
  end: 3 says "Shown, {reeds} reeds: {points} CP"
}
"""

def _module_functions(tmp_path, name: str, source: str) -> tuple[str, list[str]]:
    """The module `source` compiles to, with no error, and the names of its top-level functions in order."""
    path = tmp_path / f"{name}.orbis"
    path.write_text(source, encoding="utf-8")
    result = compile_paths([path])
    assert [d for d in result.diagnostics if d.is_error] == []
    text = result.modules[f"{name}.py"]
    return text, [n.name for n in ast.parse(text).body if isinstance(n, ast.FunctionDef)]


def test_clauses_of_a_fixed_number_of_points_share_one_function_per_number_and_signature(tmp_path):
    text, functions = _module_functions(tmp_path, "fixed", FIXED)
    # one score and one explain function for each number and kind of clause, whatever the number of clauses
    for shared in ("_points_2_tile", "_points_2_tile_explain", "_points_1_tile", "_points_1_tile_explain", "_points_3",
                   "_points_3_explain"):
        assert functions.count(shared) == 1, shared
    # a condition, or a sentence showing a name, keeps the clause's own function
    assert "_god_second_end_1" in functions and "_god_shown_end_0_explain" in functions
    assert not any(name.startswith(("_kind_stone_end", "_kind_reed_end", "_god_first_end")) for name in functions)
    module = {}
    exec(compile(text, "fixed.py", "exec"), module)
    kinds = {k.name: k for k in module["KINDS"]}
    gods = {g.name: g for g in module["GODS"]}
    assert kinds["stone"].ends[0].fn is kinds["reed"].ends[0].fn and kinds["stone"].ends[0].fn(None, None, None) == 2
    assert kinds["stone"].ends[1].explain(None, None, None) == {"_sum": "1"} and kinds["stone"].ends[1].local
    assert gods["first"].ends[0].explain is gods["second"].ends[0].explain
    assert gods["first"].ends[0].text == "3" and gods["second"].ends[0].says == "Second: {points} CP"
    assert gods["shown"].ends[0].fn is gods["first"].ends[0].fn


TWINS = """\
colors red, blue
family kind "Tile" for tiles
family god "God" for players
board stacked 3, 2, 1
winner: most total, ties shared

kind reed "Reed" {
  end: 1
}

def most_of(k: kind): bool = count(tiles where kind = k) is most among players

god first "First" {
  end: 3 if most_of(reed) says "First ({why}): {points} CP"
}

god again "Again" {
  end: 3 if most_of(reed) says "Again ({why}): {points} CP"
}

god other "Other" {
  end: 3 if count(tiles where kind = reed) is fewest among players
}
"""


def test_a_handler_written_again_under_another_name_is_the_first_ones_function(tmp_path):
    text, functions = _module_functions(tmp_path, "twins", TWINS)
    # the same code but for its name (which is also in its `among`'s site: the place in the rules is the `def`'s) is
    # written once; `fewest` is not the same
    assert "_god_first_end_0" in functions and "_god_other_end_0" in functions
    assert "_god_again_end_0" not in functions
    module = {}
    exec(compile(text, "twins.py", "exec"), module)
    gods = {g.name: g for g in module["GODS"]}
    assert gods["again"].ends[0].fn is gods["first"].ends[0].fn
    assert gods["again"].ends[0].says == "Again ({why}): {points} CP"


@pytest.mark.parametrize("path", [p for p in MODULES if p.name != "__init__.py"],
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_name_a_module_uses_is_defined_when_it_runs(path):
    # a handler folded into an earlier one's function is named by that one's name wherever a spec calls it (Mondo's
    # fewest modifier card measures with the most card's function): `compile` would not see a name left behind
    text = path.read_text(encoding="utf-8")
    exec(compile(text, str(path), "exec"), {"__name__": f"orbis_generated_test_{path.parent.name}_{path.stem}"})
