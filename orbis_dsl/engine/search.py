"""The searching player (`mcts`): information-set Monte Carlo tree search over the searcher's own takes.

Orbis hides one thing, the order of the face-down piles; everything else is on the table. A decision's
*information set* is what the searcher knows: the table, and which tiles are still in the piles. The search
(Cowling, Powley and Whitehouse's single-observer ISMCTS, 2012) grows a tree whose nodes are the searcher's
information sets at its successive takes, and whose edges are takes, named by what is taken (a tile's id or a
god's name; a display slot would name different tiles in different deals). Each iteration:

1. **determinizes**: copies the game and shuffles every pile from the seeded generator, never reading the real
   order;
2. **selects** down the tree with UCB1, counted by availability (a take that exists in only some deals is
   compared over the iterations in which it was open), widening progressively: at a node visited n times the
   1 + ⌊1.5 √n⌋ takes the greedy policy ranks highest in this deal are open, so every legal take is considered
   as the budget grows (all 14 of a full offer from 76 visits);
3. **expands** one new node, the first take it tries there;
4. **plays out** to the end of the game with the greedy policy in every seat (the cheap policy), the other
   seats' turns between the searcher's tree nodes too;
5. **backs up** the playout's value for the searcher: its win share plus 0.02 per CP of margin over the best
   other player.

The budget is exact: `mcts:N` runs N iterations, so N playouts, per decision that has more than one option
(`SearchPolicy.playouts` counts them); `mcts:0.5s` iterates for that many seconds (machine-dependent, so not
reproducible). The take played is the root's most visited, then best mean. Every tie (between takes the greedy
policy values alike, in selection, in the final choice) is broken by the policy's seeded generator, never by
a name or a slot's number, so identical gods are taken alike often. Costs, placements, gains and exchanges
follow the greedy policy, told which take the search chose.

The flat search this replaced is `flat` (`search_flat.py`).
"""

from __future__ import annotations

import math
import random
import time

from orbis_dsl.engine.policy_greedy import GreedyFollower, GreedyPolicy, QuickGreedyPolicy
from orbis_dsl.runtime.scoring import score_game

DEFAULT_ROLLOUTS = 24  # iterations (so playouts) per decision (see bench/bench_ladder.py for strength and speed)
EXPLORATION = 0.7  # UCB1's constant, for values of about 0 (a loss) to 1 (a win)
WIDENING = 1.5  # takes open at a node visited n times: 1 + floor(WIDENING * sqrt(n))
MARGIN_WEIGHT = 0.02  # value of one CP of margin beside a win worth 1


class Node:
    """The searcher's information set at one of its takes: statistics per take (by what is taken)."""

    __slots__ = ("children", "order", "stats", "visits")

    def __init__(self):
        self.visits = 0
        self.stats: dict = {}  # take -> [visits, total value, availability]
        self.children: dict = {}  # take -> Node
        self.order: list | None = None  # at the root: every take, best first by the greedy values


class SearchPolicy(GreedyFollower):
    """Information-set MCTS (see the module's docstring)."""

    name = "mcts"

    def __init__(self, seed=None, rollouts: int = DEFAULT_ROLLOUTS, seconds: float | None = None,
                 playout=QuickGreedyPolicy):
        if rollouts < 1:
            raise ValueError(f"a search needs at least one rollout per decision, not {rollouts}")
        self.rng = random.Random(seed)
        self.rollouts = rollouts
        self.seconds = seconds
        self.greedy = GreedyPolicy(seed)
        self.playout_policy = playout
        self.decisions = 0  # takes decided by a search (not forced), for speed figures
        self.playouts = 0

    # ---- the take: searched -----------------------------------------------------------------------------

    def choose_take(self, game, me, slots, gods):
        options = len(slots) + len(gods)
        choice = (slots[0] if slots else gods[0]) if options == 1 else self._search(game, me.seat, slots, gods)
        self.greedy.note_take(game, choice)
        return choice

    def _search(self, game, seat: int, slots, gods):
        self.decisions += 1
        root = Node()
        root.order = ranked_takes(self.greedy, game, game.players[seat], slots, gods, self.rng)
        if self.seconds is not None:
            deadline = time.perf_counter() + self.seconds
            while True:
                self.iterate(game, seat, root)
                if time.perf_counter() >= deadline:
                    break
        else:
            for _ in range(self.rollouts):
                self.iterate(game, seat, root)
        take = self._best(root)
        return take if type(take) is str else game.display.index(take[1])

    def _best(self, root: Node):
        """The most visited take, then the best mean, then the generator's pick."""
        def key(item):
            _, (n, total, _) = item
            return n, total / n if n else 0.0, self.rng.random()
        return max(root.stats.items(), key=key)[0]

    def iterate(self, game, seat: int, root: Node) -> float:
        """One determinization, selection and expansion, playout and backup; the playout's value."""
        self.playouts += 1
        players = len(game.players)
        walker = _TreeWalker(self, root)
        policies = [self.playout_policy(self.rng.getrandbits(32)) for _ in range(players)]
        policies[seat] = walker
        sim = game.clone(policies)
        shuffle = random.Random(self.rng.getrandbits(64)).shuffle
        for pile in sim.piles:
            pile.sort()  # from what is known (which tiles remain), never from the real order
            shuffle(pile)
        finish_from(sim, seat)
        value = playout_value(score_game(sim.rules, sim.record(), explain=False, lines=False), seat)
        for node, take in walker.path:
            node.visits += 1
            entry = node.stats[take]
            entry[0] += 1
            entry[1] += value
        return value


