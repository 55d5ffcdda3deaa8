"""The checked syntax tree → the IR. Each name is resolved here, once (`Context.resolve`), to a node that says
what it is and whose; each `let` is lowered once per scope it is read in, and every use there refers to that one
`Let` (a let means what its expression means where it is read, as the language defines it: read inside
`count(players where …)` its names are the counted player's).

A `Lowering` serves one handler: its lets, in the order each was finished (a let after those it reads), are
`lets`. A call of a function not written out (`check/expand.py`) is lowered to a `Call` of one `nodes.Function`
per function and scope it is called from, its body lowered once, at the first such call: `functions`. The cost is
linear in the written expressions, however the lets and calls nest.
"""

from __future__ import annotations

import attrs

from orbis_dsl.language.check.names import Context, held_names
from orbis_dsl.language.check.types import TILE, UNKNOWN, MemberOf, Type
from orbis_dsl.language.ir import nodes, ops
from orbis_dsl.language.ir.nodes import Part, Sort, Var
from orbis_dsl.language.syntax import ast_expr, ast_reuse

_PLAYER_PARTS = {"cancelled": Part.CANCELLED, "player": Part.FIELD, "total": Part.TOTAL, "value": Part.VALUE,
                 "fact": Part.FACT}


@attrs.frozen
class Frame:
    """Where an expression is read: the names visible (`ctx`), the counted tile or held piece (`item`), whose
    things are read (`player`, None: the player scored), the named subjects (`bound`), and how many scopes are
    open (`depth`)."""

    ctx: Context = attrs.field(eq=False)
    item: Var | None = None
    player: Var | None = None
    bound: tuple[tuple[str, Var], ...] = ()
    depth: int = 0

    def var(self, sort: Sort) -> Var:
        return Var(sort, self.depth)

    def enter(self, ctx: Context | None = None, item: Var | None = None, player: Var | None = None,
              bound: tuple[tuple[str, Var], ...] | None = None) -> Frame:
        """One scope further in, with what it changes (written out rather than `attrs.evolve`: a frame is entered
        for every scope of every clause lowered)."""
        return Frame(self.ctx if ctx is None else ctx, self.item if item is None else item,
                     self.player if player is None else player, self.bound if bound is None else bound,
                     self.depth + 1)

    def binding(self, name: str, var: Var, what: Type) -> Frame:
        return self.enter(ctx=self.ctx.bound(name, what), bound=(*self.bound, (name, var)))

    @property
    def subjects(self) -> tuple[Var, ...]:
        """The scopes' subjects an expression read here can read, outermost first, each once."""
        found = [var for var in (self.item, self.player) if var is not None] + [var for _, var in self.bound]
        return tuple(sorted(set(found), key=lambda var: (var.depth, var.sort.value)))

    @property
    def free(self) -> bool:
        """Whether only the clause's own tile and player can be read (`my X` inside a scope over players too)."""
        return self.item is None and self.player is None and not self.bound


