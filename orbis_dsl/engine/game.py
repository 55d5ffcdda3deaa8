"""Playing one game of Orbis under a rule set: the state of the game and its rounds (docs/rules/orbis.md §3-§5).

The parts of a game live beside this module: the deal in `game_setup.py`, a turn in `game_turn.py`, the `api`
the rule set's handlers call back into in `game_effects.py` (gain, reduce, pay, destroy, cancel), the record and
its scores in `game_end.py`. Every choice is asked of a policy (see `policy.py`) and checked, so an illegal
choice raises `IllegalMove` whoever made it; `log_replay` relies on that.

Worshippers come from the aether, which is unlimited in play: it is counted from `AETHER_PER_COLOUR` and may go
below zero, so that `aether + realms + display` stays constant (the conservation tests check that).
"""

from __future__ import annotations

from orbis_dsl.engine.game_effects import EffectApi
from orbis_dsl.engine.game_end import EndOfGame
from orbis_dsl.engine.game_setup import Setup, SetupError, deal
from orbis_dsl.engine.game_turn import TurnActions
from orbis_dsl.engine.state import PlayerState, Tables, tables_for
from orbis_dsl.runtime.rules import Rules
from orbis_dsl.runtime.specs import VariantSpec
from orbis_dsl.runtime.views import GameView

AETHER_PER_COLOUR = 20  # 100 worshippers in 5 colours (docs/rules/orbis.md §1); a count for conservation checks only


class Game(TurnActions, EffectApi, EndOfGame):
    """The state of one game and its rounds. Also the `api` the rule handlers call."""

    def __init__(self, rules: Rules, setup: Setup, policies, recorder=None):
        T = tables_for(rules)
        self.tables: Tables = T
        self.rules = rules
        self.setup = setup
        self.variant = setup.variant
        self.chosen_options = dict(setup.options)
        self.options = rules.option_values(setup.variant, setup.options)
        values = dict(rules.settings.values)
        # (plain loops: every game of a bench or a search's playouts starts here, and each comprehension makes a
        # function object)
        self.players, views = [], []
        for i, name in enumerate(setup.names):
            player = PlayerState(i, name, T, values)
            self.players.append(player)
            views.append(player.view)
        self.g = GameView(views, self.options, rules.board)
        self.display = list(setup.display) + [-1] * (T.display - len(setup.display))
        self.dw = []
        for _ in range(T.display):
            self.dw.append([0] * T.nc)
        self.piles = []
        for pile in setup.piles:
            self.piles.append(list(reversed(pile)))  # popped from the end
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

    def play(self, after_round=None) -> Game:
        """Every round to the end; `after_round(game)`, when given, is called as each round ends (the game-quality
        watch reads the standing there)."""
        rounds = self.tables.rounds
        n = len(self.players)
        while self.round < rounds:
            self.round += 1
            for seat in range(n):
                self.turn(seat)
            if after_round is not None:
                after_round(self)
        self.finished = True
        for policy in self.policies:  # (a policy need not derive from `Policy`: any object with the choices)
            over = getattr(policy, "game_over", None)
            if over is not None:
                over(self)
        return self

    def clone(self, policies) -> Game:
        """A copy to play on, with other policies and no recorder, taken at the start of a turn. What never changes
        during play (the rule set, its tables, the setup, tile parameters) is shared; everything a turn changes is
        copied field by field, which costs a tenth of `copy.deepcopy` (tests/engine/test_search.py checks the two
        copies play on alike). The views of tiles already laid are shared too (`PlayerState.copy`)."""
        sim = object.__new__(Game)
        sim.tables, sim.rules, sim.setup, sim.variant = self.tables, self.rules, self.setup, self.variant
        sim.chosen_options, sim.options = self.chosen_options, self.options
        sim.players = [p.copy() for p in self.players]
        sim.g = GameView([p.view for p in sim.players], self.options, self.rules.board)
        sim.display = list(self.display)
        sim.dw = [list(w) for w in self.dw]
        sim.piles = [list(p) for p in self.piles]
        sim.gods = list(self.gods)
        sim.aether = list(self.aether)
        sim.tokens = self.tokens
        sim.policies = list(policies)
        sim.rec = None
        sim.round, sim.seat, sim.turns, sim.finished = self.round, self.seat, self.turns, self.finished
        sim.current_slot, sim.current_tile = self.current_slot, None
        return sim

    def conserved_total(self) -> int:
        return sum(self.aether) + sum(sum(p.realm) for p in self.players) + sum(sum(w) for w in self.dw)


def play_game(rules: Rules, variant: VariantSpec | str, seed: int, policies, names=None, recorder=None,
              options: dict | None = None) -> Game:
    """Deal with `seed`, play all rounds with `policies` (one per seat), return the finished game."""
    setup = deal(rules, variant, seed, names, options)
    return Game(rules, setup, policies, recorder).play()
