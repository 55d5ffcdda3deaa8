"""Explicit scope and presence → Python source text: a counted tile's field (`t.column`), `my X` / `their X`,
`X is given`, and counting or summing over a set's members (`count(t in tracks where …)`, `sum(… for t in SET)`).

Mixed into `codegen.ExprCompiler`, which provides `compile`, `_nested`, `ctx`, `bound` and `depth`. As there, a
user's name reaches the output only as a `repr` literal; the variables (`m0, m1 …` for members) are ours.
"""

from __future__ import annotations

from orbis_dsl.language.check.names import Context
from orbis_dsl.language.syntax import ast_expr

# Where a tile's position fields are read: the board's precomputed tables, by position.
POSITION_TABLES = {"row": "row_numbers", "column": "column_numbers", "border": "borders"}


# What `=` tests as it is, untraced: a name, a counted tile's field, a name said to be mine or theirs.
NAMED = (ast_expr.Ref, ast_expr.FieldOf, ast_expr.Whose)


def is_colour(ctx: Context, field: str) -> bool:
    """Whether a counted tile's `field` is its colour (a desert's matches every colour)."""
    found = ctx.vocabulary.tile_fields.get(field)
    return found is not None and found[0] == "color"


def tile_read(var: str, what: str, target: str) -> str:
    """A tile's field (the runtime's attribute; a place by the board's tables) or parameter, of tile `var`."""
    if target in POSITION_TABLES:
        return f"g.board.{POSITION_TABLES[target]}[{var}.pos]"
    if what == "field":
        return f"{var}.{target}"
    return f"{var}.params.get({target!r})"


class ScopeCompiler:
    def _FieldOf(self, e):
        fields = self.ctx.vocabulary.tile_fields
        what, target = ("field", fields[e.field][0]) if e.field in fields else ("param", e.field)
        return tile_read(self.bound[e.binder], what, target)

    def _Whose(self, e):
        # `their X`: X of the player counted (the compiler's current player); `my X`: of the player scored, `p`
        return self._nested(player="p").compile(e.expr) if e.who == "my" else self.compile(e.expr)

    def _Given(self, e):
        return f"({self.compile(e.operand)} is {'' if e.negated else 'not '}None)"

    def _members(self, set_name: str) -> str:
        return repr(tuple(m for m, s in self.ctx.members.items() if s == set_name))

    def _MemberCount(self, e):
        m = f"m{self.depth}"
        inner = self._nested(ctx=self.ctx.bound(e.binder.name, "member"), bound={**self.bound, e.binder.name: m},
                             depth=self.depth + 1)
        return f"sum(1 for {m} in {self._members(e.set_name)} if {inner.compile(e.where)})"

    def _MemberSum(self, e):
        m = f"m{self.depth}"
        inner = self._nested(ctx=self.ctx.bound(e.binder, "member"), bound={**self.bound, e.binder: m},
                             depth=self.depth + 1)
        cond = f" if {inner.compile(e.where)}" if e.where is not None else ""
        return f"_sum_over({inner.compile(e.expr)} for {m} in {self._members(e.set_name)}{cond})"
