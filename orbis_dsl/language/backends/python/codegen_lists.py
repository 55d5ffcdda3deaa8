"""Lists and players → Python source text: `count(X in LIST)`, `position(X in LIST)`, `distinct(LIST)` and
`sum(EXPR over players)`, calling the helpers of `runtime.lists` (imported by the generated module as `_NAME`).

Mixed into `codegen.ExprCompiler`, which provides `compile`, `_nested`, `player` and `depth`. As there, a user's
name reaches the output only as a `repr` literal.
"""

from __future__ import annotations

# The helpers of `runtime.lists` a generated module may call (compile.py imports those it uses).
LIST_HELPERS = ("count_in", "position", "distinct", "sum_over", "both_equal")


class ListCompiler:
    def _list(self, fact: str) -> str:
        return f"{self.player}.facts[{fact!r}]"

    def _ListCount(self, e):
        return f"_count_in({self._list(e.fact)}, {self.compile(e.item)})"

    def _Position(self, e):
        return f"_position({self._list(e.fact)}, {self.compile(e.item)})"

    def _Distinct(self, e):
        return f"_distinct({self._list(e.fact)})"

    def _PlayerSum(self, e):
        # Each player in turn, as `count(players where …)`: the summed expression reads that player's facts.
        q = f"q{self.depth}"
        inner = self._nested(player=q, depth=self.depth + 1).compile(e.expr)
        return f"_sum_over({inner} for {q} in g.players)"
