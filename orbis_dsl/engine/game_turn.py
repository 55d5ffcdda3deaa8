"""One turn of Orbis (docs/rules/orbis.md §4): take a display tile (generate, collect, pay or turn it face down,
place, activate, refill) or a god, exchange, keep to the realm limit. Every choice is asked of the seat's policy
and checked here, so an illegal choice raises `IllegalMove` whoever made it; `log_replay` relies on that.
"""

from __future__ import annotations

from operator import add

from orbis_dsl.engine.state import DESERT, PlayerState, desert_view, new_tile_view

# Exchanges asked for at one moment of a turn, at most (more than any realm could use: the limit is about ten).
_MOST_EXCHANGES = 100


class IllegalMove(Exception):
    """A choice the rules do not allow at this point of the game."""


class TurnActions:
    """The turn flow and the moves of worshippers it makes; mixed into `Game` (game.py), whose state it reads and
    changes."""

    def turn(self, seat: int) -> None:
        """The seat's turn of the current round: a display tile or a god (a god is forced when the universe is
        full, or on the last turn without one), then the end of the turn."""
        T = self.tables
        me = self.players[seat]
        policy = self.policies[seat]
        rec = self.rec
        self.seat = seat
        self.turns += 1
        if rec is not None:
            rec.begin(self, me)
        last = self.round >= T.rounds
        gods = self.gods if me.god is None else ()
        display = self.display
        if (last and me.god is None) or me.placed >= T.size:
            slots = []
        elif -1 not in display:  # a full display (every turn until the piles run out): every slot, in order
            slots = list(T.display_slots)
        else:
            slots = [s for s in range(T.display) if display[s] >= 0]
        if not slots and not gods:
            raise IllegalMove(f"{me.name} has nothing to take")
        choice = policy.choose_take(self, me, slots, gods)
        if type(choice) is int:
            if choice not in slots:
                raise IllegalMove(self._why_not_slot(me, choice, slots))
            self._take_region(me, policy, choice)
        else:
            if choice not in gods:
                raise IllegalMove(self._why_not_god(me, choice, slots))
            self._take_god(me, policy, choice)
        self._end_of_turn(me, policy)
        if rec is not None:
            rec.end(self, me)

    def _why_not_slot(self, me, slot, slots) -> str:
        T = self.tables
        if not slots:
            if me.placed >= T.size:
                return f"{me.name}'s universe is full: they must take a god"
            return f"{me.name} holds no god on their last turn and must take one"
        if not isinstance(slot, int) or not 0 <= slot < T.display:
            return f"there is no display {slot + 1 if isinstance(slot, int) else slot} (1 to {T.display})"
        return f"display {slot + 1} holds no tile"

    def _why_not_god(self, me, name, slots) -> str:
        if me.god is not None:
            return f"{me.name} already holds a god ({me.god})"
        if name in self.tables.gods:
            return f"the god '{name}' is not on display (on display: {', '.join(self.gods) or 'none'})"
        return f"unknown god '{name}'"

    def _take_region(self, me: PlayerState, policy, slot: int) -> None:
        """Take the display tile in `slot`; the steps of docs/rules/orbis.md §4, in the order they are logged."""
        T = self.tables
        tile = self.display[slot]
        if self.rec is not None:
            self.rec.emit(f"take display {slot + 1} ({T.t_desc[tile]})")
        self._generate_and_collect(me, slot, T.t_color[tile])
        self.current_slot = slot
        face_up, positions = self._pay_or_desert(me, policy, tile)
        tv = self._place(me, policy, tile if face_up else -1, positions, T.t_color[tile] if face_up else None)
        if face_up:
            self._activate(me, tile, tv)
        # 7. refill (after the realm limit, which `_end_of_turn` applies; the order does not matter to anyone)
        self.refill(slot)
        self.current_slot = -1

    def _generate_and_collect(self, me: PlayerState, slot: int, colour: int) -> None:
        T = self.tables
        display = self.display
        dw = self.dw
        aether = self.aether
        # 1. generate: one worshipper of the tile's colour on each orthogonally adjacent display tile
        for s in T.display_adj[slot]:
            if display[s] >= 0:
                dw[s][colour] += 1
                aether[colour] -= 1
        # 2. collect (the realm's own list changed in place: policies and probes may hold it)
        realm = me.realm
        realm[:] = map(add, realm, dw[slot])
        dw[slot] = [0] * T.nc
        display[slot] = -1

    def _pay_or_desert(self, me: PlayerState, policy, tile: int) -> tuple[bool, list[int]]:
        """3. Pay the cost (exchanges first, if the policy wants any) or turn the tile face down: (face up?, the
        places it may go)."""
        T = self.tables
        if T.exchange is not None and max(me.realm) >= T.exchange[0]:
            self._exchanges(me, policy, "pay")
        opened = me.open
        # the places a face-up tile may go (a copy: the player's kept lists are shared with its policy)
        up = list(me.places_by_colour(T)[0][T.t_color[tile]]) if me.can_afford(T, tile) else []
        paid = None
        if up:
            fixed = me.cost_fixed(T, tile)
            nany = T.t_any[tile]
            choice = policy.choose_cost(self, me, tile, fixed, nany, up, opened)
            if choice is not None:
                paid = self._pay_cost(me, fixed, nany, choice)
        face_up = paid is not None
        if self.rec is not None:
            self.rec.emit(("pay " + T.color_list(paid)) if paid else ("pay nothing" if face_up else "desert"))
        return face_up, (up if face_up else opened)

    def _place(self, me: PlayerState, policy, tile: int, positions: list[int], colour: int | None):
        """4. Place the tile (-1: a desert) where the policy says, among `positions`; returns its TileView."""
        pos = policy.choose_place(self, me, tile, positions)
        if pos not in positions:
            raise IllegalMove(self._why_not_position(me, pos, colour))
        tv = self.put(me, pos, tile)
        if self.rec is not None:
            self.rec.emit("place " + self.tables.place_words[pos])
        return tv

    def _activate(self, me: PlayerState, tile: int, tv) -> None:
        """5. A face-up tile takes effect: its 'when taken' handler, then its placement condition."""
        T = self.tables
        view = me.view
        self.current_tile = tv
        if self.g.cache:
            self.g.cache.clear()  # 'most among players' measures are cached per scoring pass, not per turn
        view.worshippers = sum(me.realm)  # what a rule reading 'worshippers' sees
        handler = T.t_taken[tile]
        if handler is not None:
            handler(self, self.g, view, tv)
        condition = T.t_placed[tile]
        if condition is not None and not condition(self.g, view, tv):
            self.cancel(view, tv)
        if not tv.cancelled:
            self._mark_validated(view, tv, tile)
        self.current_tile = None

    def _mark_validated(self, view, tv, tile: int) -> None:
        """Mark a tile just laid validated when one of its clauses scores, as the scorer would mark it if the game
        ended now (`runtime/scoring.py` marks every tile at the end, where this mark is not read). Without it no
        tile is validated during play, and every clause that counts validated tiles (the base game's majority
        gods, a pack's "1 CP per validated red tile") reads the same for every player to the greedy policy and
        the search's estimate, whatever is on the table. The mark is the tile's as it is laid; a clause that
        could come true later is left to the end (a cancellation clears it: `EffectApi.cancel`)."""
        ends = self.tables.t_weigh[tile][2]
        if not ends:  # a kind without clauses needs only the absence of a marker, as the scorer has it
            tv.validated = True
            return
        g = self.g
        if g.cache:
            g.cache.clear()
        tv.validated = any(end(g, view, tv) is not None for end in ends)
        if g.cache:
            g.cache.clear()

    def refill(self, slot: int) -> None:
        """The next tile of the lowest pile that has one fills the empty slot."""
        for pile in self.piles:
            if pile:
                self.display[slot] = pile.pop()
                break

    def put(self, me: PlayerState, pos: int, tile: int):
        """Lay a tile (-1: a desert) on a player's board at `pos`, unchecked; returns its TileView."""
        T = self.tables
        if tile >= 0:
            me.lay(T, pos, T.t_color[tile])
            me.tid[pos] = tile
            tv = new_tile_view(T, pos, tile)
        else:
            me.lay(T, pos, DESERT)
            me.deserts += 1
            tv = desert_view(pos)
        view = me.view
        view.slots[pos] = tv
        view.tiles.append(tv)
        me.regions += 1
        return tv

    def _why_not_position(self, me, pos, colour) -> str:
        T = self.tables
        if not isinstance(pos, int):
            return f"no such place: {pos!r}"
        reason = me.can_place(T, pos, colour)
        if reason is None and colour is not None:
            reason = "that place is not allowed"
        return reason or "that place is not allowed"

    def _pay_cost(self, me, fixed, nany, choice) -> list[int]:
        """The coloured squares due and the policy's colours for the multicoloured ones, taken from the realm."""
        if len(choice) != nany:
            raise IllegalMove(f"the cost has {nany} multicoloured square{'s' if nany != 1 else ''}; "
                              f"{len(choice)} worshipper{'s' if len(choice) != 1 else ''} given for them")
        paid = list(fixed) + list(choice)
        self._remove(me, paid, "to pay the cost")
        return paid

    def _remove(self, me, colours, why: str) -> None:
        """Take worshippers from a realm back to the aether, all or none."""
        realm = me.realm
        aether = self.aether
        known = self.tables.colour_indices
        for taken, c in enumerate(colours):  # (`taken`: how many went before `c`, to put back if it cannot go)
            # (`in` a set of the indices, not a chained compare; the type first, since True would pass for 1)
            if type(c) is not int or c not in known or realm[c] <= 0:
                self._refuse(me, colours, taken, why)
            realm[c] -= 1
            aether[c] += 1

    def _refuse(self, me, colours, taken: int, why: str) -> None:
        """Put back the first `taken` of `colours` (all or none), then raise why the next cannot be taken."""
        T = self.tables
        realm = me.realm
        colours = list(colours)  # (a policy's discard may be any sized collection: a set iterates alike twice)
        for d in colours[:taken]:
            realm[d] += 1
            self.aether[d] -= 1
        c = colours[taken]
        if type(c) is not int or not 0 <= c < T.nc:
            raise IllegalMove(f"unknown colour {c!r}")
        need = sum(1 for x in colours if x == c)
        have = realm[c]
        raise IllegalMove(f"{me.name} has {have} {T.colors[c]} worshipper{'s' if have != 1 else ''}, "
                          f"not the {need} needed {why}")

    def _take_god(self, me: PlayerState, policy, name: str) -> None:
        """The god leaves the offer for the player: its modifiers apply at once, then its 'when taken' effect."""
        T = self.tables
        self.gods.remove(name)
        me.god = name
        me.view.god = name
        me.god_round = self.round
        mods = T.god_modifiers[name]
        if mods:
            me.values.update(mods)
        if self.rec is not None:
            self.rec.emit(f"take god {name} ({self.rules.gods[name].title})")
        handler = T.god_taken[name]
        if handler is not None:
            self.current_tile = None
            if self.g.cache:
                self.g.cache.clear()
            me.view.worshippers = sum(me.realm)
            handler(self, self.g, me.view)

    def _end_of_turn(self, me, policy) -> None:
        """Exchanges the policy wants, then discards down to the realm limit."""
        T = self.tables
        if T.exchange is not None and max(me.realm) >= T.exchange[0]:
            self._exchanges(me, policy, "end")
        limit = T.realm_limit
        if limit is not None:
            excess = sum(me.realm) - limit
            if excess > 0:
                choice = policy.choose_discard(self, me, excess)
                if len(choice) != excess:
                    raise IllegalMove(f"{me.name} holds {sum(me.realm)} worshippers and must discard exactly {excess} "
                                      f"(the realm limit is {limit}), not {len(choice)}")
                self._remove(me, choice, "to discard")
                if self.rec is not None:
                    self.rec.emit("discard " + T.color_list(choice))

    def _exchanges(self, me, policy, moment: str) -> None:
        """As many exchanges as the policy asks for at this moment, while a colour has enough to give, and at most
        _MOST_EXCHANGES: where a trade gets as many as it gives, a policy could ask for ever."""
        give, _get = self.tables.exchange
        realm = me.realm
        for _ in range(_MOST_EXCHANGES):
            if max(realm) < give:
                return
            x = policy.choose_exchange(self, me, moment)
            if x is None:
                return
            self.exchange(me, x[0], x[1])

    def exchange(self, me, colour: int, gets) -> None:
        """Give the rule set's number of one colour back to the aether for the colours in `gets`."""
        T = self.tables
        if T.exchange is None:
            raise IllegalMove("this rule set has no exchange")
        give, get = T.exchange
        gets = list(gets)
        if len(gets) != get:
            raise IllegalMove(f"an exchange gives {get} worshipper{'s' if get != 1 else ''} back, not {len(gets)}")
        self._remove(me, [colour] * give, "to exchange")
        for c in gets:
            if type(c) is not int or not 0 <= c < T.nc:
                raise IllegalMove(f"unknown colour {c!r}")
            me.realm[c] += 1
            self.aether[c] -= 1
        me.exchanges += 1
        if self.rec is not None:
            got = f"1 {T.colors[gets[0]]}" if get == 1 else T.color_list(gets)
            self.rec.emit(f"exchange {give} {T.colors[colour]} for {got}")

