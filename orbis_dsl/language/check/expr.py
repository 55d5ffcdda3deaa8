"""Stage 2, expressions: the type of every expression, with a located message for each mistake.

Types are names: int, int? (a number that may be none: a max or min of no tiles, a tile's level), bool, color,
kind, star, string, colors, kinds, stars, amount; '?' after an error, so one mistake is reported once.

`check_expr(env, e, ctx)` checks one expression against the checker's `Names` (check/state.py), `env`: it hands
the node to the `_e_` function of its class, here or in `lists`, `scope_forms` and `hexmap`.
"""

from __future__ import annotations

from orbis_dsl.common.diagnostics import did_you_mean
from orbis_dsl.language.check import hexmap, lists, scope_forms
from orbis_dsl.language.check.among import tile_part
from orbis_dsl.language.check.functions import argument_type, call_type
from orbis_dsl.language.check.names import Context, held_names
from orbis_dsl.language.check.scope_forms import (
    ambiguous_read,
    ambiguous_ref,
    bound_scope,
    constant_compare,
    given_by,
    shown_given,
)
from orbis_dsl.language.syntax import ast_expr


def _is_int(t: str) -> bool:
    return t in ("int", "int?")


def _optional_int(fact) -> str:
    return "int?" if fact.type.optional else "int"


WORDS = {"int": "a number", "int?": "a number (or none)", "bool": "a yes/no condition", "color": "a colour",
         "kind": "a tile piece", "star": "a tile mark", "string": "a string", "colors": "a set of colours",
         "kinds": "a set of tile pieces", "stars": "a set of tile marks", "amount": "an amount like '2 red'",
         "cells": "a list of cells", "crossings": "a list of crossings", "waters": "a list of water cells",
         "color?": "a colour (or none)", "colors?": "a set of colours (or none)",
         "amount?": "an amount (or none)", "ints": "a list of numbers", "strings": "a list of strings"}


def words(t: str, vocabulary=None) -> str:
    """A type in plain words, for messages; in the game's own nouns when its `vocabulary` is given (Orbis: 'a
    kind', not 'a tile piece')."""
    family = getattr(vocabulary, "tile_family", None)
    if family and t.rstrip("?") in ("kind", "kinds"):
        return f"a {family}" if t.rstrip("?") == "kind" else f"a set of {family}s"
    if t.startswith("member:"):
        return f"a member of {t[len('member:'):].rstrip('?')}" + (" (or none)" if t.endswith("?") else "")
    if t.startswith("per:"):
        return f"a value per member of {t[len('per:'):]}"
    if t.startswith("list:"):  # `list of NAME`: members of a set or held pieces of a family
        return f"a list of {t[len('list:'):]}"
    if t.startswith("piece:"):
        return f"a {t[len('piece:'):]}"
    return WORDS.get(t, t)


def check_expr(env, e, ctx: Context) -> str:
    """Check an expression; return its type name ('?' after an error, so one mistake is reported once)."""
    if ctx.subject == "players" and ambiguous_read(env, e, ctx):
        return "?"
    got = _HANDLERS[type(e).__name__](env, e, ctx)
    if env.reuse is not None and id(e) in env.reuse.arguments:
        argument_type(env, e, got)  # a function's argument, against its parameter (check/functions.py)
    if got.endswith("?") and shown_given(env, e, ctx):
        return got[:-1]  # `x is given and … x …`: here x has a value
    return got


def expect(env, e, ctx: Context, want: str, what: str, none_ok: bool = True) -> None:
    """Check that `e` has type `want`; a number that may be none passes only where `none_ok`."""
    got = env.expr(e, ctx)
    if got == "?" or got == want or (want == "int" and got == "int?" and none_ok):
        return
    if want == "int" and got == "int?":
        env.error(f"{what} may have no value at all (a max or min of no tiles, or an optional parameter): "
                  f"compare it instead, e.g. `… >= 1`", e.span)
        return
    if got == want + "?":
        env.error(f"{what} may have no value at all (an optional parameter, which a tile may leave as none): "
                  "drop the '?'", e.span)
        return
    env.error(f"{what} must be {env.words(want)}, but this is {env.words(got)}", e.span)


