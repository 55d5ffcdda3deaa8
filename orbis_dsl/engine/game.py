"""Playing one game of Orbis under a rule set: setup per variant, the turn flow (docs/rules/orbis.md §3-§5), end
scoring.

The engine knows no kind or god by name: every effect goes through the rule set's handlers, which call back
into the `Game` object as their `api` (gain, reduce, pay, destroy, cancel). Every choice is asked of a policy
(see `policy.py`) and checked here, so an illegal choice raises `IllegalMove` whoever made it; `log.replay`
relies on that.

Worshippers come from the aether, which is unlimited in play: it is counted from `AETHER_PER_COLOUR` and may go
below zero, so that `aether + realms + display` stays constant (the conservation tests check that).
"""

from __future__ import annotations

import random

import attrs

from orbis_dsl.engine.state import DESERT, EMPTY, PlayerState, Tables, desert_view, new_tile_view, tables_for
from orbis_dsl.records.game import GameRecord, PlayerRecord
from orbis_dsl.runtime.rules import Rules
from orbis_dsl.runtime.scoring import ScoreReport, score_game
from orbis_dsl.runtime.specs import VariantSpec
from orbis_dsl.runtime.views import GameView

AETHER_PER_COLOUR = 20  # 100 worshippers in 5 colours (docs/rules/orbis.md §1); a count for conservation checks only
DEFAULT_NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana")


class IllegalMove(Exception):
    """A choice the rules do not allow at this point of the game."""


class SetupError(ValueError):
    """A variant the engine cannot set up (see `variants.check_variant` for the full static check)."""


@attrs.define
class Setup:
    """Everything dealt before the first turn. Piles are listed top first (the next tile drawn first)."""

    variant: VariantSpec
    names: list[str]
    gods: list[str]
    display: list[int]
    piles: list[list[int]]
    seed: int | None = None
    options: dict = attrs.field(factory=dict)


def variant_tiles(rules: Rules, variant: VariantSpec) -> list[int]:
    return rules.tile_ids_in_play(variant)


def deal(rules: Rules, variant: VariantSpec | str, seed: int, names: list[str] | None = None,
         options: dict | None = None) -> Setup:
    """Shuffle each level into its own pile, deal the display from the lowest pile, reveal the gods."""
    if isinstance(variant, str):
        if variant not in rules.variants:
            raise SetupError(f"unknown variant '{variant}'")
        variant = rules.variants[variant]
    tables = tables_for(rules)
    names = list(names) if names else list(DEFAULT_NAMES[:variant.players])
    if len(names) < variant.players:
        names += [f"P{i + 1}" for i in range(len(names), variant.players)]
    if len(names) != variant.players:
        raise SetupError(f"variant '{variant.name}' is for {variant.players} players, got {len(names)} names")
    rng = random.Random(seed)
    ids = variant_tiles(rules, variant)
    need = tables.display + tables.size * variant.players
    if len(ids) != need:
        raise SetupError(f"variant '{variant.name}' leaves {len(ids)} tiles; {variant.players} players need "
                         f"{tables.display} + {tables.size} x {variant.players} = {need}")
    levels = sorted({rules.tiles[i].level for i in ids})
    piles = []
    for level in levels:
        pile = [i for i in ids if rules.tiles[i].level == level]
        rng.shuffle(pile)
        piles.append(pile)
    display = []
    for _ in range(tables.display):
        pile = next(p for p in piles if p)
        display.append(pile.pop(0))
    gods = list(rules.gods)
    rng.shuffle(gods)
    if variant.gods_revealed > len(gods) or variant.gods_revealed < variant.players:
        raise SetupError(f"variant '{variant.name}' reveals {variant.gods_revealed} gods; "
                         f"{len(gods)} exist and {variant.players} players need one each")
    return Setup(variant, names, gods[:variant.gods_revealed], display, piles, seed, dict(options or {}))


