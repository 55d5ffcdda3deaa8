"""Stage 3: the checked rule set → one Python module of handlers per rule file, rendered through Jinja.

`render` is the single function behind both `orbis compile` (write) and `orbis compile --check` (compare):
output is deterministic (sorted, no timestamps) and parsed with `ast.parse` before anyone sees it.
"""

from __future__ import annotations

import ast as python_ast
import re
from functools import cache
from pathlib import Path

import attrs
import jinja2

from orbis_dsl.common.files import write_atomic
from orbis_dsl.common.resources import source_hash
from orbis_dsl.language import ast_decl, ast_expr, ast_sheet
from orbis_dsl.language.check_says import CLAUSE_WORDS, placeholders
from orbis_dsl.language.codegen import ExprCompiler, compile_effect, compile_flag, explain_expr
from orbis_dsl.language.describe import SheetDescriber
from orbis_dsl.language.model import Kind, RuleSet, list_spec, listed_name
from orbis_dsl.language.scope import desert_context, god_context, kind_context, rule_context


@attrs.define
class Function:
    name: str
    signature: str
    body: list[str]
    origin: str


@attrs.define
class Constant:
    name: str
    value: str


@cache
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("orbis_dsl.language", "templates"),
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True, undefined=jinja2.StrictUndefined,
        autoescape=False,
    )
    env.filters["pyrepr"] = repr
    return env


def safe_identifier(name: str) -> str:
    """A fragment of a Python identifier: letters, digits and underscores only (the caller adds a prefix)."""
    return re.sub(r"[^0-9A-Za-z_]", "_", name)


def module_name(relative: str) -> str:
    """`kinds.orbis` → `kinds.py`; a rule file's folders below the module root become part of the name
    (`packs/extra.orbis` → `packs_extra.py`)."""
    stem = Path(relative).with_suffix("")
    return "_".join(safe_identifier(p) for p in stem.parts) + ".py"


def _origin(source: str, span) -> str:
    """Where a handler comes from, by the module's own source label: the same from any working directory."""
    return f"from {source!a}, line {span.line}" if span else f"from {source!a}"


def _param_spec(p) -> str:
    return (f"ParamSpec(name={p.name!r}, type={p.type.name!r}, size={p.type.size!r}, "
            f"choices={p.type.choices!r}, optional={p.type.optional!r}, default={p.default!r}, "
            f"has_default={p.has_default!r}, unique={p.unique!r})")


def _tuple(items: list[str], indent: str = "    ") -> str:
    if not items:
        return "()"
    return "(\n" + "".join(f"{indent}{item},\n" for item in items) + ")"


