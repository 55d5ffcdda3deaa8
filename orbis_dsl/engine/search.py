"""The searching player (`mcts`): information-set Monte Carlo tree search over the searcher's own takes.

Orbis hides one thing, the order of the face-down piles; everything else is on the table. A decision's
*information set* is what the searcher knows: the table, and which tiles are still in the piles. The search
(Cowling, Powley and Whitehouse's single-observer ISMCTS, 2012) grows a tree whose nodes are the searcher's
information sets at its successive takes, and whose edges are takes, named by what is taken (a tile's id or a
god's name; a display slot would name different tiles in different deals). Each iteration:

1. **selects** the root's take with UCB1, counted by availability (a take that exists in only some deals is
   compared over the iterations in which it was open), widening progressively: at a node visited n times the
   1 + ⌊0.6 √n⌋ takes the greedy policy ranks highest are open (three at the default 24 iterations, as the flat
   search's three candidates; every legal take as the budget grows: all 14 of a full offer from 470 visits);
2. **determinizes**: copies the game and shuffles every pile from the seeded generator, never reading the real
   order. The deals are common: the k-th playout of every root take is played on the decision's k-th deal (the
   same pile order and playout seeds), so takes are compared on the same luck. What the playouts of a decision
   share is worked out once (the same games as working it out in each, tests/engine/test_search_reuse.py): a
   deal's pile order, and the root take's turn, which reads nothing of the piles until its slot is refilled
   from the playout's deal (`_after_root`);
3. below the root, selects and **expands** the same way, the takes ranked in each deal;
4. **plays out** with the playout policy (the greedy policy) in every seat, for at most `HORIZON` turns (7)
   of the whole table, ending on one of the searcher's takes, and at least to its second (`playout_turns`: the
   searcher's fourth take in 2-player games, its third in 3-player ones, its second in 4-player ones), or until
   the game ends. The playout policies share the tile values they work out, by what the handlers can read
   (`handler_key.py`), which changes no choice (tested);
5. **backs up** the playout's value for the searcher (`search_value.py`): a finished game's win share plus 0.02
   per CP of margin, or at the horizon the estimated final margin (the standing's parts, weighed as they were
   worth at the end of greedy games) as a win chance.

The budget is exact: `mcts:N` runs N iterations, so N playouts, per decision that has more than one option
(`SearchPolicy.playouts` counts them); `mcts:0.5s` iterates for that many seconds of the process's CPU
time (machine-dependent, so not reproducible; CPU time rather than the clock, so that two searchers on a loaded
machine get the same thinking each). The take played is the root's most visited, then best mean. Every tie
(between takes the greedy policy values alike, in selection, in the final choice) is broken by the policy's
seeded generator, never by a name or a slot's number, so identical gods are taken alike often. Costs,
placements, gains and exchanges follow the greedy policy, told which take the search chose.

Why 7 turns: in 160 2-player games against greedy (the same deals each), the searcher's second take (3 turns) won
78 % at 0.20 s of CPU a game and its fourth (7 turns) 89 % at 0.44 s; playouts to the end cost about twice that
again. A horizon counted in the searcher's takes grew with the players (13 turns in 4-player games), and a
4-player game searched in every seat cost 2.2-2.5 s; in 4-player games against greedy, 5 turns won as often as 13
(docs/performance.md, issue 33's fifth pass).

Why the greedy policy plays out, not the quick one that weighs only the three tiles a first look ranks highest
(`QuickGreedyPolicy`, the playouts until issue 33's fifth pass): the playouts model every seat, and the closer
the model the stronger the search; against greedy, playouts screening 1, 2, 3 and all 9 tiles won 76.5, 89-90,
91-93 and 94 % of the same 100 2-player games (docs/performance.md). Since the playouts share their tile values
(`handler_key.py`), weighing all nine costs little more than weighing three.

The flat search this replaced is `flat` (`search_flat.py`).
"""

from __future__ import annotations

import math
import random
import time

from orbis_dsl.engine.policy_greedy import GreedyFollower, GreedyPolicy, process_table
from orbis_dsl.engine.search_value import final_value, finish_from, playout_value

__all__ = ["Node", "SearchPolicy", "clone_game", "finish_from", "playout_turns", "playout_value", "ranked_takes"]

