"""Stage 3: the generated modules. Snapshots of each, determinism, validity, and stale/orphan detection."""

from __future__ import annotations

import ast as python_ast
import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from orbis_dsl.language.backends.python.compile import module_name, render
from orbis_dsl.language.backends.python.generated_modules import compare, write
from orbis_dsl.language.ruleset import compile_base, compile_paths, generated_files, rules_from_modules
from orbis_dsl.runtime.rules import stale_sources

ROOT = Path(__file__).resolve().parents[4]
RULES = ROOT / "rules" / "orbis"  # the base game's folder of rules, compiled into generated/orbis/
GENERATED = ROOT / "generated" / "orbis"
# One module per rule file, plus the index.
MODULES = sorted(["__init__.py"] + [f"{p.stem}.py" for p in RULES.glob("*.orbis")])


class PythonModuleSnapshot(SingleFileSnapshotExtension):
    """Each generated module is its own snapshot file, `__snapshots__/test_compile/<test>.py`, kept as text."""

    file_extension = "py"
    _write_mode = WriteMode.TEXT


@pytest.fixture
def module_snapshot(snapshot):
    return snapshot.use_extension(PythonModuleSnapshot)


@pytest.fixture(scope="module")
def base():
    compiled = compile_base()
    assert compiled.diagnostics == []
    assert compiled.model is not None
    return compiled


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{path.name} no longer contains {old!r}"
    path.write_text(text.replace(old, new), encoding="utf-8")


APPRENTICE_2 = 'god apprentice "Apprentice Goddess" {\n  end: 2'
APPRENTICE_3 = 'god apprentice "Apprentice Goddess" {\n  end: 3'


def render_from(rules_dir: Path) -> dict[str, str]:
    """The modules of a copy of the base game's folder, compiled as `orbis compile` compiles it."""
    compiled = compile_paths([rules_dir / "game.orbis"], rules_dir.parent, module_root=rules_dir)
    assert compiled.diagnostics == []
    return compiled.modules


# ---- snapshots --------------------------------------------------------------------------------------------


def test_one_module_per_rule_file(base):
    assert sorted(base.modules) == MODULES


@pytest.mark.parametrize("name", MODULES)
def test_generated_module_snapshot(base, name, module_snapshot):
    assert base.modules[name] == module_snapshot


def test_the_committed_modules_are_the_rendered_ones(base):
    result = compare(generated_files(base), GENERATED)
    assert result.ok, result
    for name, text in base.modules.items():
        assert (GENERATED / name).read_text(encoding="utf-8") == text, name


def test_the_committed_modules_match_their_sources_hashes():
    assert stale_sources(GENERATED, RULES.parent) == []


@pytest.mark.parametrize("name", [m for m in MODULES if m != "__init__.py"])
def test_a_module_names_its_source_and_its_hash(base, name):
    source = RULES / (name[:-3] + ".orbis")
    header = base.modules[name].splitlines()[:4]
    assert header[0] == "# generated — do not edit."
    assert header[1] == f"# source: 'rules/orbis/{source.name}'"  # an ASCII string literal: names are user text
    assert header[2] == "# sha256: " + hashlib.sha256(source.read_text(encoding="utf-8").encode()).hexdigest()


# ---- determinism ------------------------------------------------------------------------------------------


def test_rendering_twice_gives_the_same_text(base):
    again = compile_base()
    assert again.modules == base.modules
    assert render(base.model, base.sources, RULES.parent, RULES) == base.modules


def test_rendering_does_not_depend_on_where_the_rules_lie(base, tmp_path):
    shutil.copytree(RULES, tmp_path / "rules" / "orbis")
    assert render_from(tmp_path / "rules" / "orbis") == base.modules


_RENDER_SCRIPT = (
    "import json, sys\n"
    "from orbis_dsl.language.ruleset import compile_base\n"
    "sys.stdout.write(json.dumps(compile_base().modules, sort_keys=True))\n"
)


