"""A player that searches: flat Monte Carlo over the take, with determinized piles and greedy rollouts.

At each take the policy ranks the options with the greedy policy's one-ply values and keeps the best few
(`width` display tiles and every god on offer). It then plays each candidate out to the end of the game many
times and keeps the one whose playouts went best:

- **Hidden information** is the order of the face-down piles: each playout first shuffles every pile of a copy
  of the game (a *determinization*), so the search never reads the real order. Everything else is on the table.
- **Playouts** continue with the greedy policy for every seat (the searcher's own later turns too), which is cheap
  and plays sensible games, so a playout's result says something about the candidate.
- **The budget** is a number of playouts per decision (`mcts:48`), spent by successive halving: every candidate
  gets the same determinizations (common random numbers, so candidates are compared on the same deals), the
  worse half is dropped, and the budget left goes to the survivors; every candidate gets at least one playout.
  Play then depends only on the seed. A time budget (`mcts:0.5s`, seconds per decision) plays passes of one
  playout per candidate until the time is up: it adapts to the machine, and so is not reproducible.
- **A playout's value** is the searcher's win share plus a small share of its margin over the best other player,
  so that among won (or lost) playouts a wider margin still counts.

Costs, placements, gains and exchanges follow the greedy policy, told which take the search chose.
"""

from __future__ import annotations

import copy
import random
import time

from orbis_dsl.engine.policy import Policy
from orbis_dsl.engine.policy_greedy import GreedyPolicy
from orbis_dsl.runtime.scoring import score_game

DEFAULT_ROLLOUTS = 24  # playouts per decision (see bench/bench_search.py for its strength and speed)
DEFAULT_WIDTH = 3  # display tiles kept as candidates, best by the greedy values
MARGIN_WEIGHT = 0.02  # value of one CP of margin beside a win worth 1


class SearchPolicy(Policy):
    """Flat Monte Carlo search with successive halving (see the module's docstring)."""

    name = "mcts"

    def __init__(self, seed=None, rollouts: int = DEFAULT_ROLLOUTS, width: int = DEFAULT_WIDTH,
                 seconds: float | None = None):
        if rollouts < 1:
            raise ValueError(f"a search needs at least one rollout per decision, not {rollouts}")
        self.rng = random.Random(seed)
        self.rollouts = rollouts
        self.width = width
        self.seconds = seconds
        self.greedy = GreedyPolicy(seed)
        self.decisions = 0  # takes decided by a search (not forced), for speed figures
        self.playouts = 0

    # ---- the take: searched -----------------------------------------------------------------------------

    def choose_take(self, game, me, slots, gods):
        candidates = self.candidates(game, me, slots, gods)
        choice = candidates[0] if len(candidates) == 1 else self._search(game, me.seat, candidates)
        self.greedy.note_take(game, choice)
        return choice

    def candidates(self, game, me, slots, gods) -> list:
        """The options worth a search, best first by the greedy values: the `width` best display tiles and
        every god on offer (taking the god is a question of timing, which only playouts can weigh)."""
        slot_values, god_values = self.greedy.take_values(game, me, slots, gods)
        slot_values.sort(key=lambda vc: (-vc[0], vc[1]))
        god_values.sort(key=lambda vc: (-vc[0], vc[1]))
        ranked = slot_values[:self.width] + god_values
        ranked.sort(key=lambda vc: -vc[0])  # stable: a slot before a god of the same value
        return [choice for _, choice in ranked]

    def _search(self, game, seat: int, candidates: list):
        self.decisions += 1
        if self.seconds is not None:
            return self._search_for(self.seconds, game, seat, candidates)
        alive = list(candidates)
        totals = {c: 0.0 for c in candidates}
        counts = {c: 0 for c in candidates}
        budget = self.rollouts
        rounds = max(1, (len(alive) - 1).bit_length())  # halvings until one is left
        while len(alive) > 1 and budget > 0:
            per = max(1, budget // (len(alive) * rounds))
            deals = [self.rng.getrandbits(64) for _ in range(per)]
            for choice in alive:
                for deal_seed in deals:
                    totals[choice] += self.playout(game, seat, choice, deal_seed)
                    counts[choice] += 1
            budget -= per * len(alive)
            rounds = max(1, rounds - 1)
            # best mean first; among equals, the greedy order (the candidates' order)
            alive.sort(key=lambda c: (-totals[c] / counts[c], candidates.index(c)))
            alive = alive[:max(1, len(alive) // 2)]
        return alive[0]

    def _search_for(self, seconds: float, game, seat: int, candidates: list):
        """Flat Monte Carlo against the clock: one playout per candidate on a shared deal, again and again, until
        the time is up (at least one pass); the best mean wins. How many passes fit depends on the machine."""
        deadline = time.perf_counter() + seconds
        totals = dict.fromkeys(candidates, 0.0)
        while True:
            deal_seed = self.rng.getrandbits(64)
            for choice in candidates:
                totals[choice] += self.playout(game, seat, choice, deal_seed)
            if time.perf_counter() >= deadline:
                break
        return max(candidates, key=lambda c: (totals[c], -candidates.index(c)))

    def playout(self, game, seat: int, choice, deal_seed: int) -> float:
        """Play `choice` for `seat` now and greedy moves after it, on a copy of `game` whose piles are
        shuffled from `deal_seed`; the value of the finished game for `seat`."""
        self.playouts += 1
        players = len(game.players)
        policies = [GreedyPolicy() for _ in range(players)]
        policies[seat] = _Forced(choice)
        sim = clone_game(game, policies)
        shuffle = random.Random(deal_seed).shuffle
        for pile in sim.piles:
            pile.sort()  # from what is known (which tiles remain), never from the real order
            shuffle(pile)
        finish_from(sim, seat)
        report = score_game(sim.rules, sim.record(), explain=False, lines=False)
        return playout_value(report, seat)

    # ---- everything else: the greedy policy's choices -----------------------------------------------------

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


class _Forced(GreedyPolicy):
    """Greedy, except that its first take is the one under test."""

    def __init__(self, choice):
        super().__init__()
        self.first = choice

    def choose_take(self, game, me, slots, gods):
        if self.first is None:
            return super().choose_take(game, me, slots, gods)
        choice, self.first = self.first, None
        self.note_take(game, choice)
        return choice


def playout_value(report, seat: int) -> float:
    me = report.players[seat]
    best_other = max((p.total for i, p in enumerate(report.players) if i != seat), default=me.total)
    share = 1.0 / len(report.winners) if me.winner and report.winners else 0.0
    return share + MARGIN_WEIGHT * (me.total - best_other)


def clone_game(game, policies):
    """A copy of `game` to play on, with other policies and no recorder. What never changes during play (the
    rule set, its tables, the setup, the tile parameters) is shared, not copied."""
    tables = game.tables
    shared = [game.rules, tables, game.setup, game.variant, game.rules.board, game.options, *tables.t_params,
              *game.policies]
    memo = {id(x): x for x in shared}
    memo[id(game.rec)] = None  # also maps None to None, which is what it is
    sim = copy.deepcopy(game, memo)
    sim.policies = list(policies)
    return sim


def finish_from(game, seat: int) -> None:
    """Play the rest of the game from the start of `seat`'s turn in the current round (the turn order of
    `Game.play`: every seat once per round, seat 0 first)."""
    n = len(game.players)
    for s in range(seat, n):
        game.turn(s)
    rounds = game.tables.rounds
    while game.round < rounds:
        game.round += 1
        for s in range(n):
            game.turn(s)
    game.finished = True
