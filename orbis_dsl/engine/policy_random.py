"""The random player: uniformly random legal choices (the baseline `orbis simulate` plays by default)."""

from __future__ import annotations

import random

from orbis_dsl.engine.policy import Policy


class RandomPolicy(Policy):
    """Uniformly random legal choices: a god counts as one option beside the display tiles; a payable tile is
    paid or turned face down with even odds; 'pay … else cancel' and 'destroy … else cancel' effects are
    accepted with even odds; one exchange in ten opportunities."""

    name = "random"

    def __init__(self, seed=None, pay: float = 0.5, exchange: float = 0.1):
        self.rng = random.Random(seed)
        self.r = self.rng.random
        self.p_pay = pay
        self.p_exchange = exchange

    def choose_take(self, game, me, slots, gods):
        r = self.r
        if not slots:
            return gods[int(r() * len(gods))]
        if gods and r() * (len(slots) + 1) < 1:
            return gods[int(r() * len(gods))]
        return slots[int(r() * len(slots))]

    def choose_cost(self, game, me, tile, fixed, nany, up, opened):
        if self.r() >= self.p_pay:
            return None
        if not nany:
            return []
        return self._sample(me.realm, fixed, nany)

    def _sample(self, realm, fixed, count):
        pool = []
        for c, n in enumerate(realm):
            if n:
                pool.extend([c] * n)
        for c in fixed:
            pool.remove(c)
        return self.rng.sample(pool, count)

    def choose_place(self, game, me, tile, positions):
        return positions[int(self.r() * len(positions))]

    def choose_gain(self, game, me, count):
        nc = game.tables.nc
        r = self.r
        return [int(r() * nc) for _ in range(count)]

    def choose_effect_pay(self, game, me, count, colour):
        if self.r() >= self.p_pay:
            return None
        if colour is not None:
            return [colour] * count
        return self._sample(me.realm, [], count)

    def choose_destroy(self, game, me, count, colour, here):
        if self.r() >= self.p_pay:
            return None
        pool = [s for s, n in here for _ in range(n)]
        return self.rng.sample(pool, count)

    def choose_discard(self, game, me, count):
        return self._sample(me.realm, [], count)

    def choose_exchange(self, game, me, moment):
        if self.r() >= self.p_exchange:
            return None
        give, get = game.tables.exchange
        can = [c for c, n in enumerate(me.realm) if n >= give]
        nc = game.tables.nc
        return can[int(self.r() * len(can))], [int(self.r() * nc) for _ in range(get)]