class Lowering:
    """Lowers the expressions of one handler; shares a let between uses in the same scope."""

    def __init__(self, ctx: Context, item_scopes: dict | None = None):
        self.root = Frame(ctx)
        self.lets: list[nodes.Let] = []
        self._memo: dict[tuple, nodes.Let] = {}
        self.functions: list[nodes.Function] = []  # in the order each was finished (after those it calls)
        self._functions: dict[tuple, tuple] = {}  # (name, item, player, id(context)) -> (context, Function)
        # A context's `item_scope` by the context's id (with the context, which keeps the id its own): handlers
        # of one rule file may share the dict, as a piece's clauses share their context.
        self._item_scopes = {} if item_scopes is None else item_scopes

    def lower(self, e, frame: Frame | None = None):
        frame = frame or self.root
        return _LOWER[type(e)](self, e, frame)

    def _opt(self, e, frame: Frame):
        return None if e is None else self.lower(e, frame)

    # names
    def ref(self, e: ast_expr.Ref, frame: Frame):
        b = frame.ctx.resolve(e.name)
        if b is None:
            raise LookupError(f"{e.name!r} reached the IR unresolved: the checker passes only names it knows")
        if b.what == "let":
            return self._let(e.name, b.target, frame)
        if b.what == "argument":
            return nodes.ArgRead(b.type, e.name)
        return _name(e.name, b, frame, b.type)

    def _let(self, name: str, expr, frame: Frame) -> nodes.LetRef:
        if frame.ctx.arguments:  # read in a function's body: the let's names never mean its parameters
            frame = attrs.evolve(frame, ctx=self._without_arguments(frame.ctx))
        # (not by depth: a let reads no subject but those of its frame, and its own scans' variables are its own)
        key = (name, frame.item, frame.player, frame.bound)
        let = self._memo.get(key)
        if let is None:
            let = self._memo[key] = nodes.Let(name, free=frame.free, subjects=frame.subjects)
            let.expr = self.lower(expr, frame)
            self.lets.append(let)
        let.uses += 1
        return nodes.LetRef(let, name)

    def call(self, e, frame: Frame) -> ops.Call:
        """A call: its arguments lowered here, its body once for the scopes it reads (the call's tile and player;
        never a name a construct around the call binds: `Context.function_body`)."""
        fn = frame.ctx.functions[e.name]
        args = tuple(self.lower(a, frame) for a in e.args)
        key = (e.name, frame.item, frame.player, id(frame.ctx))
        found = self._functions.get(key)
        if found is None:
            body = Frame(frame.ctx.function_body(fn), frame.item, frame.player, (), frame.depth)
            lowered = nodes.Function(e.name, tuple(name for name, _ in fn.params), free=body.free,
                                     subjects=body.subjects)
            found = self._functions[key] = (frame.ctx, lowered)  # (the context kept: its id stays its own)
            lowered.expr = self.lower(fn.body, body)
            self.functions.append(lowered)
        return ops.Call(found[1], args, fn.result, source=e)

    def field_of(self, e, frame: Frame):
        fields = frame.ctx.vocabulary.tile_fields
        var = dict(frame.bound)[e.binder]
        written = f"{e.binder}.{e.field}"
        if e.field in fields:
            return nodes.TileRead(var, True, fields[e.field][0], fields[e.field][1], written)
        return nodes.TileRead(var, False, e.field, frame.ctx.attributes.get(e.field, UNKNOWN), written)

    # scans
    def count(self, e: ast_expr.Count, frame: Frame):
        if e.scope == "players":
            var = frame.var(Sort.PLAYER)
            where = self._opt(e.where, frame.enter(player=var))
            return ops.PlayerScan("count", var, where=where, source=e)
        return self._tile_scan(e, "count", None, frame)

    def aggregate(self, e: ast_expr.Aggregate, frame: Frame):
        return self._tile_scan(e, e.func, e.field, frame)

    def _tile_scan(self, e, func: str, field: str | None, frame: Frame):
        var = frame.var(Sort.TILE)
        if e.binder is not None:  # the counted tile named: bare names keep their outer meaning
            inner = frame.binding(e.binder.name, var, TILE)
        else:
            inner = frame.enter(ctx=self._item_scope(frame.ctx), item=var)
        return ops.TileScan(func, field, e.scope, frame.item, frame.player, var, self._opt(e.where, inner),
                            source=e)

    def _without_arguments(self, ctx: Context) -> Context:
        found = self._item_scopes.get(("arguments", id(ctx)))
        if found is None:
            found = self._item_scopes[("arguments", id(ctx))] = (ctx, ctx.evolve(arguments={}))
        return found[1]

    def _item_scope(self, ctx: Context) -> Context:
        found = self._item_scopes.get(id(ctx))
        if found is None:
            found = self._item_scopes[id(ctx)] = (ctx, ctx.item_scope())
        return found[1]

    def held_count(self, e: ast_expr.HeldCount, frame: Frame):
        var = frame.var(Sort.HELD)
        inner = frame.enter(ctx=frame.ctx.evolve(held=held_names(frame.ctx, e.fact)), item=var)
        return ops.HeldScan(e.func, e.field, e.fact, frame.player, var, self._opt(e.where, inner), source=e)

    def among(self, e: ast_expr.Among, frame: Frame):
        var = frame.var(Sort.PLAYER)
        return ops.Among(self.lower(e.value, frame.enter(player=var)), e.rank, var, frame.player, source=e)

    def player_sum(self, e, frame: Frame):
        var = frame.var(Sort.PLAYER)
        return ops.PlayerScan("sum", var, value=self.lower(e.expr, frame.enter(player=var)), source=e)

    def member_count(self, e, frame: Frame):
        var = frame.var(Sort.MEMBER)
        inner = frame.binding(e.binder.name, var, MemberOf(e.set_name))
        return ops.MemberScan("count", _members(frame.ctx, e.set_name), var, where=self.lower(e.where, inner),
                              source=e)

    def member_sum(self, e, frame: Frame):
        var = frame.var(Sort.MEMBER)
        inner = frame.binding(e.binder, var, MemberOf(e.set_name))
        return ops.MemberScan("sum", _members(frame.ctx, e.set_name), var, where=self._opt(e.where, inner),
                              value=self.lower(e.expr, inner), source=e)

    # everything a player's record holds
    def whose(self, e, frame: Frame):
        inner = attrs.evolve(frame, player=None) if e.who == "my" else frame
        return ops.Whose(e.who, self.lower(e.expr, inner), source=e)

    def index(self, e: ast_expr.Index, frame: Frame):
        optional = e.name in frame.ctx.optional_facts
        return ops.FactAt(e.name, self.lower(e.key, frame), frame.player, optional, source=e)

    def size(self, e: ast_expr.Size, frame: Frame):
        key = self.lower(e.target.key, frame) if isinstance(e.target, ast_expr.Index) else None
        return ops.PlayerFact("size", e.target.name, frame.player, key, source=e)

    def largest_group(self, e: ast_expr.LargestGroup, frame: Frame):
        return ops.LargestGroup(e.fact, self._links(e.links, frame), e.by, e.between, self._links(e.parts, frame),
                                frame.player, source=e)

    def _links(self, links, frame: Frame) -> tuple[ops.Link, ...]:
        return tuple(ops.Link(k.kind, k.fact, self._opt(k.reach, frame), self._opt(k.cond, frame), k.negate)
                     for k in links)


