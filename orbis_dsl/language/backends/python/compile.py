"""Stage 3: the checked rule set → one Python module of handlers per rule file, rendered through Jinja.

`render` is the single function behind both `orbis compile` (write) and `orbis compile --check` (compare, in
`generated_modules`): output is deterministic (sorted, no timestamps) and compiled by Python before anyone sees it
(`compile`, which parses as `ast.parse` does and also refuses what only the compiler finds). Each module's handlers
are built by `module_builder`, its settings by `compile_settings`.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import jinja2

from orbis_dsl.common.resources import source_hash
from orbis_dsl.language.backends.python.module_builder import Constant, ModuleBuilder, safe_identifier
from orbis_dsl.language.backends.python.settings import settings_fields
from orbis_dsl.language.check.model import RuleSet, list_spec
from orbis_dsl.language.syntax import ast_decl, ast_sheet


@cache
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("orbis_dsl.language.backends.python", "templates"),
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True, undefined=jinja2.StrictUndefined,
        autoescape=False,
    )
    env.filters["pyrepr"] = repr
    return env


# The spec class each table of a module holds.
_TABLE_SPECS = {"KINDS": "KindSpec", "GODS": "GodSpec", "AWARDS": "AwardSpec", "VARIANTS": "VariantSpec",
                "TILES": "TileSpec", "FACTS": "FactSpec", "SCORES": "ScoreSpec", "CHECKS": "CheckSpec"}


def module_name(relative: str) -> str:
    """`kinds.orbis` → `kinds.py`; a rule file's folders below the module root become part of the name
    (`packs/extra.orbis` → `packs_extra.py`)."""
    stem = Path(relative).with_suffix("")
    return "_".join(safe_identifier(p) for p in stem.parts) + ".py"


def render_module(rules: RuleSet, file: ast_decl.RuleFile, text: str, source: str) -> str:
    builder = ModuleBuilder(rules, source, file.path)
    tables: dict[str, list[str]] = {name: [] for name in _TABLE_SPECS}  # (in the order the module lists them)
    for decl in file.decls:
        if _replaced(rules, decl, file.path):
            continue  # a rule pack replaced this declaration
        entry = _table_entry(rules, builder, file, source, decl, tables)
        if entry is not None:
            tables[entry[0]].append(entry[1])
    tables["TILES"] = [_tile(t, source) for t in rules.tiles if t.file == file.path]
    fields = settings_fields(rules, builder, file.decls)
    if fields:
        builder.settings(fields)
    for name, items in tables.items():
        if items:
            builder.imports.specs.add(_TABLE_SPECS[name])
            builder.constants.append(Constant(name, items=items))
    constants = [(c.name, c.lines()) for c in builder.constants]
    code = _environment().get_template("module.py.jinja").render(
        # A file name is user text: it reaches the module only as an ASCII string literal.
        source_literal=ascii(source), source_hash=source_hash(text), imports=builder.imports.lines(),
        functions=builder.functions, constants=constants,
    )
    return _valid_python(code, source)


def _replaced(rules: RuleSet, decl, path: str) -> bool:
    """Whether a rule pack replaced `decl` (declared in the file at `path`) with one of its own."""
    label = type(decl).__name__
    if isinstance(decl, ast_decl.PieceDecl):
        label = "KindDecl" if decl.family == rules.vocabulary.tile_family else "GodDecl"
    return rules.decl_files.get(f"{label}:{getattr(decl, 'name', '')}", path) != path


def _table_entry(rules: RuleSet, builder: ModuleBuilder, file: ast_decl.RuleFile, source: str, decl,
                 tables: dict[str, list[str]]) -> tuple[str, str] | None:
    """The table of the module `decl` goes in and its entry there (its handlers built on the way), or None."""
    vocabulary = rules.vocabulary
    if isinstance(decl, ast_decl.PieceDecl) and decl.family == vocabulary.tile_family:
        return "KINDS", builder.kind(rules.kinds[decl.name])
    if isinstance(decl, ast_decl.PieceDecl) and decl.family == vocabulary.player_family:
        return "GODS", builder.god(rules.gods[decl.name])
    if isinstance(decl, ast_sheet.AwardDecl):
        return "AWARDS", builder.award(rules.awards[decl.name])
    if isinstance(decl, ast_decl.VariantDecl):
        return "VARIANTS", _variant(rules.variants[decl.name], source)
    if isinstance(decl, ast_sheet.FactDecl):
        return "FACTS", _fact_spec(rules.facts[decl.name], rules.sets, builder.derive(rules.facts[decl.name]))
    if isinstance(decl, ast_sheet.ScoreDecl):
        return "SCORES", builder.score(rules.scores[decl.name])
    if isinstance(decl, ast_sheet.WarnDecl):
        check = next(c for c in rules.checks if c.span == decl.span and c.file == file.path)
        return "CHECKS", builder.check(check, len(tables["CHECKS"]))
    return None


def _valid_python(code: str, source: str) -> str:
    """`code`, once Python has compiled it: no module that is not valid Python is ever written."""
    # `compile` rather than `ast.parse`: it finds more (a `return` outside a function, say) and costs less, as it
    # builds no Python objects for the tree (0.24 against 0.44 s for the 800 kB module of the largest tile file the
    # size limit lets through).
    compile(code, ascii(source), "exec", dont_inherit=True)
    return code


def _variant(v, source: str) -> str:
    return (f"VariantSpec(name={v.name!r}, players={v.players!r}, gods_revealed={v.gods_revealed!r}, "
            f"removed_stars={v.removed_stars!r}, prizes={dict(sorted(v.prizes.items()))!r}, "
            f"options={dict(sorted(v.options.items()))!r}, source={_line(v.span, source)!a})")


def _fact_spec(f, sets, derive: str | None) -> str:
    kind, choices, flag = list_spec(f.type, sets)
    extra = "".join(f", {k}={v!r}" for k, v in (("level", f.level), ("key", f.key), ("flag", flag))
                    if v is not None)
    if derive is not None:
        extra += f", derive={derive}" + (", board_only=True" if f.board_only else "")
    return (f"FactSpec(name={f.name!r}, title={f.title!r}, type={kind!r}, choices={choices!r}, "
            f"low={f.low!r}, high={f.high!r}, members={sets.get(f.per, ())!r}, optional={f.type.optional!r}"
            f"{extra})")


def _tile(t, source: str) -> str:
    return (f"TileSpec({t.level!r}, {t.color!r}, {t.stars!r}, {t.cost!r}, {t.kind!r}, "
            f"{dict(sorted(t.params.items()))!r}, {_line(t.span, source)!a})")


def _line(span, source: str) -> str:
    return f"{source}:{span.line}" if span else source


def source_labels(rules: RuleSet, paths: dict[str, Path], root: Path) -> dict[str, str]:
    """Each rule file's name as generated code shows it: relative to the folder above the rule root."""
    labels = {}
    for shown, path in paths.items():
        try:
            labels[shown] = path.relative_to(root.parent).as_posix()
        except ValueError:
            labels[shown] = path.name
    return labels


def render(rules: RuleSet, sources, root: Path, module_root: Path | None = None) -> dict[str, str]:
    """Module file name → text, for every rule file of the set. Headers name each rule file relative to the
    folder above `root`; module names come from its path below `module_root` (default: `root`)."""
    labels = source_labels(rules, sources.paths, root)
    module_root = module_root or root
    out: dict[str, str] = {}
    order = []
    for file in sources.files:
        label = labels[file.path]
        try:
            name = module_name(sources.paths[file.path].relative_to(module_root).as_posix())
        except ValueError:
            name = module_name(Path(label).name)
        while name in out or name == "__init__.py":  # a pack's file named like the base game's, or the index
            name = name[:-3] + "_.py"
        out[name] = render_module(rules, file, sources.texts[file.path], label)
        order.append(name[:-3])
    out["__init__.py"] = _index_module(order)
    return dict(sorted(out.items()))


def _index_module(order: list[str]) -> str:
    return ('# generated — do not edit.\n# The rule modules of this folder, in the order their rule files were read.\n'
            f'"""Compiled rule set."""\n\nMODULES = {tuple(order)!r}\n')
