"""The flat search (`flat`), `mcts` before issue 33: flat Monte Carlo over the take, with determinized piles and
greedy rollouts. Kept to measure the tree search against (bench/bench_ladder.py).

At each take the policy ranks the options with the greedy policy's one-ply values and keeps the best few
(`width` display tiles and every god on offer). It then plays each candidate out to the end of the game many
times and keeps the one whose playouts went best:

- **Hidden information** is the order of the face-down piles: each playout first shuffles every pile of a copy
  of the game (a *determinization*), so the search never reads the real order. Everything else is on the table.
- **Playouts** continue with the greedy policy for every seat (the searcher's own later turns too), which is cheap
  and plays sensible games, so a playout's result says something about the candidate.
- **The budget** is a number of playouts per decision (`flat:48`), all of it spent, by successive halving: the
  budget is split evenly over the ⌈log2 candidates⌉ rounds, each round's share dealt round-robin over the
  candidates still in (on deals they share, common random numbers), and the worse half dropped after each
  round. With fewer playouts than candidates only the best-ranked few are tried once. Play then depends only on
  the seed. A time budget (`flat:0.5s`, CPU seconds per decision) plays passes of one playout per candidate until
  the time is up: it adapts to the machine, and so is not reproducible.
- **Ties** (between candidates the greedy values alike, and between equal means) go to the seeded generator,
  never to a name or a slot's number. (Before issue 33 they went to the alphabet, so of identical gods the
  first by name was always taken.)
- **A playout's value** is the searcher's win share plus a small share of its margin over the best other player,
  so that among won (or lost) playouts a wider margin still counts.

Costs, placements, gains and exchanges follow the greedy policy, told which take the search chose.
"""

from __future__ import annotations

import random
import time

from orbis_dsl.engine.policy_greedy import GreedyFollower, GreedyPolicy
from orbis_dsl.engine.search import finish_from, playout_value
from orbis_dsl.runtime.scoring import score_game

DEFAULT_ROLLOUTS = 24  # playouts per decision
DEFAULT_WIDTH = 3  # display tiles kept as candidates, best by the greedy values


class FlatSearchPolicy(GreedyFollower):
    """Flat Monte Carlo search with successive halving (see the module's docstring)."""

    name = "flat"

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
        rng = self.rng.random
        slot_values = sorted(((v, rng(), c) for v, c in slot_values), key=lambda e: (-e[0], e[1]))
        ranked = slot_values[:self.width] + [(v, rng(), c) for v, c in god_values]
        ranked.sort(key=lambda e: (-e[0], e[1]))
        return [choice for _, _, choice in ranked]

    def _search(self, game, seat: int, candidates: list):
        self.decisions += 1
        if self.seconds is not None:
            return self._search_for(self.seconds, game, seat, candidates)
        alive = list(candidates[:self.rollouts])  # at least one playout each
        totals = {c: 0.0 for c in alive}
        counts = {c: 0 for c in alive}
        rounds = max(1, (len(alive) - 1).bit_length())  # halvings until one is left
        budget = self.rollouts
        for r in range(rounds):
            # what is left, split over the rounds left (at least one playout for each candidate still in)
            share = min(budget, max(len(alive), budget // (rounds - r)))
            budget -= share
            if share == 0:
                break
            deals = [self.rng.getrandbits(64) for _ in range(-(-share // len(alive)))]
            for i in range(share):
                choice = alive[i % len(alive)]
                totals[choice] += self.playout(game, seat, choice, deals[i // len(alive)])
                counts[choice] += 1
            # best mean first; among equals, the generator's order
            order = {c: self.rng.random() for c in alive}
            alive.sort(key=lambda c: (-totals[c] / max(1, counts[c]), order[c]))
            if r < rounds - 1:
                alive = alive[:max(1, len(alive) // 2)]
        return alive[0]

    def _search_for(self, seconds: float, game, seat: int, candidates: list):
        """Flat Monte Carlo against the clock: one playout per candidate on a shared deal, again and again, until
        the time is up (at least one pass); the best mean wins. How many passes fit depends on the machine."""
        deadline = time.process_time() + seconds
        totals = dict.fromkeys(candidates, 0.0)
        while True:
            deal_seed = self.rng.getrandbits(64)
            for choice in candidates:
                totals[choice] += self.playout(game, seat, choice, deal_seed)
            if time.process_time() >= deadline:
                break
        order = {c: self.rng.random() for c in candidates}
        return max(candidates, key=lambda c: (totals[c], order[c]))

    def playout(self, game, seat: int, choice, deal_seed: int) -> float:
        """Play `choice` for `seat` now and greedy moves after it, on a copy of `game` whose piles are
        shuffled from `deal_seed`; the value of the finished game for `seat`."""
        self.playouts += 1
        players = len(game.players)
        policies = [GreedyPolicy() for _ in range(players)]
        policies[seat] = _Forced(choice)
        sim = game.clone(policies)
        shuffle = random.Random(deal_seed).shuffle
        for pile in sim.piles:
            pile.sort()  # from what is known (which tiles remain), never from the real order
            shuffle(pile)
        finish_from(sim, seat)
        report = score_game(sim.rules, sim.record(), explain=False, lines=False)
        return playout_value(report, seat)


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
