"""Which compiled scoring clauses depend on their tile alone (and the values of its player's rules).

A clause whose handler and explanation read nothing but the tile's own printed fields (its parameters, colour,
kind, level, stars, whether it is a desert, its place, and whether it is cancelled), and maybe the values its
player's rules give (`p.values`: the rule set's values, changed by a god's modifiers), scores the same line for
the same printed tile at the same place under the same values, in every game. The scorer remembers such lines
(scoring.py), which spares most of a batch's work: a game's deserts, Sacred Stones, Villages and Temples are such
tiles. The test is made on the generated Python itself, so it holds for whatever the expression compiler writes:
no read of the game (`g`), nothing else of the player, no other field of the tile (what it scored, whether it
was validated), and neither handed whole to a helper (which might read anything of it).
"""

from __future__ import annotations

import ast

_OWN = {
    "t": frozenset({"params", "color", "kind", "level", "stars", "desert", "cancelled", "pos"}),
    "p": frozenset({"values"}),
}


def reads_only_its_tile(functions: list[str]) -> bool:
    """True when every one of `functions` (source text of handlers taking `g, p, t, trace=None`) reads nothing
    but the tile's own fields and the player's values."""
    for source in functions:
        tree = ast.parse(source)
        bases = {id(node.value) for node in ast.walk(tree)
                 if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)}
        if not all(_reads_its_tile_alone(node, bases) for node in ast.walk(tree)):
            return False
    return True


def _reads_its_tile_alone(node: ast.AST, bases: set[int]) -> bool:
    """False for a read of the game, of another field of the tile or the player, or of either whole."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in _OWN:
        return node.attr in _OWN[node.value.id] and isinstance(node.ctx, ast.Load)
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
        return node.id != "g" and (node.id not in _OWN or id(node) in bases)
    return True