DEFAULT_ROLLOUTS = 24  # iterations (so playouts) per decision (see bench/bench_ladder.py for strength and speed)
EXPLORATION = 0.7  # UCB1's constant, for values of about 0 (a loss) to 1 (a win)
WIDENING = 0.6  # takes open at a node visited n times: 1 + floor(WIDENING * sqrt(n))
HORIZON = 7  # the most turns a playout plays (every seat's; None: to the end), see `playout_turns`


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
    share_values = True  # the playouts share their tile values (`handler_key`); False only to test that it is exact

    def __init__(self, seed=None, rollouts: int = DEFAULT_ROLLOUTS, seconds: float | None = None,
                 playout=GreedyPolicy, horizon: int | None = HORIZON):
        if rollouts < 1:
            raise ValueError(f"a search needs at least one rollout per decision, not {rollouts}")
        self.rng = random.Random(seed)
        self.rollouts = rollouts
        self.seconds = seconds
        self.horizon = horizon
        self.greedy = GreedyPolicy(seed)
        self.playout_policy = playout
        self.decisions = 0  # takes decided by a search (not forced), for speed figures
        self.playouts = 0
        self.turns = 0  # turns played in playouts, for speed figures (bench/bench_search.py)
        self._deals: list[int] = []  # the decision's deals: a root take's k-th playout is played on the k-th
        self._dealt: dict = {}  # k -> the k-th deal drawn: (the playout policies' seeds, the piles in its order)
        self._after: dict = {}  # root take -> the game after it, but for the refill of its slot (`_after_root`)
        self._sorted: list = []  # the decision's piles, sorted: what the searcher knows of them
        self._shared: dict = {}  # the decision's tile values, shared by its playouts (`handler_key`)
        self._table: dict = {}  # the process's tile values under the game's rules and options (`process_table`)
        self._pool: tuple | None = None  # (the playout policies, the walker), reused by every playout (`_policies`)

    # ---- the take: searched -----------------------------------------------------------------------------

    def choose_take(self, game, me, slots, gods):
        options = len(slots) + len(gods)
        choice = (slots[0] if slots else gods[0]) if options == 1 else self._search(game, me.seat, slots, gods)
        self.greedy.note_take(game, choice)
        return choice

    def _search(self, game, seat: int, slots, gods):
        self.decisions += 1
        self._deals = []
        self._dealt = {}
        self._after = {}
        self._sorted = [sorted(pile) for pile in game.piles]  # from what is known, never from the real order
        self._shared = {}
        self._table = process_table(game)
        root = Node()
        root.order = ranked_takes(self.greedy, game, game.players[seat], slots, gods, self.rng)
        if self.seconds is not None:
            deadline = time.process_time() + self.seconds
            while True:
                self.iterate(game, seat, root)
                if time.process_time() >= deadline:
                    break
        else:
            for _ in range(self.rollouts):
                self.iterate(game, seat, root)
        return _choice(game, self._best(root))

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
        first = _open_and_select(root, root.order, self.rng)
        seeds, piles = self._deal(root.stats[first][0], players)
        walker, policies = self._policies(seeds, seat, root, first)
        after, slot = self._after_root(game, seat, first)
        sim = after.clone(policies)
        if self.share_values:
            for policy in [*policies, walker.rollout]:
                _lend_values(policy, self._shared, self._table, sim)
        sim.piles = [list(pile) for pile in piles]
        if slot is not None:
            sim.refill(slot)  # the root take's slot, from this deal's piles
        walker.took_first()
        finish_from(sim, seat + 1, None if self.horizon is None else playout_turns(self.horizon, players) - 1)
        self.turns += sim.turns - game.turns
        value = final_value(sim, seat)
        for node, take in walker.path:
            node.visits += 1
            entry = node.stats[take]
            entry[0] += 1
            entry[1] += value
        return value

    def _policies(self, seeds: list, seat: int, root: Node, first) -> tuple:
        """(the searcher's walker, every seat's policy) for one iteration, seeded from the deal. The greedy policy
        holds nothing from one game to the next but what it keys by the game it plays (its turn's memo, its
        table), so the same objects play every playout, seeded afresh: making six a playout cost a fortieth of a
        4-player search."""
        pool = self._pool
        reusable = isinstance(self.playout_policy, type) and issubclass(self.playout_policy, GreedyPolicy)
        if pool is None or len(pool[0]) != len(seeds) or not reusable:
            pool = self._pool = ([self.playout_policy(s) for s in seeds], _TreeWalker(self))
        else:
            for policy, s in zip(pool[0], seeds):
                policy.reseed(s)
        rollout, *policies = pool[0]
        walker = pool[1]
        walker.start(root, first, rollout)
        policies[seat] = walker
        return walker, policies

    def _deal(self, k: int, players: int) -> tuple:
        """The decision's k-th deal: (the seeds of the searcher's playout policy and of every seat's, the piles in
        the deal's order). Every root take's k-th playout is played on the same deal, so takes are compared on
        common deals; a deal is drawn once (from the decision's k-th seed, as every playout on it would draw it)."""
        dealt = self._dealt.get(k)
        if dealt is None:
            deals = self._deals
            while len(deals) <= k:
                deals.append(self.rng.getrandbits(64))
            deal = random.Random(deals[k])
            seeds = [deal.getrandbits(32) for _ in range(players + 1)]
            piles = [list(pile) for pile in self._sorted]
            for pile in piles:
                deal.shuffle(pile)
            dealt = self._dealt[k] = (seeds, piles)
        return dealt

    def _after_root(self, game, seat: int, take) -> tuple:
        """(the game after the searcher's root take `take`, the slot it emptied or None), played once per take: a
        root take's turn reads nothing of the piles until the refill, which is left to each playout (its deal's
        tile); nothing after it in the turn (the exchanges, the realm limit) reads the display. The turn's other
        choices (cost, place, gains ...) are the greedy policy's, as in the playouts."""
        after = self._after.get(take)
        if after is None:
            forced = _ForcedTake(take)
            if self.share_values:
                forced.shared = self._shared
            sim = game.clone([forced if s == seat else None for s in range(len(game.players))])
            slot = None if type(take) is str else game.display.index(take[1])
            sim.piles = []  # the refill is the playout's
            sim.turn(seat)
            after = self._after[take] = (sim, slot)
        return after


