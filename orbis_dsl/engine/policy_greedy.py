"""The greedy player: one-ply lookahead on immediate creation points, through the rule set's own handlers."""

from __future__ import annotations

import random
from operator import add, itemgetter

from orbis_dsl.engine.effect_probe import new_probe
from orbis_dsl.engine.handler_key import handler_key
from orbis_dsl.engine.policy import Policy, fewest, take_from
from orbis_dsl.engine.state import new_tile_view
from orbis_dsl.runtime.score_report import MAX_POINTS
from orbis_dsl.runtime.views import TileView

_DESERT = TileView(0, desert=True)  # the desert the desert clauses weigh (no clause writes to a view)

_PARTS = "turn"  # a turn memo's key for the turn's parts (`_turn_parts`), beside the tile values' int and tuple keys
_TABLES: dict = {}  # (rule tables, options) -> {handler_key: turn memo}: the search's shared values, per process
_TABLE_LIMIT = 20_000  # turn memos kept per rule set and options before all are dropped (about 75 MB at the
# limit; a 4-player game searched in every seat makes about 11,000)


def process_table(game) -> dict:
    """The turn memos of every search of this process under the game's rules and options: a state's memo holds
    in any game where `handler_key` is the same, since the handlers read nothing else (the options and the board
    are the rule set's and the game's; the key holds the rest)."""
    key = (game.tables, repr(sorted(game.options.items())))
    table = _TABLES.get(key)
    if table is None or len(table) > _TABLE_LIMIT:
        table = _TABLES[key] = {}
    return table


_EXACT = 2 ** 53  # ints up to this size are floats exactly: `float(n)` then compares and adds as `n` does
_value_of = itemgetter(0)  # a (value, take) pair's value

_KEPT: dict = {}  # (policy class, rule tables, options, player's values) -> {kept key: value}: `_kept_table`
_KEPT_LIMIT = 50_000  # values kept per table before it is dropped (a 2-player greedy game adds about 40)


_WORTH: dict = {}  # (a worshipper's worth, realm limit) -> [the realm's worth by count]: `GreedyPolicy._worth`
_OPTIONS: list = [(None, None)]  # [(the options last keyed, their key)]: a game and its copies share one dict


def _kept_table(cls, game, values: tuple) -> dict:
    """The values of tiles weighed alike in every turn (`Tables.t_kept`, tile_fixed.py) under the game's rules
    and options and a player's `values`, for every game of the process: such a value is a function of its key
    (`GreedyPolicy._kept_value`) alone."""
    options = game.options
    held = _OPTIONS[0]  # one tuple read once: a thread of the same process may put another there meanwhile
    if held[0] is not options:
        held = _OPTIONS[0] = (options, repr(sorted(options.items())))
    key = (cls, game.tables, held[1], values)
    table = _KEPT.get(key)
    if table is None or len(table) > _KEPT_LIMIT:
        table = _KEPT[key] = {}
    return table


def forget_shared_values() -> None:
    """Drop every search's shared turn memos (`process_table`) and the values kept across turns (`_kept_table`):
    a benchmark starts each timing cold with it."""
    _TABLES.clear()
    _KEPT.clear()


