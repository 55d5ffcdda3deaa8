"""Stage 3, part 1: the handlers and specs of one module. `ModuleBuilder` turns each checked piece, award, score
column, warning and derived fact into Python functions (built as `ast` from the IR, through `codegen`, and laid
out by `layout`) and the spec that names them."""

from __future__ import annotations

import ast
from functools import partial

import attrs

from orbis_dsl.language.backends.python import emit
from orbis_dsl.language.backends.python.codegen import ExprCompiler
from orbis_dsl.language.backends.python.codegen_clauses import compile_effect, compile_flag, explain_expr
from orbis_dsl.language.backends.python.emit import safe_identifier
from orbis_dsl.language.backends.python.handlers import Handler, function_lines, plain_function
from orbis_dsl.language.backends.python.layout import WIDTH, expr_lines
from orbis_dsl.language.backends.python.locality import reads_only_its_tile
from orbis_dsl.language.backends.python.module_lets import ModuleLets
from orbis_dsl.language.backends.python.spec_text import SpecCall, spec_lines
from orbis_dsl.language.check.model import Kind, RuleSet, awards_summed, sheet_titles
from orbis_dsl.language.check.names import Context, rule_context
from orbis_dsl.language.check.says import CLAUSE_WORDS, placeholders
from orbis_dsl.language.check.table import player_key, table_key
from orbis_dsl.language.ir.describe import Describer, SheetDescriber
from orbis_dsl.language.ir.lower import Lowering
from orbis_dsl.language.ir.scope import derive_scope, god_scope, kind_scope, rule_scope
from orbis_dsl.language.ir.types import INT
from orbis_dsl.language.syntax import ast_expr
from orbis_dsl.language.syntax.ast_walk import children

__all__ = ["Constant", "Function", "ModuleBuilder", "origin", "param_spec", "safe_identifier", "tuple_text"]

TILE_ARGS = ["g", "p", "t", "trace=None"]
PLAYER_ARGS = ["g", "p", "trace=None"]


@attrs.define
class Function:
    name: str
    lines: list[str]  # laid out, `def` line first
    origin: str


@attrs.define
class Constant:
    """A module's table: `items` (each a spec's text, laid out alone) for a tuple of specs, else `value`."""

    name: str
    value: str = ""
    items: list | None = None  # spec texts or SpecCalls

    def lines(self) -> list[str]:
        if self.items is None:
            return expr_lines(ast.parse(self.value, mode="eval").body, "", f"{self.name} = ", "")
        lines = [f"{self.name} = ("]
        for item in self.items:
            # an item that fits is written as built; only a long one is parsed to be laid out (a deck of 7,000
            # tiles would cost a second to parse whole)
            if isinstance(item, SpecCall):
                lines += spec_lines(item, "    ", ",")
            elif "\n" not in item and len(item) + 5 <= WIDTH:
                lines.append(f"    {item},")
            else:
                lines += expr_lines(ast.parse(item, mode="eval").body, "    ", "", ",")
        return [*lines, ")"]


def origin(source: str, span) -> str:
    """Where a handler comes from, by the module's own source label: the same from any working directory."""
    return f"from {source!a}, line {span.line}" if span else f"from {source!a}"


def among_sites(node) -> tuple:
    """Where each `among` in a clause is written (line, column), in order: the one thing of a handler's code,
    beside its name, that the clause's syntax (whose equality leaves out where it was written) does not give.
    An `among` is keyed by the handler's name and its place (`codegen_scans._Among`)."""
    found = []
    stack = list(reversed(node)) if isinstance(node, tuple) else [node]
    while stack:
        item = stack.pop()
        if type(item) is ast_expr.Among:
            found.append((item.span.line, item.span.column) if item.span else None)
        stack += reversed(children(item))
    return tuple(found)


def param_spec(p) -> str:
    bounds = f", low={p.low!r}, high={p.high!r}" if p.low is not None else ""  # (most parameters have none)
    return (f"ParamSpec(name={p.name!r}, type={p.type.name!r}, size={p.type.size!r}, "
            f"choices={p.type.choices!r}, optional={p.type.optional!r}, default={p.default!r}, "
            f"has_default={p.has_default!r}, unique={p.unique!r}{bounds})")