class ModuleBuilder:
    """Collects the functions and constants of one module."""

    def __init__(self, rules: RuleSet, source: str):
        self.rules = rules
        self.source = source
        self.functions: list[Function] = []
        self.constants: list[Constant] = []

    def compiler(self, ctx, site: str, tile_clause: bool) -> ExprCompiler:
        return ExprCompiler(ctx, self.rules.desert.wild, site, tile_clause=tile_clause)

    def end_functions(self, prefix: str, ends, ctx, signature: str, tile_clause: bool) -> list[str]:
        specs = []
        for i, clause in enumerate(ends):
            name = f"{prefix}_end_{i}"
            comp = self.compiler(ctx, name, tile_clause)
            body = []
            if clause.cond is not None:
                test = compile_flag(comp, clause.cond)
                body += [f"if {test}:" if clause.negate else f"if not {test}:", "    return None"]
            body.append(f"return {comp.compile(clause.points)}")
            self.functions.append(Function(name, signature, body, _origin(self.source, clause.span)))
            text = comp.describer.text(clause.points)
            if clause.cond is not None:
                text += (" unless " if clause.negate else " if ") + comp.describer.text(clause.cond)
            explain = self.explain_function(f"{name}_explain", clause, comp, signature)
            says = f", says={clause.says!r}" if clause.says is not None else ""
            specs.append(f"EndSpec(fn={name}, text={text!r}, explain={explain}{says})")
        return specs

    def explain_function(self, name: str, clause, comp, signature: str) -> str:
        """A handler giving what a scoring line shows: how the points add up, and the sentence's values."""
        entries = [f"'_sum': {explain_expr(comp, clause.points)}"]
        names = placeholders(clause.says) if clause.says else []
        for placeholder in names if isinstance(names, list) else []:
            if placeholder not in CLAUSE_WORDS:
                entries.append(f"{placeholder!r}: _show({comp.compile(ast_expr.Ref(placeholder))})")
        self.functions.append(Function(name, signature, ["return {" + ", ".join(entries) + "}"],
                                       _origin(self.source, clause.span)))
        return name

    def effect_function(self, name, effects, ctx, signature, target, tile_clause, origin) -> None:
        comp = self.compiler(ctx, name, tile_clause)
        body = ["trace = None"]
        for effect in effects:
            body += compile_effect(comp, effect, target)
        self.functions.append(Function(name, signature, body, origin))

    def kind(self, kind: Kind) -> str:
        prefix = f"_kind_{safe_identifier(kind.name)}"
        ctx = kind_context(self.rules, kind)
        ends = self.end_functions(prefix, kind.ends, ctx, "g, p, t, trace=None", True)
        placed = taken = "None"
        if kind.placed:
            comp = self.compiler(ctx, f"{prefix}_placed", True)
            tests = " and ".join(comp.compile(e.expr) for e in kind.placed)
            self.functions.append(Function(f"{prefix}_placed", "g, p, t, trace=None", [f"return {tests}"],
                                           _origin(self.source, kind.placed[0].span)))
            placed = f"{prefix}_placed"
        if kind.taken:
            self.effect_function(f"{prefix}_taken", kind.taken, ctx, "api, g, p, t", "t", True,
                                 _origin(self.source, kind.taken[0].span))
            taken = f"{prefix}_taken"
        cancellable = _cancel_moment(kind)
        params = _tuple([_param_spec(p) for p in kind.params.values()], "        ")
        return (f"KindSpec(\n    name={kind.name!r},\n    title={kind.title!r},\n"
                f"    params={_indent(params)},\n    scoring_params={tuple(sorted(kind.scoring_params))!r},\n"
                f"    declared={kind.declared!r},\n"
                f"    ends={_indent(_tuple(ends, '        '))},\n    placed={placed},\n    taken={taken},\n"
                f"    cancellable_when={cancellable!r},\n)")

    def god(self, god) -> str:
        prefix = f"_god_{safe_identifier(god.name)}"
        ctx = god_context(self.rules, god)
        ends = self.end_functions(prefix, god.ends, ctx, "g, p, trace=None", False)
        taken = "None"
        if god.taken:
            self.effect_function(f"{prefix}_taken", god.taken, ctx, "api, g, p", "None", False,
                                 _origin(self.source, god.taken[0].span))
            taken = f"{prefix}_taken"
        cancellable = any(e.verb in ("pay", "destroy", "require") for e in god.taken)
        return (f"GodSpec(\n    name={god.name!r},\n    title={god.title!r},\n"
                f"    ends={_indent(_tuple(ends, '        '))},\n    taken={taken},\n"
                f"    modifiers={dict(sorted(god.modifiers.items()))!r},\n    cancellable={cancellable!r},\n)")

    def award(self, award) -> str:
        prefix = f"_award_{safe_identifier(award.name)}"
        each = {award.for_each.name: award.for_each.set} if award.for_each else {}
        ctx = rule_context(self.rules, each=each)
        # An award `for each` member of a set is handed out per member: its handlers take the member.
        head = "g, p, each" if each else "g, p"
        comp = self.compiler(ctx, f"{prefix}_measure", False)
        self.functions.append(Function(f"{prefix}_measure", f"{head}, trace=None",
                                       [f"return {comp.compile(award.measure)}"],
                                       _origin(self.source, award.measure.span)))
        inner = attrs.evolve(ctx, extras={"measure": "int"})
        names = {}
        for part in ("eligible", "tiebreak"):
            expr = getattr(award, part)
            names[part] = "None"
            if expr is not None:
                comp = self.compiler(inner, f"{prefix}_{part}", False)
                self.functions.append(Function(f"{prefix}_{part}", f"{head}, measure, trace=None",
                                               [f"return {comp.compile(expr)}"], _origin(self.source, expr.span)))
                names[part] = f"{prefix}_{part}"
        extra = ""
        if each:
            extra += f"    members={self.rules.sets[award.for_each.set]!r},\n"
        if award.rank != "most":
            extra += f"    rank={award.rank!r},\n"
        if award.unless_equal:
            extra += "    unless_equal=True,\n"
        if award.says is not None:
            extra += f"    says={award.says!r},\n"
        return (f"AwardSpec(\n    name={award.name!r},\n    title={award.title!r},\n"
                f"    measure={prefix}_measure,\n    eligible={names['eligible']},\n"
                f"    tiebreak={names['tiebreak']},\n    ties={award.ties!r},\n    warn={award.warn!r},\n"
                f"    prizes={award.prizes!r},\n{extra})")

    def score(self, score) -> str:
        name = f"_score_{safe_identifier(score.name)}"
        comp = attrs.evolve(self.compiler(rule_context(self.rules, allow_awards=True), name, False), steps=True,
                            top=score.expr)
        self.functions.append(Function(name, "g, p, trace=None", [f"return {comp.compile(score.expr)}"],
                                       _origin(self.source, score.expr.span)))
        describer = SheetDescriber(set(self.rules.facts), set(self.rules.values))
        return (f"ScoreSpec(name={score.name!r}, title={score.title!r}, fn={name}, "
                f"text={describer.text(score.expr)!r})")

    def check(self, check, index: int) -> str:
        name = f"_check_{index}"
        each = {check.for_each.name: check.for_each.set} if check.for_each else {}
        comp = self.compiler(rule_context(self.rules, each=each, allow_awards=not check.refuse), name, False)
        self.functions.append(Function(name, "g, p, each, trace=None", [f"return {comp.compile(check.cond)}"],
                                       _origin(self.source, check.span)))
        members = self.rules.sets[check.for_each.set] if check.for_each else ()
        each_name = check.for_each.name if check.for_each else None
        return (f"CheckSpec(message={check.message!r}, fn={name}, each_name={each_name!r}, members={members!r}, "
                f"refuse={check.refuse!r}" + (", note=True)" if check.note else ")"))

    def derive(self, fact) -> str | None:
        """`fact … from EXPR`: a handler over a grid record's measures (as facts) and the round's facts."""
        if fact.derive is None:
            return None
        from orbis_dsl.runtime.grid import measure_types

        name = f"_derive_{safe_identifier(fact.name)}"
        shared = {n: t for n, t in rule_context(self.rules).facts.items() if self.rules.facts[n].level is not None}
        ctx = attrs.evolve(rule_context(self.rules), facts={**shared, **measure_types(self.rules.grid)})
        comp = self.compiler(ctx, name, False)
        body = f"dict({comp.compile(fact.derive)})" if fact.per else comp.compile(fact.derive)
        self.functions.append(Function(name, "g, p, trace=None", [f"return {body}"],
                                       _origin(self.source, fact.derive.span)))
        return name

    def settings(self, fields: dict[str, str]) -> None:
        body = "".join(f"    {k}={_indent(v)},\n" for k, v in fields.items())
        self.constants.append(Constant("SETTINGS", f"Settings(\n{body})"))


