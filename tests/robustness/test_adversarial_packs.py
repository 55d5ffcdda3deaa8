"""Adversarial rule packs: names, strings, numbers and file names chosen to break out of generated Python.

Each pack is either refused with a located error (exit 2 of `orbis score --rules PACK GAME`, which compiles the
pack, with nothing left in the cache) or compiled. A compiled pack's modules (the ones `load_pack` writes to the
cache, i.e. `compile_paths(...).modules`, which one test checks directly) must:
- parse with `ast.parse`;
- import only from `orbis_dsl.runtime.*`;
- bind at module level only `_`-names and SOURCE, SOURCE_SHA256, SETTINGS, KINDS, GODS, AWARDS, VARIANTS, TILES,
  MODULES;
- call at module level only the spec constructors (KindSpec, GodSpec, ParamSpec, EndSpec, AwardSpec,
  VariantSpec, TileSpec, OptionSpec, Settings) — and `frozenset` of plain literals, which the compiler emits
  for `scoring_params`;
- name no dangerous builtin and touch no dunder attribute anywhere;
- import without side effects: no file created in the working folder, nothing printed, sys.modules unchanged.
Then a game is scored under the pack (exit 0, a valid report), what `check` counted is what loads, and the
cache folder holds exactly the modules.
"""

from __future__ import annotations

import ast as python_ast
import contextlib
import io
import json
import os
import sys
import types
import warnings
from pathlib import Path

import pytest
from robustness.fuzzing import orbis_without_crash

ROOT = Path(__file__).resolve().parents[2]
GAME = Path(__file__).resolve().parent / "seeds" / "games" / "2p-first-game-new-box.json"

ALLOWED_NAMES = {"SOURCE", "SOURCE_SHA256", "SETTINGS", "KINDS", "GODS", "AWARDS", "VARIANTS", "TILES", "MODULES"}
SPEC_CALLS = {"KindSpec", "GodSpec", "ParamSpec", "EndSpec", "AwardSpec", "VariantSpec", "TileSpec", "OptionSpec",
              "Settings"}
FORBIDDEN_NAMES = {"__import__", "eval", "exec", "compile", "open", "getattr", "setattr", "delattr", "globals",
                   "locals", "vars", "__builtins__", "breakpoint", "input", "print", "exit", "quit", "help",
                   "memoryview", "type", "object", "super", "os", "sys", "subprocess", "importlib"}
MODULE_VALUE_NODES = (python_ast.Call, python_ast.Name, python_ast.Constant, python_ast.Tuple, python_ast.List,
                      python_ast.Dict, python_ast.keyword, python_ast.UnaryOp, python_ast.USub, python_ast.Load)


# ---- what a generated module may contain --------------------------------------------------------------------

