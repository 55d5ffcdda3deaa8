"""Stage 2, `X is most|fewest among players`: X is worked out for each player in turn (docs/language.md, Among
players), so it must be a number of the player's. In a tile's clause, or about a counted tile, X may read that
tile (its fields, its parameters, its neighbours or supports): each other player has no such tile, and the
scorer would compare it with whatever tile lies at the same place in their pyramid. This finds the part of X
that reads a tile, to refuse it there.
"""

from __future__ import annotations

from orbis_dsl.language.check.names import Context
from orbis_dsl.language.check.types import TILE
from orbis_dsl.language.syntax import ast_expr
from orbis_dsl.language.syntax.ast_walk import children

_SCANS = (ast_expr.Count, ast_expr.Aggregate)
_AROUND = ("neighbours", "supports")


def tile_part(e, ctx: Context):
    """(the first part of `e` that reads the tile a clause scores or a `where` counts, or the let using it that
    `e` names; what that tile is, in words), or None when `e` is the player's alone."""
    # (node, its context, inside a scan of its own, lets followed, the let of `e` it is part of)
    stack = [(e, ctx, False, frozenset(), None)]
    seen: dict = {}  # each let followed once in one context (read twice, a second walk finds nothing new)
    while stack:
        entry = stack.pop()
        node = entry[0]
        if isinstance(node, ast_expr.Ref):
            found = _ref(entry, stack, seen)
        elif isinstance(node, _SCANS):
            found = _scan(entry, stack)
        elif isinstance(node, ast_expr.HeldCount):  # a list fact's pieces: no tile in it
            found = None
        else:
            _, here, inner, followed, via = entry
            stack.extend((item, here, inner, followed, via) for item in reversed(children(node)))  # popped in order
            found = None
        if found is not None:
            return found
    return None


def _ref(entry, stack: list, seen: dict):
    """A name: the tile itself, or a let followed (pushed on the stack) to what it stands for, once in each
    context: the walk is depth first, so the first read of a let is the one that would find a tile first."""
    node, here, inner, followed, via = entry
    binding = here.resolve(node.name)
    if binding is None:
        return None
    if binding.where == "self":
        return via or node, "the tile being scored"
    if binding.where == "item" and not inner:
        return via or node, "the tile being counted"
    key = (node.name, id(here), inner)
    if binding.what == "let" and node.name not in followed and key not in seen:  # a let means its expression here
        seen[key] = here  # (kept: its id stays its own)
        stack.append((binding.target, here, inner, followed | {node.name}, via or node))
    return None


def _scan(entry, stack: list):
    """A count or an aggregate: over a tile's neighbours or supports it reads that tile; over tiles its `where`
    is read (pushed on the stack) about the counted tile; over players, its parts are read as they are."""
    node, here, inner, followed, via = entry
    if node.scope in _AROUND and not inner:
        return via or node, ("the tile being counted" if here.in_item else "the tile being scored")
    if node.scope != "players":
        binder = getattr(node, "binder", None)
        if node.where is not None and isinstance(binder, ast_expr.Ref):
            # the counted tile named: its fields (`n.color`) are its own, bare names the outer subject's
            stack.append((node.where, here.bound(binder.name, TILE), inner, followed, via))
        elif node.where is not None:
            stack.append((node.where, here.item_scope(), True, followed, via))
        return None
    stack.extend((item, here, inner, followed, via) for item in reversed(children(node)))  # popped in order
    return None