class _OneTile:
    """A universe holding one tile: all that an award measure found by `tile_sum` reads of its player is `tiles`."""

    __slots__ = ("tiles",)

    def __init__(self):
        self.tiles = [None]


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
        self._seed = seed
        self._rng: random.Random | None = None
        self._tile = -1
        self._slot = -1
        self._memo: dict = {}  # (tile, place, ...) -> value, for one turn (see _turn_memo)
        self._memo_game = None
        self._memo_stamp = None
        self._memo_dw = None
        self._table: dict = {}
        self._table_game = None
        self._turn_values: tuple | None = None  # (desert value, award measures) of the turn in _memo_stamp
        self._kept: dict | None = None  # this turn's table of values kept across turns (None: not usable now)
        self._kept_at: tuple = (None, None, None)  # (game, values, table) of the last `_kept_table` looked up
        self._desert_at: tuple = (None, None, None)  # (game, values, desert value) of the last `_kept_desert`
        self._scratch: dict[int, TileView] = {}  # tile id -> the view weighed in its places (see _evaluate)
        self._one = _OneTile()  # the universe of one tile a summed award measure weighs (`_measure_change`)
        self._terms: dict = {}  # (measure, tile id) -> its int measure of that tile alone, for the game `_terms_g`
        self._terms_g = None
        self._weighed: dict = {}  # slot -> what this turn's take weighed its tile at (`_best_placed`, `_place_values`)
        self._worth_at: tuple = (None, None)  # (rule tables, `_worth` of them) last asked for
        self.shared: dict | None = None  # set by a search: tile values by `handler_key`, shared between policies

    @property
    def rng(self) -> random.Random:
        """The policy's generator, made when first asked for: a search makes a playout policy per playout, and
        seeding a generator cost more than most of them ever draw (the same draws either way)."""
        if self._rng is None:
            self._rng = random.Random(self._seed)
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value

    def reseed(self, seed) -> None:
        """Play on as `GreedyPolicy(seed)` would: the seed held, its generator unmade until asked for. (A search's
        playouts reuse one policy per seat; what the policy keeps from one game to the next is keyed by the game.)"""
        self._seed, self._rng = seed, None

    def lend_table(self, table: dict, game) -> None:
        """Read tile values from `table`, the process's table for the rules and options of `game` (what
        `_turn_memo` would look up for it): a search lends each playout the table it looked up once."""
        self._table, self._table_game = table, game

    def game_over(self, game) -> None:
        """Drop every reference to the game (and its views): the memo's and the kept table's owners are checked
        by identity, so the next game a policy plays works them out again, as a fresh policy would."""
        self._memo_game = self._table_game = self._terms_g = None
        self._memo, self._table, self._turn_values, self._kept = {}, {}, None, None
        self._kept_at = self._desert_at = (None, None, None)
        self._weighed = {}

    def _turn_memo(self, game) -> dict:
        """The tile values worked out so far this turn. A turn asks for the chosen tile's value three times (to
        choose the take, the cost, the place); between those asks the player's universe does not change, only the
        display's worshippers (generation) and the realm (collection, payment), which the key holds where a
        handler can read them. Under a search (`shared` set) the memo is the one of every state with the same
        `handler_key`: in `shared`, and in any game of the process under the same rules and options
        (`process_table`)."""
        if self._memo_game is not game or self._memo_stamp != game.turns:
            if self.shared is None:
                self._memo = {}
            else:
                if self._table_game is not game:  # a policy plays one game, most often: its table looked up once
                    self._table, self._table_game = process_table(game), game
                key = handler_key(game)
                self._memo = self.shared.get(key)
                if self._memo is None:
                    self._memo = self._table.get(key)
                    if self._memo is None:
                        self._memo = self._table[key] = {}
                    self.shared[key] = self._memo
            self._memo_game = game
            self._memo_stamp = game.turns
            self._turn_values = None
            self._weighed = {}
        self._memo_dw = None  # the display's worshippers as a key, when a 'when taken' tile needs it
        return self._memo

    def _turn_parts(self, game, me, fresh: bool = False) -> tuple:
        """(what a desert is worth, the award measures) for `me` this turn, worked out once: the take, the cost and
        the place are all asked before the turn's tile is laid, and nothing a handler reads changes in between
        (the realm and the display's worshippers are not theirs to read). `fresh`: the measures' cache is
        cleared first, as a take's values always did."""
        if not fresh and self._turn_values is not None and self._memo_game is game and \
                self._memo_stamp == game.turns:  # asked again this turn (the cost, the place)
            self._memo_dw = None
            return self._turn_values
        memo = self._turn_memo(game)
        if fresh and game.g.cache:
            game.g.cache.clear()  # what the last effect measured is stale
        parts = self._turn_values
        if parts is None:
            values = tuple(me.values.items())
            parts = memo.get(_PARTS)
            if parts is None:
                parts = memo[_PARTS] = (self._kept_desert(game, me, values), self._award_measures(game, me))
                if game.g.cache:
                    # what `among` measured for the board without the tile must not be read by the first tile
                    # weighed: every weighing starts from an empty cache (and so weighs the same in any order)
                    game.g.cache.clear()
            self._turn_values = parts
            self._kept = self._kept_now(game, parts[1], values)
        return parts

    def _kept_desert(self, game, me, values: tuple) -> float:
        """`_desert_value`, kept for the game and the player's `values` (their items) when the desert clauses read
        nothing else that moves (`Tables.desert_kept`: the printed fields of the one desert they weigh, the
        options, the values); worked out otherwise."""
        if not game.tables.desert_kept:
            return self._desert_value(game, me)
        at = self._desert_at
        if at[0] is game and at[1] == values:
            return at[2]
        value = self._desert_value(game, me)
        self._desert_at = (game, values, value)
        return value

    def _kept_now(self, game, awards, values: tuple) -> dict | None:
        """The table of values kept across turns for this turn, or None when no tile's value can be: a tile's kept
        value holds only while every award measure's change is its tile's int term, which needs the board's
        measures to be ints (`_measure_change`). `values`: the player's values, as items."""
        T = game.tables
        if not T.kept_any:
            return None
        for before in awards:
            if type(before) is not int:
                return None
        at = self._kept_at
        if at[0] is not game or at[1] != values:
            at = self._kept_at = (game, values, _kept_table(type(self), game, values))
        return at[2]

    def _kept_value(self, game, me, tile, pos, realm, slot, awards_before, kept):
        """A kept tile's value less the row's preference (`_evaluate`), from `kept` under `_kept_key`, worked out
        and kept when missing. A value is kept only when every award measure's term for the tile was an int
        (`_measure_change` keeps those in `_terms`): otherwise the measure was taken over the board."""
        T = game.tables
        key = tile if not T.t_pays[tile] and T.t_kept[tile] == 1 else \
            (tile, tuple(realm) if T.t_pays[tile] else None, tuple(me.reduced) if T.t_kept[tile] == 2 else None)
        value = kept.get(key)
        if value is None:
            value = self._evaluate(game, me, tile, pos, realm, slot, awards_before, last=False)
            if self._terms_held(T, tile):
                kept[key] = value
        return value

    def _terms_held(self, T, tile) -> bool:
        """Whether every award measure's term for the tile is kept as an int (`_measure_change`): only then is a
        value kept across turns. (A plain loop: `all` over a generator made one a miss.)"""
        terms = self._terms
        for measure in T.measures:  # noqa: SIM110 (a generator for `all` costs more here)
            if (measure, tile) not in terms:
                return False
        return True

    # ---- evaluation helpers -------------------------------------------------------------------------------

    def _realm_value(self, game, n):
        limit = game.tables.realm_limit
        return self.WORSHIPPER * (min(n, limit) if limit is not None else n)

    def _desert_value(self, game, me):
        """What a desert is worth to `me` now, as a float where the clauses' sum is an int a float holds exactly:
        every take's value starts from it and adds or compares floats, which give the same results with the int
        and with its float, but an int there makes those sites of the nine-slot loop mix types, and CPython 3.11
        then runs them unspecialised (the generic add and compare instead of the float ones)."""
        g, view, t = game.g, me.view, _DESERT
        value = sum([(end(g, view, t) or 0) for end in game.tables.desert_ends])
        return float(value) if type(value) is int and -_EXACT <= value <= _EXACT else value

    def _award_measures(self, game, me):
        g, view = game.g, me.view
        out = []  # (a plain loop: a comprehension makes a function object a turn)
        for measure in game.tables.measures:
            out.append(measure(g, view))
        return out

    def _evaluate(self, game, me, tile, pos, realm, slot, awards_before, last=True):
        """The tile's value at `pos` (CP of it placed face up there now), worked out: the tile laid in the player's
        view (one reused view per tile id, made fresh as `new_tile_view` makes it: it lies in the view only while
        its value is worked out, and no handler keeps a tile), its placement condition, a dry run of its 'when
        taken' effect, its end clauses, the awards it moves, and a small preference for low places, which keep
        the pyramid open (`last`: taken off here, else by the caller)."""
        T = game.tables
        g = game.g
        view = me.view
        condition, handler, ends, cp = T.t_weigh[tile]
        tv = self._scratch.get(tile)
        if tv is None:
            tv = self._scratch[tile] = new_tile_view(T, pos, tile)
        else:
            tv.pos = pos
            tv.cancelled = tv.validated = False
            tv.points = 0
        view.slots[pos] = tv
        view.tiles.append(tv)
        try:
            value = 0.0
            cancelled = condition is not None and not condition(g, view, tv)
            if handler is not None:
                probe = new_probe(game, realm, slot)
                handler(probe, g, view, tv)
                cancelled = cancelled or probe.cancelled
                value += (probe.gained - probe.spent) * self.WORSHIPPER + probe.reduced * self.REDUCTION
            if ends is not None and not cancelled:
                tv.validated = True
                for end in ends:
                    value += self._end_points(end(g, view, tv), cp)
            if awards_before:
                value += self._award_gain(g, view, T, awards_before, tv, tile)
            if last:  # (else the caller takes the row's preference off, `_evaluate_places`)
                value -= T.row_pref[pos]
            return value
        finally:
            view.tiles.pop()
            view.slots[pos] = None
            if g.cache:
                g.cache.clear()

    def _evaluate_places(self, game, me, tile, places, realm, slot, awards_before) -> list:
        """[`_evaluate` at each of `places`], the same floats, with every part of the weighing that is the same at
        every place (`Tables.t_free`, `Tables.measures_free`: place_free.py) worked out once."""
        T = game.tables
        if T.t_whole[tile]:  # nothing reads the place: its value there is this value less the row's preference
            value = self._evaluate(game, me, tile, places[0], realm, slot, awards_before, last=False)
            pref = T.row_pref
            return _less(value, pref, places)
        if len(places) < 2 or not T.t_shares[tile]:
            return [self._evaluate(game, me, tile, pos, realm, slot, awards_before) for pos in places]
        return self._evaluate_shared(game, me, tile, places, realm, slot, awards_before)

    def _evaluate_shared(self, game, me, tile, places, realm, slot, awards_before) -> list:
        """`_evaluate_places` for a tile with a part that reads the place: the place-free parts (the 'when taken'
        dry run, the end clauses' points, the award measures) are worked out at the first place that needs them;
        the rest at each place, as `_evaluate` does, in the same order, adding the same terms in the same order."""
        T = game.tables
        g = game.g
        view = me.view
        condition, handler, ends, cp = T.t_weigh[tile]
        probe_free, ends_free = T.t_free[tile]
        measure_free = T.measures_free
        tv = self._scratch.get(tile)
        if tv is None:
            tv = self._scratch[tile] = new_tile_view(T, places[0], tile)
        tv.cancelled = False
        tv.points = 0
        taken = addends = award = None
        out = []
        view.tiles.append(tv)
        try:
            for pos in places:
                tv.pos = pos
                tv.validated = False
                view.slots[pos] = tv
                value = 0.0
                cancelled = condition is not None and not condition(g, view, tv)
                if handler is not None:
                    if taken is None or not probe_free:
                        taken = self._dry_run(game, realm, slot, handler, view, tv)
                    cancelled = cancelled or taken[1]
                    value += taken[0]
                if ends is not None and not cancelled:
                    tv.validated = True
                    if addends is None or not ends_free:
                        addends = [self._end_points(end(g, view, tv), cp) for end in ends]
                    for points in addends:
                        value += points
                if awards_before:
                    if award is None or not measure_free:
                        award = self._award_gain(g, view, T, awards_before, tv, tile)
                    value += award
                out.append(value - T.row_pref[pos])
                view.slots[pos] = None
                if g.cache:
                    g.cache.clear()  # what this place's weighing measured, as `_evaluate` clears it
            return out
        finally:
            view.tiles.pop()
            view.slots[tv.pos] = None
            if g.cache:
                g.cache.clear()

    def _dry_run(self, game, realm, slot, handler, view, tv) -> tuple:
        """(what the tile's 'when taken' effect is worth, whether it cancels the tile), from a dry run."""
        probe = new_probe(game, realm, slot)
        handler(probe, game.g, view, tv)
        return (probe.gained - probe.spent) * self.WORSHIPPER + probe.reduced * self.REDUCTION, probe.cancelled

    def _end_points(self, points, cp):
        """What one end clause's `points` add to a tile's value (`_evaluate`'s term)."""
        if points is None:
            return self.POTENTIAL * cp
        # bounded as the scorer bounds it: past 10^308 a float cannot hold it (see MAX_POINTS)
        return points if -MAX_POINTS <= points <= MAX_POINTS else bounded_points(points)

    def _award_gain(self, g, view, T, awards_before, tv, tile):
        """What the award measures' change adds to a tile's value (`_evaluate`'s term), `tv` (tile id `tile`) laid
        last in `view`."""
        measures = T.measures
        if self._terms_g is not g:  # a term kept for a tile id holds for one game (its options)
            self._terms, self._terms_g = {}, g
        if len(measures) == 1:  # the sum of one difference is that difference, int or float
            gain = self._measure_change(g, view, measures[0], T.measures_sum[0], T.measures_fixed[0],
                                        awards_before[0], tv, tile)
        else:
            gain = sum([self._measure_change(g, view, measure, summed, fixed, before, tv, tile)
                        for measure, summed, fixed, before in zip(measures, T.measures_sum, T.measures_fixed,
                                                                  awards_before)])
        return self.AWARD * (gain if -MAX_POINTS <= gain <= MAX_POINTS else bounded_points(gain))

    def _measure_change(self, g, view, measure, summed, fixed, before, tv, tile):
        """`(measure now or 0) - (before or 0)`. A measure that sums a term reading only its own tile over the
        tiles (`Tables.measures_sum`, measure_sum.py's `tile_sum`) is, with `tv` laid last, `before` (the same
        universe without it) plus its measure of a universe holding `tv` alone: where both are ints that sum is
        exact, and the change is that one tile's measure, the same int; a float is measured in full, since
        adding it to a sum need not give the float `sum` gives over the longer list. A term that reads none of
        the tile's place or state (`Tables.measures_fixed`) gives a tile id the same all game: kept."""
        if summed and type(before) is int:
            change = self._terms.get((measure, tile)) if fixed else None
            if change is None:
                one = self._one
                one.tiles[0] = tv
                change = measure(g, one)
                if fixed and type(change) is int:
                    self._terms[measure, tile] = change
            if type(change) is int:
                return change
        return (measure(g, view) or 0) - (before or 0)

    def _outcome_value(self, game, me, tile, pos, realm, slot, awards_before, kept):
        """A tile kept by what its dry run comes to (`Tables.t_kept` 3: it may destroy): its 'when taken' handler
        is run on a probe as `_evaluate` runs it, and its value less the row's preference kept under the tile and
        the probe's totals, which are all the rest of its weighing depends on (see tile_fixed.kept_tiles)."""
        T = game.tables
        tv = self._scratch.get(tile)
        if tv is None:
            tv = self._scratch[tile] = new_tile_view(T, pos, tile)
        tv.pos = pos
        tv.cancelled = tv.validated = False
        tv.points = 0
        probe = new_probe(game, realm, slot)
        T.t_taken[tile](probe, game.g, me.view, tv)
        key = (tile, probe.gained, probe.spent, probe.reduced, probe.cancelled)
        value = kept.get(key)
        if value is None:
            value = self._evaluate(game, me, tile, pos, realm, slot, awards_before, last=False)
            if self._terms_held(T, tile):
                kept[key] = value
        return value

    def _slot_values(self, game, me, slots, desert, awards, memo):
        """[(value, slot)] of taking each display tile in `slots`, in one pass: the best of its value at each place
        it may go face up (less what its cost takes from the realm) and `desert` (what a desert is worth to `me`
        now), plus the worshippers it brings; `awards` are the award measures now. The realm values a take weighs
        are `_realm_value`'s, read off a table of the same floats (`_worth`); the places of a colour are found
        once a turn (the board does not change while the takes are weighed); the realm left after paying is made
        only for a tile whose 'when taken' handler may ask to be paid (`Tables.t_pays`), the only ask that
        reads it; a tile kept across turns by its id alone is looked up here (`_kept_value`)."""
        T = game.tables
        display, dw = game.display, game.dw
        kept = self._kept
        # per tile id: (coloured squares due, multicoloured squares, colour, kept by its id this turn)
        info = T.t_take if kept is not None else T.t_take_unkept
        kept_get = kept.get if kept is not None else None
        at = self._worth_at  # (the tables, their `_worth`), read without a call: asked nine times a turn and more
        worth = at[1] if at[0] is T else self._worth(T)
        size = len(worth)
        base, reduced = me.realm, me.reduced
        have = sum(base)
        had = worth[have] if have < size else self._realm_value(game, have)
        ups, lows = me.places_by_colour(T)  # per colour: where a face-up tile may go, the least row preference
        out = []
        for slot in slots:
            tile = display[slot]
            collected = dw[slot]
            total = have + sum(collected)
            if total >= size:  # past the table (no realm limit, or a huge realm): worked out as it always was
                out.append(self._slot_value(game, me, slot, desert, awards, memo, had))
                continue
            best = desert
            fixed, nany, colour, by_id = info[tile]
            up = ups[colour]
            # Where the colour has no place (about a quarter of the takes weighed), the tile can only go face down:
            # its cost is not looked at.
            if up:
                spare = total
                for c, n in fixed:  # can the tile be paid for with the slot's worshippers? (`_affordable`)
                    if reduced[c]:
                        continue
                    if base[c] + collected[c] < n:
                        break
                    spare -= n
                else:
                    if spare >= nany:
                        spend = worth[total] - worth[spare - nany]  # what is left after the squares due
                        if by_id:
                            value = kept_get(tile)
                            if value is None:
                                value = self._whole_value(game, me, tile, up[0], None, slot, awards, memo)
                            v = (value - lows[colour]) - spend
                            if v > best:
                                best = v
                        else:
                            best = self._best_placed(game, me, tile, up, lows[colour], spend, slot, awards, memo,
                                                     best)
            out.append((best + (worth[total] - had), slot))
        return out

    def _best_placed(self, game, me, tile, up, low, spend, slot, awards, memo, best):
        """The greater of `best` and the tile's best value at the places `up` less `spend` (`_slot_values`), for
        a tile not kept by its id alone."""
        T = game.tables
        left = self._realm_left(me, T, tile, me.realm, game.dw[slot]) if T.t_pays[tile] else None
        if T.t_whole[tile]:
            # the same at every place but for the row's preference: the best place is the lowest (`a - b` never
            # grows with `b`: the same float as the best of every place's)
            whole = self._whole_value(game, me, tile, up[0], left, slot, awards, memo)
            if not T.t_destroys[tile]:
                self._weighed[slot] = (tile, left, up, whole, None)
            v = (whole - low) - spend
            return v if v > best else best
        values = self._values_at(game, me, tile, up, left, slot, awards, memo)
        if not T.t_destroys[tile]:
            self._weighed[slot] = (tile, left, up, None, values)
        for value in values:
            v = value - spend
            if v > best:
                best = v
        return best

    def _place_values(self, game, me, tile, places, realm, awards) -> list:
        """`_values_at` for the tile of this turn's take (slot `self._slot`) at `places`, `realm` left after paying:
        what the take weighed (`_best_placed` keeps it) when it weighed the same tile at the same places with the
        same realm left. Between the take and its cost and place the player's universe does not change, and of
        what does (the realm, the display's worshippers) the key holds the realm left; a tile whose dry run reads
        the display's worshippers (`Tables.t_destroys`) is never kept (tests/engine/test_engine_reuse.py holds
        these to the values worked out again)."""
        held = self._weighed.get(self._slot)
        if held is not None and held[0] == tile and held[1] == realm and held[2] == places:
            whole = held[3]
            if whole is None:
                return held[4]
            pref = game.tables.row_pref
            return _less(whole, pref, places)
        return self._values_at(game, me, tile, places, realm, self._slot, awards, self._memo)

    def _worth(self, T) -> list:
        """[`_realm_value` of n worshippers for n = 0 .. 99], the same floats, for the rule set's tables `T` and
        this policy's worth of a worshipper (made once per process: a search makes a policy per playout)."""
        W, limit = self.WORSHIPPER, T.realm_limit
        table = _WORTH.get((W, limit))
        if table is None:
            table = _WORTH[W, limit] = [W * (min(n, limit) if limit is not None else n) for n in range(100)]
        self._worth_at = (T, table)
        return table

    def _slot_value(self, game, me, slot, desert, awards, memo, had) -> tuple:
        """(value, slot) of one take as `_slot_values` weighs it, with the realm's worth worked out (`_realm_value`)
        rather than read off the table: for a realm past it."""
        T = game.tables
        tile, collected, base = game.display[slot], game.dw[slot], me.realm
        total = sum(base) + sum(collected)
        best = desert
        if _affordable(T, me, tile, [a + b for a, b in zip(base, collected)]):
            up = me.places_by_colour(T)[0][T.t_color[tile]]
            if up:
                rest = total - len(me.cost_fixed(T, tile)) - T.t_any[tile]
                spend = self._realm_value(game, total) - self._realm_value(game, rest)
                left = self._realm_left(me, T, tile, base, collected) if T.t_pays[tile] else None
                for value in self._values_at(game, me, tile, up, left, slot, awards, memo):
                    v = value - spend
                    if v > best:
                        best = v
        return best + (self._realm_value(game, total) - had), slot

    @staticmethod
    def _realm_left(me, T, tile, base, collected) -> list:
        """The realm left after paying the tile's cost from the realm and the slot's worshippers (what the dry run
        of a 'when taken' handler that asks to be paid reads)."""
        realm = list(map(add, base, collected))
        fixed = me.cost_fixed(T, tile)
        left = list(realm)
        for c in fixed + take_from(realm, fixed, T.t_any[tile]):
            left[c] -= 1
        return left

    def _memo_key(self, game, tile, realm, slot):
        """A tile's key in the turn's memo: its id (as ~tile, apart from the turn's parts), or, for a tile whose
        'when taken' handler may ask to be paid or destroy, a tuple with what its dry run then reads (the realm
        left; the slot and the display's worshippers)."""
        T = game.tables
        if not (T.t_pays[tile] or T.t_destroys[tile]):
            return ~tile
        if T.t_destroys[tile] and self._memo_dw is None:
            self._memo_dw = tuple(map(tuple, game.dw))  # what a 'destroy' probe counts
        return (tile, tuple(realm) if T.t_pays[tile] else None, (slot, self._memo_dw) if T.t_destroys[tile] else None)

    def _whole_value(self, game, me, tile, pos, realm, slot, awards_before, memo):
        """A tile weighed alike at every place (`Tables.t_whole`): its value less the row's preference, one float
        kept in the memo (when given) under `_memo_key`, or across turns for a tile `Tables.t_kept` calls so
        (`_kept_value`)."""
        if self._kept is not None and game.tables.t_kept[tile]:
            if game.tables.t_kept[tile] == 3:
                return self._outcome_value(game, me, tile, pos, realm, slot, awards_before, self._kept)
            return self._kept_value(game, me, tile, pos, realm, slot, awards_before, self._kept)
        if memo is None:
            return self._evaluate(game, me, tile, pos, realm, slot, awards_before, last=False)
        key = self._memo_key(game, tile, realm, slot)
        value = memo.get(key)
        if value is None:
            value = memo[key] = self._evaluate(game, me, tile, pos, realm, slot, awards_before, last=False)
        return value

    def _values_at(self, game, me, tile, places, realm, slot, awards_before, memo):
        """[the tile's value at each of `places`] (`_evaluate`). With `memo` (this turn's, `_turn_memo`), values
        already worked out this turn are not worked out again: kept under `_memo_key`, with the places they are
        for (a tile alike at every place keeps one float, `_whole_value`). Values not held are weighed together
        by `_evaluate_places`."""
        T = game.tables
        if T.t_whole[tile]:
            value = self._whole_value(game, me, tile, places[0], realm, slot, awards_before, memo)
            pref = T.row_pref
            return _less(value, pref, places)
        if self._kept is not None and T.t_region[tile] is not None:
            return self._region_values(game, me, tile, places, realm, slot, awards_before)
        if memo is None:
            return self._evaluate_places(game, me, tile, places, realm, slot, awards_before)
        key = self._memo_key(game, tile, realm, slot)
        held = memo.get(key)
        if held is not None and held[0] == places:
            return held[1]
        values = self._evaluate_places(game, me, tile, places, realm, slot, awards_before)
        memo[key] = (list(places), values)
        return values

    def _region_values(self, game, me, tile, places, realm, slot, awards_before) -> list:
        """[the tile's value at each of `places`] (`_evaluate`) for a tile kept by its place and the tiles of the
        regions it reads (`Tables.t_region`, tile_fixed.py): kept across turns under the tile, what its dry run
        reads (the realm left, the reductions), the place's row, and per region each position's tile id, mark and
        cancellation (its mark and cancellation alone where only colours are read), read by one `itemgetter` a
        list (`Tables.t_region_get`), and worked out where missing (kept when every award measure's term for the
        tile was an int, as `_kept_value` keeps)."""
        T = game.tables
        kept = self._kept
        region = T.t_region_get[tile]  # per place, per region it is handed, its positions' getter
        pc, tid, cancelled, row = me.pc, me.tid, me.cancelled, T.row_of
        head = (tile, tuple(realm) if T.t_pays[tile] else None,
                tuple(me.reduced) if T.t_region_reduces[tile] else None)
        colours = T.t_region_colours[tile]
        out = []
        for pos in places:
            # Not the place itself, which no kept part reads (`pos` is no `KEPT_CLAUSE` attribute): its row (the
            # row's preference) and, per region, what the helper hands the parts, in its order: places alike
            # there share a value.
            key = (head, row[pos])
            for get in region[pos]:
                if get is None:
                    key += (None,)
                elif colours:  # each position's colour, desert or nothing (`pc`), and cancellation
                    key += (get(pc), get(cancelled))
                else:  # each position's tile id, colour, desert or nothing, and cancellation
                    key += (get(tid), get(pc), get(cancelled))
            value = kept.get(key)
            if value is None:
                value = self._evaluate(game, me, tile, pos, realm, slot, awards_before)
                if self._terms_held(T, tile):
                    kept[key] = value
            out.append(value)
        return out

    def _god_value(self, game, me, name):
        g = game.g
        view = me.view
        god = game.rules.gods[name]
        mods = god.modifiers
        old_values = dict(me.values) if mods else None  # (a god without modifiers leaves the values as they are)
        view.god = name
        if mods:
            me.values.update(mods)
        try:
            g.cache.clear()
            value = 0.0
            for end in god.ends:
                value += end.fn(g, view) or 0
            # what a modifier changes on the deserts already placed
            if mods:
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
                probe = new_probe(game, me.realm, -1)
                god.taken(probe, g, view)
                value += (probe.gained - probe.spent) * self.WORSHIPPER + probe.reduced * self.REDUCTION
                if probe.cancelled:
                    value -= 3
            return value
        finally:
            view.god = None
            if mods:
                me.values.clear()
                me.values.update(old_values)
            g.cache.clear()

    # ---- choices ------------------------------------------------------------------------------------------

    def choose_take(self, game, me, slots, gods):
        best, choice = None, None
        slot_values, god_values = self.take_values(game, me, slots, gods)
        if slot_values:  # the first of the highest (`max` keeps the first it meets, as `v > best` did)
            best, choice = max(slot_values, key=_value_of)
        for v, name in god_values:
            if best is None or v > best + 1.0 or not slots:
                best, choice = v, name
        self.note_take(game, choice)
        return choice

    def take_values(self, game, me, slots, gods):
        """([(value, slot)], [(value, god)]): what this policy thinks each take is worth now (a search policy
        ranks its candidates with it)."""
        desert, awards = self._turn_parts(game, me, fresh=True)
        slot_values = self._slot_values(game, me, slots, desert, awards, self._memo) if slots else []
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
        T = game.tables
        realm = me.realm
        desert, awards = self._turn_parts(game, me)  # (the turn's memo made ready too)
        have = sum(realm)
        cost = len(fixed) + nany
        at = self._worth_at
        worth = at[1] if at[0] is T else self._worth(T)
        if cost <= have < len(worth):  # `_realm_value`'s floats, off its table
            spend = worth[have] - worth[have - cost]
        else:
            spend = self._realm_value(game, have) - self._realm_value(game, have - cost)
        paid = take_from(realm, fixed, nany, most_first=True) if nany else []
        kept = self._kept
        value = kept.get(tile) if kept is not None and T.t_kept_by_id[tile] else None
        if value is not None:
            # the best of the places' values is the value less the least row preference: the same float
            best = (value - min(map(T.row_pref.__getitem__, up))) - spend
        else:
            left = None
            if T.t_pays[tile]:  # only a 'when taken' handler that asks to be paid reads what is left
                left = list(realm)
                for c in fixed + paid:
                    left[c] -= 1
            best = max(self._place_values(game, me, tile, up, left, awards)) - spend
        if best < desert:
            return None
        return paid

    def choose_place(self, game, me, tile, positions):
        T = game.tables
        if tile < 0:
            # a desert: as low as possible, where it helps most tiles above (it matches every colour)
            return min(positions, key=T.low_first.__getitem__)
        awards = self._turn_parts(game, me)[1]  # (the turn's memo made ready too)
        kept = self._kept
        value = kept.get(tile) if kept is not None and T.t_kept_by_id[tile] else None
        if value is not None:  # kept by its id (`_kept_value`): its value at each place, as `_values_at` gives
            pref = T.row_pref
            values = []  # (a plain loop: a comprehension makes a function object a turn)
            for pos in positions:
                values.append(value - pref[pos])
        else:
            realm = list(me.realm) if T.t_pays[tile] else None  # only a handler that asks to be paid reads it
            values = self._place_values(game, me, tile, positions, realm, awards)
        return _best_then_lowest(values, positions)

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
            # the colour lacked most, of equals the first (what `max` over (want - realm, -c) gives, without a key
            # call per colour)
            c, most = 0, want[0] - realm[0]
            for d in range(1, T.nc):
                if want[d] - realm[d] > most:
                    c, most = d, want[d] - realm[d]
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
        # Only an exchange that gives more than it gets brings the realm down to its limit (a rule set may trade
        # 1 for 5: asking for that again and again never ended).
        if moment == "end" and T.realm_limit is not None and give > get and sum(realm) - T.realm_limit >= give - get:
            c = realm.index(max(realm))  # the first colour holding the most (as `max` with a key finds it)
            if realm[c] >= give:
                return c, [fewest(realm)] * get
        return None