def _lend_values(policy, shared: dict, table: dict, sim) -> None:
    """Give a playout policy the decision's shared tile values and the process's table of them for the game it
    plays (`GreedyPolicy._turn_memo` would look the table up for each new game: a copy of the game per playout,
    and the look-up, which writes out the options, cost a thirtieth of a 4-player search). A playout policy of
    another kind (a factory may make any) reads neither and is left as it is."""
    if isinstance(policy, GreedyPolicy):
        policy.shared = shared
        policy.lend_table(table, sim)


def playout_turns(horizon: int, players: int) -> int:
    """The turns a playout plays: it ends on one of the searcher's takes (the root's is the first turn), the last
    within `horizon` turns, and plays at least the searcher's second take, so that every other seat replies once."""
    return max(1, (horizon - 1) // players) * players + 1


def ranked_takes(greedy: GreedyPolicy, game, me, slots, gods, rng: random.Random) -> list:
    """Every legal take, best first by the greedy values, ties in the generator's order. A take is
    ('tile', tile id) or a god's name."""
    slot_values, god_values = greedy.take_values(game, me, slots, gods)
    ranked = [(v, rng.random(), ("tile", game.display[s])) for v, s in slot_values]
    ranked += [(v, rng.random(), name) for v, name in god_values]
    ranked.sort(key=lambda e: (-e[0], e[1]))
    return [take for _, _, take in ranked]


def _open_and_select(node: Node, order: list, rng: random.Random):
    """The node's open takes (the best ranked, widened with its visits), each counted available once more, and
    the one UCB1 selects among them."""
    open_takes = order[:1 + int(WIDENING * math.sqrt(node.visits))]
    stats = node.stats
    for take in open_takes:
        entry = stats.get(take)
        if entry is None:
            stats[take] = entry = [0, 0.0, 0]
        entry[2] += 1
    return _select(open_takes, stats, rng)


class _TreeWalker(GreedyPolicy):
    """The searcher's seat in one iteration: its takes follow the tree while the tree has a node for them
    (selecting, then expanding one node), and the greedy policy's afterwards and for every other choice. The
    root's take `first` is played before the walker takes a seat (`SearchPolicy._after_root`, then `took_first`)."""

    def __init__(self, search: SearchPolicy):
        super().__init__()
        self.search = search
        self.rollout: GreedyPolicy | None = None
        self.node: Node | None = None
        self.first = None
        self.path: list = []

    def start(self, root: Node, first, rollout) -> None:
        """A new iteration from `root`, whose take `first` is chosen; `rollout` plays the searcher's later takes."""
        self.rollout = rollout
        self.node = root
        self.first = first
        self.path = []

    def took_first(self) -> None:
        """The root's take was played (`SearchPolicy._after_root`): on to its node."""
        take, self.first = self.first, None
        self._descend(take)

    def _descend(self, take) -> None:
        node = self.node
        self.path.append((node, take))
        if node.stats[take][0] == 0:  # a take never tried here: the tree grows by one node, then the playout
            node.children[take] = Node()
            self.node = None
        else:
            child = node.children.get(take)
            if child is None:  # (made at its first try; no throwaway node a visit, as `setdefault` made)
                child = node.children[take] = Node()
            self.node = child

    def choose_take(self, game, me, slots, gods):
        node = self.node
        if node is None:  # the playout: the searcher's later takes as the other seats'
            choice = self.rollout.choose_take(game, me, slots, gods)
            self.note_take(game, choice)
            return choice
        search = self.search
        # below the root the display depends on the deal, so the takes are ranked in each
        take = _open_and_select(node, ranked_takes(self, game, me, slots, gods, search.rng), search.rng)
        self._descend(take)
        choice = _choice(game, take)
        self.note_take(game, choice)
        return choice



def _choice(game, take):
    """What the engine is told for `take`: a god by its name, a tile by the display slot it lies in now (a take
    names its tile, since a slot names different tiles in different deals)."""
    return take if type(take) is str else game.display.index(take[1])


class _ForcedTake(GreedyPolicy):
    """The searcher's root take, played once per take (`SearchPolicy._after_root`); the greedy policy's choices
    for the rest of the turn."""

    def __init__(self, take):
        super().__init__()
        self.take = take

    def choose_take(self, game, me, slots, gods):
        take = self.take
        choice = _choice(game, take)
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


def clone_game(game, policies):
    """A copy of `game` to play on, with other policies and no recorder (`Game.clone`)."""
    return game.clone(policies)
