"""A verdict on new or changed gods, as soon as the games allow it: stronger than the field, weaker, or within
±5 points (`orbis balance PACK`).

A god's strength here is its holder's win rate minus the fair rate (1 / players), in points: the field's
average, since the holders' rates average to the fair rate. Each game in which the god is taken gives one
observation, the holder's win share (1/k for a win shared by k). Games are independent, so these are
independent draws of a number in [0, 1], whose mean is the god's win rate.

**Anytime-valid confidence sequences.** A fixed-sample interval may not be looked at after every batch: stopping
the first time it excludes a value makes that value rejected far more often than 5 % of the time. A confidence
sequence covers the mean at every number of games at once, so the run may stop the first time it says enough.
This one is Robbins' normal mixture for sub-Gaussian sums (Howard, Ramdas, McAuliffe and Sekhon 2021, eq. 14):
a variable in [0, 1] is sub-Gaussian with variance factor σ² = 1/4 (Hoeffding), and with probability at least
1 - α, for every t at once,

    |S_t - t μ| < sqrt((t σ² + ρ) · (log(1 + t σ² / ρ) + 2 log(2 / α)))

(each side at α / 2). ρ = 10 makes it tightest at about 40 observations, where a clearly strong or weak god is
decided. With k gods judged at once, each gets α / k (Bonferroni), so all k verdicts hold together with
probability 95 %.

**The verdict** is given the first time the interval of the god's edge over the field
- lies inside (-5, +5) points: *within ±5 points*;
- or lies wholly above 0: *stronger* than the field (or wholly below 0: *weaker*).
When both hold, the line says both ("within ±5 points of the field, though stronger").
Games are played in batches of `BATCH` in game order and the sequences are looked at after each batch, so the
games used, and the verdict, do not depend on the number of processes. A god not decided within the budget
gets its interval, "undecided", and a guess of how many more games would decide it at its pace so far.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable

import attrs

ALPHA = 0.05
SIGMA2 = 0.25  # a variable in [0, 1] is sub-Gaussian with this variance factor
RHO = 10.0  # the mixture's width: tightest at about RHO / SIGMA2 observations
MARGIN = 0.05  # "within ±5 points"
BATCH = 20  # games between two looks


def cs_radius(t: int, alpha: float, sigma2: float = SIGMA2, rho: float = RHO) -> float:
    """Half-width of the two-sided confidence sequence for a mean of `t` observations (anytime-valid)."""
    if t <= 0:
        return math.inf
    v = t * sigma2
    return math.sqrt((v + rho) * (math.log(1 + v / rho) + 2 * math.log(2 / alpha))) / t


@attrs.define
class GodVerdict:
    god: str
    fair: float
    alpha: float
    n: int = 0  # games in which the god was taken
    wins: float = 0.0
    decided_at: int | None = None  # games played when it was decided
    verdict: str | None = None  # 'stronger', 'weaker', 'within', or None (undecided)
    looked: int = 0  # games played at the last look

    def add(self, win: float) -> None:
        self.n += 1
        self.wins += win

    @property
    def edge(self) -> float:
        return self.wins / self.n - self.fair if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The edge's anytime-valid interval, clipped to what a win rate can be."""
        if not self.n:
            return -self.fair, 1 - self.fair
        r = cs_radius(self.n, self.alpha)
        return max(-self.fair, self.edge - r), min(1 - self.fair, self.edge + r)

    def look(self, games: int) -> None:
        if self.verdict is not None:
            return
        self.looked = games
        if not self.n:
            return
        low, high = self.interval
        if low > -MARGIN and high < MARGIN:
            self.verdict = "within"
        elif low > 0:
            self.verdict = "stronger"
        elif high < 0:
            self.verdict = "weaker"
        if self.verdict is not None:
            self.decided_at = games

    def games_to_decide(self) -> int | None:
        """About how many more games would decide an undecided god, if its edge and the share of the games in which
        it is held stay as they are so far (None when it is decided or was never held). The interval decides once
        its half-width is under the larger of |edge| (stronger or weaker) and 5 points less |edge| (within ±5),
        so at least 2.5 points: about 5,000 held games at the most."""
        if self.verdict is not None or not self.n or not self.looked:
            return None
        edge = abs(self.edge)
        needed = max(edge, MARGIN - edge)
        low, high = self.n, self.n
        while cs_radius(high, self.alpha) >= needed:  # the radius falls as held games grow: double, then halve
            low, high = high, 2 * high
        while high - low > 1:
            mid = (low + high) // 2
            low, high = (low, mid) if cs_radius(mid, self.alpha) < needed else (mid, high)
        return max(BATCH, math.ceil((high - self.n) * self.looked / self.n))

    def line(self) -> str:
        low, high = self.interval
        pts = f"{100 * self.edge:+.1f} points ({100 * low:+.1f} to {100 * high:+.1f})"
        rate = f"wins {self.wins / self.n:.1%} of {self.n} held" if self.n else "never taken"
        if self.verdict is None:
            more = self.games_to_decide()
            guess = f" (about {_rounded(more):,} more at this pace, if its edge holds)" if more else ""
            return f"{self.god}: undecided, {pts}; {rate}; more games would tell{guess}"
        inside = low > -MARGIN and high < MARGIN
        if self.verdict == "within":
            head = "within ±5 points of the field" + (", though stronger" if low > 0 else
                                                       ", though weaker" if high < 0 else "")
        else:
            head = f"{self.verdict} than the field" + (" (and within ±5 points)" if inside else "")
        return f"{self.god}: {head}, {pts}; {rate}; decided after {self.decided_at} games"


