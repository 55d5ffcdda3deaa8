"""Who makes the choices: the `Policy` interface, with legal and dull defaults, and the helpers policies share.

Every method receives the `Game` (read-only for a policy) and the `PlayerState` of the player to move. Colours
are indices into `game.tables.colors`, board positions indices into `rules.board`, display slots 0-based. The
engine checks every answer and raises `IllegalMove` on a wrong one.

The policies themselves: `policy_random.py`, `policy_greedy.py`, `search.py` (mcts), `search_flat.py` (flat); by
name: `policy_names.py`.
"""

from __future__ import annotations

from operator import itemgetter


class Policy:
    """The choices of one player. Subclasses override what they decide; these defaults are legal and dull."""

    name = "policy"

    def choose_take(self, game, me, slots: list[int], gods) -> int | str:
        """A display slot (int) to take a region tile, or a god's name. `slots` is empty when a god is forced."""
        return slots[0] if slots else gods[0]

    def choose_cost(self, game, me, tile: int, fixed: list[int], nany: int, up: list[int], opened: list[int]):
        """Pay the tile's cost (the colours given for its `nany` multicoloured squares) or None to turn it into
        a desert. `fixed` are the coloured squares due (reductions waived); `up` the places a face-up tile may
        go, `opened` those a desert may go. Asked only when the tile is affordable and has a legal place."""
        return take_from(me.realm, fixed, nany, most_first=True)

    def choose_place(self, game, me, tile: int, positions: list[int]) -> int:
        """Where the tile (-1 for a desert) goes, among `positions`."""
        return positions[0]

    def choose_gain(self, game, me, count: int) -> list[int]:
        """Colours of `count` worshippers gained from the aether ('gain N any')."""
        return [fewest(me.realm) for _ in range(count)]

    def choose_effect_pay(self, game, me, count: int, colour: int | None):
        """Give `count` worshippers (of `colour`, or any when None) for an effect, or None to refuse."""
        if colour is not None:
            return [colour] * count
        return take_from(me.realm, [], count, most_first=True)

    def choose_destroy(self, game, me, count: int, colour: int, here: list[tuple[int, int]]):
        """Which display slots to destroy `count` worshippers of `colour` from (one slot per worshipper),
        or None to refuse. `here` lists (slot, how many of that colour)."""
        out = []
        # the most first, of equal counts the first listed (a sort is stable, reversed too; a key in C)
        for slot, n in sorted(here, key=itemgetter(1), reverse=True):
            take = min(n, count - len(out))
            out.extend([slot] * take)
            if len(out) == count:
                break
        return out

    def choose_discard(self, game, me, count: int) -> list[int]:
        """Colours of the `count` worshippers to discard down to the realm limit."""
        return take_from(me.realm, [], count, most_first=True)

    def choose_exchange(self, game, me, moment: str):
        """(colour given, colours received) for one exchange, or None. Asked repeatedly at the moments
        'pay' (before paying a cost), 'effect' (before an effect's payment) and 'end' (before the realm limit),
        while some colour has enough worshippers to give."""
        return None

    def game_over(self, game) -> None:
        """The game has ended (`Game.play`): a policy that keeps the game drops it here, so that the game and
        its policies, which hold each other, are freed when the last other reference goes rather than by the
        cycle collector (which otherwise ran about 23 times per 100 greedy games, docs/performance.md)."""


def take_from(realm, fixed, count, most_first=True) -> list[int]:
    """`count` worshippers from what is left of `realm` after `fixed`, from the most plentiful colours."""
    left = list(realm)
    for c in fixed:
        left[c] -= 1
    out = []
    for _ in range(count):
        if most_first:
            # the first colour holding the most: `index` finds the first, as `max` over the colours with the
            # count as key does, without a key call per colour (the greedy cost asks this about 26 times a game)
            best = left.index(max(left))
        else:
            best = min((c for c in range(len(left)) if left[c] > 0), key=left.__getitem__)
        left[best] -= 1
        out.append(best)
    return out


def fewest(realm) -> int:
    """The colour the realm holds fewest of (the first such)."""
    return min(range(len(realm)), key=realm.__getitem__)