def _render_in_subprocess(seed: str) -> bytes:
    env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    done = subprocess.run([sys.executable, "-c", _RENDER_SCRIPT], cwd=ROOT, env=env, capture_output=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout


def test_rendering_does_not_depend_on_the_hash_seed(base):
    zero, other = _render_in_subprocess("0"), _render_in_subprocess("123")
    assert zero == other
    assert json.loads(zero) == base.modules


# ---- the modules are valid Python that imports --------------------------------------------------------------


@pytest.mark.parametrize("name", MODULES)
def test_every_module_parses(base, name):
    python_ast.parse(base.modules[name], filename=name)


@pytest.mark.parametrize("name", MODULES)
def test_every_module_imports_only_the_runtime(base, name):
    tree = python_ast.parse(base.modules[name])
    imported = [n.module for n in python_ast.walk(tree) if isinstance(n, python_ast.ImportFrom)]
    imported += [a.name for n in python_ast.walk(tree) if isinstance(n, python_ast.Import) for a in n.names]
    assert all(m.startswith("orbis_dsl.runtime.") for m in imported), imported


@pytest.mark.parametrize("name", MODULES)
def test_every_module_executes(base, name):
    module = types.ModuleType(f"rendered_{name[:-3]}")
    exec(compile(base.modules[name], name, "exec"), module.__dict__)
    if name != "__init__.py":
        assert f"rules/orbis/{name[:-3]}.orbis" == module.SOURCE


@pytest.mark.parametrize("name", MODULES)
def test_every_committed_module_imports(name):
    spec = importlib.util.spec_from_file_location(f"committed_generated_{name[:-3]}", GENERATED / name)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if name == "__init__.py":
        assert sorted(f"{m}.py" for m in module.MODULES) == [m for m in MODULES if m != "__init__.py"]


def test_the_rendered_modules_build_the_base_game(base):
    rules = rules_from_modules(base.modules, "rendered_base")
    assert len(rules.kinds) == 8 and len(rules.gods) == 10 and len(rules.variants) == 3
    assert len(rules.tiles) == 65
    assert rules.board.rows == (5, 4, 3, 2)


def test_names_in_rules_never_become_code(tmp_path):
    (tmp_path / "odd.orbis").write_text(
        "colors red\ntile mark stars: gold\nboard stacked 1\nwinner: most total, ties shared\n"
        'family kind "Tile kind" for tiles\nfamily god "God" for players\n'
        'kind class "x\')\\nimport os #" {\n  param cp2: int = 1\n  end: cp2\n}\n'
        'god import "\\"\\"\\" {" {\n  end: 1\n}\n'
        'variant "2p\'; raise SystemExit #" {\n  players: 2\n}\n'
        "tile 1 red gold [] class()\n",  # (`def` is a word of the rules language: a function)
        encoding="utf-8")
    compiled = compile_paths([tmp_path / "odd.orbis"])
    assert compiled.diagnostics == []
    for name, text in compiled.modules.items():
        python_ast.parse(text, filename=name)
    rules = rules_from_modules(compiled.modules, "odd_pack")
    assert list(rules.kinds) == ["class"] and rules.kinds["class"].title == "x')\nimport os #"
    assert list(rules.gods) == ["import"] and rules.gods["import"].title == '""" {'
    assert list(rules.variants) == ["2p'; raise SystemExit #"]


def test_rule_files_whose_names_differ_only_in_punctuation_get_a_module_each(tmp_path):
    (tmp_path / "main.orbis").write_text('colors red\nboard stacked 1\nwinner: most total, ties shared\n'
                                         'family god "God" for players\n'
                                         'include "a-b.orbis"\ninclude "a_b.orbis"\n', encoding="utf-8")
    (tmp_path / "a-b.orbis").write_text('god x "X" {\n  end: 1\n}\n', encoding="utf-8")
    (tmp_path / "a_b.orbis").write_text('god y "Y" {\n  end: 2\n}\n', encoding="utf-8")
    compiled = compile_paths([tmp_path / "main.orbis"], tmp_path)
    assert compiled.diagnostics == []
    assert len(compiled.modules) == 4  # three rule files and the index
    rules = rules_from_modules(compiled.modules, "punctuation_pack")
    assert sorted(rules.gods) == ["x", "y"]


def test_module_names():
    assert module_name("kinds.orbis") == "kinds.py"
    assert module_name("packs/extra-tiles.orbis") == "packs_extra_tiles.py"


# ---- orbis compile --check ----------------------------------------------------------------------------------


def test_compile_check_passes_on_the_checkout(orbis):
    result = orbis("compile", "--check")
    assert result.exit_code == 0, result.stderr
    games = [p for p in (ROOT / "generated").iterdir() if p.is_dir() and p.name != "__pycache__"]
    modules = sum(len(list(p.glob("*.py"))) for p in games)
    assert result.stdout.strip() == f"generated/ is current ({len(games)} games, {modules} modules)"
    assert result.stderr == ""


def test_compile_check_passes_from_another_working_directory(orbis, tmp_path, monkeypatch):
    """Generated code must not depend on the working directory: `# from 'rules/x.orbis', line N` comments are
    written from the shown (cwd-relative) path, so from elsewhere every module with a function looks stale."""
    monkeypatch.chdir(tmp_path)
    result = orbis("compile", "--check")
    assert result.exit_code == 0, result.stderr


def test_compile_check_names_a_stale_module(orbis, tmp_path, monkeypatch):
    import orbis_dsl.common.games
    import orbis_dsl.common.resources
    import orbis_dsl.language.ruleset

    shutil.copytree(ROOT / "rules", tmp_path / "rules")
    shutil.copytree(ROOT / "generated", tmp_path / "generated", ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.chdir(tmp_path)  # shown paths as in the checkout (see the test above for why that matters)
    edit(tmp_path / "rules" / "orbis" / "gods.orbis", APPRENTICE_2, APPRENTICE_3)
    (tmp_path / "generated" / "orbis" / "old_pack.py").write_text("# left over\n", encoding="utf-8")
    (tmp_path / "generated" / "chess").mkdir()  # a game that is no longer in rules/

    def data_dir(name: str) -> Path:
        return ROOT / "grammar" if name == "grammar" else tmp_path / name

    monkeypatch.setattr(orbis_dsl.common.resources, "data_dir", data_dir)
    monkeypatch.setattr(orbis_dsl.language.ruleset, "data_dir", data_dir)
    monkeypatch.setattr(orbis_dsl.common.games, "data_dir", data_dir)
    result = orbis("compile", "--check")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "orphaned: generated/chess/",
        "stale: generated/orbis/gods.py",
        "orphaned: generated/orbis/old_pack.py",
        "run `orbis compile` to regenerate",
    ]


# ---- compare() and write() ----------------------------------------------------------------------------------


@pytest.fixture
def workspace(tmp_path):
    """A copy of rules/ and the modules rendered from it, written to an output folder of its own."""
    shutil.copytree(RULES, tmp_path / "rules" / "orbis")
    out = tmp_path / "generated"
    modules = render_from(tmp_path / "rules" / "orbis")
    assert sorted(write(modules, out)) == MODULES
    return tmp_path / "rules" / "orbis", out, modules


def test_freshly_written_modules_compare_clean(workspace):
    _, out, modules = workspace
    assert compare(modules, out).ok
    assert write(modules, out) == []


def test_a_changed_rule_file_makes_its_module_stale(workspace):
    rules_dir, out, _ = workspace
    edit(rules_dir / "gods.orbis", APPRENTICE_2, APPRENTICE_3)
    result = compare(render_from(rules_dir), out)
    assert (result.stale, result.missing, result.orphaned) == (("gods.py",), (), ())
    assert not result.ok


def test_a_comment_change_makes_its_module_stale(workspace):
    rules_dir, out, _ = workspace
    tiles = rules_dir / "tiles.orbis"
    tiles.write_text(tiles.read_text(encoding="utf-8") + "# one more comment\n", encoding="utf-8")
    assert compare(render_from(rules_dir), out).stale == ("tiles.py",)


def test_an_extra_module_is_orphaned(workspace):
    _, out, modules = workspace
    (out / "old_pack.py").write_text("# left over\n", encoding="utf-8")
    (out / "notes.txt").write_text("not a module\n", encoding="utf-8")
    result = compare(modules, out)
    assert (result.stale, result.missing, result.orphaned) == ((), (), ("old_pack.py",))


def test_a_deleted_module_is_missing(workspace):
    _, out, modules = workspace
    (out / "kinds.py").unlink()
    result = compare(modules, out)
    assert (result.stale, result.missing, result.orphaned) == ((), ("kinds.py",), ())


def test_a_hand_edited_module_is_stale(workspace):
    _, out, modules = workspace
    (out / "variants.py").write_text(modules["variants.py"] + "# a hand edit\n", encoding="utf-8")
    assert compare(modules, out).stale == ("variants.py",)


def test_write_repairs_everything_compare_reports(workspace):
    _, out, modules = workspace
    (out / "old_pack.py").write_text("# left over\n", encoding="utf-8")
    (out / "kinds.py").unlink()
    (out / "variants.py").write_text("# hand edit\n", encoding="utf-8")
    changed = write(modules, out)
    assert sorted(changed) == ["kinds.py", "old_pack.py", "variants.py"]
    assert compare(modules, out).ok
    assert not (out / "old_pack.py").exists()
    assert not list(out.glob(".*.tmp"))


def test_an_absent_output_folder_is_all_missing(base, tmp_path):
    result = compare(base.modules, tmp_path / "nowhere")
    assert result.missing == tuple(base.modules) and not result.stale and not result.orphaned
