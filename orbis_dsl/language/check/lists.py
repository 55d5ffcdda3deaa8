"""Stage 2, lists and players: the types of `count(X in LIST)`, `position(X in LIST)`, `distinct(LIST)` and `sum(EXPR
over players)`, with a located message for each mistake.

Functions of the checker's `Names` (check/state.py), as `env`; each `_e_` function is the check of one construct
(`expr.check_expr` hands it its nodes).
"""

from __future__ import annotations

from orbis_dsl.language.check.types import BOOL, INT, MAYBE_INT, UNKNOWN, ListOf, MemberOf, PieceOf, Type


def _list_fact(env, fact: str, ctx, span, construct: str) -> str | None:
    """What the list fact `fact` lists (a set or a family), or None after reporting why it is no list."""
    t = ctx.facts.get(fact)
    if t is None:
        lists = sorted(n for n, f in ctx.facts.items() if isinstance(f, ListOf))
        env.diags.append(env.unknown("list fact", fact, lists, span))
        return None
    if not isinstance(t, ListOf):
        env.error(f"'{construct}' reads a list fact (`list of …`), and '{fact}' is {env.words(t)}", span)
        return None
    return t.item


def _listed_item(env, e, ctx, construct: str) -> None:
    listed = _list_fact(env, e.fact, ctx, e.fact_span or e.span, construct)
    item = env.expr(e.item, ctx)
    if listed is not None and item not in (UNKNOWN, MemberOf(listed), PieceOf(listed)):
        env.error(f"'{e.fact}' lists {listed}, so '{construct}' needs one of them before 'in', but this is "
                  f"{env.words(item)}", e.item.span)


def _e_ListCount(env, e, ctx) -> Type:
    _listed_item(env, e, ctx, "count")
    return INT


def _e_Position(env, e, ctx) -> Type:
    _listed_item(env, e, ctx, "position")
    return MAYBE_INT  # none when the item is not in the list (or the record does not give it)


def _e_Distinct(env, e, ctx) -> Type:
    _list_fact(env, e.fact, ctx, e.fact_span or e.span, "distinct")
    return BOOL


def _e_PlayerSum(env, e, ctx) -> Type:
    # The summed expression reads each player's own facts and values: names resolve as for the player.
    env.expect(e.expr, ctx.evolve(over_players=True), INT, "what 'sum(… over players)' adds up")
    return INT


# The expression checks this module gives `expr.check_expr`, by the name of the node's class.
HANDLERS = {name[len("_e_"):]: check for name, check in list(globals().items()) if name.startswith("_e_")}
