"""Stage 3, part 1: the handlers and specs of one module. `ModuleBuilder` turns each checked piece, award, score
column, warning and derived fact into Python functions (through `codegen`) and the spec that names them."""

from __future__ import annotations

import re
import textwrap

import attrs

from orbis_dsl.language.backends.describe import SheetDescriber
from orbis_dsl.language.backends.python.codegen import ExprCompiler, compile_effect, compile_flag, explain_expr
from orbis_dsl.language.backends.python.locality import reads_only_its_tile
from orbis_dsl.language.check.model import Kind, RuleSet, awards_summed, sheet_titles
from orbis_dsl.language.check.names import god_context, kind_context, rule_context
from orbis_dsl.language.check.says import CLAUSE_WORDS, placeholders
from orbis_dsl.language.check.table import player_key, table_key
from orbis_dsl.language.syntax import ast_expr


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


def safe_identifier(name: str) -> str:
    """A fragment of a Python identifier: letters, digits and underscores only (the caller adds a prefix)."""
    return re.sub(r"[^0-9A-Za-z_]", "_", name)


def origin(source: str, span) -> str:
    """Where a handler comes from, by the module's own source label: the same from any working directory."""
    return f"from {source!a}, line {span.line}" if span else f"from {source!a}"


def param_spec(p) -> str:
    bounds = f", low={p.low!r}, high={p.high!r}" if p.low is not None else ""  # (most parameters have none)
    return (f"ParamSpec(name={p.name!r}, type={p.type.name!r}, size={p.type.size!r}, "
            f"choices={p.type.choices!r}, optional={p.type.optional!r}, default={p.default!r}, "
            f"has_default={p.has_default!r}, unique={p.unique!r}{bounds})")


def _source_text(function: Function) -> str:
    return f"def {function.name}({function.signature}):\n" + textwrap.indent("\n".join(function.body), "    ")


