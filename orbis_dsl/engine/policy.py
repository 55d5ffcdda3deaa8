"""Who makes the choices: the `Policy` interface, a random player and a greedy one.

Every method receives the `Game` (read-only for a policy) and the `PlayerState` of the player to move. Colours
are indices into `game.tables.colors`, board positions indices into `rules.board`, display slots 0-based. The
engine checks every answer and raises `IllegalMove` on a wrong one.
"""

from __future__ import annotations

import random


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


class _Probe:
    """An `api` that runs a handler without touching the game: it totals what the effect would gain, pay and
    whether it would cancel, assuming the player pays whatever it can."""

    __slots__ = ("cancelled", "gained", "game", "realm", "reduced", "slot", "spent")

    def __init__(self, game, realm, slot):
        self.game = game
        self.realm = realm
        self.spent = 0
        self.gained = 0
        self.reduced = 0
        self.cancelled = False
        self.slot = slot

    def gain(self, p, count, colour):
        self.gained += count

    def reduce(self, p, colour):
        ci = self.game.tables.cidx[colour]
        if not self.game.players[p.index].reduced[ci]:
            self.reduced += 1

    def pay(self, p, count, colour):
        have = sum(self.realm) if colour is None else self.realm[self.game.tables.cidx[colour]]
        if have - self.spent >= count:
            self.spent += count
            return True
        return False

    def destroy(self, p, count, colour):
        ci = self.game.tables.cidx[colour]
        dw = self.game.dw
        here = sum(dw[s][ci] for s in range(len(dw)) if s != self.slot)
        return here >= count

    def cancel(self, p, t):
        self.cancelled = True


