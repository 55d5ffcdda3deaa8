"""Handlers folded by `ModuleBuilder.finish`: a handler whose code is an earlier one's but for its name is not
written again, and one whose code differs always is.

The rules benchmark leans on both sides: its file of gods repeats the base game's ten gods under numbered names
(each copy folds into the first), and its file of distinct gods (tests/robustness/test_limits.py) must fold
nothing, or it would measure the fold again instead of a file whose every handler is written."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from robustness.test_limits import _distinct_god_file, _god_file

ROOT = Path(__file__).resolve().parents[4]


def _rendered(path: Path) -> str:
    from orbis_dsl.language.backends.python.compile import render
    from orbis_dsl.language.check.checker import check
    from orbis_dsl.language.syntax.sources import load_sources

    sources, diagnostics = load_sources([path])
    assert not [d for d in diagnostics if d.is_error], diagnostics[:3]
    model, diagnostics = check(sources)
    assert model is not None, diagnostics[:3]
    return render(model, sources, path.parent.resolve())[path.stem + ".py"]


def _god_functions(module: str) -> dict[str, list[str]]:
    """Each god of the module's GODS table: the functions its spec names (its ends' and explanations' and its
    gift's), read off the module's own text."""
    tree = ast.parse(module)
    table = next(node.value for node in tree.body if isinstance(node, ast.Assign) and node.targets[0].id == "GODS")
    found = {}
    for spec in table.elts:
        fields = {k.arg: k.value for k in spec.keywords}
        names = [n.id for n in ast.walk(spec) if isinstance(n, ast.Name) and n.id.startswith("_")]
        found[fields["name"].value] = names
    return found


@pytest.fixture(scope="module")
def distinct(tmp_path_factory) -> str:
    return _rendered(_distinct_god_file(tmp_path_factory.mktemp("distinct"), 400))


def test_no_handler_of_the_distinct_gods_is_folded(distinct):
    functions = _god_functions(distinct)
    assert len(functions) == 400
    for god, names in functions.items():
        for name in names:
            # a god's own function, or a fixed number of points, which every such clause shares by design
            assert name.startswith((f"_god_{god}_", "_points_")), (god, name)


def test_every_function_a_distinct_god_names_is_written(distinct):
    written = {node.name for node in ast.parse(distinct).body if isinstance(node, ast.FunctionDef)}
    named = {name for names in _god_functions(distinct).values() for name in names}
    assert named <= written
    assert len(written - named) == 0  # and none is written that no god names


def test_the_distinct_gods_are_drawn_the_same_each_time():
    from robustness.test_limits import _distinct_gods

    gods = _distinct_gods(300)
    assert gods == _distinct_gods(300) and _distinct_gods(100) == gods[:100]
    assert len(set(gods)) == 300


def test_a_repeated_god_folds_into_its_first_copy(tmp_path):
    path = _god_file(tmp_path, 3).rename(tmp_path / "repeated.orbis")  # (not named as the base game's gods.py)
    functions = _god_functions(_rendered(path))
    assert len(functions) == 30
    for god, names in functions.items():
        base, _, copy = god.rpartition("_")
        if base != "technology":  # (its `among` is written in the god: its site names the copy's own line)
            assert names == [n.replace(f"_god_{base}_{copy}_", f"_god_{base}_0_") for n in names], god
    assert functions["fire_2"] == ["_god_fire_0_end_0", "_points_3_explain"]
    assert functions["technology_2"] == ["_god_technology_2_end_0", "_points_3_explain"]


# The clauses built before their layout (`ModuleBuilder._clauses`): a clause already built in the same context is
# not lowered, generated or laid out again.

class _NeverHit(dict):
    def setdefault(self, key, default=None):
        return []


def _without_the_clause_cache(monkeypatch):
    from orbis_dsl.language.backends.python import module_builder

    init = module_builder.ModuleBuilder.__init__

    def no_cache(self, *args, **kwargs):
        init(self, *args, **kwargs)
        self._clauses = _NeverHit()
    monkeypatch.setattr(module_builder.ModuleBuilder, "__init__", no_cache)


LET_GODS = """
god a "A" {
  let x = count(tiles where color = red)
  when taken: gain 2 red
  end: 2 * x
}
god b "B" {
  let x = count(tiles where color = blue)
  when taken: gain 2 red
  end: 2 * x
}
god c "C" {
  end: 3 if count(tiles where desert) is fewest among players
}
god d "D" {
  end: 3 if count(tiles where desert) is fewest among players
}
"""


@pytest.mark.parametrize("which", ["repeated", "lets"])
def test_the_clause_cache_changes_no_text(tmp_path, monkeypatch, which):
    if which == "repeated":
        path = _god_file(tmp_path, 4).rename(tmp_path / "repeated.orbis")
    else:
        path = tmp_path / "lets.orbis"
        path.write_text(f'include "{(ROOT / "rules" / "orbis" / "game.orbis").as_posix()}"\n{LET_GODS}')
    cached = _rendered(path)
    _without_the_clause_cache(monkeypatch)
    assert _rendered(path) == cached


def test_gods_of_the_same_clause_over_lets_of_their_own_keep_their_functions(tmp_path):
    path = tmp_path / "lets.orbis"
    path.write_text(f'include "{(ROOT / "rules" / "orbis" / "game.orbis").as_posix()}"\n{LET_GODS}')
    functions = _god_functions(_rendered(path))
    assert "_god_b_end_0" in functions["b"] and "_god_a_end_0" in functions["a"]
    assert "_god_a_taken" in functions["b"]  # (the same gift, written once)
    assert "_god_d_end_0" in functions["d"]  # (an `among` written in the god is keyed by its own place)


def test_a_repeated_clause_is_built_once(tmp_path, monkeypatch):
    from orbis_dsl.language.backends.python import module_builder

    built = []
    end_function = module_builder.ModuleBuilder._end_function
    monkeypatch.setattr(module_builder.ModuleBuilder, "_end_function",
                        lambda self, name, *args: built.append(name) or end_function(self, name, *args))
    for copies in (1, 5):
        built.clear()
        _rendered(_god_file(tmp_path / str(copies), copies) if (tmp_path / str(copies)).mkdir() is None else None)
        own = [name for name in built if re.match(r"_god_[a-z]+_\d+_", name)]  # (not the base game's)
        if copies == 1:
            once = len(own)
    # only the God of Technology's clause, whose `among` is written in it, is built again for each copy
    assert len(own) == once + 4 and sum(name.startswith("_god_technology_") for name in own) == 5


def test_among_sites_are_walked_for_only_when_a_clause_comes_again(tmp_path, monkeypatch):
    from orbis_dsl.language.backends.python import module_builder

    walked = []
    sites = module_builder.among_sites
    monkeypatch.setattr(module_builder, "among_sites", lambda node: walked.append(node) or sites(node))
    _rendered(_distinct_god_file(tmp_path, 200))
    assert walked == []  # (no clause of the distinct gods comes twice)
    path = _god_file(tmp_path, 2).rename(tmp_path / "repeated.orbis")
    _rendered(path)
    assert walked  # (the second copy's clauses are looked up by their sites)


def test_a_name_in_the_rules_spelled_like_a_handler_is_not_taken_for_it(tmp_path):
    """Regression: the fold took a handler's name out of its text as a plain substring, so these two gods, whose
    clauses read values named like their handlers, folded into one, and god b read god a's value (0: b scored
    nothing instead of 2). A handler whose name is spelled anywhere but in its `def` and its `among` sites is not
    folded. (Gods c and d read such values as their points: a name's string alone, as a site without a place
    would be spelled.)"""
    path = tmp_path / "spelled.orbis"
    values = {"_god_a_end_0": 0, "_god_b_end_0": 5, "_god_c_end_0": 1, "_god_d_end_0": 4}
    path.write_text(f'include "{(ROOT / "rules" / "orbis" / "game.orbis").as_posix()}"\n'
                    + "".join(f"value {name} = {value}\n" for name, value in values.items())
                    + 'god a "A" {\n  end: 2 if _god_a_end_0 >= 1\n}\ngod b "B" {\n  end: 2 if _god_b_end_0 >= 1\n}\n'
                    + 'god c "C" {\n  end: _god_c_end_0\n}\ngod d "D" {\n  end: _god_d_end_0\n}\n')
    module = _rendered(path)
    assert "_god_b_end_0" in _god_functions(module)["b"] and "_god_d_end_0" in _god_functions(module)["d"]
    namespace: dict = {}
    exec(compile(module, "spelled", "exec"), namespace)  # (the module just rendered)
    scored = [spec.ends[0].fn(None, _Player(values)) for spec in namespace["GODS"]]
    assert scored == [None, 2, 1, 4]


class _Player:
    def __init__(self, values):
        self.values = values
