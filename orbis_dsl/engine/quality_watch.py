"""Watching a game as it is played, for the report's game-quality measures (Ludii's): who leads after each round,
and at each take how many options the player had and whether they differ in value.

- **The standing after each round** is `search_value.standing` with the greedy policy's weights (the search
  values its cut playouts by the same parts under each round's fitted weights, `estimate`): every player's CP if
  the game ended now, a share of the printed CP for a clause that may still come true, the god, the award measures
  and the realm. Scoring a partial record with the game's scorer instead
  costs about a third of a greedy game more; the estimate costs a few per cent, and it credits what a player is
  building, which is what "leading" means mid-game. The round with the leaders is recorded, nothing else.
- **Options per take** are the legal takes the engine offers (display tiles and gods). A take is a *decision
  move* when it has more than one option and the greedy values of its options span more than
  `DECISION_SPREAD` CP. The values are those the seat's own policy works out to choose (greedy, or the greedy
  evaluator of a search, read as it answers, so counting costs nothing); for a policy without such values
  (random) a greedy evaluator of the watch's own works them out.

Nothing here changes a choice: a watched game plays exactly as `Game.play` plays it (tests/engine/
test_game_quality.py plays both and compares the records).
"""

from __future__ import annotations

from orbis_dsl.engine.policy_greedy import GreedyPolicy
from orbis_dsl.engine.search_value import standing

DECISION_SPREAD = 1.0  # CP between the best and the worst option that make a take a decision
_TIE = 1e-9  # standings this close are a tie for the lead


class TakeCounts:
    """The takes of one game: how many, their options in all, and how many were decision moves."""

    __slots__ = ("decisions", "options", "takes")

    def __init__(self):
        self.takes = self.options = self.decisions = 0

    def to_json(self) -> dict:
        return {"takes": self.takes, "options": self.options, "decisions": self.decisions}


class WatchedPolicy:
    """A seat's policy, counting its takes (`TakeCounts`); every other choice goes to the policy as it is."""

    def __init__(self, inner, counts: TakeCounts):
        self._inner = inner
        self._counts = counts
        own = getattr(inner, "greedy", inner)
        self._judge = own if isinstance(own, GreedyPolicy) else GreedyPolicy(0)
        self._seen = None
        original = self._judge.take_values

        def spy(game, me, slots, gods):
            # the first valuation of a take is the one of every option (a search asks again, deeper, later)
            values = original(game, me, slots, gods)
            if self._seen is None:
                self._seen = values
            return values

        self._judge.take_values = spy
        for name in dir(inner):  # bound once: the engine asks for them every turn
            if name.startswith("choose_") and name != "choose_take":
                setattr(self, name, getattr(inner, name))

    def __getattr__(self, name):
        return getattr(self._inner, name)

    def choose_take(self, game, me, slots, gods):
        counts = self._counts
        options = len(slots) + len(gods)
        counts.takes += 1
        counts.options += options
        self._seen = None
        choice = self._inner.choose_take(game, me, slots, gods)
        if options > 1:
            slot_values, god_values = self._seen or self._judge.take_values(game, me, slots, gods)
            values = [v for v, _ in slot_values] + [v for v, _ in god_values]
            counts.decisions += max(values) - min(values) > DECISION_SPREAD
        return choice


def leaders(points: list[float]) -> list[int]:
    """The seats at the top of a standing (more than one on a tie)."""
    top = max(points)
    return [seat for seat, p in enumerate(points) if p >= top - _TIE]


def play_watched(game) -> tuple[list[list[int]], TakeCounts]:
    """Play `game` (fresh from its deal) to the end with `Game.play`, its policies watched: the leaders after
    every round, and the take counts."""
    counts = TakeCounts()
    game.policies = [WatchedPolicy(p, counts) for p in game.policies]
    by_round = []
    game.play(after_round=lambda played: by_round.append(leaders(standing(played))))
    return by_round, counts