def ranked_takes(greedy: GreedyPolicy, game, me, slots, gods, rng: random.Random) -> list:
    """Every legal take, best first by the greedy values, ties in the generator's order. A take is
    ('tile', tile id) or a god's name."""
    slot_values, god_values = greedy.take_values(game, me, slots, gods)
    ranked = [(v, rng.random(), ("tile", game.display[s])) for v, s in slot_values]
    ranked += [(v, rng.random(), name) for v, name in god_values]
    ranked.sort(key=lambda e: (-e[0], e[1]))
    return [take for _, _, take in ranked]


class _TreeWalker(GreedyPolicy):
    """The searcher's seat in one iteration: its takes follow the tree while the tree has a node for them
    (selecting, then expanding one node), and the greedy policy's afterwards and for every other choice."""

    def __init__(self, search: SearchPolicy, root: Node):
        super().__init__()
        self.search = search
        self.rollout = search.playout_policy(search.rng.getrandbits(32))
        self.node: Node | None = root
        self.path: list = []

    def choose_take(self, game, me, slots, gods):
        node = self.node
        if node is None:  # the playout: the searcher's later takes as the other seats'
            choice = self.rollout.choose_take(game, me, slots, gods)
            self.note_take(game, choice)
            return choice
        search = self.search
        # the open takes: the best ranked, widened with the node's visits. The root's ranking is the same in every
        # deal; below it the display depends on the deal, so the takes are ranked in each.
        order = node.order if node.order is not None else ranked_takes(self, game, me, slots, gods, search.rng)
        open_takes = order[:1 + int(WIDENING * math.sqrt(node.visits))]
        stats = node.stats
        for take in open_takes:
            entry = stats.get(take)
            if entry is None:
                stats[take] = entry = [0, 0.0, 0]
            entry[2] += 1
        take = _select(open_takes, stats, search.rng)
        self.path.append((node, take))
        if stats[take][0] == 0:  # a take never tried here: the tree grows by one node, then the playout
            node.children[take] = Node()
            self.node = None
        else:
            self.node = node.children.setdefault(take, Node())
        choice = take if type(take) is str else game.display.index(take[1])
        self.note_take(game, choice)
        return choice


def _select(takes: list, stats: dict, rng: random.Random):
    """UCB1 by availability: an untried take first (the best ranked), else the highest bound (ties: rng)."""
    for take in takes:
        if stats[take][0] == 0:
            return take
    best, best_key = None, None
    for take in takes:
        n, total, available = stats[take]
        key = (total / n + EXPLORATION * math.sqrt(math.log(available) / n), rng.random())
        if best_key is None or key > best_key:
            best, best_key = take, key
    return best


def playout_value(report, seat: int) -> float:
    me = report.players[seat]
    best_other = max((p.total for i, p in enumerate(report.players) if i != seat), default=me.total)
    share = 1.0 / len(report.winners) if me.winner and report.winners else 0.0
    return share + MARGIN_WEIGHT * (me.total - best_other)


def clone_game(game, policies):
    """A copy of `game` to play on, with other policies and no recorder (`Game.clone`)."""
    return game.clone(policies)


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
