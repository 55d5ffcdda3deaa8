"""Stage 2, expressions: the type of every expression, with a located message for each mistake.

Types are values (check/types.py): a number, which may be none (a max or min of no tiles, a tile's level), a
yes/no condition, a colour, a set of colours … ; UNKNOWN after an error, so one mistake is reported once.

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
from orbis_dsl.language.check.types import (
    BOOL,
    CELLS,
    COLOR,
    INT,
    KIND,
    MAYBE_INT,
    STAR,
    STRING,
    TILE,
    UNKNOWN,
    ListOf,
    MemberOf,
    PerMember,
    PieceOf,
    RoundValues,
    Type,
    is_int,
    is_optional,
    maybe,
    required,
    set_of,
)
from orbis_dsl.language.syntax import ast_expr


def _optional_int(fact) -> Type:
    return MAYBE_INT if fact.type.optional else INT


def check_expr(env, e, ctx: Context) -> Type:
    """Check an expression; return its type (UNKNOWN after an error, so one mistake is reported once)."""
    if ctx.subject == "players" and ambiguous_read(env, e, ctx):
        return UNKNOWN
    got = _HANDLERS[type(e).__name__](env, e, ctx)
    if env.reuse is not None and id(e) in env.reuse.arguments:
        argument_type(env, e, got)  # a function's argument, against its parameter (check/functions.py)
    if is_optional(got) and shown_given(env, e, ctx):
        return required(got)  # `x is given and … x …`: here x has a value
    return got


def expect(env, e, ctx: Context, want: Type, what: str, none_ok: bool = True) -> None:
    """Check that `e` has type `want`; a number that may be none passes only where `none_ok`."""
    got = env.expr(e, ctx)
    if got in (UNKNOWN, want) or (want == INT and got == MAYBE_INT and none_ok):
        return
    if want == INT and got == MAYBE_INT:
        env.error(f"{what} may have no value at all (a max or min of no tiles, or an optional parameter): "
                  f"compare it instead, e.g. `… >= 1`", e.span)
        return
    if got != want and required(got) == want:
        env.error(f"{what} may have no value at all (an optional parameter, which a tile may leave as none): "
                  "drop the '?'", e.span)
        return
    env.error(f"{what} must be {env.words(want)}, but this is {env.words(got)}", e.span)


def _e_Call(env, e, ctx):
    return call_type(env, e, ctx)  # a call too large to write out (check/expand.py)


def _e_IntLit(env, e, ctx):
    return INT


def _e_BoolLit(env, e, ctx):
    return BOOL


def _e_StrLit(env, e, ctx):
    return STRING


def _e_Ref(env, e, ctx):
    binding = ctx.resolve(e.name)
    family = env.vocabulary.tile_family
    if binding is None and e.name == family and ctx.self_kind == "tile" and not ctx.in_item:
        # (not "unknown name 'kind' … did you mean 'kind'?": the tile's own piece is known, and fixed)
        env.error(f"a {family}'s own clause does not ask its '{family}': every tile it scores is of this "
                  f"{family}", e.span,
                  hint=f"ask it of other tiles: count(neighbours where {family} = …)")
        return UNKNOWN
    if binding is None:
        env.diags.append(env.unknown("name", e.name, ctx.visible_names, e.span))
        return UNKNOWN
    if binding.what == "bound" and binding.type == TILE:
        field = "color" if "color" in env.vocabulary.tile_fields else "…"
        env.error(f"'{e.name}' is the counted tile: name one of its fields, like `{e.name}.{field}`", e.span)
        return UNKNOWN
    if ctx.subject is not None and ambiguous_ref(env, e, binding, ctx):
        return UNKNOWN
    if binding.what == "field" and binding.target == "validated" and not ctx.allow_validated:
        env.error(f"'{e.name}' cannot be used here: a tile's own scoring decides it", e.span)
        return UNKNOWN
    if binding.what == "let":
        if e.name in ctx.later:
            _let_below(env, e, ctx.later[e.name])
            return UNKNOWN
        # Checked once where it is defined: a mistake in it is reported once, not at every use.
        known = env.let_types.get(id(binding.target))
        return known if known is not None else env.expr(binding.target, ctx)
    if isinstance(binding.type, PerMember):
        members = env.sets.get(binding.type.set_name, ())
        example = f"{e.name}[{members[0]}]" if members else f"{e.name}[…]"
        env.error(f"'{e.name}' is given once per member of {binding.type.set_name}: say which, "
                  f"like {example}", e.span)
        return UNKNOWN
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
        return UNKNOWN
    if not isinstance(binding.type, PerMember):
        env.error(f"'{e.name}' is {env.words(binding.type)}, not a fact given per member of a set", e.span)
        return UNKNOWN
    set_name = binding.type.set_name
    key = env.expr(e.key, ctx)
    if key not in (UNKNOWN, MemberOf(set_name)):
        env.error(f"'{e.name}' is given per member of {set_name}, but this is {env.words(key)}", e.key.span,
                  hint="expected one of: " + ", ".join(env.sets.get(set_name, ())))
    fact = env.facts.get(e.name)
    if fact is not None and fact.type.name == "cells":
        return CELLS
    return INT if fact is None else _optional_int(fact)


def _e_AwardRef(env, e, ctx):
    if e.name not in ctx.awards:
        env.diags.append(env.unknown("award", e.name, sorted(ctx.awards), e.span))
    elif not ctx.allow_awards:
        env.error(f"'award {e.name}' is known only once the awards are handed out: use it in a 'score'",
                  e.span)
    return INT


def _e_Prior(env, e, ctx):
    if e.name != "total" and e.name not in ctx.scores:
        env.diags.append(env.unknown("score", e.name, ["total", *sorted(ctx.scores)], e.span))
    elif not env.rounds:
        env.error(f"'prior {e.name}' is the round before's: the rule set declares no 'rounds'", e.span)
    return MAYBE_INT


def _e_Earlier(env, e, ctx):
    """`earlier FACT`: a list of a number's, a string's or a set member's values, one per round before."""
    t = ctx.facts.get(e.name)
    if t is None:
        env.diags.append(env.unknown("fact", e.name, sorted(ctx.facts), e.span))
        return UNKNOWN
    if not env.rounds:
        env.error(f"'earlier {e.name}' lists the rounds before's values: the rule set declares no 'rounds'",
                  e.span)
        return UNKNOWN
    base = required(t)
    if isinstance(base, MemberOf):
        return ListOf(base.set_name)
    if base not in (INT, STRING):
        env.error(f"'earlier' lists the values of a number, a choice or a set member, one per round; "
                  f"'{e.name}' is {env.words(t)}", e.span)
        return UNKNOWN
    return RoundValues(base.basic)