def _cancel_moment(kind: Kind) -> str | None:
    if kind.placed:
        return "placed"
    if any(e.verb in ("pay", "destroy", "require") for e in kind.taken):
        return "taken"
    return None


def _indent(text: str) -> str:
    return text.replace("\n", "\n    ")


# The runtime's Settings field each generic declaration fills (runtime names are internal, never shown).
_SETTING_OF = {"mark": "stars", "market": "display", "rounds": "rounds"}


def _settings_fields(rules: RuleSet, builder: ModuleBuilder, decls) -> dict[str, str]:
    """The unnamed declarations a file holds (colours, board, options …), as Settings keyword arguments."""
    fields: dict[str, str] = {}
    attributes = [_param_spec(rules.attributes[d.name]) for d in decls if isinstance(d, ast_decl.AttributeDecl)]
    options = [_option_spec(rules.options[d.name]) for d in decls if isinstance(d, ast_decl.OptionDecl)]
    values = {d.name: d.value for d in decls if isinstance(d, ast_decl.ValueDecl)}
    aliases = {d.alias: rules.aliases[d.alias] for d in decls if isinstance(d, ast_decl.AliasDecl)}
    sets: dict[str, tuple[str, ...]] = {}
    for decl in decls:
        if isinstance(decl, ast_decl.NamesDecl):
            fields[_SETTING_OF.get(decl.what, decl.what)] = repr(tuple(decl.names))
        elif isinstance(decl, ast_decl.NumberDecl):
            fields[_SETTING_OF.get(decl.what, decl.what)] = repr(decl.value)
            if decl.also is not None:
                fields["rounds_also"] = repr(decl.also)
        elif isinstance(decl, ast_sheet.GridDecl) and rules.grid is not None:
            fields["grid"] = _grid_spec(rules.grid)
        elif isinstance(decl, ast_decl.BoardDecl):
            fields["board"] = repr(decl.rows)
        elif isinstance(decl, ast_decl.ResourceDecl):
            if decl.limit is not None:
                fields["realm_limit"] = repr(decl.limit)
            if decl.trade:
                fields["exchange"] = repr(decl.trade)
        elif isinstance(decl, ast_decl.MarkerDecl) and decl.supply is not None:
            fields["cancel_tokens"] = repr(decl.supply)
        elif isinstance(decl, ast_decl.FacedownDecl):
            ends = builder.end_functions("_desert", decl.ends, desert_context(rules), "g, p, t, trace=None", True)
            fields["desert_wild"] = repr(decl.wild)
            fields["desert_ends"] = _tuple(ends)
        elif isinstance(decl, ast_sheet.WinnerDecl):
            fields["winner"] = _tuple(_winner_keys(rules, builder, decl))
            if decl.only_if is not None:
                fields["winner_if"] = _winner_if(rules, builder, decl.only_if)
        elif isinstance(decl, ast_sheet.SetDecl):
            sets[decl.name] = decl.members
        elif isinstance(decl, ast_sheet.HexMapDecl):
            fields["hexmap"] = (f"HexMapSpec({decl.name!r}, {(decl.title or decl.name)!r}, {decl.water!r}, "
                                f"{decl.rows!r}, {(decl.water_prefix or '~')!r})")
        elif isinstance(decl, ast_decl.GameDecl):
            fields.update({"game": repr(decl.id), "title": repr(decl.title), "record_format": repr(decl.record),
                           "report_format": repr(decl.report)})
        elif isinstance(decl, ast_decl.FamilyDecl) and decl.role == "players" and rules.is_sheet and not any(
                listed_name(f.type) == decl.name for f in rules.facts.values()):
            # (a family only held in lists, like cards taken during play, is no piece every player holds)
            fields["held_family"] = repr(decl.name)
    if aliases:
        fields["aliases"] = repr(dict(sorted(aliases.items())))
    if attributes:
        fields["attributes"] = _tuple(attributes)
    if options:
        fields["options"] = _tuple(options)
    if values:
        fields["values"] = repr(values)
    if sets:
        fields["sets"] = repr(sets)
    return fields


