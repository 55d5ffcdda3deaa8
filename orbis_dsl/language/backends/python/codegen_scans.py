"""The IR's scans and a player's record → Python `ast`: counts and sums over tiles, held pieces, players and a
set's members, `among`, facts at a member, awards, the rounds before, lists and the largest group.

Mixed into `codegen.ExprCompiler`, which provides `compile`, `helper`, `player`, `tile`, `describer`, `site` and
`tile_clause`. A user's name reaches the output only as a constant.
"""

from __future__ import annotations

import ast

from orbis_dsl.language.backends.python import emit
from orbis_dsl.language.backends.python.emit import var_name
from orbis_dsl.language.ir.nodes import Var


def argument_name(param: str) -> str:
    """The local variable holding a function's argument in its generated function (no variable of ours starts
    so)."""
    return "a_" + emit.safe_identifier(param)

_ONE = ast.Constant(1)


class ScanCompiler:
    def _var(self, var: Var) -> str:
        return var_name(var, "?")

    def _fact(self, player, fact: str) -> ast.expr:
        return emit.sub(emit.attr(self.player(player), "facts"), fact)

    def _opt_compile(self, e) -> ast.expr | None:
        return None if e is None else self.compile(e)

    def _scope(self, e) -> ast.expr:
        if e.scope == "tiles":
            return emit.attr(self.player(e.player), "tiles")
        # Inside `count(… where …)` a tile's neighbours or supports are the counted tile's.
        return self.helper(e.scope, emit.load("g"), self.player(e.player), self.tile(e.of))

    def _TileScan(self, e):
        var = self._var(e.var)
        if e.func == "count" and e.where is None:
            return emit.call("len", self._scope(e))
        if e.func == "count":
            return emit.call("sum", emit.generator(_ONE, var, self._scope(e), self.compile(e.where)))
        value = emit.method(emit.attr(var, "params"), "get", emit.const(e.field))
        return self.helper(f"aggregate_{e.func}",
                           emit.generator(value, var, self._scope(e), self._opt_compile(e.where)))

    def _HeldScan(self, e):
        var = self._var(e.var)
        value = _ONE if e.func == "count" else emit.sub(emit.attr(var, "values"), e.field)
        return emit.call("sum", emit.generator(value, var, self._fact(e.player, e.fact), self._opt_compile(e.where)))

    def _PlayerScan(self, e):
        var = self._var(e.var)
        players = emit.attr("g", "players")
        if e.func == "count" and e.where is None:
            return emit.call("len", players)
        if e.func == "count":
            return emit.call("sum", emit.generator(_ONE, var, players, self.compile(e.where)))
        # each player in turn, as `count(players where …)`: the summed expression reads that player's facts
        return self.helper("sum_over", emit.generator(self.compile(e.value), var, players))

    def _MemberScan(self, e):
        var = self._var(e.var)
        members = emit.const(e.members)
        if e.func == "count":
            return emit.call("sum", emit.generator(_ONE, var, members, self.compile(e.where)))
        return self.helper("sum_over", emit.generator(self.compile(e.value), var, members,
                                                      self._opt_compile(e.where)))

    def _Among(self, e):
        source = e.source
        where = f"@{source.span.line}:{source.span.column}" if source.span else ""
        site = emit.const(self.site + where)
        if self.site_param:  # in a let written once for the module: the reading handler's site, passed in
            site = emit.arith(emit.load("site"), "+", emit.const(where)) if where else emit.load("site")
        else:
            self.sites += 1
        key = site
        if self.tile_clause:
            key = ast.Tuple([site, emit.attr("p", "index"), emit.attr("t", "pos")], ast.Load())
        if self.arguments:  # in a function's body: one ranking per arguments it is called with
            key = ast.Tuple([key, *(emit.load(argument_name(a)) for a in self.arguments)], ast.Load())
        lam = ast.Lambda(ast.arguments([], [ast.arg(self._var(e.var))], None, [], [], None, []), self.compile(e.value))
        params = [emit.attr("t", "params")] if self.tile_clause else []
        return self.helper("among", emit.load("g"), self.player(e.player), emit.const(e.rank), lam, key,
                           emit.load("trace"), emit.const(self.describer.label(source.value)), *params)

    # a player's record
    def _FactAt(self, e):
        fact = self._fact(e.player, e.fact)
        if e.optional:  # a fact the record may leave out: none
            return emit.method(ast.BoolOp(ast.Or(), [fact, ast.Dict([], [])]), "get", self.compile(e.key))
        return emit.sub(fact, self.compile(e.key))

    def _PlayerFact(self, e):
        player = self.player(e.player)
        if e.what == "award":
            return emit.method(emit.attr(player, "awards"), "get", emit.const(e.fact), emit.const(0))
        if e.what == "prior":
            return emit.method(emit.attr(player, "prior"), "get", emit.const(e.fact))
        if e.what == "earlier":
            return self.helper("earlier", emit.attr(player, "history"), emit.const(e.fact))
        if e.what == "distinct":
            return self.helper("distinct", self._fact(e.player, e.fact))
        key = [] if e.key is None else [self.compile(e.key)]
        return self.helper("size", self._fact(e.player, e.fact), *key)

    def _InList(self, e):
        name = "count_in" if e.what == "count" else "position"
        return self.helper(name, self._fact(e.player, e.fact), self.compile(e.item))

    def _LargestGroup(self, e):
        keywords = {}
        if e.by is not None:  # `by span|parts|border`: what is largest over the groups (runtime.hexmap_measures)
            keywords = {"by": emit.const(e.by), "between": emit.const(e.between),
                        "parts": self._links(e.parts, e.player)}
        return self.helper("largest_group", emit.attr("g", "board"), self._fact(e.player, e.fact),
                           self._links(e.links, e.player), emit.load("trace"), **keywords)

    def _links(self, links, player) -> ast.Tuple:
        out = []
        for link in links:
            kind = emit.const(link.kind)
            if link.kind in ("joined", "beside"):
                out.append(self.helper("link", kind, pairs=self._fact(player, link.fact)))
            elif link.reach is not None and link.cond is not None:  # a reach of none: the link does not count
                test = self.compile(link.cond)
                test = emit.negate(test) if link.negate else test
                out.append(self.helper("link", kind, ast.IfExp(test, self.compile(link.reach), emit.const(None))))
            elif link.reach is not None:
                out.append(self.helper("link", kind, self.compile(link.reach)))
            else:
                out.append(self.helper("link", kind))
        return ast.Tuple(out, ast.Load())
