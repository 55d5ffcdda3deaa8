"""Stage 2, lists and players: the types of `count(X in LIST)`, `position(X in LIST)`, `distinct(LIST)` and
`sum(EXPR over players)`, with a located message for each mistake.

Mixed into the checker, which provides `error`, `diags`, `expr`, `expect` and `unknown` (check_expr).
"""

from __future__ import annotations


class ListChecker:
    def _list_fact(self, fact: str, ctx, span, construct: str) -> str | None:
        """What the list fact `fact` lists (a set or a family), or None after reporting why it is no list."""
        t = ctx.facts.get(fact)
        if t is None:
            lists = sorted(n for n, f in ctx.facts.items() if f.startswith("list:"))
            self.diags.append(self.unknown("list fact", fact, lists, span))
            return None
        if not t.startswith("list:"):
            self.error(f"'{construct}' reads a list fact (`list of …`), and '{fact}' is {self.words(t)}", span)
            return None
        return t[len("list:"):]

    def _listed_item(self, e, ctx, construct: str) -> None:
        listed = self._list_fact(e.fact, ctx, e.fact_span or e.span, construct)
        item = self.expr(e.item, ctx)
        if listed is not None and item not in ("?", "member:" + listed, "piece:" + listed):
            self.error(f"'{e.fact}' lists {listed}, so '{construct}' needs one of them before 'in', but this is "
                       f"{self.words(item)}", e.item.span)

    def _e_ListCount(self, e, ctx) -> str:
        self._listed_item(e, ctx, "count")
        return "int"

    def _e_Position(self, e, ctx) -> str:
        self._listed_item(e, ctx, "position")
        return "int?"  # none when the item is not in the list (or the record does not give it)

    def _e_Distinct(self, e, ctx) -> str:
        self._list_fact(e.fact, ctx, e.fact_span or e.span, "distinct")
        return "bool"

    def _e_PlayerSum(self, e, ctx) -> str:
        # The summed expression reads each player's own facts and values: names resolve as for the player.
        self.expect(e.expr, ctx.evolve(over_players=True), "int", "what 'sum(… over players)' adds up")
        return "int"