def _e_SetLit(env, e, ctx):
    types = {_e_Ref(env, ast_expr.Ref(n, span=e.span), ctx) for n in e.names}
    if UNKNOWN in types:
        return UNKNOWN
    if len(types) != 1 or not types <= {COLOR, KIND, STAR}:
        pieces = f"{env.vocabulary.tile_family}s" if env.vocabulary.tile_family else "tile pieces"
        env.error(f"a set lists colours, {pieces} or tile marks, all of one sort", e.span)
        return UNKNOWN
    return set_of(types.pop())


def _e_Neg(env, e, ctx):
    env.expect(e.operand, ctx, INT, "the operand of '-'", none_ok=False)
    return INT


def _e_Arith(env, e, ctx):
    env.expect(e.left, ctx, INT, f"the left side of '{e.op}'", none_ok=False)
    env.expect(e.right, ctx, INT, f"the right side of '{e.op}'", none_ok=False)
    return INT


def _e_Compare(env, e, ctx):
    left, right = env.expr(e.left, ctx), env.expr(e.right, ctx)
    if UNKNOWN in (left, right):
        return BOOL
    constant_compare(env, e, left, right, ctx)
    if e.op in ("=", "!="):
        if required(left) != required(right):
            env.error(f"cannot compare {env.words(left)} with {env.words(right)}", e.span)
        else:
            _check_choice(env, e.left, e.right)
            _check_choice(env, e.right, e.left)
    elif not (is_int(left) and is_int(right)):
        env.error(f"'{e.op}' compares numbers, not {env.words(left)} and {env.words(right)}", e.span)
    return BOOL


