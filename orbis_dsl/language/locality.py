"""Which compiled scoring clauses depend on their tile alone.

A clause whose handler and explanation read nothing but the tile's own printed fields (its parameters, colour,
kind, level, stars, whether it is a desert, its place, and whether it is cancelled) scores the same line for the
same printed tile at the same place, in every game. The scorer remembers such lines (scoring.py), which spares
most of a batch's work: a game's Sacred Stones, Villages and Temples are such tiles. The test is made on the
generated Python itself, so it holds for whatever the expression compiler writes: no read of the game (`g`) or
the player (`p`), no other attribute of the tile (what it scored, whether it was validated), and the tile never
handed whole to a helper (which might read anything of it).
"""

from __future__ import annotations

import ast

_TILE_OWN = frozenset({"params", "color", "kind", "level", "stars", "desert", "cancelled", "pos"})


def reads_only_its_tile(functions: list[str]) -> bool:
    """True when every one of `functions` (source text of handlers taking `g, p, t, trace=None`) reads nothing
    but the tile's own fields."""
    for source in functions:
        tree = ast.parse(source)
        bases = {id(node.value) for node in ast.walk(tree)
                 if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)}
        if not all(_reads_its_tile_alone(node, bases) for node in ast.walk(tree)):
            return False
    return True


def _reads_its_tile_alone(node: ast.AST, bases: set[int]) -> bool:
    """False for a read of the game or the player, of another field of the tile, or of the tile whole."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "t":
        return node.attr in _TILE_OWN and isinstance(node.ctx, ast.Load)
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
        return node.id not in ("g", "p") and (node.id != "t" or id(node) in bases)
    return True