def _winner_keys(rules: RuleSet, builder: ModuleBuilder, decl: ast_sheet.WinnerDecl) -> list[str]:
    keys = []
    ctx = rule_context(rules, extras={"total": "int"})
    for i, key in enumerate(decl.keys):
        name = f"_winner_key_{i}"
        comp = builder.compiler(ctx, name, False)
        builder.functions.append(Function(name, "g, p, trace=None", [f"return {comp.compile(key.expr)}"],
                                          _origin(builder.source, key.span)))
        keys.append(f"({key.rank!r}, {name})")
    return keys


def _winner_if(rules: RuleSet, builder: ModuleBuilder, cond) -> str:
    comp = builder.compiler(rule_context(rules, extras={"total": "int"}), "_winner_if", False)
    builder.functions.append(Function("_winner_if", "g, p, trace=None", [f"return {comp.compile(cond)}"],
                                      _origin(builder.source, cond.span)))
    return "_winner_if"


def _option_spec(o) -> str:
    return f"OptionSpec(name={o.name!r}, type={o.type.name!r}, choices={o.type.choices!r}, default={o.default!r})"


def render_module(rules: RuleSet, file: ast_decl.RuleFile, text: str, source: str) -> str:
    builder = ModuleBuilder(rules, source)
    kinds, gods, awards, variants, tiles = [], [], [], [], []
    facts, scores, checks = [], [], []
    vocabulary = rules.vocabulary
    for decl in file.decls:
        label = type(decl).__name__
        if isinstance(decl, ast_decl.PieceDecl):
            label = "KindDecl" if decl.family == vocabulary.tile_family else "GodDecl"
        if rules.decl_files.get(f"{label}:{getattr(decl, 'name', '')}", file.path) != file.path:
            continue  # a rule pack replaced this declaration
        if isinstance(decl, ast_decl.PieceDecl) and decl.family == vocabulary.tile_family:
            kinds.append(builder.kind(rules.kinds[decl.name]))
        elif isinstance(decl, ast_decl.PieceDecl) and decl.family == vocabulary.player_family:
            gods.append(builder.god(rules.gods[decl.name]))
        elif isinstance(decl, ast_sheet.AwardDecl):
            awards.append(builder.award(rules.awards[decl.name]))
        elif isinstance(decl, ast_decl.VariantDecl):
            variants.append(_variant(rules.variants[decl.name], source))
        elif isinstance(decl, ast_sheet.FactDecl):
            facts.append(_fact_spec(rules.facts[decl.name], rules.sets, builder.derive(rules.facts[decl.name])))
        elif isinstance(decl, ast_sheet.ScoreDecl):
            scores.append(builder.score(rules.scores[decl.name]))
        elif isinstance(decl, ast_sheet.WarnDecl):
            check = next(c for c in rules.checks if c.span == decl.span and c.file == file.path)
            checks.append(builder.check(check, len(checks)))
    tiles = [_tile(t, source) for t in rules.tiles if t.file == file.path]
    fields = _settings_fields(rules, builder, file.decls)
    if fields:
        builder.settings(fields)
    for name, items in (("KINDS", kinds), ("GODS", gods), ("AWARDS", awards), ("VARIANTS", variants),
                        ("TILES", tiles), ("FACTS", facts), ("SCORES", scores), ("CHECKS", checks)):
        if items:
            builder.constants.append(Constant(name, _tuple(items)))
    used = {"EndSpec", "ParamSpec", "KindSpec", "GodSpec", "AwardSpec", "VariantSpec", "TileSpec", "OptionSpec",
            "Settings", "FactSpec", "ScoreSpec", "CheckSpec", "GridSpec", "GridMarkSpec", "HexMapSpec"}
    body_text = "\n".join(c.value for c in builder.constants) + "\n".join(
        "\n".join(f.body) for f in builder.functions)
    spec_names = sorted(n for n in used if re.search(rf"\b{n}\(", body_text))
    helpers = sorted(h for h in ("among", "compare", "flag", "neighbours", "supports", "aggregate_max",
                                 "aggregate_min", "aggregate_sum", "extreme_max", "extreme_min", "divide", "fill",
                                 "show", "option_flag", "holds", "largest_group", "link", "size", "shown_divide",
                                 "shown_sum")
                     if re.search(rf"\b_{h}\(", body_text))
    imports = []
    if helpers:
        imports.append("from orbis_dsl.runtime.support import " + ", ".join(f"{h} as _{h}" for h in helpers))
    if spec_names:
        imports.append("from orbis_dsl.runtime.specs import " + ", ".join(spec_names))
    code = _environment().get_template("module.py.jinja").render(
        # A file name is user text: it reaches the module only as an ASCII string literal.
        source_literal=ascii(source), source_hash=source_hash(text), imports=imports,
        functions=builder.functions, constants=builder.constants,
    )
    python_ast.parse(code, filename=ascii(source))  # never write a module that is not valid Python
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
        extra += f", derive={derive}"
    return (f"FactSpec(name={f.name!r}, title={f.title!r}, type={kind!r}, choices={choices!r}, "
            f"low={f.low!r}, high={f.high!r}, members={sets.get(f.per, ())!r}, optional={f.type.optional!r}"
            f"{extra})")


