"""The reference semantics of `count(X in LIST)`, `position(X in LIST)`, `distinct(LIST)` and
`sum(EXPR over players)`, mirroring `codegen_lists.ListCompiler` case by case on the same `runtime.lists` helpers.

Mixed into `interpret_expr.Evaluator`, which provides `eval`; `env` is its `Env` (the game `g`, the player `p`).
"""

from __future__ import annotations

import attrs

from orbis_dsl.runtime import lists


class ListEvaluator:
    def _ListCount(self, e, env):
        return lists.count_in(env.p.facts[e.fact], self.eval(e.item, env))

    def _Position(self, e, env):
        return lists.position(env.p.facts[e.fact], self.eval(e.item, env))

    def _Distinct(self, e, env):
        return lists.distinct(env.p.facts[e.fact])

    def _PlayerSum(self, e, env):
        me = env.me if env.me is not None else env.p
        return lists.sum_over(self.eval(e.expr, attrs.evolve(env, p=q, me=me)) for q in env.g.players)