def _e_Call(env, e, ctx):
    return call_type(env, e, ctx)  # a call too large to write out (check/expand.py)


def _e_IntLit(env, e, ctx):
    return "int"


def _e_BoolLit(env, e, ctx):
    return "bool"


def _e_StrLit(env, e, ctx):
    return "string"


def _e_Ref(env, e, ctx):
    binding = ctx.resolve(e.name)
    family = env.vocabulary.tile_family
    if binding is None and e.name == family and ctx.self_kind == "tile" and not ctx.in_item:
        # (not "unknown name 'kind' … did you mean 'kind'?": the tile's own piece is known, and fixed)
        env.error(f"a {family}'s own clause does not ask its '{family}': every tile it scores is of this "
                  f"{family}", e.span,
                  hint=f"ask it of other tiles: count(neighbours where {family} = …)")
        return "?"
    if binding is None:
        env.diags.append(env.unknown("name", e.name, ctx.visible_names, e.span))
        return "?"
    if binding.what == "bound" and binding.type == "tile":
        field = "color" if "color" in env.vocabulary.tile_fields else "…"
        env.error(f"'{e.name}' is the counted tile: name one of its fields, like `{e.name}.{field}`", e.span)
        return "?"
    if ctx.subject is not None and ambiguous_ref(env, e, binding, ctx):
        return "?"
    if binding.what == "field" and binding.target == "validated" and not ctx.allow_validated:
        env.error(f"'{e.name}' cannot be used here: a tile's own scoring decides it", e.span)
        return "?"
    if binding.what == "let":
        if e.name in ctx.later:
            _let_below(env, e, ctx.later[e.name])
            return "?"
        # Checked once where it is defined: a mistake in it is reported once, not at every use.
        known = env.let_types.get(id(binding.target))
        return known if known is not None else env.expr(binding.target, ctx)
    if binding.type.startswith("per:"):
        members = env.sets.get(binding.type[len("per:"):], ())
        example = f"{e.name}[{members[0]}]" if members else f"{e.name}[…]"
        env.error(f"'{e.name}' is given once per member of {binding.type[len('per:'):]}: say which, "
                  f"like {example}", e.span)
        return "?"
    return binding.type


def _let_below(env, e, declared) -> None:
    """A let used above its declaration, or in its own (`declared` None): docs/language.md has a let usable
    after it."""
    if declared is None:
        env.error(f"'{e.name}' is used in its own definition; a let is usable after it", e.span)
        return
    where = (f"{declared.line}:{declared.column}" if e.span is not None and declared.file == e.span.file
             else f"{declared.file}:{declared.line}:{declared.column}")
    env.error(f"'{e.name}' is declared below, at {where}; a let is usable after it", e.span,
              hint=f"move 'let {e.name} = …' above this line")


def _e_Index(env, e, ctx):
    binding = ctx.resolve(e.name)
    if binding is None:
        env.diags.append(env.unknown("fact", e.name, sorted(ctx.facts), e.span))
        env.expr(e.key, ctx)
        return "?"
    if not binding.type.startswith("per:"):
        env.error(f"'{e.name}' is {env.words(binding.type)}, not a fact given per member of a set", e.span)
        return "?"
    set_name = binding.type[len("per:"):]
    key = env.expr(e.key, ctx)
    if key not in ("?", "member:" + set_name):
        env.error(f"'{e.name}' is given per member of {set_name}, but this is {env.words(key)}", e.key.span,
                  hint="expected one of: " + ", ".join(env.sets.get(set_name, ())))
    fact = env.facts.get(e.name)
    if fact is not None and fact.type.name == "cells":
        return "cells"
    return "int" if fact is None else _optional_int(fact)


