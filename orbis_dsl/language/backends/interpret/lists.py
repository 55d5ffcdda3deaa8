"""The reference semantics of the IR's scans and of what a player's record holds: counts and sums over tiles,
held pieces, players and a set's members; facts at a member, awards, the rounds before, `count(X in LIST)`,
`position(X in LIST)`, `distinct(LIST)`, `size` and the largest group.

Mixed into `expr.Evaluator`, which provides `eval`; `env` is its `Env`. The list and board helpers are the
interpreter's own (`values`, `groups`), never the compiled scorers' (`runtime.lists`, `runtime.hexmap`'s groups).
"""

from __future__ import annotations

from orbis_dsl.language.backends.interpret import groups
from orbis_dsl.language.backends.interpret import values as iv


class ListEvaluator:
    def _tiles(self, e, env):
        if e.scope == "tiles":
            return env.player(e.player).tiles
        # Inside `count(… where …)` a tile's neighbours or supports are the counted tile's.
        return getattr(iv, e.scope)(env.g, env.player(e.player), env.tile(e.of))

    def _TileScan(self, e, env):
        tiles = self._tiles(e, env)
        if e.where is not None:
            tiles = [n for n in tiles if self.eval(e.where, env.at(e.var, n))]
        if e.func == "count":
            return len(tiles)
        return getattr(iv, f"aggregate_{e.func}")(n.params.get(e.field) for n in tiles)

    def _HeldScan(self, e, env):
        total = 0
        for n in env.player(e.player).facts[e.fact]:
            if e.where is None or self.eval(e.where, env.at(e.var, n)):
                total += 1 if e.func == "count" else n.values[e.field]
        return total

    def _PlayerScan(self, e, env):
        if e.func == "count" and e.where is None:
            return len(env.g.players)
        if e.func == "count":
            return sum(1 for q in env.g.players if self.eval(e.where, env.at(e.var, q)))
        return iv.sum_present(self.eval(e.value, env.at(e.var, q)) for q in env.g.players)

    def _MemberScan(self, e, env):
        if e.func == "count":
            return sum(1 for m in e.members if self.eval(e.where, env.at(e.var, m)))
        total = 0
        for m in e.members:
            at = env.at(e.var, m)
            if e.where is None or self.eval(e.where, at):
                value = self.eval(e.value, at)
                total += value if value is not None else 0  # a value that is none is passed over
        return total

    def _FactAt(self, e, env):
        return (env.player(e.player).facts[e.fact] or {}).get(self.eval(e.key, env))

    def _PlayerFact(self, e, env):
        player = env.player(e.player)
        if e.what == "award":
            return player.awards.get(e.fact, 0)
        if e.what == "prior":
            return player.prior.get(e.fact)
        if e.what == "earlier":
            return iv.earlier(player.history, e.fact)
        if e.what == "distinct":
            return iv.distinct(player.facts[e.fact])
        if e.key is not None:
            return iv.size(player.facts[e.fact], self.eval(e.key, env))
        return iv.size(player.facts[e.fact])

    def _InList(self, e, env):
        found = iv.count_in if e.what == "count" else iv.position
        return found(env.player(e.player).facts[e.fact], self.eval(e.item, env))

    def _LargestGroup(self, e, env):
        measure = {"by": e.by, "between": e.between, "parts": self._links(e.parts, e.player, env)} if e.by else {}
        player = env.player(e.player)
        return groups.largest_group(env.g.board, player.facts[e.fact], self._links(e.links, e.player, env),
                                    env.trace, **measure)

    def _links(self, group_links, player, env) -> tuple:
        return tuple(
            groups.link(link.kind, listed=env.player(player).facts[link.fact]) if link.kind in ("joined", "beside")
            else groups.link(link.kind, self._reach(link, env)) if link.reach is not None
            else groups.link(link.kind)
            for link in group_links)

    def _reach(self, link, env):
        """A link's reach; none (the link does not count) while its `if` fails (its `unless` holds)."""
        if link.cond is not None and bool(self.eval(link.cond, env)) == link.negate:
            return None
        return self.eval(link.reach, env)
