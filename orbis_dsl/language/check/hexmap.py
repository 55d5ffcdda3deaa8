"""Stage 2, hex maps: the `hexmap` declaration, facts of cells on it, and `largest group(…)`.

Functions of the checker's `Names` (check/state.py), as `env`; the `_e_` functions are the expression checks of
`size(…)` and `largest group(…)`.
"""

from __future__ import annotations

from orbis_dsl.common.colours import SHOWN
from orbis_dsl.common.diagnostics import unknown
from orbis_dsl.language.check.types import BOOL, INT, MAYBE_INT, UNKNOWN, MemberOf, Type
from orbis_dsl.language.syntax import ast_expr, ast_sheet

# Fact types read against the rule set's hex map: a list of cells, a list of crossings (pairs of cells).
MAP_FACT_TYPES = ("cells", "crossings", "waters")


def check_hexmap(env, decl: ast_sheet.HexMapDecl | None) -> None:
    if decl is None:
        return
    if decl.water is None or len(decl.water) != 1 or decl.water.isspace():
        env.error("a hexmap needs its water symbol, one character: `water \".\"`", decl.span)
    if not decl.rows:
        env.error("a hexmap needs at least one row: `row A: \"U S . G\"`", decl.span)
    labels: set[str] = set()
    for label, symbols in decl.rows:
        if label in labels:
            env.error(f"row '{label}' is listed twice", decl.span)
        labels.add(label)
        cells = symbols.split()
        if not cells:
            env.error(f"row '{label}' has no cells", decl.span)
        for symbol in cells:
            if len(symbol) != 1:
                env.error(f"row '{label}': '{symbol}' is not one character; separate the cells with spaces",
                          decl.span)
                break
    _player_colors(env, decl)


def _player_colors(env, decl: ast_sheet.HexMapDecl) -> None:
    """`player colors by VALUE: …`: a declared value picks the colour; every colour is one the views can draw."""
    if not decl.player_colors:
        return
    value, colours = decl.player_colors
    if value not in env.values:
        env.diags.append(unknown("value", value, sorted(env.values), decl.colors_span or decl.span))
    for colour in colours:
        if colour not in SHOWN:
            env.diags.append(unknown("colour to draw", colour, sorted(SHOWN), decl.colors_span or decl.span))


def member_list_fact(env, decl: ast_sheet.FactDecl) -> None:
    """`list of SET`: a list of the set's members (no flag: a member is listed or not)."""
    if decl.type.choices[1]:
        env.error(f"only a list of held pieces has a flag; '{decl.type.choices[0]}' is a set", decl.type.span)
    if decl.per is not None:
        env.error("a list of set members is given once, not per member of a set", decl.span)


def map_fact(env, decl: ast_sheet.FactDecl) -> None:
    """A fact of cells or crossings: it needs the map (the checker refuses a range on anything but a number)."""
    if env.hexmap is None:
        env.error(f"a fact of {decl.type.name} needs a `hexmap` to name the cells of", decl.type.span)


def _e_Size(env, e: ast_expr.Size, ctx) -> Type:
    target = e.target
    name = target.name if isinstance(target, (ast_expr.Ref, ast_expr.Index)) else None
    fact = env.facts.get(name) if name else None
    if fact is None or fact.type.name not in (*MAP_FACT_TYPES, "list"):
        listed = [n for n, f in env.facts.items() if f.type.name in (*MAP_FACT_TYPES, "list")]
        env.error("'size' counts the items of a list fact (cells, crossings, set members or held pieces)", e.span,
                  hint="the list facts: " + ", ".join(listed) if listed else None)
        return UNKNOWN
    if isinstance(target, ast_expr.Index):
        if fact.per is None:
            env.error(f"'{name}' is not given per member of a set", target.span)
            return UNKNOWN
        key = env.expr(target.key, ctx)
        if key not in (UNKNOWN, MemberOf(fact.per)):
            env.error(f"'{name}' is given per member of {fact.per}", target.key.span,
                      hint="expected one of: " + ", ".join(env.sets.get(fact.per, ())))
    return MAYBE_INT


def _e_LargestGroup(env, e: ast_expr.LargestGroup, ctx) -> Type:
    fact = env.facts.get(e.fact)
    if fact is None:
        env.diags.append(unknown("fact", e.fact, [n for n, f in env.facts.items()
                                                  if f.type.name == "cells"], e.span))
    elif fact.type.name != "cells":
        env.error(f"'largest group' needs a fact of cells, and '{e.fact}' is of {fact.type.name}", e.span)
    _links(env, e.links, ctx)
    _links(env, e.parts, ctx)
    if e.between:
        members = env.sets.get(fact.per, ()) if fact is not None and fact.per else ()
        if fact is not None and not fact.per:
            env.error(f"'by span between' needs a fact of cells per member of a set, and '{e.fact}' is not",
                      e.span)
        for member in e.between if members else ():
            if member not in members:
                env.diags.append(unknown(f"member of {fact.per}", member, members, e.span))
    return MAYBE_INT


def _links(env, links, ctx) -> None:
    """The links of a `largest group(…)` (or of its `by parts(…)`): each once, each fact of the right type."""
    kinds = [link.kind for link in links]
    for link in links:
        if kinds.count(link.kind) > 1 and link.kind not in ("joined", "beside"):
            env.error(f"the link '{link.kind}' is given twice", link.span)
        if link.kind in ("joined", "beside"):
            want, words = ("crossings", "joined by") if link.kind == "joined" else ("waters", "beside")
            joined = env.facts.get(link.fact)
            if joined is None:
                env.diags.append(unknown("fact", link.fact, [n for n, f in env.facts.items()
                                                             if f.type.name == want], link.span))
            elif joined.type.name != want:
                env.error(f"'{words}' needs a fact of {want}, and '{link.fact}' is of "
                          f"{joined.type.name}", link.span)
        if link.reach is not None:
            env.expect(link.reach, ctx, INT, "a reach")
        if link.cond is not None:
            env.expect(link.cond, ctx, BOOL, f"the condition after '{'unless' if link.negate else 'if'}'")


# The expression checks this module gives `expr.check_expr`, by the name of the node's class.
HANDLERS = {name[len("_e_"):]: check for name, check in list(globals().items()) if name.startswith("_e_")}