def _check_choice(env, ref, lit) -> None:
    """`option = "typo"`: a string compared with a choice option must be one of its choices."""
    if isinstance(ref, ast_expr.Ref) and isinstance(lit, ast_expr.StrLit) and ref.name in env.options:
        choices = env.options[ref.name].type.choices
        if choices and lit.value not in choices:
            env.error(f"'{lit.value}' is not a choice of option '{ref.name}'", lit.span,
                      hint=did_you_mean(lit.value, choices) or "expected one of: " + ", ".join(choices))


def _e_Member(env, e, ctx):
    item, container = env.expr(e.item, ctx), env.expr(e.container, ctx)
    listed = container.item if isinstance(container, ListOf) else None
    plural = _plural(item)
    if listed is not None and item not in (UNKNOWN, PieceOf(listed), MemberOf(listed)):
        env.error(f"'in' needs one of {listed}, but this is {env.words(item)}", e.item.span)
    elif listed is None and UNKNOWN not in (item, container) and is_optional(container) \
            and required(container) == plural:
        env.error("the set after 'in' may have no value at all (an optional parameter, which a tile may leave "
                  "as none): drop the '?'", e.container.span)
    elif UNKNOWN not in (item, container) and listed is None and container != plural:
        shown = env.words(plural) if plural is not None else _looked_in(required(item))
        env.error(f"'in' needs {shown}, but this is {env.words(container)}", e.container.span)
    return BOOL


def _looked_in(item: Type) -> str:
    """What `item in …` needs, in words, where no set of such items exists (a member is looked for in a list)."""
    return f"a list of {item.set_name}" if isinstance(item, MemberOf) else "a set or a list of such values"


def _plural(item: Type) -> Type | None:
    """What `item in …` looks in: a set of colours, pieces or marks; a number's or a string's earlier values."""
    item = required(item)
    if item in (INT, STRING):
        return RoundValues(item.basic)
    return set_of(item)


def _e_Among(env, e, ctx):
    # A value that may be none (`prior total`) is allowed: a player without one is never most or fewest.
    shown = len(env.diags)
    env.expect(e.value, ctx.evolve(over_players=True), INT, f"what is '{e.rank} among players'")
    found = tile_part(e.value, ctx) if (ctx.self_kind == "tile" or ctx.in_item) and len(env.diags) == shown \
        else None
    if found is not None:
        part, tile = found
        held = f"a {env.vocabulary.player_family}'s clause" if env.vocabulary.player_family else "a clause"
        env.error(f"'{e.rank} among players' compares a number of each player's, but this reads {tile}, which "
                  "the other players do not have", part.span,
                  hint=f"'among players' compares what is the player's: in {held}, an award, or a tile's clause "
                       "about the player alone (count(tiles where …), a resource, a value)")
    return BOOL


def _e_Not(env, e, ctx):
    env.expect(e.operand, ctx, BOOL, "the operand of 'not'")
    return BOOL


def _e_BoolOp(env, e, ctx):
    env.expect(e.left, ctx, BOOL, f"the left side of '{e.op}'")
    # `x is given and … x …`: on the right, x has a value
    shown = given_by(env, e.left) if e.op == "and" else frozenset()
    right = ctx.evolve(given=ctx.given | shown) if shown - ctx.given else ctx
    env.expect(e.right, right, BOOL, f"the right side of '{e.op}'")
    return BOOL


def _e_IfExpr(env, e, ctx):
    env.expect(e.cond, ctx, BOOL, "the condition of 'if'")
    shown = given_by(env, e.cond)
    then = env.expr(e.then, ctx.evolve(given=ctx.given | shown) if shown else ctx)
    otherwise = env.expr(e.otherwise, ctx)
    if UNKNOWN in (then, otherwise):
        return UNKNOWN
    if required(then) != required(otherwise):
        env.error(f"both branches of 'if' must have one type; got {env.words(then)} and "
                  f"{env.words(otherwise)}", e.span)
    base = required(then)
    return maybe(base) if is_optional(then) or is_optional(otherwise) else base


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
            env.expect(e.where, inner, BOOL, "the condition after 'where'")
    elif e.where is not None:
        # Over players, the condition reads each counted player's facts: names resolve as for the player;
        # a name both the counted and the outer subject answer to is ambiguous (check_scope).
        inner = ctx.counted_player() if e.scope == "players" else ctx.counted_tile(e.scope)
        env.expect(e.where, inner, BOOL, "the condition after 'where'")
    return INT