def _less(value, pref, places) -> list:
    """[`value` less each place's row preference `pref`], by a plain loop (a comprehension makes a function object
    each time, which costs more than it saves on a few places)."""
    out = []
    for pos in places:
        out.append(value - pref[pos])
    return out


def _best_then_lowest(values, places) -> int:
    """The place of the highest value, of equal values the lowest place: what `max` over (value, -place) pairs
    gives, without a key call per place. A pair is greater when its value is not equal to the best's (by identity
    or `==`, as a tuple compares its items) and greater, or equal and its place lower; a NaN is then never taken,
    as with the pairs."""
    best, place = values[0], places[0]
    for value, pos in zip(values, places):
        if value is best or value == best:
            if pos < place:
                best, place = value, pos
        elif value > best:
            best, place = value, pos
    return place


def _affordable(T, me, tile, realm) -> bool:
    spare = sum(realm)
    for c, n in T.t_fixed[tile]:
        if me.reduced[c]:
            continue
        if realm[c] < n:
            return False
        spare -= n
    return spare >= T.t_any[tile]



class GreedyFollower(Policy):
    """A policy that decides the take itself and leaves every other choice to `self.greedy` (both searches)."""

    greedy: GreedyPolicy

    def choose_cost(self, game, me, tile, fixed, nany, up, opened):
        return self.greedy.choose_cost(game, me, tile, fixed, nany, up, opened)

    def choose_place(self, game, me, tile, positions):
        return self.greedy.choose_place(game, me, tile, positions)

    def choose_gain(self, game, me, count):
        return self.greedy.choose_gain(game, me, count)

    def choose_effect_pay(self, game, me, count, colour):
        return self.greedy.choose_effect_pay(game, me, count, colour)

    def choose_destroy(self, game, me, count, colour, here):
        return self.greedy.choose_destroy(game, me, count, colour, here)

    def choose_discard(self, game, me, count):
        return self.greedy.choose_discard(game, me, count)

    def choose_exchange(self, game, me, moment):
        return self.greedy.choose_exchange(game, me, moment)

    def game_over(self, game) -> None:
        self.greedy.game_over(game)