def _grid_spec(grid) -> str:
    marks = ", ".join(f"GridMarkSpec({m.name!r}, {m.title!r}, {m.members!r}, {m.set!r}, {m.in_patch!r}"
                      + (f", {dict(m.home)!r})" if m.home else ")") for m in grid.marks)
    return (f"GridSpec(name={grid.name!r}, title={grid.title!r}, shape={grid.shape!r}, edges={grid.edges!r}, "
            f"edge_set={grid.edge_set!r}, marks=({marks}{',' if len(grid.marks) == 1 else ''}), "
            f"borders={dict(grid.borders)!r}" + (f", areas={dict(grid.areas)!r})" if grid.areas else ")"))


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


@attrs.frozen
class CheckResult:
    stale: tuple[str, ...]
    missing: tuple[str, ...]
    orphaned: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not (self.stale or self.missing or self.orphaned)


def _header_line(text: str, prefix: str, lines: int = 8) -> str | None:
    return next((line for line in text.split("\n", lines)[:lines] if line.startswith(prefix)), None)


def _current(name: str, present: str, expected: str, by_source: frozenset[str]) -> bool:
    if name not in by_source:
        return present == expected
    # The body is a third party's output (Lark's standalone parser), which changes with that party's version:
    # the module is current when it was built from the same source, and, when the same version wrote it, when
    # it is the same text (so a damaged or hand-edited module is found).
    if _header_line(present, "# sha256: ") != _header_line(expected, "# sha256: "):
        return False
    version = "# The file was automatically generated by "
    return _header_line(present, version) != _header_line(expected, version) or present == expected