def inspect_module(name: str, code: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # an invalid escape in generated text is a SyntaxWarning/DeprecationWarning
        compile(code, name, "exec", dont_inherit=True)
    tree = python_ast.parse(code, filename=name)
    defined_functions = set()
    for node in python_ast.walk(tree):
        if isinstance(node, python_ast.Import):
            raise AssertionError(f"{name}: `import {', '.join(a.name for a in node.names)}`")
        if isinstance(node, python_ast.ImportFrom):
            assert node.level == 0 and (node.module or "").startswith("orbis_dsl.runtime."), \
                f"{name}:{node.lineno}: import from {node.module!r}"
        if isinstance(node, python_ast.Name):
            assert node.id not in FORBIDDEN_NAMES, f"{name}:{node.lineno}: names {node.id!r}"
        if isinstance(node, python_ast.Attribute):
            assert not node.attr.startswith("__"), f"{name}:{node.lineno}: touches .{node.attr}"
    for stmt in tree.body:
        where = f"{name}:{stmt.lineno}"
        if isinstance(stmt, python_ast.Expr):  # only the docstring, first
            assert stmt is tree.body[0] and isinstance(stmt.value, python_ast.Constant) \
                and isinstance(stmt.value.value, str), f"{where}: a statement that does something"
        elif isinstance(stmt, python_ast.ImportFrom):
            for alias in stmt.names:
                bound = alias.asname or alias.name
                assert bound.startswith("_") or bound in SPEC_CALLS, f"{where}: imports {bound!r}"
        elif isinstance(stmt, python_ast.FunctionDef):
            assert stmt.name.startswith("_"), f"{where}: defines {stmt.name!r}"
            assert not stmt.decorator_list, f"{where}: a decorator runs at import"
            for default in stmt.args.defaults + stmt.args.kw_defaults:
                assert default is None or (isinstance(default, python_ast.Constant) and default.value is None), \
                    f"{where}: a default argument that is computed at import"
            assert stmt.returns is None and all(a.annotation is None for a in stmt.args.args), \
                f"{where}: annotations are evaluated at import"
            defined_functions.add(stmt.name)
        elif isinstance(stmt, python_ast.Assign):
            for target in stmt.targets:
                assert isinstance(target, python_ast.Name), f"{where}: assigns to something other than a name"
                assert target.id.startswith("_") or target.id in ALLOWED_NAMES, f"{where}: binds {target.id!r}"
            _inspect_value(stmt.value, where, defined_functions)
        else:
            raise AssertionError(f"{where}: a module-level {type(stmt).__name__}")


def _inspect_value(value, where: str, functions: set[str]) -> None:
    for node in python_ast.walk(value):
        assert isinstance(node, MODULE_VALUE_NODES), f"{where}: a {type(node).__name__} at module level"
        if isinstance(node, python_ast.Call):
            assert isinstance(node.func, python_ast.Name), f"{where}: calls something that is not a plain name"
            if node.func.id == "frozenset":  # scoring_params=frozenset([...]): literal strings only
                assert len(node.args) == 1 and not node.keywords and isinstance(node.args[0], python_ast.List) \
                    and all(isinstance(e, python_ast.Constant) and isinstance(e.value, str)
                            for e in node.args[0].elts), f"{where}: frozenset of something computed"
                continue
            assert node.func.id in SPEC_CALLS, f"{where}: calls {node.func.id!r} at module level"
        if isinstance(node, python_ast.Name) and not isinstance(getattr(node, "ctx", None), python_ast.Store):
            assert node.id in SPEC_CALLS or node.id in functions or node.id == "frozenset" \
                or node.id.startswith("_"), f"{where}: refers to {node.id!r} at module level"


def import_without_side_effects(modules: dict[str, str], workdir: Path) -> None:
    """Execute every module in a fresh module object, in an empty working folder: nothing may change."""
    import orbis_dsl.runtime.specs
    import orbis_dsl.runtime.support  # noqa: F401

    folder = workdir / "import-here"
    folder.mkdir()
    before_modules = set(sys.modules)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.chdir(folder), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        for name, code in sorted(modules.items()):
            module = types.ModuleType(f"orbis_adversarial.{name[:-3]}")
            exec(compile(code, name, "exec"), module.__dict__)
    assert out.getvalue() == "" and err.getvalue() == "", f"importing printed: {out.getvalue()!r} {err.getvalue()!r}"
    assert list(folder.iterdir()) == [], f"importing created {list(folder.iterdir())}"
    assert set(sys.modules) == before_modules, f"importing loaded {set(sys.modules) - before_modules}"


def test_the_base_game_modules_pass_the_inspection(tmp_path):
    from orbis_dsl.language.ruleset import compile_base

    modules = compile_base().modules
    for name, code in modules.items():
        inspect_module(name, code)
    import_without_side_effects(modules, tmp_path)


# ---- running a pack -----------------------------------------------------------------------------------------

def cached_modules(folder: Path) -> dict[str, str]:
    """A pack's cache folder, as modules: its manifest (the modules' hashes, see pack_cache.py) and Python's own
    `__pycache__` (when bytecode may be written) are no modules, and anything else is."""
    from orbis_dsl.language.packs.cache import MANIFEST

    assert {p.name for p in folder.iterdir() if p.is_dir()} <= {"__pycache__"}, sorted(folder.iterdir())
    assert (folder / MANIFEST).is_file()
    return {p.name: p.read_text(encoding="utf-8") for p in folder.iterdir() if p.is_file() and p.name != MANIFEST}


def _entries(cache: Path) -> list[Path]:
    """The pack entries of a cache folder (beside them, the parse tables of the rules grammar: parser_cache.py)."""
    from orbis_dsl.language.packs.cache import LARK_FOLDER

    return [p for p in cache.iterdir() if p.name != LARK_FOLDER]


def run_pack(tmp_path: Path, monkeypatch, files: dict[str, str], game: Path = GAME,
             expect: dict[str, set[str]] | None = None) -> str:
    """Lay the pack out and score `game` under it (which compiles the pack into the cache). Refused: exit 2 with a
    located message and nothing in the cache. Compiled: a valid report, and the cached modules pass the
    inspection, import without side effects and load what the pack declares. Returns 'refused' or 'compiled'."""
    from orbis_dsl.language.ruleset import rules_from_modules

    cache = tmp_path / "cache"
    monkeypatch.setenv("ORBIS_CACHE_DIR", str(cache))
    pack = tmp_path / "pack"
    for name, text in files.items():
        (pack / name).parent.mkdir(parents=True, exist_ok=True)
        (pack / name).write_text(text, encoding="utf-8")
    scored = orbis_without_crash(tmp_path, "score", "--rules", "pack", str(game), "--json")
    assert scored.exit_code in (0, 2), scored.stderr
    if scored.exit_code == 2:
        assert scored.stdout == ""
        errors = [line for line in scored.stderr.splitlines() if ": error: " in line]
        assert errors and all(e.split(": error: ")[0].count(":") >= 2 or e.startswith("pack") for e in errors), \
            f"refused without a location:\n{scored.stderr}"
        assert not cache.exists() or not _entries(cache), "a refused pack left files in the cache"
        return "refused"
    report = json.loads(scored.stdout)
    assert report["format"] == "orbis-score/1"
    folders = _entries(cache)
    assert len(folders) == 1, folders
    modules = cached_modules(folders[0])
    assert "__init__.py" in modules and not any(n.endswith(".tmp") for n in modules), sorted(modules)
    for name, code in modules.items():
        inspect_module(name, code)
    import_without_side_effects(modules, tmp_path)
    rules = rules_from_modules(modules, "orbis_adversarial_loaded")  # what `check` counted is what loads
    for what, names in (expect or {}).items():
        loaded = set(getattr(rules, what))
        assert names <= loaded, f"the pack declares {what} {sorted(names - loaded)}, which do not load"
    return "compiled"


def test_the_cache_holds_exactly_the_compiled_modules(tmp_path, monkeypatch):
    from orbis_dsl.language.packs.load import compile_pack

    files = {"extra.orbis": 'god zeus "Zeus" {\n  end: 100\n}\n', "more/odd name.orbis": "value bonus = 3\n"}
    assert run_pack(tmp_path, monkeypatch, files, expect={"gods": {"zeus"}}) == "compiled"
    with contextlib.chdir(tmp_path):
        compiled = compile_pack(Path("pack"))
    (folder,) = _entries(tmp_path / "cache")
    assert cached_modules(folder) == compiled.modules
    checked = orbis_without_crash(tmp_path, "check", "--rules", "pack")
    assert checked.exit_code == 0 and "11 gods" in checked.stdout, checked.stdout


# ---- names ------------------------------------------------------------------------------------------------

NAMES = ["class", "import", "lambda", "None", "__import__", "__class__", "__init__", "__builtins__", "MODULES",
         "Settings", "_", "print", "trace", "n0"]


@pytest.mark.parametrize("name", NAMES)
def test_python_words_as_kind_god_award_variant_and_parameter_names(tmp_path, monkeypatch, name):
    files = {"names.orbis": f"""
kind {name} "Kind" {{
  param {name}: int = 1
  let {name}_twice = {name} * 2
  when taken: pay {name} any else mark cancelled
  end: {name}_twice if count({name}_n in neighbours where {name}_n.color = red) >= {name}
}}
god {name} "God" {{
  end: 1 if count(tiles where kind = {name}) is most among players
}}
award {name} "Award" {{
  measure: sum({name} of tiles where kind = {name})
  eligible: measure >= 1
  prizes: 2, 1
}}
variant {name} {{
  players: 2
  award {name}: 3, 1
}}
"""}
    outcome = run_pack(tmp_path, monkeypatch, files,
                       expect={"kinds": {name}, "gods": {name}, "awards": {name}, "variants": {name}})
    assert outcome == "compiled"


@pytest.mark.parametrize("name", ["None", "__import__", "__class__", "SOURCE", "_"])
def test_python_words_as_option_value_attribute_and_alias_names(tmp_path, monkeypatch, name):
    files = {"settings.orbis": f"""
option {name}: bool = false
value {name}_v = 3
attribute {name}_a: string = "x"
alias {name}_c = red
god apprentice "Apprentice Goddess" {{
  end: {name}_v if not {name} and count(tiles where color = {name}_c) >= 0
}}
"""}
    assert run_pack(tmp_path, monkeypatch, files) == "compiled"


def test_reserved_orbis_names_are_refused_with_a_location(tmp_path, monkeypatch):
    for name in ("color", "kind", "level", "total", "measure", "any", "none", "true"):
        files = {"reserved.orbis": f'kind {name} "K" {{\n  end: 1\n}}\n'}
        assert run_pack(tmp_path / name, monkeypatch, files) == "refused", name


# ---- strings --------------------------------------------------------------------------------------------------

# Rule-file strings take backslash escapes; each of these decodes to something hostile to generated code.
STRINGS = {
    "double quote": r'a\"b',
    "triple quote": r'\"\"\" x = 1 \"\"\"',
    "single quotes": "''' x = 1 '''",
    "newline": r"line\nimport os",
    "carriage return": r"line\rimport os",
    "backslash": r"back\\slash\\",
    "hash": "# not a comment",
    "format braces": "{} {0} {__class__} {{x}} %s %(x)s",
    "unicode": "Göttin der Natur ☃ 日本",
    "line separator": r"a\u2028b\u2029c",
    "nul": r"a\x00b",
    "python code": "__import__('os').system('echo pwned')",
    "empty": "",
}


@pytest.mark.parametrize("label", sorted(STRINGS))
def test_hostile_strings_in_titles_labels_choices_and_defaults(tmp_path, monkeypatch, label):
    s = STRINGS[label]
    files = {"strings.orbis": f"""
kind relic "{s}" {{
  param note: string = "{s}"
  param mode: "{s}" | "plain" = "{s}"
  end: 2 if note = "{s}" and mode = "{s}"
}}
god apprentice "{s}" {{
  end: 2
}}
award crowns "{s}" {{
  measure: count(tiles where kind = relic)
  prizes: 1
}}
option flavour: "{s}" | "other" = "{s}"
attribute caption: string = "{s}"
variant "{s}" {{
  players: 2
  option flavour = "{s}"
}}
"""}
    assert run_pack(tmp_path, monkeypatch, files, expect={"kinds": {"relic"}, "awards": {"crowns"}}) == "compiled"


# Regression test for a bug this suite found (fixed in 79012a9). It was: a lone surrogate escape ('\ud800') in a
# title is accepted, then `orbis score --json` / `orbis rules --json` crash with UnicodeEncodeError when printing it
def test_a_surrogate_escape_in_a_title_is_refused_or_printed(tmp_path, monkeypatch):
    files = {"surrogate.orbis": 'award crowns "\\ud800" {\n  measure: 1\n  prizes: 1\n}\n'}
    assert run_pack(tmp_path, monkeypatch, files) in ("compiled", "refused")


def test_a_bad_escape_is_reported_at_the_string(tmp_path):
    pack = tmp_path / "escape.orbis"
    pack.write_text('\n\nkind relic "bad \\N escape" {\n  end: 1\n}\n', encoding="utf-8")
    result = orbis_without_crash(tmp_path, "check", "--rules", "escape.orbis")
    assert result.exit_code == 2
    assert "escape.orbis:3:" in result.stderr and "nest" not in result.stderr, result.stderr


# ---- numbers ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("digits", [9, 10, 19, 300])
def test_big_numbers_in_a_pack(tmp_path, monkeypatch, digits):
    n = "9" * digits
    files = {"numbers.orbis": f"""
value bonus = {n}
value malus = -{n}
option cap: int = {n}
kind relic "Relic" {{
  param weight: int = {n}
  end: weight - bonus
}}
god apprentice "Apprentice Goddess" {{
  end: bonus + malus + 2
}}
award crowns "Crowns" {{
  measure: bonus
  prizes: {n}, 1
}}
"""}
    outcome = run_pack(tmp_path, monkeypatch, files)
    assert outcome in ("compiled", "refused")
    if digits <= 9:  # numbers of up to 9 digits are the language's (parse.MAX_DIGITS)
        assert outcome == "compiled"


# Regression test for a bug this suite found (fixed in 79012a9). It was: integer literals are unbounded; a
# 3000-digit value squared in a clause checks clean, then scoring crashes (ValueError: int too large to convert to
# str) in json.dumps/str of the total
def test_a_huge_product_is_refused_or_scored(tmp_path, monkeypatch):
    files = {"huge.orbis": "value desert_penalty = " + "9" * 3000
             + "\ndesert {\n  matches every color\n  end: desert_penalty * desert_penalty\n}\n"}
    assert run_pack(tmp_path, monkeypatch, files) in ("compiled", "refused")


# Regression test for a bug this suite found (fixed in 79012a9). It was: an integer literal over 4300 digits makes
# int() raise ValueError in parse.py's _Builder; parse_text re-raises it (`raise error.orig_exc`): a traceback
# instead of a message at the number (catch ValueError around int(), or bound INT in grammar/rules.lark)
def test_an_integer_over_4300_digits_is_reported_at_the_number(tmp_path):
    (tmp_path / "digits.orbis").write_text("\nvalue bonus = " + "9" * 5000 + "\n", encoding="utf-8")
    result = orbis_without_crash(tmp_path, "check", "--rules", "digits.orbis")
    assert result.exit_code == 2
    assert "digits.orbis:2:" in result.stderr and "nest" not in result.stderr, result.stderr[:500]


# ---- file names -------------------------------------------------------------------------------------------------

PACK_BODY = 'god zeus_{i} "Zeus" {{\n  end: 100\n}}\n'
SAFE_FILE_NAMES = ["a b", "ünïcødé {x} #hash it's", "__import__", ".hidden", "kinds", "sub_dir_second"]


@pytest.mark.parametrize("stem", SAFE_FILE_NAMES)
def test_odd_rule_file_names(tmp_path, monkeypatch, stem):
    files = {f"{stem}.orbis": PACK_BODY.format(i=0), "sub dir/second.orbis": PACK_BODY.format(i=1)}
    assert run_pack(tmp_path, monkeypatch, files, expect={"gods": {"zeus_0", "zeus_1"}}) == "compiled"


INJECTING_FILE_NAMES = {
    "newline": "a\nprint('INJECTED')\n#",
    "carriage return": "a\rprint('INJECTED')\r#",
}


# Regression test for a bug this suite found (fixed in 79012a9). It was: templates/module.py.jinja writes the rule
# file's name raw into the `# source:` comment and the docstring (compile.py render_module passes source=label): a
# pack file name with a newline or carriage return becomes Python code that runs when the pack loads
@pytest.mark.parametrize("label", sorted(INJECTING_FILE_NAMES))
def test_a_file_name_cannot_inject_code(tmp_path, monkeypatch, label):
    files = {f"{INJECTING_FILE_NAMES[label]}.orbis": PACK_BODY.format(i=0)}
    assert run_pack(tmp_path, monkeypatch, files) in ("compiled", "refused")


# Regression test for a bug this suite found (fixed in 79012a9). It was: the rule file's name goes raw into the
# generated docstring (templates/module.py.jinja): '"""' or '\N' in a pack file name make compile.py render_module's
# ast.parse raise SyntaxError (a traceback); '\.' gives an invalid-escape warning (an error in future Pythons)
@pytest.mark.parametrize("stem", ['q"""q', "x\\N", "x\\"])
def test_a_file_name_cannot_break_the_docstring(tmp_path, monkeypatch, stem):
    files = {f"{stem}.orbis": PACK_BODY.format(i=0)}
    assert run_pack(tmp_path, monkeypatch, files) in ("compiled", "refused")


# Regression test for a bug this suite found (fixed in 79012a9). It was: a pack file or folder whose name is not
# UTF-8 (here byte 0xff) crashes with UnicodeEncodeError: in compile.py render_module (the name, a lone surrogate,
# goes into the module text that ast.parse encodes) and in packs.py pack_key (str(path).encode()); use os.fsencode
# for hashing and a repr/escaped form of the name in generated text
@pytest.mark.parametrize("where", ["file", "folder"])
def test_a_file_name_that_is_not_utf8(tmp_path, monkeypatch, where):
    odd = os.fsdecode(b"odd\xff")
    name = f"{odd}.orbis" if where == "file" else f"{odd}/rules.orbis"
    assert run_pack(tmp_path, monkeypatch, {name: PACK_BODY.format(i=0)}) in ("compiled", "refused")


# Regression test for a bug this suite found (fixed in 79012a9). It was: a pack file named __init__.orbis compiles
# to __init__.py, which compile.py render() then overwrites with the index module: `check` counts its declarations,
# the loaded rules silently lack them
def test_a_pack_file_named_init_keeps_its_declarations(tmp_path, monkeypatch):
    files = {"__init__.orbis": PACK_BODY.format(i=0)}
    assert run_pack(tmp_path, monkeypatch, files, expect={"gods": {"zeus_0"}}) == "compiled"


# ---- names that collide with the score report ---------------------------------------------------------------------

# Regression test for a bug this suite found (fixed in 79012a9). It was: an award's points go in
# PlayerScore.categories under the award's name (runtime/scoring.py _awards sets categories[award.name] = 0), and
# to_json spreads categories among the fixed keys: an award named regions/god/deserts wipes that category from the
# total; one named name/place/winner/lines is overwritten or overwrites the report's own key
@pytest.mark.parametrize("name", ["regions", "god", "deserts", "name", "place", "winner", "lines"])
def test_award_names_cannot_corrupt_the_report(tmp_path, monkeypatch, name):
    files = {"award.orbis": f'award {name} "Prize" {{\n  measure: 1\n  prizes: 100, 100\n}}\n'}
    plain = orbis_without_crash(tmp_path, "score", str(GAME), "--json")
    assert run_pack(tmp_path, monkeypatch, files) == "refused" or _report_is_whole(tmp_path, plain)


def _parts(player: dict) -> int:
    """The points a report shows for a player, outside the total: every number but total, worshippers, place."""
    total = 0
    for key, value in player.items():
        if isinstance(value, dict):
            total += _parts(value)
        elif isinstance(value, int) and not isinstance(value, bool) and key not in ("total", "worshippers", "place"):
            total += value
    return total


def _report_is_whole(tmp_path: Path, plain) -> bool:
    before = json.loads(plain.stdout)
    after = json.loads(orbis_without_crash(tmp_path, "score", "--rules", "pack", str(GAME), "--json").stdout)
    for old, new in zip(before["players"], after["players"]):
        assert new["name"] == old["name"]
        assert new["total"] == old["total"] + 100, "the award's 100 CP are not simply added"
        assert new["total"] == _parts(new), "the report's parts do not add up to its total"
        assert isinstance(new["lines"], list) and isinstance(new["winner"], bool) and isinstance(new["place"], int)
    return True