def _e_AwardRef(env, e, ctx):
    if e.name not in ctx.awards:
        env.diags.append(env.unknown("award", e.name, sorted(ctx.awards), e.span))
    elif not ctx.allow_awards:
        env.error(f"'award {e.name}' is known only once the awards are handed out: use it in a 'score'",
                  e.span)
    return "int"


def _e_Prior(env, e, ctx):
    if e.name != "total" and e.name not in ctx.scores:
        env.diags.append(env.unknown("score", e.name, ["total", *sorted(ctx.scores)], e.span))
    elif not env.rounds:
        env.error(f"'prior {e.name}' is the round before's: the rule set declares no 'rounds'", e.span)
    return "int?"


def _e_Earlier(env, e, ctx):
    """`earlier FACT`: a list of a number's, a string's or a set member's values, one per round before."""
    t = ctx.facts.get(e.name)
    if t is None:
        env.diags.append(env.unknown("fact", e.name, sorted(ctx.facts), e.span))
        return "?"
    if not env.rounds:
        env.error(f"'earlier {e.name}' lists the rounds before's values: the rule set declares no 'rounds'",
                  e.span)
        return "?"
    base = t.rstrip("?")
    if base.startswith("member:"):
        return "list:" + base[len("member:"):]
    if base not in ("int", "string"):
        env.error(f"'earlier' lists the values of a number, a choice or a set member, one per round; "
                  f"'{e.name}' is {env.words(t)}", e.span)
        return "?"
    return base + "s"


def _e_SetLit(env, e, ctx):
    types = {_e_Ref(env, ast_expr.Ref(n, span=e.span), ctx) for n in e.names}
    if "?" in types:
        return "?"
    if len(types) != 1 or not types <= {"color", "kind", "star"}:
        pieces = f"{env.vocabulary.tile_family}s" if env.vocabulary.tile_family else "tile pieces"
        env.error(f"a set lists colours, {pieces} or tile marks, all of one sort", e.span)
        return "?"
    return {"color": "colors", "kind": "kinds", "star": "stars"}[types.pop()]


def _e_Neg(env, e, ctx):
    env.expect(e.operand, ctx, "int", "the operand of '-'", none_ok=False)
    return "int"


def _e_Arith(env, e, ctx):
    env.expect(e.left, ctx, "int", f"the left side of '{e.op}'", none_ok=False)
    env.expect(e.right, ctx, "int", f"the right side of '{e.op}'", none_ok=False)
    return "int"


def _e_Compare(env, e, ctx):
    left, right = env.expr(e.left, ctx), env.expr(e.right, ctx)
    if "?" in (left, right):
        return "bool"
    constant_compare(env, e, left, right, ctx)
    if e.op in ("=", "!="):
        if left.rstrip("?") != right.rstrip("?"):
            env.error(f"cannot compare {env.words(left)} with {env.words(right)}", e.span)
        else:
            _check_choice(env, e.left, e.right)
            _check_choice(env, e.right, e.left)
    elif not (_is_int(left) and _is_int(right)):
        env.error(f"'{e.op}' compares numbers, not {env.words(left)} and {env.words(right)}", e.span)
    return "bool"


def _check_choice(env, ref, lit) -> None:
    """`option = "typo"`: a string compared with a choice option must be one of its choices."""
    if isinstance(ref, ast_expr.Ref) and isinstance(lit, ast_expr.StrLit) and ref.name in env.options:
        choices = env.options[ref.name].type.choices
        if choices and lit.value not in choices:
            env.error(f"'{lit.value}' is not a choice of option '{ref.name}'", lit.span,
                      hint=did_you_mean(lit.value, choices) or "expected one of: " + ", ".join(choices))