def tuple_text(items: list[str], indent: str = "    ") -> str:
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
            handler = Function(name, signature, body, origin(self.source, clause.span))
            self.functions.append(handler)
            text = comp.describer.text(clause.points)
            if clause.cond is not None:
                text += (" unless " if clause.negate else " if ") + comp.describer.text(clause.cond)
            explain = self.explain_function(f"{name}_explain", clause, comp, signature)
            says = f", says={clause.says!r}" if clause.says is not None else ""
            # (self.functions[-1]: the explanation just added)
            local = ", local=True" if tile_clause and reads_only_its_tile(
                [_source_text(handler), _source_text(self.functions[-1])]) else ""
            specs.append(f"EndSpec(fn={name}, text={text!r}, explain={explain}{says}{local})")
        return specs

    def explain_function(self, name: str, clause, comp, signature: str) -> str:
        """A handler giving what a scoring line shows: how the points add up, and the sentence's values."""
        entries = [f"'_sum': {explain_expr(comp, clause.points)}"]
        names = placeholders(clause.says) if clause.says else []
        for placeholder in names if isinstance(names, list) else []:
            if placeholder not in CLAUSE_WORDS:
                entries.append(f"{placeholder!r}: _show({comp.compile(ast_expr.Ref(placeholder))})")
        self.functions.append(Function(name, signature, ["return {" + ", ".join(entries) + "}"],
                                       origin(self.source, clause.span)))
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
                                           origin(self.source, kind.placed[0].span)))
            placed = f"{prefix}_placed"
        if kind.taken:
            self.effect_function(f"{prefix}_taken", kind.taken, ctx, "api, g, p, t", "t", True,
                                 origin(self.source, kind.taken[0].span))
            taken = f"{prefix}_taken"
        cancellable = _cancel_moment(kind)
        params = tuple_text([param_spec(p) for p in kind.params.values()], "        ")
        return (f"KindSpec(\n    name={kind.name!r},\n    title={kind.title!r},\n"
                f"    params={indent_text(params)},\n    scoring_params={tuple(sorted(kind.scoring_params))!r},\n"
                f"    declared={kind.declared!r},\n"
                f"    ends={indent_text(tuple_text(ends, '        '))},\n    placed={placed},\n    taken={taken},\n"
                f"    cancellable_when={cancellable!r},\n)")

    def god(self, god) -> str:
        prefix = f"_god_{safe_identifier(god.name)}"
        ctx = god_context(self.rules, god)
        ends = self.end_functions(prefix, god.ends, ctx, "g, p, trace=None", False)
        taken = "None"
        if god.taken:
            self.effect_function(f"{prefix}_taken", god.taken, ctx, "api, g, p", "None", False,
                                 origin(self.source, god.taken[0].span))
            taken = f"{prefix}_taken"
        cancellable = any(e.verb in ("pay", "destroy", "require") for e in god.taken)
        return (f"GodSpec(\n    name={god.name!r},\n    title={god.title!r},\n"
                f"    ends={indent_text(tuple_text(ends, '        '))},\n    taken={taken},\n"
                f"    modifiers={_modifiers_text(god.modifiers)},\n    cancellable={cancellable!r},\n)")

    def award(self, award) -> str:
        prefix = f"_award_{safe_identifier(award.name)}"
        each = {award.for_each.name: award.for_each.set} if award.for_each else {}
        ctx = rule_context(self.rules, each=each)
        # An award `for each` member of a set is handed out per member: its handlers take the member.
        head = "g, p, each" if each else "g, p"
        comp = self.compiler(ctx, f"{prefix}_measure", False)
        self.functions.append(Function(f"{prefix}_measure", f"{head}, trace=None",
                                       [f"return {comp.compile(award.measure)}"],
                                       origin(self.source, award.measure.span)))
        inner = attrs.evolve(ctx, extras={"measure": "int"})
        names = {}
        for part in ("eligible", "tiebreak"):
            expr = getattr(award, part)
            names[part] = "None"
            if expr is not None:
                comp = self.compiler(inner, f"{prefix}_{part}", False)
                self.functions.append(Function(f"{prefix}_{part}", f"{head}, measure, trace=None",
                                               [f"return {comp.compile(expr)}"], origin(self.source, expr.span)))
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
                                       origin(self.source, score.expr.span)))
        describer = SheetDescriber(set(self.rules.facts), set(self.rules.values), titles=sheet_titles(self.rules))
        summed = awards_summed(score.expr)
        award = f", awards={summed!r}" if summed else ""
        return (f"ScoreSpec(name={score.name!r}, title={score.title!r}, fn={name}, "
                f"text={describer.column_text(score.expr)!r}{award})")

    def check(self, check, index: int) -> str:
        name = f"_check_{index}"
        each = {check.for_each.name: check.for_each.set} if check.for_each else {}
        comp = self.compiler(rule_context(self.rules, each=each, allow_awards=not check.refuse), name, False)
        self.functions.append(Function(name, "g, p, each, trace=None", [f"return {comp.compile(check.cond)}"],
                                       origin(self.source, check.span)))
        members = self.rules.sets[check.for_each.set] if check.for_each else ()
        each_name = check.for_each.name if check.for_each else None
        at, at_player = table_key(self.rules, check), player_key(self.rules, check)
        return (f"CheckSpec(message={check.message!r}, fn={name}, each_name={each_name!r}, members={members!r}, "
                f"refuse={check.refuse!r}" + (", note=True" if check.note else "") + (f", at={at!r}" if at else "")
                + (f", at_player={at_player!r}" if at_player else "") + ")")

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
                                       origin(self.source, fact.derive.span)))
        return name

    def settings(self, fields: dict[str, str]) -> None:
        body = "".join(f"    {k}={indent_text(v)},\n" for k, v in fields.items())
        self.constants.append(Constant("SETTINGS", f"Settings(\n{body})"))


def _cancel_moment(kind: Kind) -> str | None:
    if kind.placed:
        return "placed"
    if any(e.verb in ("pay", "destroy", "require") for e in kind.taken):
        return "taken"
    return None


def indent_text(text: str) -> str:
    return text.replace("\n", "\n    ")


def _modifiers_text(modifiers: dict) -> str:
    """A held piece's modifiers as a dict literal, sorted; one per line when one line would pass 120 columns."""
    flat = repr(dict(sorted(modifiers.items())))
    if len(flat) + len("    modifiers=,") <= 120:
        return flat
    return "{\n" + "".join(f"        {k!r}: {v!r},\n" for k, v in sorted(modifiers.items())) + "    }"