def _e_Aggregate(env, e, ctx):
    if e.scope == "players":
        env.error(f"'{e.func}(… of players)' is not a thing: {e.func} goes over tiles; over players, use "
                  f"'is most among players' or count(players where …)", e.span)
        return UNKNOWN
    _scope_ok(env, e, ctx)
    field_type = env.param_types_by_name.get(e.field)
    if field_type is None:
        env.diags.append(env.unknown("tile parameter", e.field, env.param_types_by_name, e.span))
    elif not is_int(field_type):
        env.error(f"'{e.func}' adds up numbers, but '{e.field}' is {env.words(field_type)}", e.span)
    if e.binder is not None:
        inner = bound_scope(env, e, ctx)
        if inner is not None and e.where is not None:
            env.expect(e.where, inner, BOOL, "the condition after 'where'")
    elif e.where is not None:
        env.expect(e.where, ctx.counted_tile(e.scope, f"{e.func}({e.field} of "), BOOL,
                   "the condition after 'where'")
    return INT if e.func == "sum" else MAYBE_INT


def _e_HeldCount(env, e, ctx):
    """`count(LIST where …)`, `sum(VALUE of LIST where …)`: over the pieces a list fact holds."""
    t = ctx.facts.get(e.fact)
    if t is None:
        lists = sorted(n for n, f in ctx.facts.items() if isinstance(f, ListOf))
        # count(…) also counts tiles and players: a misspelt scope ("neighbors") is read as a list fact
        scopes = ("tiles", "neighbours", "supports", "players")
        env.diags.append(env.unknown("list fact or scope", e.fact, [*lists, *scopes], e.span))
        return UNKNOWN
    if not isinstance(t, ListOf):
        env.error(f"'{e.fact}' is {env.words(t)}, not a list of pieces", e.span)
        return UNKNOWN
    if t.item in env.sets:
        env.error(f"'{e.fact}' lists members of {t.item}, not held pieces: size({e.fact}) counts them", e.span)
        return UNKNOWN
    held = held_names(ctx, e.fact)
    if e.field is not None and e.field not in env.values:
        env.diags.append(env.unknown("value", e.field, env.values, e.span))
    if e.where is not None:
        env.expect(e.where, ctx.evolve(held=held), BOOL, "the condition after 'where'")
    return INT


def _e_Extreme(env, e, ctx):
    types = []
    for i, arg in enumerate(e.args, 1):
        got = env.expr(arg, ctx)
        if got not in (UNKNOWN, INT, MAYBE_INT):
            env.error(f"'{e.func}' takes numbers, but value {i} is {env.words(got)}", arg.span)
        types.append(got)
    if e.func == "min" and MAYBE_INT in types and INT in types:
        _min_of_none(env, e, types)
    # none only when every value may be none
    return MAYBE_INT if all(t == MAYBE_INT for t in types) else INT


def _min_of_none(env, e, types) -> None:
    """`min(max(cp of tiles …), 8)` is 8 for a player with no such tiles: none is passed over, so the cap is
    what they score. Documented (min and max of values), and rarely meant: a warning."""
    others = [a for a, t in zip(e.args, types, strict=True) if t == INT]
    value = (str(others[0].value) if len(others) == 1 and isinstance(others[0], ast_expr.IntLit)
             else "the smallest of the other values")
    env.warn(f"'min' passes over a value that is none: when this has none (no such tiles, or an optional value "
             f"left out), the min is {value}, not 0", e.args[types.index(MAYBE_INT)].span,
             hint="to count none as 0, write max(…, 0) around it inside the min")


# Each expression's check, by the name of its node's class: this module's, and those of lists, scopes and maps.
_HANDLERS = {name[len("_e_"):]: check for name, check in list(globals().items()) if name.startswith("_e_")}
_HANDLERS.update(lists.HANDLERS)
_HANDLERS.update(scope_forms.HANDLERS)
_HANDLERS.update(hexmap.HANDLERS)
