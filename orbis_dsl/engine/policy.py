"""Who makes the choices: the `Policy` interface, a random player and a greedy one.

Every method receives the `Game` (read-only for a policy) and the `PlayerState` of the player to move. Colours
are indices into `game.tables.colors`, board positions indices into `rules.board`, display slots 0-based. The
engine checks every answer and raises `IllegalMove` on a wrong one.
"""

from __future__ import annotations

import random

from .state import DESERT, EMPTY


class Policy:
    """The choices of one player. Subclasses override what they decide; these defaults are legal and dull."""

    name = "policy"

    def choose_take(self, game, me, slots: list[int], gods) -> int | str:
        """A display slot (int) to take a region tile, or a god's name. `slots` is empty when a god is forced."""
        return slots[0] if slots else gods[0]

    def choose_cost(self, game, me, tile: int, fixed: list[int], nany: int, up: list[int], opened: list[int]):
        """Pay the tile's cost (the colours given for its `nany` multicoloured squares) or None to turn it into
        a desert. `fixed` are the coloured squares due (reductions waived); `up` the places a face-up tile may
        go, `opened` those a desert may go. Asked only when the tile is affordable and has a legal place."""
        return _take_from(me.realm, fixed, nany, most_first=True)

    def choose_place(self, game, me, tile: int, positions: list[int]) -> int:
        """Where the tile (-1 for a desert) goes, among `positions`."""
        return positions[0]

    def choose_gain(self, game, me, count: int) -> list[int]:
        """Colours of `count` worshippers gained from the aether ('gain N any')."""
        return [_fewest(me.realm) for _ in range(count)]

    def choose_effect_pay(self, game, me, count: int, colour: int | None):
        """Give `count` worshippers (of `colour`, or any when None) for an effect, or None to refuse."""
        if colour is not None:
            return [colour] * count
        return _take_from(me.realm, [], count, most_first=True)

    def choose_destroy(self, game, me, count: int, colour: int, here: list[tuple[int, int]]):
        """Which display slots to destroy `count` worshippers of `colour` from (one slot per worshipper),
        or None to refuse. `here` lists (slot, how many of that colour)."""
        out = []
        for slot, n in sorted(here, key=lambda e: -e[1]):
            take = min(n, count - len(out))
            out.extend([slot] * take)
            if len(out) == count:
                break
        return out

    def choose_discard(self, game, me, count: int) -> list[int]:
        """Colours of the `count` worshippers to discard down to the realm limit."""
        return _take_from(me.realm, [], count, most_first=True)

    def choose_exchange(self, game, me, moment: str):
        """(colour given, colours received) for one exchange, or None. Asked repeatedly at the moments
        'pay' (before paying a cost), 'effect' (before an effect's payment) and 'end' (before the realm limit),
        while some colour has enough worshippers to give."""
        return None


def _take_from(realm, fixed, count, most_first=True) -> list[int]:
    """`count` worshippers from what is left of `realm` after `fixed`, from the most plentiful colours."""
    left = list(realm)
    for c in fixed:
        left[c] -= 1
    out = []
    for _ in range(count):
        best = max(range(len(left)), key=left.__getitem__) if most_first else \
            min((c for c in range(len(left)) if left[c] > 0), key=left.__getitem__)
        left[best] -= 1
        out.append(best)
    return out


def _fewest(realm) -> int:
    return min(range(len(realm)), key=realm.__getitem__)


class RandomPolicy(Policy):
    """Uniformly random legal choices: a god counts as one option beside the display tiles; a payable tile is
    paid or turned face down with even odds; 'pay … else cancel' and volcano effects are accepted with even
    odds; one exchange in ten opportunities."""

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
