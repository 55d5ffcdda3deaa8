"""The greedy policy written plainly, as it was before its fast paths (commit d964ae0, less the memo): every
tile value worked out afresh through the compiled handlers, on a new view, with the awards read from the rule
set. The oracle the fast engine is tested against (`test_engine_fast.py`): the same choices, so the same
records.
"""

from __future__ import annotations

from orbis_dsl.engine.effect_probe import EffectProbe
from orbis_dsl.engine.policy import take_from
from orbis_dsl.engine.policy_greedy import GreedyPolicy, QuickGreedyPolicy
from orbis_dsl.runtime.views import TileView


class PlainGreedy(GreedyPolicy):
    """GreedyPolicy with none of its shortcuts: no memo, no shared turn values, no reused views."""

    def _desert_value(self, game, me):
        t = TileView(0, desert=True)
        value = sum((end.fn(game.g, me.view, t) or 0) for end in game.rules.settings.desert_ends)
        game.g.cache.clear()  # every weighing starts from an empty cache (what `among` measured is not read again)
        return value

    def _award_measures(self, game, me):
        measures = [award.measure(game.g, me.view) for award in game.rules.awards.values()]
        game.g.cache.clear()
        return measures

    def _plain_tile_value(self, game, me, tile, pos, realm, slot, awards_before):
        T = game.tables
        g = game.g
        view = me.view
        kind, colour, params, level, stars, cost = T.t_view[tile]
        tv = TileView(pos, kind, colour, params, False, False, level, stars, cost)  # the class itself, not the engine's
        view.slots[pos] = tv
        view.tiles.append(tv)
        try:
            value = 0.0
            cancelled = False
            condition = T.t_placed[tile]
            if condition is not None and not condition(g, view, tv):
                cancelled = True
            handler = T.t_taken[tile]
            if handler is not None:
                probe = EffectProbe(game, realm, slot)
                handler(probe, g, view, tv)
                cancelled = cancelled or probe.cancelled
                value += (probe.gained - probe.spent) * self.WORSHIPPER + probe.reduced * self.REDUCTION
            kind = T.t_kind[tile]
            if kind is not None and not cancelled:
                tv.validated = True
                for end in kind.ends:
                    points = end.fn(g, view, tv)
                    value += self.POTENTIAL * (T.t_params[tile].get("cp") or 0) if points is None else points
            if awards_before:
                after = self._award_measures(game, me)
                value += self.AWARD * sum((a or 0) - (b or 0) for a, b in zip(after, awards_before))
            value -= 0.01 * T.row_of[pos]
            return value
        finally:
            view.tiles.pop()
            view.slots[pos] = None
            if g.cache:
                g.cache.clear()

    def _plain_region_value(self, game, me, slot, desert, awards):
        T = game.tables
        tile = game.display[slot]
        realm = [a + b for a, b in zip(me.realm, game.dw[slot])]
        gain = self._realm_value(game, sum(realm)) - self._realm_value(game, sum(me.realm))
        best = desert
        if _affordable(T, me, tile, realm):
            up = me.colour_positions(T, T.t_color[tile], me.open)
            if up:
                fixed = me.cost_fixed(T, tile)
                cost = len(fixed) + T.t_any[tile]
                left = list(realm)
                for c in fixed + take_from(realm, fixed, T.t_any[tile]):
                    left[c] -= 1
                spend = self._realm_value(game, sum(realm)) - self._realm_value(game, sum(realm) - cost)
                for pos in up:
                    v = self._plain_tile_value(game, me, tile, pos, left, slot, awards) - spend
                    if v > best:
                        best = v
        return best + gain

    def take_values(self, game, me, slots, gods):
        if game.g.cache:
            game.g.cache.clear()
        desert = self._desert_value(game, me)
        awards = self._award_measures(game, me) if slots else None
        slot_values = [(self._plain_region_value(game, me, slot, desert, awards), slot) for slot in slots]
        remaining = game.tables.rounds - game.round
        god_values = [(self._god_value(game, me, name) + (0.5 if remaining <= 2 else 0.0), name) for name in gods]
        return slot_values, god_values

    def choose_cost(self, game, me, tile, fixed, nany, up, opened):
        realm = me.realm
        awards = self._award_measures(game, me)
        cost = len(fixed) + nany
        spend = self._realm_value(game, sum(realm)) - self._realm_value(game, sum(realm) - cost)
        left = list(realm)
        for c in fixed + take_from(realm, fixed, nany):
            left[c] -= 1
        best = max(self._plain_tile_value(game, me, tile, pos, left, self._slot, awards) for pos in up) - spend
        if best < self._desert_value(game, me):
            return None
        return take_from(realm, fixed, nany, most_first=True)

    def choose_place(self, game, me, tile, positions):
        T = game.tables
        if tile < 0:
            return min(positions, key=lambda p: (T.row_of[p], p))
        awards = self._award_measures(game, me)
        return max(positions, key=lambda p: (self._plain_tile_value(game, me, tile, p, list(me.realm), self._slot,
                                                                     awards), -p))


class PlainQuickGreedy(PlainGreedy):
    """The search's playout policy over the plain greedy: the same screen, then the plain values."""

    name = "quick"
    SCREEN = QuickGreedyPolicy.SCREEN

    def take_values(self, game, me, slots, gods):
        if len(slots) > self.SCREEN:
            slots = sorted(slots, key=lambda s: -_first_look(self, game, me, s))[:self.SCREEN]
        return super().take_values(game, me, slots, gods)


def _first_look(policy, game, me, slot) -> float:
    T = game.tables
    tile = game.display[slot]
    collected = game.dw[slot]
    value = policy.WORSHIPPER * sum(collected)
    realm = [a + b for a, b in zip(me.realm, collected)]
    if _affordable(T, me, tile, realm) and me.colour_positions(T, T.t_color[tile], me.open):
        value += (T.t_params[tile].get("cp") or 0) + 0.5 - policy.WORSHIPPER * (len(T.t_fixed[tile]) + T.t_any[tile])
    return value


def _affordable(T, me, tile, realm) -> bool:
    spare = sum(realm)
    for c, n in T.t_fixed[tile]:
        if me.reduced[c]:
            continue
        if realm[c] < n:
            return False
        spare -= n
    return spare >= T.t_any[tile]
