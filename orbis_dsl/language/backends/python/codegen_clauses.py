"""Clauses → Python `ast`: the traced condition of an `end` clause, the effects of `when … :`, and the text that
explains how a score came to its value. Each works on the IR through a `codegen.ExprCompiler`."""

from __future__ import annotations

import ast

from orbis_dsl.language.backends.python import emit
from orbis_dsl.language.backends.python.codegen import ExprCompiler
from orbis_dsl.language.ir import nodes, ops
from orbis_dsl.language.ir.describe import needs_parentheses
from orbis_dsl.language.ir.types import is_bool
from orbis_dsl.language.ir.words import shown_as, written_out
from orbis_dsl.language.syntax import ast_expr


def _is_status(e) -> bool:
    return isinstance(e, nodes.NAME_NODES) and not isinstance(e, nodes.LetRef) and is_bool(e.type)


def compile_flag(comp: ExprCompiler, e, option_titles: dict[str, str]) -> ast.expr:
    """A condition of an `end` clause, traced: a bare status like `cancelled` says which way it went, an `=`
    what the name was and what it needed, a `not` of anything else what it found, as `not (…)`."""
    trace = emit.load("trace")
    if _is_status(e):
        name = emit.const(e.name)
        if isinstance(e, nodes.GameRead) and e.option:
            title = option_titles.get(e.name)
            return comp.helper("option_flag", trace, name, comp.compile(e), *([emit.const(title)] if title else []))
        return comp.helper("flag", trace, name, comp.compile(e))
    if isinstance(e, ops.Not):
        if _is_status(e.operand):  # a status already says which way it went: `not cancelled`
            return emit.negate(compile_flag(comp, e.operand, option_titles))
        return comp.helper("negated", trace, comp.helper("mark", trace), compile_flag(comp, e.operand, option_titles))
    if isinstance(e, ops.BoolOp):
        return emit.boolean(e.op, compile_flag(comp, e.left, option_titles),
                            compile_flag(comp, e.right, option_titles))
    if isinstance(e, ops.Compare) and (test := comp.equality(e)) is not None:
        return comp.helper("matches", trace, *comp.compare_words(e), test, comp.compile(e.left),
                           comp.compile(e.right), *comp.label_params(e))
    return comp.compile(e)


def compile_amount(comp: ExprCompiler, lower, amount) -> tuple[ast.expr, ast.expr]:
    """(count, colour-or-None) of an effect's amount; `lower` lowers a syntax expression for this handler."""
    if amount.param is not None:
        given = emit.sub(emit.attr("t", "params"), amount.param)
        return emit.sub(given, emit.const(0)), emit.sub(given, emit.const(1))
    colour = emit.const(None) if amount.color is None else comp.compile(lower(ast_expr.Ref(amount.color)))
    return comp.compile(lower(amount.count)), colour


def compile_effect(comp: ExprCompiler, lower, effect, target: str) -> list[ast.stmt]:
    """Statements performing one effect through the engine's `api`; failed costs cancel `target`."""
    cancel = [ast.Expr(emit.method("api", "cancel", emit.load("p"), emit.load(target)))]
    if effect.verb == "gain":
        count, colour = compile_amount(comp, lower, effect.amount)
        return [ast.Expr(emit.method("api", "gain", emit.load("p"), count, colour))]
    if effect.verb == "reduce":
        return [ast.Expr(emit.method("api", "reduce", emit.load("p"), comp.compile(lower(effect.expr))))]
    if effect.verb in ("pay", "destroy"):
        count, colour = compile_amount(comp, lower, effect.amount)
        return [ast.If(emit.negate(emit.method("api", effect.verb, emit.load("p"), count, colour)), cancel, [])]
    if effect.verb == "require":
        return [ast.If(emit.negate(comp.compile(lower(effect.expr))), cancel, [])]
    raise AssertionError(effect.verb)


# ---- explanations: what a scoring line says it added up ---------------------------------------------------

def explain_expr(comp: ExprCompiler, e) -> ast.expr:
    """The text that explains how `e` came to its value: each summand with its value, and of an `if`, the branch
    taken (`cp 3 + 3 neighbours that are blue`). Run only when a line's reasons are shown."""
    source = getattr(e, "source", None)
    if isinstance(source, ast_expr.IntLit):
        return emit.const(str(e.value))
    if isinstance(e, ops.Arith):
        return emit.add_strings(_operand(comp, e.left, e.op), emit.const(f" {e.op} "),
                                _operand(comp, e.right, e.op, right=True))
    if isinstance(e, ops.Neg):
        return emit.add_strings(emit.const("-"), _operand(comp, e.operand, "*"))
    if isinstance(e, ops.IfExpr):
        return ast.IfExp(comp.compile(e.cond), explain_expr(comp, e.then), explain_expr(comp, e.otherwise))
    if isinstance(e, ops.Extreme):
        joined = emit.method(emit.const(", "), "join", ast.List([explain_expr(comp, a) for a in e.args], ast.Load()))
        return emit.add_strings(emit.const(e.func + "("), joined, emit.const(")"))
    if isinstance(e, nodes.LetRef) and written_out(e.let):
        return explain_expr(comp, e.let.expr)
    params = emit.attr("t", "params") if comp.tile_clause else emit.const(None)
    if isinstance(source, ast_expr.Count | ast_expr.Aggregate):
        return comp.helper("fill", emit.const(comp.describer.label(source)), comp.compile(e), params)
    # any other value: its name as written, then the value it had
    words = comp.describer.text(source if source is not None else ast_expr.Ref(e.name))
    return emit.add_strings(emit.const(words.replace("{", "").replace("}", "") + " "),
                            comp.helper("show", comp.compile(e)))


def _operand(comp: ExprCompiler, e, op: str, right: bool = False) -> ast.expr:
    text = explain_expr(comp, e)
    if needs_parentheses(getattr(shown_as(e), "source", None), op, right):
        return emit.add_strings(emit.const("("), text, emit.const(")"))
    return text