class GreedyPolicy(Policy):
    """One-ply lookahead on immediate creation points, through the rule set's own handlers.

    A display tile is worth the best of: paid and placed face up at its best place (the CP its end clauses give
    there now, a share of the printed CP when a condition may still come true, what its 'when taken' effect
    gains, minus what it costs and whether it would be cancelled; plus its share of a ranked award such as
    the base game's Temple tokens), or turned into a desert (what the desert clauses cost). The worshippers
    collected add to either. A god is taken when it is worth more now than the best display tile, or when it
    must be. Pays 'pay … else cancel', destroys when it can, exchanges when that makes the chosen tile
    affordable.
    """

    name = "greedy"
    WORSHIPPER = 0.3  # CP a worshipper in the realm is worth
    REDUCTION = 1.5  # CP a reduction token is worth
    POTENTIAL = 0.4  # share of the printed CP a condition that fails now may still bring
    AWARD = 2.0  # CP one point of an award measure (e.g. one Temple icon) is worth

    def __init__(self, seed=None):
        self.rng = random.Random(seed)
        self._tile = -1
        self._slot = -1

    # ---- evaluation helpers -------------------------------------------------------------------------------

    def _realm_value(self, game, n):
        limit = game.tables.realm_limit
        return self.WORSHIPPER * (min(n, limit) if limit is not None else n)

    def _desert_value(self, game, me):
        view = me.view
        from orbis_dsl.runtime.views import TileView

        t = TileView(0, desert=True)
        return sum((end.fn(game.g, view, t) or 0) for end in game.rules.settings.desert_ends)

    def _award_measures(self, game, me):
        g = game.g
        return [award.measure(g, me.view) for award in game.rules.awards.values()]

    def _tile_value(self, game, me, tile, pos, realm, slot, awards_before):
        """CP of `tile` placed face up at `pos` now (temporarily placed in the player's view)."""
        T = game.tables
        from orbis_dsl.engine.state import new_tile_view

        g = game.g
        view = me.view
        tv = new_tile_view(T, pos, tile)
        view.slots[pos] = tv
        view.tiles.append(tv)
        try:
            value = 0.0
            cancelled = False
            condition = T.t_placed[tile]
            if condition is not None and not condition(g, view, tv):
                cancelled = True
            probe = None
            handler = T.t_taken[tile]
            if handler is not None:
                probe = _Probe(game, realm, slot)
                handler(probe, g, view, tv)
                cancelled = cancelled or probe.cancelled
                value += (probe.gained - probe.spent) * self.WORSHIPPER + probe.reduced * self.REDUCTION
            kind = T.t_kind[tile]
            if kind is not None and not cancelled:
                tv.validated = True
                for end in kind.ends:
                    points = end.fn(g, view, tv)
                    if points is None:
                        value += self.POTENTIAL * (T.t_params[tile].get("cp") or 0)
                    else:
                        value += points
            if awards_before:
                after = self._award_measures(game, me)
                value += self.AWARD * sum((a or 0) - (b or 0) for a, b in zip(after, awards_before))
            # a small preference for low places, which keep the pyramid open
            value -= 0.01 * T.row_of[pos]
            return value
        finally:
            view.tiles.pop()
            view.slots[pos] = None
            if g.cache:
                g.cache.clear()

    def _region_value(self, game, me, slot):
        """(value, face up?) of taking the display tile in `slot`."""
        T = game.tables
        tile = game.display[slot]
        collected = game.dw[slot]
        realm = [a + b for a, b in zip(me.realm, collected)]
        have = sum(me.realm)
        gain = self._realm_value(game, sum(realm)) - self._realm_value(game, have)
        desert = self._desert_value(game, me)
        best = desert
        opened = me.open
        if _affordable(T, me, tile, realm):
            up = me.colour_positions(T, T.t_color[tile], opened)
            if up:
                fixed = me.cost_fixed(T, tile)
                cost = len(fixed) + T.t_any[tile]
                left = list(realm)
                for c in fixed + _take_from(realm, fixed, T.t_any[tile]):
                    left[c] -= 1
                awards = self._award_measures(game, me)
                spend = self._realm_value(game, sum(realm)) - self._realm_value(game, sum(realm) - cost)
                for pos in up:
                    v = self._tile_value(game, me, tile, pos, left, slot, awards) - spend
                    if v > best:
                        best = v
        return best + gain

    def _god_value(self, game, me, name):
        g = game.g
        view = me.view
        god = game.rules.gods[name]
        old_values = dict(me.values)
        view.god = name
        me.values.update(god.modifiers)
        try:
            g.cache.clear()
            value = 0.0
            for end in god.ends:
                value += end.fn(g, view) or 0
            # what a modifier changes on the deserts already placed
            if god.modifiers:

                for t in view.tiles:
                    if t.desert:
                        for end in game.rules.settings.desert_ends:
                            value += (end.fn(g, view, t) or 0)
                me.values.clear()
                me.values.update(old_values)
                for t in view.tiles:
                    if t.desert:
                        for end in game.rules.settings.desert_ends:
                            value -= (end.fn(g, view, t) or 0)
            if god.taken is not None:
                probe = _Probe(game, me.realm, -1)
                god.taken(probe, g, view)
                value += (probe.gained - probe.spent) * self.WORSHIPPER + probe.reduced * self.REDUCTION
                if probe.cancelled:
                    value -= 3
            return value
        finally:
            view.god = None
            me.values.clear()
            me.values.update(old_values)
            g.cache.clear()

    # ---- choices ------------------------------------------------------------------------------------------

    def choose_take(self, game, me, slots, gods):
        best, choice = None, None
        slot_values, god_values = self.take_values(game, me, slots, gods)
        for v, slot in slot_values:
            if best is None or v > best:
                best, choice = v, slot
        for v, name in god_values:
            if best is None or v > best + 1.0 or not slots:
                best, choice = v, name
        self.note_take(game, choice)
        return choice

    def take_values(self, game, me, slots, gods):
        """([(value, slot)], [(value, god)]): what this policy thinks each take is worth now (a search policy
        ranks its candidates with it)."""
        slot_values = [(self._region_value(game, me, slot), slot) for slot in slots]
        god_values = []
        if gods:
            remaining = game.tables.rounds - game.round
            for name in gods:
                # taking a god only moves a region take to a later turn: worth it when the display is poor now,
                # or when few turns remain
                god_values.append((self._god_value(game, me, name) + (0.5 if remaining <= 2 else 0.0), name))
        return slot_values, god_values

    def note_take(self, game, choice) -> None:
        """Remember the take (chosen here or by a caller) that the cost, place and exchange choices follow."""
        if type(choice) is int:
            self._tile = game.display[choice]
            self._slot = choice
        else:
            self._tile = self._slot = -1

    def choose_cost(self, game, me, tile, fixed, nany, up, opened):
        realm = me.realm
        awards = self._award_measures(game, me)
        cost = len(fixed) + nany
        spend = self._realm_value(game, sum(realm)) - self._realm_value(game, sum(realm) - cost)
        left = list(realm)
        for c in fixed + _take_from(realm, fixed, nany):
            left[c] -= 1
        best = max(self._tile_value(game, me, tile, pos, left, self._slot, awards) for pos in up) - spend
        if best < self._desert_value(game, me):
            return None
        return _take_from(realm, fixed, nany, most_first=True)

    def choose_place(self, game, me, tile, positions):
        T = game.tables
        if tile < 0:
            # a desert: as low as possible, where it helps most tiles above (it matches every colour)
            return min(positions, key=lambda p: (T.row_of[p], p))
        awards = self._award_measures(game, me)
        return max(positions, key=lambda p: (self._tile_value(game, me, tile, p, list(me.realm), self._slot,
                                                               awards), -p))

    def choose_gain(self, game, me, count):
        # the colours the display's tiles ask for most, that the realm lacks
        T = game.tables
        want = [0] * T.nc
        for t in game.display:
            if t >= 0:
                for c, n in T.t_fixed[t]:
                    want[c] += n
        realm = list(me.realm)
        out = []
        for _ in range(count):
            c = max(range(T.nc), key=lambda c: (want[c] - realm[c], -c))
            realm[c] += 1
            out.append(c)
        return out

    def choose_exchange(self, game, me, moment):
        T = game.tables
        give, get = T.exchange
        realm = me.realm
        if moment == "pay" and self._tile >= 0 and not me.can_afford(T, self._tile):
            for c in range(T.nc):
                if realm[c] < give:
                    continue
                for d in range(T.nc):
                    if d == c:
                        continue
                    trial = list(realm)
                    trial[c] -= give
                    trial[d] += get
                    if _affordable(T, me, self._tile, trial):
                        return c, [d] * get
            return None
        if moment == "end" and T.realm_limit is not None and sum(realm) - T.realm_limit >= give - get:
            c = max(range(T.nc), key=lambda c: realm[c])
            if realm[c] >= give:
                return c, [_fewest(realm)] * get
        return None


