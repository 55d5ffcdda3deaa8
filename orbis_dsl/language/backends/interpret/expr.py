"""The interpreter's expressions: evaluate the IR of a checked expression against a game in play, with the
interpreter's own value semantics (`values`), never the compiler's or its run-time helpers; and explain how a
score came to its value, in the same words as the compiled explanations.

An `Evaluator` serves one handler. Its scope (`ir.scope.HandlerScope`) gives the IR of each syntax expression it is
given, lowered once, so every name is resolved when the rules are built, not on each evaluation, and never by the
interpreter; `Env.vars` holds what each scope's variable stands for while it runs.
"""

from __future__ import annotations

import operator

import attrs

from orbis_dsl.language.backends.interpret import values as iv
from orbis_dsl.language.backends.interpret.lists import ListEvaluator
from orbis_dsl.language.backends.interpret.values import POSITION_TABLES
from orbis_dsl.language.ir import nodes, ops
from orbis_dsl.language.ir.describe import Describer, needs_parentheses
from orbis_dsl.language.ir.nodes import Part
from orbis_dsl.language.ir.scope import HandlerScope
from orbis_dsl.language.ir.types import is_bool, is_list
from orbis_dsl.language.ir.words import is_sum, operand_word, shown_as, sum_terms, written_out
from orbis_dsl.language.syntax import ast_expr, ast_reuse

_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": iv.divide}
_EXTREMES = {"min": iv.smallest, "max": iv.largest}
# What `=` tests as it is, untraced: a name (a let's too), a counted tile's field, a name said mine or theirs.
_NAMED = (*nodes.NAME_NODES, ops.Whose)


@attrs.frozen
class Env:
    g: object
    p: object  # the player being scored
    t: object = None
    measure: object = None
    trace: list | None = None
    each: object = None  # the member a `for each` declaration is evaluated for
    vars: dict = attrs.field(factory=dict)  # each open scope's variable (`nodes.Var`) -> its tile, player, member
    lets: dict = attrs.field(factory=dict)  # what the lets read so far in this call came to (`Evaluator._LetRef`)
    args: dict = attrs.field(factory=dict)  # in a function's body: each parameter's argument, by its name

    def at(self, var, value) -> Env:
        return attrs.evolve(self, vars={**self.vars, var: value})

    def player(self, var):
        return self.p if var is None else self.vars[var]

    def tile(self, var):
        return self.t if var is None else self.vars[var]