def _rounded(n: int) -> int:
    """`n` to two significant figures: a guess is not shown more exactly than it is."""
    if n < 100:
        return n
    step = 10 ** (len(str(n)) - 2)
    return round(n / step) * step


def judge(gods: list[str], players: int, play: Callable[[int, int], list[dict]], budget: int,
          progress: Callable[[int, list[GodVerdict]], None] | None = None) -> tuple[list[GodVerdict], int]:
    """Play batches of games (`play(start, count)` returns the results of games start.. start+count-1) until
    every god in `gods` has a verdict or `budget` games are played; (verdicts, games played)."""
    so_far: tuple[list[GodVerdict], int] = ([], 0)
    for step in judging(gods, players, play, budget, progress):
        so_far = step
    return so_far


def judging(gods: list[str], players: int, play: Callable[[int, int], list[dict]], budget: int,
            progress: Callable[[int, list[GodVerdict]], None] | None = None):
    """`judge` a batch at a time: yields (verdicts, games played) after each batch, so that a caller stopped
    midway (Ctrl-C) still has the verdicts so far. The confidence sequences are valid at any stopping time, so
    an undecided god's interval after an interruption means what it says. Each yield is a copy of the verdicts:
    a batch cut short while it was being counted leaves the last one as it was."""
    alpha = ALPHA / max(1, len(gods))
    verdicts = {g: GodVerdict(g, 1 / players, alpha) for g in gods}
    played = 0
    yield [copy.copy(v) for v in verdicts.values()], played
    while played < budget and any(v.verdict is None for v in verdicts.values()):
        count = min(BATCH, budget - played)
        for result in play(played, count):
            for p in result["players"]:
                v = verdicts.get(p["god"])
                if v is not None and v.verdict is None:
                    v.add(p["win"])
        played += count
        for v in verdicts.values():
            v.look(played)
        if progress is not None:
            progress(played, list(verdicts.values()))
        yield [copy.copy(v) for v in verdicts.values()], played


def pack_gods(compiled, base) -> list[str]:
    """The gods a compiled pack declares itself, new or replacing a base god (declared elsewhere than the base
    game's), in declaration order; `base` is the base game compiled."""
    if compiled is None or compiled.model is None:
        return []
    known = {name: god.file for name, god in base.model.gods.items()} if base is not None and base.model else {}
    return [name for name, god in compiled.model.gods.items() if known.get(name) != god.file]


def pack_god_marks(compiled, base) -> dict[str, str]:
    """`pack_gods` in their order, each with what the pack does to it: "new", or "changed" for a base god it
    replaces."""
    known = set(base.model.gods) if base is not None and base.model is not None else set()
    return {name: "changed" if name in known else "new" for name in pack_gods(compiled, base)}