def _e_Member(env, e, ctx):
    item, container = env.expr(e.item, ctx), env.expr(e.container, ctx)
    listed = container[len("list:"):] if container.startswith("list:") else None
    if listed is not None and item not in ("?", "piece:" + listed, "member:" + listed):
        env.error(f"'in' needs one of {listed}, but this is {env.words(item)}", e.item.span)
    elif listed is None and "?" not in (item, container) and container == item.rstrip("?") + "s?":
        env.error("the set after 'in' may have no value at all (an optional parameter, which a tile may leave "
                  "as none): drop the '?'", e.container.span)
    elif "?" not in (item, container) and listed is None and container != item.rstrip("?") + "s":
        env.error(f"'in' needs {env.words(item.rstrip('?') + 's')}, but this is {env.words(container)}",
                  e.container.span)
    return "bool"


def _e_Among(env, e, ctx):
    # A value that may be none (`prior total`) is allowed: a player without one is never most or fewest.
    shown = len(env.diags)
    env.expect(e.value, ctx.evolve(over_players=True), "int", f"what is '{e.rank} among players'")
    found = tile_part(e.value, ctx) if (ctx.self_kind == "tile" or ctx.in_item) and len(env.diags) == shown \
        else None
    if found is not None:
        part, tile = found
        held = f"a {env.vocabulary.player_family}'s clause" if env.vocabulary.player_family else "a clause"
        env.error(f"'{e.rank} among players' compares a number of each player's, but this reads {tile}, which "
                  "the other players do not have", part.span,
                  hint=f"'among players' compares what is the player's: in {held}, an award, or a tile's clause "
                       "about the player alone (count(tiles where …), a resource, a value)")
    return "bool"


def _e_Not(env, e, ctx):
    env.expect(e.operand, ctx, "bool", "the operand of 'not'")
    return "bool"


def _e_BoolOp(env, e, ctx):
    env.expect(e.left, ctx, "bool", f"the left side of '{e.op}'")
    # `x is given and … x …`: on the right, x has a value
    shown = given_by(env, e.left) if e.op == "and" else frozenset()
    right = ctx.evolve(given=ctx.given | shown) if shown - ctx.given else ctx
    env.expect(e.right, right, "bool", f"the right side of '{e.op}'")
    return "bool"


def _e_IfExpr(env, e, ctx):
    env.expect(e.cond, ctx, "bool", "the condition of 'if'")
    shown = given_by(env, e.cond)
    then = env.expr(e.then, ctx.evolve(given=ctx.given | shown) if shown else ctx)
    otherwise = env.expr(e.otherwise, ctx)
    if "?" in (then, otherwise):
        return "?"
    if then.rstrip("?") != otherwise.rstrip("?"):
        env.error(f"both branches of 'if' must have one type; got {env.words(then)} and "
                  f"{env.words(otherwise)}", e.span)
    base = then.rstrip("?")
    return base + "?" if then.endswith("?") or otherwise.endswith("?") else base


def _scope_ok(env, e, ctx) -> None:
    if e.scope == "players":
        return
    # Inside `count(… where …)` the scope is the counted tile's; else it needs the clause's own tile.
    if e.scope in ("neighbours", "supports") and ctx.self_kind != "tile" and not ctx.in_item:
        piece = f"a {env.vocabulary.tile_family}'s" if env.vocabulary.tile_family else "a tile piece's"
        env.error(f"'{e.scope}' only makes sense in {piece} clause or about a counted tile", e.span)


def _e_Count(env, e, ctx):
    _scope_ok(env, e, ctx)
    if e.binder is not None:
        inner = bound_scope(env, e, ctx)
        if inner is not None and e.where is not None:
            env.expect(e.where, inner, "bool", "the condition after 'where'")
    elif e.where is not None:
        # Over players, the condition reads each counted player's facts: names resolve as for the player;
        # a name both the counted and the outer subject answer to is ambiguous (check_scope).
        inner = ctx.counted_player() if e.scope == "players" else ctx.counted_tile(e.scope)
        env.expect(e.where, inner, "bool", "the condition after 'where'")
    return "int"