def _name(written: str, b, frame: Frame, type_):
    """The node for a resolved name that is not a let."""
    if b.what == "held":
        return nodes.HeldRead(frame.item, b.target, type_, written)
    if b.what in ("round", "rounds_played"):
        return nodes.GameRead(b.what, False, type_, written)
    if b.what == "option":
        return nodes.GameRead(b.target, True, type_, written)
    if b.what == "bound":
        return nodes.BoundRead(dict(frame.bound)[written], type_, written)
    if b.what in ("field", "param"):
        return nodes.TileRead(frame.item if b.where == "item" else None, b.what == "field", b.target, type_,
                              written)
    if b.what in _PLAYER_PARTS:
        target = {"cancelled": "god_cancelled", "total": "total"}.get(b.what, b.target)
        return nodes.PlayerRead(frame.player, _PLAYER_PARTS[b.what], target, type_, written)
    if b.what == "measure":
        return nodes.Measure(type_, written)
    if b.what == "each":
        return nodes.EachRead(type_, written)
    return nodes.Const(b.target, type_, written)  # a colour, kind, star colour, member of a set or piece


def _members(ctx: Context, set_name: str) -> tuple[str, ...]:
    return tuple(m for m, s in ctx.members.items() if s == set_name)


def _same(ir_class, *fields):
    """The lowering of an operation whose IR node has the syntax node's fields, its expressions lowered."""
    def lower(self: Lowering, e, frame: Frame):
        values = []
        for field in fields:
            value = getattr(e, field)
            if isinstance(value, tuple):
                values.append(tuple(self.lower(v, frame) for v in value))
            elif isinstance(value, str | bool | int) or value is None:
                values.append(value)
            else:
                values.append(self.lower(value, frame))
        return ir_class(*values, source=e)
    return lower


def _player_fact(what: str, name_field: str):
    return lambda self, e, frame: ops.PlayerFact(what, getattr(e, name_field), frame.player, source=e)


def _in_list(what: str):
    return lambda self, e, frame: ops.InList(what, self.lower(e.item, frame), e.fact, frame.player, source=e)


_LOWER = {
    ast_expr.IntLit: lambda self, e, frame: ops.Literal(e.value, source=e),
    ast_expr.BoolLit: lambda self, e, frame: ops.Literal(e.value, source=e),
    ast_expr.StrLit: lambda self, e, frame: ops.Literal(e.value, source=e),
    ast_expr.SetLit: lambda self, e, frame: ops.SetLit(
        tuple(sorted(frame.ctx.aliases.get(n, n) for n in e.names)), source=e),
    ast_expr.Ref: Lowering.ref,
    ast_reuse.Call: Lowering.call,
    ast_expr.FieldOf: Lowering.field_of,
    ast_expr.Neg: _same(ops.Neg, "operand"),
    ast_expr.Arith: _same(ops.Arith, "op", "left", "right"),
    ast_expr.Compare: _same(ops.Compare, "op", "left", "right"),
    ast_expr.Member: _same(ops.Member, "item", "container"),
    ast_expr.Not: _same(ops.Not, "operand"),
    ast_expr.BoolOp: _same(ops.BoolOp, "op", "left", "right"),
    ast_expr.IfExpr: _same(ops.IfExpr, "cond", "then", "otherwise"),
    ast_expr.Extreme: _same(ops.Extreme, "func", "args"),
    ast_expr.Given: _same(ops.Given, "operand", "negated"),
    ast_expr.Whose: Lowering.whose,
    ast_expr.Count: Lowering.count,
    ast_expr.Aggregate: Lowering.aggregate,
    ast_expr.HeldCount: Lowering.held_count,
    ast_expr.Among: Lowering.among,
    ast_expr.PlayerSum: Lowering.player_sum,
    ast_expr.MemberCount: Lowering.member_count,
    ast_expr.MemberSum: Lowering.member_sum,
    ast_expr.Index: Lowering.index,
    ast_expr.Size: Lowering.size,
    ast_expr.LargestGroup: Lowering.largest_group,
    ast_expr.AwardRef: _player_fact("award", "name"),
    ast_expr.Prior: _player_fact("prior", "name"),
    ast_expr.Earlier: _player_fact("earlier", "name"),
    ast_expr.Distinct: _player_fact("distinct", "fact"),
    ast_expr.ListCount: _in_list("count"),
    ast_expr.Position: _in_list("position"),
}