def compare(expected: dict[str, str], out_dir: Path, by_source: frozenset[str] = frozenset()) -> CheckResult:
    """Which modules differ from what the compiler writes now. Those named in `by_source` are current when they
    were generated from the same source text by another version of their generator, or are the same text."""
    present = {p.name for p in out_dir.glob("*.py")} if out_dir.is_dir() else set()
    stale = tuple(n for n in expected if n in present
                  and not _current(n, (out_dir / n).read_text(encoding="utf-8"), expected[n], by_source))
    missing = tuple(n for n in expected if n not in present)
    orphaned = tuple(sorted(present - set(expected)))
    return CheckResult(stale, missing, orphaned)


def write(expected: dict[str, str], out_dir: Path, by_source: frozenset[str] = frozenset()) -> list[str]:
    """Write changed modules, delete orphans; returns the names written or removed."""
    result = compare(expected, out_dir, by_source)
    for name in result.stale + result.missing:
        write_atomic(out_dir / name, expected[name])
    for name in result.orphaned:
        (out_dir / name).unlink()
    return list(result.stale + result.missing + result.orphaned)


def orphaned_folders(generated: Path, games: set[str]) -> list[str]:
    """Folders or modules of generated/ that belong to no game (a game removed or renamed)."""
    if not generated.is_dir():
        return []
    return sorted(p.name for p in generated.iterdir()
                  if p.name not in games and p.name != "__pycache__" and (p.is_dir() or p.suffix == ".py"))