def tuple_text(items: list[str], indent: str = "    ") -> str:
    if not items:
        return "()"
    return "(\n" + "".join(f"{indent}{item},\n" for item in items) + ")"


class ModuleBuilder:
    """Collects the functions and constants of one module, and what it imports."""

    def __init__(self, rules: RuleSet, source: str, path: str | None = None):
        self.rules = rules
        self.source = source
        self.path = path  # the rule file's own name (as spans give it), for where a shared let comes from
        self.functions: list[Function] = []
        self.constants: list[Constant] = []
        self.imports = emit.Imports()
        self.lets = ModuleLets(rules.lets, self._shared_let)
        self._base: Context | None = None
        self._item_scopes: dict = {}  # (`Lowering`'s, shared by the module's handlers)
        self._plain_god: Context | None = None  # the context of every held piece with no lets of its own
        self._fixed: dict[tuple, str] = {}  # (points, signature, part): the function shared by every such clause
        self._written: dict[tuple, str] = {}  # a handler's lines, its own name taken out: the handler's name
        # End clauses and gifts built before, by (the context's id, the signature, whether of a tile, the syntax):
        # each one's syntax, `among` sites (None until a second of its key comes), its context (kept alive, so that
        # its id stays its own) and what was built (a clause's score function, words, explain function and
        # locality; a gift's function)
        self._clauses: dict[tuple, list] = {}

    def base_context(self) -> Context:
        """The rule set's base context, built once a module: each kind's and god's is derived from it (a file of a
        thousand gods would otherwise build the same one a thousand times)."""
        if self._base is None:
            self._base = rule_context(self.rules)
        return self._base

    def handler(self, name: str, args: list[str], span, ctx, tile_clause: bool = False, **options) -> Handler:
        """A new handler reading the names of `ctx`; `options` go to its ExprCompiler (`steps`, …)."""
        describer = Describer(set(ctx.params), self.rules.desert.wild, ctx.lets, ctx.vocabulary)
        comp = ExprCompiler(self.imports, describer, self.rules.desert.wild, name, tile_clause=tile_clause,
                            share=partial(self.lets.share, ctx), **options)
        return Handler(name, args, origin(self.source, span), comp, Lowering(ctx, self._item_scopes))

    def _god_context(self, god) -> Context:
        """A held piece's context; one for all those without lets (so that the scopes lowering derives from it are
        derived once, `Lowering`'s `item_scopes`)."""
        if god.lets:
            return god_scope(self.rules, god, self.base_context()).context
        if self._plain_god is None:
            self._plain_god = god_scope(self.rules, god, self.base_context()).context
        return self._plain_god

    def _shared_let(self, name: str, function: ast.FunctionDef) -> None:
        """A let's function written once for the module, before the first handler that reads it."""
        span = self.rules.lets[name].span
        where = origin(self.source, span) if span is not None and span.file == self.path else "from another rule file"
        self.functions.append(Function(function.name, function_lines(function), f"let {name}, {where}"))

    def finish(self, handler: Handler) -> str:
        """The name of the function that does what `handler` does: its own, or that of a handler written before it
        whose lines are the same but for the name. A handler's name is in its text only in its `def` and in the
        sites of its `among` (keys of a per-game cache of every player's measure): the same text measures the same
        values, so sharing the first one's cache changes no result, trace or explanation. (A pack that repeats a
        god under other names, as the rules benchmark's file of gods does, compiles it once.) A handler whose name
        is spelled anywhere else too (in a string of the rules: a value named like it) is written as it is: taking
        the name out there would make handlers that read different things look the same."""
        lines = function_lines(handler.function())
        name = handler.name
        if sum(line.count(name) for line in lines) != 1 + handler.comp.sites:
            self.functions.append(Function(name, lines, handler.origin))
            return name
        same = tuple(line.replace(name, "\0") for line in lines)
        if same in self._written:
            return self._written[same]
        self._written[same] = handler.name
        self.functions.append(Function(handler.name, lines, handler.origin))
        return handler.name

    def returning(self, name: str, args: list[str], ctx, expr, tile_clause: bool = False, span=None) -> str:
        """A handler returning one expression's value."""
        handler = self.handler(name, args, span or expr.span, ctx, tile_clause)
        handler.returns(handler.lower(expr))
        return self.finish(handler)

    def end_functions(self, prefix: str, ends, ctx, args: list[str], tile_clause: bool) -> list[SpecCall]:
        specs = []
        for i, clause in enumerate(ends):
            name = f"{prefix}_end_{i}"
            if clause.cond is None and type(clause.points) is ast_expr.IntLit:
                specs.append(self._fixed_end(name, clause, ctx, args, tile_clause))
                continue
            key = (id(ctx), tuple(args), tile_clause, clause)
            built = self._built(key, clause, ctx, partial(self._end_function, name, clause, ctx, args, tile_clause))
            specs.append(self._end_spec(*built, clause))
        return specs

    def _built(self, key: tuple, syntax, ctx, build):
        """What `build` gives for `syntax`, or what it gave for the same syntax, `among` sites and `key` before.
        (The sites are walked for only when the rest of the key was seen: most clauses are seen once.) `key` holds
        `id(ctx)`; each entry holds `ctx` itself, so that no later context can be given that id while the entry
        stands."""
        seen = self._clauses.setdefault(key, [])
        sites = among_sites(syntax) if seen else None
        for entry in seen:
            if entry[1] is None:  # (the first of its key: its sites not yet needed)
                entry[1] = among_sites(entry[0])
            if entry[1] == sites:
                return entry[3]
        built = build()
        seen.append([syntax, sites, ctx, built])
        return built

    def _end_function(self, name: str, clause, ctx, args: list[str], tile_clause: bool) -> tuple[str, str, str, bool]:
        """An end clause's score and explain functions (each folded by `finish`), its words, and whether it reads
        only its tile."""
        handler = self.handler(name, args, clause.span, ctx, tile_clause)
        points = handler.lower(clause.points)
        read = [points]
        if clause.cond is not None:
            cond = handler.lower(clause.cond)
            read.append(cond)

            def test(cond=cond, handler=handler, negate=clause.negate):
                flag = compile_flag(handler.comp, cond, ctx.option_titles)
                return [ast.If(flag if negate else emit.negate(flag), [ast.Return(emit.const(None))], [])]
            handler.add([cond], test)
        handler.returns(points)
        fn = self.finish(handler)
        describer = handler.comp.describer
        text = describer.text(clause.points)
        if clause.cond is not None:
            text += (" unless " if clause.negate else " if ") + describer.text(clause.cond)
        explain = self.explain_function(f"{name}_explain", clause, ctx, args, tile_clause, read)
        return fn, text, explain, tile_clause and reads_only_its_tile(read)

    def _end_spec(self, fn: str, text: str, explain: str, local: bool, clause) -> SpecCall:
        self.imports.specs.add("EndSpec")
        spec = [("fn", fn), ("text", repr(text)), ("explain", explain)]
        spec += [("says", repr(clause.says))] if clause.says is not None else []
        spec += [("local", "True")] if local else []
        return SpecCall("EndSpec", tuple(spec))

    def _fixed_end(self, name: str, clause, ctx, args: list[str], tile_clause: bool) -> SpecCall:
        """An end clause of a fixed number of points and no condition: its score function is the one every such
        clause of the module shares (a file of a thousand gods wrote a thousand `return 1` functions, a tenth of the
        module's functions, each one more code object for Python to compile and load)."""
        fn = self._fixed_function(clause.points.value, args, "", ast.Return(emit.const(clause.points.value)))
        read: list = []  # (a literal reads nothing: the clause is local unless its sentence shows something)
        explain = self.explain_function(f"{name}_explain", clause, ctx, args, tile_clause, read)
        return self._end_spec(fn, str(clause.points.value), explain, tile_clause and reads_only_its_tile(read),
                              clause)

    def _fixed_function(self, points: int, args: list[str], part: str, returned: ast.stmt) -> str:
        """The module's one function for a fixed number of points with signature `args`, returning `returned`:
        written where it is first needed, named by the points alone (nothing of the rule file's text)."""
        key = (points, tuple(args), part)
        if key not in self._fixed:
            number = f"minus_{-points}" if points < 0 else str(points)
            name = f"_points_{number}{'_tile' if args == TILE_ARGS else ''}{part}"
            self._fixed[key] = name
            unit = "point" if points in (1, -1) else "points"
            where = f"every clause scoring a fixed {points} {unit}{' per tile' if args == TILE_ARGS else ''}"
            self.functions.append(Function(name, function_lines(plain_function(name, args, [returned])),
                                           f"{'explained' if part else 'scored'} the same for {where}"))
        return self._fixed[key]

    def explain_function(self, name: str, clause, ctx, args, tile_clause: bool, read: list) -> str:
        """A handler giving what a scoring line shows: how the points add up, and the sentence's values (whose
        IR joins `read`, for the clause's locality)."""
        names = placeholders(clause.says) if clause.says else []
        shown = [p for p in (names if isinstance(names, list) else []) if p not in CLAUSE_WORDS]
        if not shown and type(clause.points) is ast_expr.IntLit:
            # A fixed number of points (most clauses) explains itself as written: `explain_expr` of a literal, with
            # no handler, names or lets to set up (a file of a thousand gods has a thousand such clauses).
            # Every such clause of the module shares one function (`_fixed_function`): its text names no clause.
            value = clause.points.value
            entry = ast.Return(ast.Dict([emit.const("_sum")], [emit.const(str(value))]))
            return self._fixed_function(value, args, "_explain", entry)
        handler = self.handler(name, args, clause.span, ctx, tile_clause)
        points = handler.lower(clause.points)
        values = {p: handler.lower(ast_expr.Ref(p)) for p in shown}
        read += list(values.values())

        def entries():
            comp = handler.comp
            keys = [emit.const("_sum")] + [emit.const(p) for p in values]
            shown = [explain_expr(comp, points)] + [comp.helper("show", comp.compile(v)) for v in values.values()]
            return [ast.Return(ast.Dict(keys, shown))]
        handler.add([points, *values.values()], entries)
        return self.finish(handler)

    def effect_function(self, name, effects, ctx, args, target, tile_clause, span) -> str:
        key = (id(ctx), tuple(args), target, tile_clause, tuple(effects))
        return self._built(key, tuple(effects), ctx,
                           lambda: self._effect_function(name, effects, ctx, args, target, tile_clause, span))

    def _effect_function(self, name, effects, ctx, args, target, tile_clause, span) -> str:
        handler = self.handler(name, args, span, ctx, tile_clause)
        handler.body.append(ast.Assign([ast.Name("trace", ast.Store())], emit.const(None)))
        for effect in effects:
            handler.add([], lambda effect=effect: compile_effect(handler.comp, handler.lower, effect, target))
        return self.finish(handler)

    def kind(self, kind: Kind) -> SpecCall:
        prefix = f"_kind_{safe_identifier(kind.name)}"
        ctx = kind_scope(self.rules, kind, self.base_context()).context
        ends = self.end_functions(prefix, kind.ends, ctx, TILE_ARGS, True)
        placed = taken = "None"
        if kind.placed:
            handler = self.handler(f"{prefix}_placed", TILE_ARGS, kind.placed[0].span, ctx, True)
            tests = [handler.lower(e.expr) for e in kind.placed]

            def both():
                compiled = [handler.comp.compile(t) for t in tests]
                return [ast.Return(compiled[0] if len(compiled) == 1 else ast.BoolOp(ast.And(), compiled))]
            handler.add(tests[:1], both)  # (the tests after the first run only while those before hold)
            placed = self.finish(handler)
        if kind.taken:
            taken = self.effect_function(f"{prefix}_taken", kind.taken, ctx, ["api", "g", "p", "t"], "t", True,
                                         kind.taken[0].span)
        cancellable = _cancel_moment(kind)
        if kind.params:
            self.imports.specs.add("ParamSpec")
        params = tuple(param_spec(p) for p in kind.params.values())
        return SpecCall("KindSpec", (
            ("name", repr(kind.name)), ("title", repr(kind.title)), ("params", params),
            ("scoring_params", repr(tuple(sorted(kind.scoring_params)))), ("declared", repr(kind.declared)),
            ("ends", tuple(ends)), ("placed", placed), ("taken", taken), ("cancellable_when", repr(cancellable))))

    def god(self, god) -> SpecCall:
        prefix = f"_god_{safe_identifier(god.name)}"
        ctx = self._god_context(god)
        ends = self.end_functions(prefix, god.ends, ctx, PLAYER_ARGS, False)
        taken = "None"
        if god.taken:
            taken = self.effect_function(f"{prefix}_taken", god.taken, ctx, ["api", "g", "p"], "None", False,
                                         god.taken[0].span)
        cancellable = any(e.verb in ("pay", "destroy", "require") for e in god.taken)
        return SpecCall("GodSpec", (
            ("name", repr(god.name)), ("title", repr(god.title)), ("ends", tuple(ends)), ("taken", taken),
            ("modifiers", repr(dict(sorted(god.modifiers.items())))), ("cancellable", repr(cancellable))))

    def award(self, award) -> str:
        prefix = f"_award_{safe_identifier(award.name)}"
        each = {award.for_each.name: award.for_each.set} if award.for_each else {}
        ctx = rule_scope(self.rules, each=each).context
        # An award `for each` member of a set is handed out per member: its handlers take the member.
        head = ["g", "p", "each"] if each else ["g", "p"]
        measure = self.returning(f"{prefix}_measure", [*head, "trace=None"], ctx, award.measure)
        inner = attrs.evolve(ctx, extras={"measure": INT})
        names = {}
        for part in ("eligible", "tiebreak"):
            expr = getattr(award, part)
            names[part] = "None"
            if expr is not None:
                names[part] = self.returning(f"{prefix}_{part}", [*head, "measure", "trace=None"], inner, expr)
        extra = ""
        if each:
            extra += f"members={self.rules.sets[award.for_each.set]!r}, "
        if award.rank != "most":
            extra += f"rank={award.rank!r}, "
        if award.unless_equal:
            extra += "unless_equal=True, "
        if award.says is not None:
            extra += f"says={award.says!r}, "
        return (f"AwardSpec(name={award.name!r}, title={award.title!r}, measure={measure}, "
                f"eligible={names['eligible']}, tiebreak={names['tiebreak']}, ties={award.ties!r}, "
                f"warn={award.warn!r}, prizes={award.prizes!r}, {extra})")

    def score(self, score) -> str:
        name = f"_score_{safe_identifier(score.name)}"
        ctx = rule_scope(self.rules, allow_awards=True).context
        handler = self.handler(name, PLAYER_ARGS, score.expr.span, ctx, False, steps=True)
        expr = handler.lower(score.expr)
        handler.comp.top = expr
        handler.returns(expr)
        name = self.finish(handler)
        describer = SheetDescriber(set(self.rules.facts), set(self.rules.values), titles=sheet_titles(self.rules))
        summed = awards_summed(score.expr)
        award = f", awards={summed!r}" if summed else ""
        return (f"ScoreSpec(name={score.name!r}, title={score.title!r}, fn={name}, "
                f"text={describer.column_text(score.expr)!r}{award})")

    def check(self, check, index: int) -> str:
        name = f"_check_{index}"
        each = {check.for_each.name: check.for_each.set} if check.for_each else {}
        ctx = rule_scope(self.rules, each=each, allow_awards=not check.refuse).context
        handler = self.handler(name, ["g", "p", "each", "trace=None"], check.span, ctx)
        handler.returns(handler.lower(check.cond))
        name = self.finish(handler)
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
        name = f"_derive_{safe_identifier(fact.name)}"
        ctx = derive_scope(self.rules).context
        handler = self.handler(name, PLAYER_ARGS, fact.derive.span, ctx)
        expr = handler.lower(fact.derive)
        handler.add([expr], lambda: [ast.Return(emit.call("dict", handler.comp.compile(expr)) if fact.per
                                                else handler.comp.compile(expr))])
        return self.finish(handler)

    def settings(self, fields: dict[str, str]) -> None:
        body = "".join(f"{k}={v}, " for k, v in fields.items())
        value = f"Settings({body})"
        self.imports.spec_names_in(ast.parse(value, mode="eval"))
        self.constants.append(Constant("SETTINGS", value))


def _cancel_moment(kind: Kind) -> str | None:
    if kind.placed:
        return "placed"
    if any(e.verb in ("pay", "destroy", "require") for e in kind.taken):
        return "taken"
    return None