@attrs.define
class Evaluator(ListEvaluator):
    scope: HandlerScope
    site: str
    tile_clause: bool = False
    steps: bool = False  # a score column: each division (and the sum it divides) is traced step by step
    top: object = None  # the column's whole expression (syntax): its last step leaves the result to the line

    @property
    def wild(self) -> bool:
        return self.scope.wild

    @property
    def describer(self) -> Describer:
        return self.scope.describer

    def ir(self, e):
        """The IR of a syntax expression of this handler, lowered by its scope on first use."""
        return self.scope.lower(e)

    def eval(self, e, env: Env):
        """The value of a syntax expression (lowered once) or of an IR node."""
        if type(e) in _SYNTAX:
            e = self.ir(e)
        return getattr(self, "_" + type(e).__name__)(e, env)

    # names
    def _Literal(self, e, env):
        return e.value

    def _SetLit(self, e, env):
        return e.values

    def _Const(self, e, env):
        return e.value

    def _TileRead(self, e, env):
        tile = env.tile(e.tile)
        if e.target in POSITION_TABLES:
            return getattr(env.g.board, POSITION_TABLES[e.target])[tile.pos]
        return getattr(tile, e.target) if e.field else tile.params.get(e.target)

    def _PlayerRead(self, e, env):
        player = env.player(e.player)
        if e.part is Part.VALUE:
            return player.values[e.target]
        if e.part is Part.FACT:
            return player.facts[e.target]
        return getattr(player, e.target)

    def _HeldRead(self, e, env):
        item = env.vars[e.item]
        return getattr(item, e.part) if e.part in ("piece", "flag") else item.values[e.part]

    def _GameRead(self, e, env):
        return env.g.options[e.target] if e.option else getattr(env.g, e.target)

    def _Measure(self, e, env):
        return env.measure

    def _EachRead(self, e, env):
        return env.each

    def _BoundRead(self, e, env):
        return env.vars[e.var]

    def _LetRef(self, e, env):
        """A let is worked out at its first read in one call (for the subjects it reads), then remembered; each
        read adds the reasons its working out gave, as if it were written out there."""
        subjects = tuple(env.vars[var] for var in e.let.subjects)
        key = (id(e.let), *map(id, subjects))
        found = env.lets.get(key)
        if found is None:
            reasons = None if env.trace is None else []
            value = self.eval(e.let.expr, attrs.evolve(env, trace=reasons))
            found = env.lets[key] = (value, reasons, subjects)  # (the subjects kept: no other object takes their ids)
        if found[1]:
            env.trace.extend(found[1])
        return found[0]

    def _ArgRead(self, e, env):
        return env.args[e.name]

    def _Call(self, e, env):
        """A function's call: its body worked out in an environment of its own (its parameters bound to the
        arguments, the call's subjects and nothing else), once per call of the handler for the same arguments and
        subjects, and remembered with its reasons as a let is: calls nested n deep cost n evaluations."""
        fn = e.function
        args = tuple(self.eval(a, env) for a in e.args)
        subjects = tuple(env.vars[var] for var in fn.subjects)
        key = ("call", id(fn), *map(id, subjects), *((type(a), a) for a in args))
        found = env.lets.get(key)
        if found is None:
            reasons = None if env.trace is None else []
            inner = attrs.evolve(env, trace=reasons, vars=dict(zip(fn.subjects, subjects, strict=True)),
                                 args=dict(zip(fn.params, args, strict=True)))
            found = env.lets[key] = (self.eval(fn.expr, inner), reasons, subjects)
        if found[1]:
            env.trace.extend(found[1])
        return found[0]

    def _Whose(self, e, env):
        return self.eval(e.expr, env)  # (lowered for the player it names)

    def _Given(self, e, env):
        present = self.eval(e.operand, env) is not None
        return not present if e.negated else present

    # operators
    def _Neg(self, e, env):
        return -self.eval(e.operand, env)

    def _Arith(self, e, env):
        if e.op == "/" and self.steps:
            if is_sum(e.left):
                left = iv.shown_sum(env.trace, [(operand_word(t), self.eval(t, env)) for t in sum_terms(e.left)])
            else:
                left = self.eval(e.left, env)
            last = self.top is not None and e is self.ir(self.top)
            return iv.shown_divide(env.trace, operand_word(e.left), operand_word(e.right), left,
                                   self.eval(e.right, env), last)
        return _ARITH[e.op](self.eval(e.left, env), self.eval(e.right, env))

    def _Extreme(self, e, env):
        return _EXTREMES[e.func]([self.eval(a, env) for a in e.args])

    def _Not(self, e, env):
        return not self.eval(e.operand, env)

    def _BoolOp(self, e, env):
        left = self.eval(e.left, env)
        if e.op == "and":
            return left and self.eval(e.right, env)
        return left or self.eval(e.right, env)

    def _IfExpr(self, e, env):
        return self.eval(e.then, env) if self.eval(e.cond, env) else self.eval(e.otherwise, env)

    def _colour_tile(self, e, env):
        if isinstance(e, nodes.TileRead) and e.field and e.target == "color":
            return env.tile(e.tile)
        return None

    def _Compare(self, e, env):
        equal = self._equality(e, env)
        if equal is not None:
            return equal
        label, params = self._compare_label(e, env)
        return iv.compare(env.trace, label, e.op, self.eval(e.left, env), self.eval(e.right, env), params)

    def _compare_label(self, e, env):
        label = self.describer.label(e.source.left)
        return label, env.t.params if self.tile_clause and "{" in label.replace("{value}", "") else None

    def _equality(self, e, env) -> bool | None:
        """An `=` of a name or of a tile's colour, untraced; else None."""
        if e.op not in ("=", "!="):
            return None
        tile, other = self._colour_tile(e.left, env), e.right
        if tile is None:
            tile, other = self._colour_tile(e.right, env), e.left
        if tile is not None and self.wild:
            test = tile.desert or tile.color == self.eval(other, env)
            return test if e.op == "=" else not test
        if isinstance(e.left, ops.Whose) or isinstance(e.right, ops.Whose):
            left, right = self.eval(e.left, env), self.eval(e.right, env)
            if left is None or right is None:  # a none compares with nothing: two players without one differ
                return False
            return (left == right) == (e.op == "=")
        if isinstance(e.left, _NAMED) or isinstance(e.right, _NAMED):
            equal = self.eval(e.left, env) == self.eval(e.right, env)
            return equal if e.op == "=" else not equal
        return None

    def _Member(self, e, env):
        tile = self._colour_tile(e.item, env)
        container = self.eval(e.container, env)
        named = e.container.expr if isinstance(e.container, ops.Whose) else e.container  # `their tasks`
        if isinstance(named, nodes.NAME_NODES) and not isinstance(named, nodes.LetRef) and is_list(named.type):
            return iv.contains(container, self.eval(e.item, env))
        if tile is not None and self.wild:
            return tile.desert or tile.color in container
        return self.eval(e.item, env) in container

    def _Among(self, e, env):
        source = e.source
        site = f"{self.site}@{source.span.line}:{source.span.column}" if source.span else self.site
        me = env.player(e.player)
        key = (site, me.index, env.t.pos) if self.tile_clause else site
        if env.args:  # in a function's body: one ranking per arguments it is called with
            key = (key, *env.args.values())
        return iv.ranks_first(env.g, me, e.rank, lambda q: self.eval(e.value, env.at(e.var, q)), key, env.trace,
                              self.describer.label(source.value), env.t.params if self.tile_clause else None)

    def flag(self, e, env):
        """A condition of an `end` clause, traced: bare statuses say which way they went, an `=` what it found, a
        `not` of anything else its findings as `not (…)`."""
        if type(e) in _SYNTAX:
            e = self.ir(e)
        if _is_status(e):
            if isinstance(e, nodes.GameRead) and e.option:
                return iv.option_flag(env.trace, e.name, self.eval(e, env), self.scope.option_titles.get(e.name))
            return iv.flag(env.trace, e.name, self.eval(e, env))
        if isinstance(e, ops.Not):
            if _is_status(e.operand):
                return not self.flag(e.operand, env)
            start = iv.mark(env.trace)
            return iv.negated(env.trace, start, self.flag(e.operand, env))
        if isinstance(e, ops.Compare) and (equal := self._equality(e, env)) is not None:
            label, params = self._compare_label(e, env)
            return iv.matches(env.trace, label, e.op, equal, self.eval(e.left, env), self.eval(e.right, env), params)
        if isinstance(e, ops.BoolOp):
            left = self.flag(e.left, env)
            if e.op == "and":
                return left and self.flag(e.right, env)
            return left or self.flag(e.right, env)
        return self.eval(e, env)