class QuickGreedyPolicy(GreedyPolicy):
    """The search's playout policy: the greedy policy, weighing through the handlers only the `screen` display
    tiles a cheap first look ranks highest (the worshippers collected, and the printed CP of a tile it can pay
    for and place face up, else nothing). The greedy policy weighs all nine, which is most of a playout's cost."""

    name = "quick"
    SCREEN = 3

    def take_values(self, game, me, slots, gods):
        if len(slots) > self.SCREEN:
            looks = self._first_looks(game, me, slots)
            slots = sorted(slots, key=lambda s: -looks[s])[:self.SCREEN]
        return super().take_values(game, me, slots, gods)

    def _first_looks(self, game, me, slots) -> dict:
        """{slot: the first look's value} (see the class), for every slot in one pass."""
        T = game.tables
        display, dw = game.display, game.dw
        t_fixed, t_any = T.t_fixed, T.t_any
        W = self.WORSHIPPER
        base, reduced, opened = me.realm, me.reduced, me.open
        have = sum(base)
        out = {}
        for slot in slots:
            tile = display[slot]
            collected = dw[slot]
            counted = sum(collected)
            value = W * counted
            spare = have + counted
            for c, n in t_fixed[tile]:  # `_affordable` with the slot's worshippers
                if reduced[c]:
                    continue
                if base[c] + collected[c] < n:
                    break
                spare -= n
            else:
                if spare >= t_any[tile] and me.has_place_for(T, T.t_color[tile], opened):
                    value += (T.t_params[tile].get("cp") or 0) + 0.5 - W * (len(t_fixed[tile]) + t_any[tile])
            out[slot] = value
        return out


def bounded_points(points):
    """A handler's count as the scorer counts it: past MAX_POINTS, MAX_POINTS with its sign (past 10^308 no float
    holds it, and the policies' estimates add floats)."""
    return points if -MAX_POINTS <= points <= MAX_POINTS else (MAX_POINTS if points > 0 else -MAX_POINTS)
