"""What the rule set's handlers can read of a game at a turn, as a key: the search shares the tile values its
playout policies work out between playouts under it (`GreedyPolicy.shared`).

A handler sees the game view (every player's view: tiles with their places, order and cancellation, the god and
its values, the worshippers count the view was last told; the options and the board, fixed for a game) and, in
a policy's dry run (`EffectProbe`), the players' reductions, the display's worshippers and the realm. The key
holds all of these but the realm and the display, which the greedy policy's own key holds for the tiles whose
handlers can read them; the seat to move too, whose universe the value is for. Two states with the same key give
every handler the same answers, so a value worked out in one holds in the other
(tests/engine/test_search.py checks that sharing changes no game).
"""

from __future__ import annotations


def handler_key(game) -> tuple:
    parts = [game.seat]
    for p in game.players:
        parts.append(_player_part(p))
    return tuple(parts)


def _player_part(p) -> tuple:
    """One player's part of the key, kept on the player until something in it may have changed: every change of
    play to a player's universe moves one of the stamp's counts (a tile laid, a tile or the god cancelled, a
    reduction; the god and the worshippers count are in the stamp themselves)."""
    view = p.view
    stamp = (p.placed, p.cancels, p.god, p.god_cancelled, view.worshippers, p.reduced.count(True))
    kept = p.key_part
    if kept is None or kept[0] != stamp:
        kept = p.key_part = (stamp, (tuple(p.pc), tuple(p.tid), tuple(p.cancelled), tuple(p.reduced), p.god,
                                     p.god_cancelled, view.worshippers, tuple([t.pos for t in view.tiles])))
    return kept[1]