def _e_Aggregate(env, e, ctx):
    if e.scope == "players":
        env.error(f"'{e.func}(… of players)' is not a thing: {e.func} goes over tiles; over players, use "
                  f"'is most among players' or count(players where …)", e.span)
        return "?"
    _scope_ok(env, e, ctx)
    field_type = env.param_types_by_name.get(e.field)
    if field_type is None:
        env.diags.append(env.unknown("tile parameter", e.field, env.param_types_by_name, e.span))
    elif not _is_int(field_type):
        env.error(f"'{e.func}' adds up numbers, but '{e.field}' is {env.words(field_type)}", e.span)
    if e.binder is not None:
        inner = bound_scope(env, e, ctx)
        if inner is not None and e.where is not None:
            env.expect(e.where, inner, "bool", "the condition after 'where'")
    elif e.where is not None:
        env.expect(e.where, ctx.counted_tile(e.scope, f"{e.func}({e.field} of "), "bool",
                   "the condition after 'where'")
    return "int" if e.func == "sum" else "int?"


def _e_HeldCount(env, e, ctx):
    """`count(LIST where …)`, `sum(VALUE of LIST where …)`: over the pieces a list fact holds."""
    t = ctx.facts.get(e.fact)
    if t is None:
        lists = sorted(n for n, f in ctx.facts.items() if f.startswith("list:"))
        # count(…) also counts tiles and players: a misspelt scope ("neighbors") is read as a list fact
        scopes = ("tiles", "neighbours", "supports", "players")
        env.diags.append(env.unknown("list fact or scope", e.fact, [*lists, *scopes], e.span))
        return "?"
    if not t.startswith("list:"):
        env.error(f"'{e.fact}' is {env.words(t)}, not a list of pieces", e.span)
        return "?"
    if t[len("list:"):] in env.sets:
        env.error(f"'{e.fact}' lists members of {t[len('list:'):]}, not held pieces: size({e.fact}) counts them",
                  e.span)
        return "?"
    held = held_names(ctx, e.fact)
    if e.field is not None and e.field not in env.values:
        env.diags.append(env.unknown("value", e.field, env.values, e.span))
    if e.where is not None:
        env.expect(e.where, ctx.evolve(held=held), "bool", "the condition after 'where'")
    return "int"


def _e_Extreme(env, e, ctx):
    types = []
    for i, arg in enumerate(e.args, 1):
        got = env.expr(arg, ctx)
        if got not in ("?", "int", "int?"):
            env.error(f"'{e.func}' takes numbers, but value {i} is {env.words(got)}", arg.span)
        types.append(got)
    if e.func == "min" and "int?" in types and "int" in types:
        _min_of_none(env, e, types)
    # none only when every value may be none
    return "int?" if all(t == "int?" for t in types) else "int"


def _min_of_none(env, e, types) -> None:
    """`min(max(cp of tiles …), 8)` is 8 for a player with no such tiles: none is passed over, so the cap is
    what they score. Documented (min and max of values), and rarely meant: a warning."""
    others = [a for a, t in zip(e.args, types, strict=True) if t == "int"]
    value = (str(others[0].value) if len(others) == 1 and isinstance(others[0], ast_expr.IntLit)
             else "the smallest of the other values")
    env.warn(f"'min' passes over a value that is none: when this has none (no such tiles, or an optional value "
             f"left out), the min is {value}, not 0", e.args[types.index("int?")].span,
             hint="to count none as 0, write max(…, 0) around it inside the min")


# Each expression's check, by the name of its node's class: this module's, and those of lists, scopes and maps.
_HANDLERS = {name[len("_e_"):]: check for name, check in list(globals().items()) if name.startswith("_e_")}
_HANDLERS.update(lists.HANDLERS)
_HANDLERS.update(scope_forms.HANDLERS)
_HANDLERS.update(hexmap.HANDLERS)