class Game:
    """The state of one game and the turn flow. Also the `api` the rule handlers call."""

    def __init__(self, rules: Rules, setup: Setup, policies, recorder=None):
        T = tables_for(rules)
        self.tables: Tables = T
        self.rules = rules
        self.setup = setup
        self.variant = setup.variant
        self.chosen_options = dict(setup.options)
        self.options = rules.option_values(setup.variant, setup.options)
        values = dict(rules.settings.values)
        self.players = [PlayerState(i, name, T, values) for i, name in enumerate(setup.names)]
        self.g = GameView([p.view for p in self.players], self.options, rules.board)
        self.display = list(setup.display) + [-1] * (T.display - len(setup.display))
        self.dw = [[0] * T.nc for _ in range(T.display)]
        self.piles = [list(reversed(p)) for p in setup.piles]  # popped from the end
        self.gods = list(setup.gods)
        self.aether = [AETHER_PER_COLOUR] * T.nc
        self.tokens = T.cancel_tokens if T.cancel_tokens is not None else 0
        self.policies = list(policies)
        if len(self.policies) != len(self.players):
            raise SetupError(f"{len(self.players)} players need {len(self.players)} policies")
        self.rec = recorder
        self.round = 0
        self.seat = 0
        self.current_slot = -1
        self.current_tile = None
        self.turns = 0
        self.finished = False

    # ---- the game ------------------------------------------------------------------------------------------

    def play(self) -> Game:
        rounds = self.tables.rounds
        n = len(self.players)
        while self.round < rounds:
            self.round += 1
            for seat in range(n):
                self.turn(seat)
        self.finished = True
        return self

    def conserved_total(self) -> int:
        return sum(self.aether) + sum(sum(p.realm) for p in self.players) + sum(sum(w) for w in self.dw)

    def turn(self, seat: int) -> None:
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
        T = self.tables
        rec = self.rec
        display = self.display
        dw = self.dw
        aether = self.aether
        tile = display[slot]
        colour = T.t_color[tile]
        if rec is not None:
            rec.emit(f"take display {slot + 1} ({T.t_desc[tile]})")
        # 1. generate: one worshipper of the tile's colour on each orthogonally adjacent display tile
        for s in T.display_adj[slot]:
            if display[s] >= 0:
                dw[s][colour] += 1
                aether[colour] -= 1
        # 2. collect
        w = dw[slot]
        realm = me.realm
        for c in range(T.nc):
            if w[c]:
                realm[c] += w[c]
        dw[slot] = [0] * T.nc
        display[slot] = -1
        self.current_slot = slot
        # 3. pay or turn face down (exchanges first, if the policy wants any)
        if T.exchange is not None and max(realm) >= T.exchange[0]:
            self._exchanges(me, policy, "pay")
        opened = me.open
        up = me.colour_positions(T, colour, opened) if me.can_afford(T, tile) else []
        paid = None
        if up:
            fixed = me.cost_fixed(T, tile)
            nany = T.t_any[tile]
            choice = policy.choose_cost(self, me, tile, fixed, nany, up, opened)
            if choice is not None:
                paid = self._pay_cost(me, fixed, nany, choice)
        face_up = paid is not None
        if rec is not None:
            rec.emit(("pay " + T.color_list(paid)) if paid else ("pay nothing" if face_up else "desert"))
        # 4. place
        positions = up if face_up else opened
        pos = policy.choose_place(self, me, tile if face_up else -1, positions)
        if pos not in positions:
            raise IllegalMove(self._why_not_position(me, pos, colour if face_up else None))
        view = me.view
        tv = self.put(me, pos, tile if face_up else -1)
        if rec is not None:
            rec.emit("place " + T.place_words[pos])
        # 5. activate
        if face_up:
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
            self.current_tile = None
        # 7. refill (after the realm limit, which `_end_of_turn` applies; the order does not matter to anyone)
        for pile in self.piles:
            if pile:
                display[slot] = pile.pop()
                break
        self.current_slot = -1

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
        if len(choice) != nany:
            raise IllegalMove(f"the cost has {nany} multicoloured square{'s' if nany != 1 else ''}; "
                              f"{len(choice)} worshipper{'s' if len(choice) != 1 else ''} given for them")
        paid = list(fixed) + list(choice)
        self._remove(me, paid, "to pay the cost")
        return paid

    def _remove(self, me, colours, why: str) -> None:
        """Take worshippers from a realm back to the aether, all or none."""
        T = self.tables
        realm = me.realm
        aether = self.aether
        nc = T.nc
        done = []
        for c in colours:
            if type(c) is not int or not 0 <= c < nc or realm[c] <= 0:
                for d in done:  # put back what was taken: all or none
                    realm[d] += 1
                    aether[d] -= 1
                if type(c) is not int or not 0 <= c < nc:
                    raise IllegalMove(f"unknown colour {c!r}")
                need = sum(1 for x in colours if x == c)
                have = realm[c]
                raise IllegalMove(f"{me.name} has {have} {T.colors[c]} worshipper{'s' if have != 1 else ''}, "
                                  f"not the {need} needed {why}")
            realm[c] -= 1
            aether[c] += 1
            done.append(c)

    def _take_god(self, me: PlayerState, policy, name: str) -> None:
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
        give, _get = self.tables.exchange
        realm = me.realm
        while max(realm) >= give:
            x = policy.choose_exchange(self, me, moment)
            if x is None:
                return
            self.exchange(me, x[0], x[1])

    def exchange(self, me, colour: int, gets) -> None:
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

    # ---- the api the rule handlers call ------------------------------------------------------------------

    def gain(self, p, count, colour) -> None:
        T = self.tables
        me = self.players[p.index]
        if count <= 0:
            return
        if colour is None:
            got = self.policies[me.seat].choose_gain(self, me, count)
            if len(got) != count:
                raise IllegalMove(f"the effect gains {count} worshippers, not {len(got)}")
            for c in got:
                if type(c) is not int or not 0 <= c < T.nc:
                    raise IllegalMove(f"unknown colour {c!r}")
        else:
            got = [T.cidx[colour]] * count
        realm, aether = me.realm, self.aether
        for c in got:
            realm[c] += 1
            aether[c] -= 1
        if self.rec is not None:
            self.rec.emit("gain " + T.color_list(got))

    def reduce(self, p, colour) -> None:
        me = self.players[p.index]
        me.reduced[self.tables.cidx[colour]] = True
        if self.rec is not None:
            self.rec.emit(f"reduce {colour}")

    def pay(self, p, count, colour) -> bool:
        T = self.tables
        me = self.players[p.index]
        policy = self.policies[me.seat]
        if T.exchange is not None:
            self._exchanges(me, policy, "effect")
        what = f"{count} {colour or 'any'}"
        ci = None if colour is None else T.cidx[colour]
        have = sum(me.realm) if ci is None else me.realm[ci]
        if have < count:
            if self.rec is not None:
                self.rec.emit(f"cannot give {what}")
            return False
        choice = policy.choose_effect_pay(self, me, count, ci)
        if choice is None:
            if self.rec is not None:
                self.rec.emit(f"refuse to give {what}")
            return False
        choice = list(choice)
        if len(choice) != count or (ci is not None and any(c != ci for c in choice)):
            raise IllegalMove(f"the effect asks for {what}; {T.color_list(choice) or 'nothing'} given")
        self._remove(me, choice, "for the effect")
        if self.rec is not None:
            self.rec.emit("give " + T.color_list(choice))
        return True

    def destroy(self, p, count, colour) -> bool:
        T = self.tables
        me = self.players[p.index]
        ci = T.cidx[colour]
        dw = self.dw
        current = self.current_slot
        here = [(s, dw[s][ci]) for s in range(T.display) if s != current and dw[s][ci] > 0]
        what = f"{count} {colour}"
        if sum(n for _, n in here) < count:
            if self.rec is not None:
                self.rec.emit(f"cannot destroy {what}")
            return False
        choice = self.policies[me.seat].choose_destroy(self, me, count, ci, here)
        if choice is None:
            if self.rec is not None:
                self.rec.emit(f"refuse to destroy {what}")
            return False
        choice = list(choice)
        if len(choice) != count:
            raise IllegalMove(f"the effect destroys {what}; {len(choice)} chosen")
        avail = dict(here)
        for s in choice:
            if s == current:
                raise IllegalMove("worshippers are destroyed on the other display tiles only")
            if avail.get(s, 0) <= 0:
                raise IllegalMove(f"display {s + 1 if isinstance(s, int) else s} holds no more {colour} worshippers")
            avail[s] -= 1
        for s in choice:
            dw[s][ci] -= 1
            self.aether[ci] += 1
        if self.rec is not None:
            self.rec.emit(f"destroy {what} from display {', '.join(str(s + 1) for s in choice)}")
        return True

    def cancel(self, p, t) -> None:
        me = self.players[p.index]
        if t is None:
            if me.god_cancelled:
                return
            me.god_cancelled = True
            p.god_cancelled = True
        else:
            if t.cancelled:
                return
            t.cancelled = True
            me.cancelled[t.pos] = True
        me.cancels += 1
        self.tokens -= 1
        if self.rec is not None:
            self.rec.emit("cancelled")

    # ---- the end ----------------------------------------------------------------------------------------

    def record(self, title: str | None = None) -> GameRecord:
        T = self.tables
        board = self.rules.board
        recs = T.rec
        players = []
        for me in self.players:
            rows = []
            for r, width in enumerate(board.rows):
                start = board.position(r, 0)
                row = []
                for pos in range(start, start + width):
                    v = me.pc[pos]
                    if v == DESERT:
                        row.append(T.desert_record)
                    elif v == EMPTY:
                        row.append(T.desert_record)  # only for unfinished games: an empty place shows nothing
                    else:
                        tile = me.tid[pos]
                        if T.t_cancellable[tile]:
                            row.append(recs[2][tile] if me.cancelled[pos] else recs[1][tile])
                        else:
                            row.append(recs[0][tile])
                rows.append(tuple(row))
            players.append(PlayerRecord(me.name, me.god, sum(me.realm), tuple(rows), me.god_cancelled))
        return GameRecord(tuple(players), self.variant.name, dict(self.chosen_options), title)

    def score(self, explain: bool = True) -> ScoreReport:
        """The score report `orbis score` gives for this game's record."""
        return score_game(self.rules, self.record(), explain)

    @property
    def tokens_short(self) -> int:
        """Cancelation tokens used beyond the supply (the cancellation still counts)."""
        return max(0, -self.tokens)


def play_game(rules: Rules, variant: VariantSpec | str, seed: int, policies, names=None, recorder=None,
              options: dict | None = None) -> Game:
    """Deal with `seed`, play all rounds with `policies` (one per seat), return the finished game."""
    setup = deal(rules, variant, seed, names, options)
    return Game(rules, setup, policies, recorder).play()