def _is_status(e) -> bool:
    return isinstance(e, nodes.NAME_NODES) and not isinstance(e, nodes.LetRef) and is_bool(e.type)


_SYNTAX = frozenset((*ast_expr.Expr.__args__, ast_reuse.Call))  # (a call not written out: check/expand.py)


def explain_value(ev: Evaluator, e, env: Env) -> str:
    """How `e` came to its value, each summand with its value, the branch taken (the compiled explanations'
    words)."""
    if type(e) in _SYNTAX:
        e = ev.ir(e)
    source = getattr(e, "source", None)
    if isinstance(source, ast_expr.IntLit):
        return str(e.value)
    if isinstance(e, ops.Arith):
        return f"{_operand(ev, e.left, e.op, env)} {e.op} {_operand(ev, e.right, e.op, env, right=True)}"
    if isinstance(e, ops.Neg):
        return "-" + _operand(ev, e.operand, "*", env)
    if isinstance(e, ops.IfExpr):
        return explain_value(ev, e.then if ev.eval(e.cond, env) else e.otherwise, env)
    if isinstance(e, ops.Extreme):
        return f"{e.func}(" + ", ".join(explain_value(ev, a, env) for a in e.args) + ")"
    if isinstance(e, nodes.LetRef) and written_out(e.let):
        return explain_value(ev, e.let.expr, env)
    if isinstance(source, ast_expr.Count | ast_expr.Aggregate):
        return iv.fill(ev.describer.label(source), ev.eval(e, env), env.t.params if ev.tile_clause else None)
    words = ev.describer.text(source if source is not None else ast_expr.Ref(e.name))
    return words.replace("{", "").replace("}", "") + " " + iv.show(ev.eval(e, env))


def _operand(ev: Evaluator, e, op: str, env: Env, right: bool = False) -> str:
    text = explain_value(ev, e, env)
    if needs_parentheses(getattr(shown_as(e), "source", None), op, right):
        return f"({text})"
    return text