def _affordable(T, me, tile, realm) -> bool:
    spare = sum(realm)
    for c, n in T.t_fixed[tile]:
        if me.reduced[c]:
            continue
        if realm[c] < n:
            return False
        spare -= n
    return spare >= T.t_any[tile]


POLICIES = {"random": RandomPolicy, "greedy": GreedyPolicy, "mcts": None}  # mcts: `search.py`, loaded on use


def policy_problem(name: str) -> str | None:
    """None when `name` names a policy (`random`, `greedy`, `mcts`, `mcts:ROLLOUTS` or `mcts:SECONDSs`), else
    what is wrong."""
    base, colon, budget = name.partition(":")
    if base not in POLICIES:
        return f"unknown policy '{name}'"
    if colon and base != "mcts":
        return f"policy '{base}' takes no budget"
    if colon and _seconds(budget) is None and not (budget.isdigit() and int(budget) > 0):
        return (f"'{name}': the budget after 'mcts:' is a whole number of rollouts per decision, at least 1, "
                f"or seconds per decision such as 0.5s")
    return None


def _seconds(budget: str) -> float | None:
    """'0.5s' → 0.5; anything else → None."""
    try:
        seconds = float(budget[:-1]) if budget.endswith("s") else None
    except ValueError:
        return None
    return seconds if seconds is not None and 0 < seconds < 3600 else None


def make_policy(name: str, seed=None) -> Policy:
    problem = policy_problem(name)
    if problem is not None:
        raise ValueError(f"{problem} (expected one of: {', '.join(POLICIES)})")
    base, _, budget = name.partition(":")
    if base == "mcts":
        from orbis_dsl.engine.search import SearchPolicy

        if _seconds(budget) is not None:
            return SearchPolicy(seed, seconds=_seconds(budget))
        return SearchPolicy(seed, rollouts=int(budget)) if budget else SearchPolicy(seed)
    return POLICIES[base](seed)
