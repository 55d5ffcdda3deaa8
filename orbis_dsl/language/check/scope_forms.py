"""Stage 2, explicit scope and real values (docs/language.md, "Whose is a name" and "Values of sets, flags and
presence"): the types of `t.field`, `my X` / `their X`, `x is given`, `count(t in SET where …)` and `sum(… for t
in SET)`; a located error for a bare name that both a counted subject and an outer one answer to; warnings for a
comparison the checker can prove constant and for `x >= 0` written to mean "x is given"; and the types of values
(a number, a flag, a member of a declared set).

Functions of the checker's `Names` (check/state.py), as `env`; the `_e_` functions are the expression checks of
these constructs.
"""

from __future__ import annotations

import operator

import attrs

from orbis_dsl.common.diagnostics import did_you_mean
from orbis_dsl.language.check.bindings import where
from orbis_dsl.language.check.names import Context, set_members, value_types
from orbis_dsl.language.check.types import (
    BOOL,
    INT,
    TILE,
    UNKNOWN,
    MemberOf,
    PerMember,
    Type,
    is_optional,
    required,
)
from orbis_dsl.language.syntax import ast_decl, ast_expr, ast_scope

# What reads the player's own record or pieces: inside an unnamed `count(players where …)` each could be the
# counted player's or the scored player's.
_PLAYER_READS = (ast_expr.Aggregate, ast_expr.HeldCount, ast_expr.ListCount, ast_expr.Position, ast_expr.Distinct,
                 ast_expr.Size, ast_expr.LargestGroup, ast_expr.Index, ast_expr.Prior, ast_expr.Earlier,
                 ast_expr.AwardRef)
_OPS = {"=": operator.eq, "!=": operator.ne, ">=": operator.ge, "<=": operator.le, ">": operator.gt,
        "<": operator.lt}
# A binding of one of these sorts is about the subject a scope ranges over (a tile, a player), not the game.
_TILE_SORTS = ("field", "param")
_PLAYER_WHERE = "player"


def _text(e, written=None) -> str:
    """An expression as a message quotes it: source-like for names, indexes, sizes and counts; anything else as it
    was written (`written(span)`, when the expression stands on one line), else in words of its kind."""
    if isinstance(e, ast_expr.Ref):
        return e.name
    if isinstance(e, ast_expr.Index):
        return f"{e.name}[{_text(e.key, written)}]"
    if isinstance(e, ast_expr.Size):
        return f"size({_text(e.target, written)})"
    if isinstance(e, ast_expr.Count):
        return f"count({e.scope} where …)" if e.where is not None else f"count({e.scope})"
    if isinstance(e, ast_expr.HeldCount):
        return f"{e.func}({e.fact} …)"
    if isinstance(e, ast_expr.IntLit):
        return str(e.value)
    shown = written(e.span) if written is not None else None
    return shown or "this expression"


def _member_set(decl: ast_decl.ValueDecl, members: dict[str, str]) -> str | None:
    """The set a value is a member of (`value home: terrains`, or `value home = black`), or None for a number or
    a flag."""
    if decl.set_name is not None:
        return decl.set_name
    return members.get(decl.value) if isinstance(decl.value, str) else None


def _constant_hint(compared, ctx: Context | None, always: bool) -> str:
    """How to write what a constant comparison may have meant: the other side for another tile or player where
    there is one to name, the outcome itself elsewhere."""
    if isinstance(compared, ast_scope.FieldOf):
        return (f"`{compared.binder}.{compared.field}` is the counted tile's on both sides: write `{compared.field}` "
                "alone for the tile outside the count")
    if isinstance(compared, ast_scope.Whose):
        other = "my" if compared.who == "their" else "their"
        return f"`{compared.who} …` is the same player on both sides: write `{other} …` on one side"
    if compared is not None and ctx is not None and ctx.subject is not None:
        return "to compare the counted tile with another, name it (`count(t in tiles where t.column = column - 1)`)"
    return f"if that is what you mean, write `{'true' if always else 'false'}`, or take the condition out"


def _shown(env, e) -> str:
    return _text(e, lambda span: _written(env, span))


def _written(env, span) -> str | None:
    """The text of an expression written on one line (None otherwise: a message quotes one line at most)."""
    if span is None or span.end_line != span.line or span.end_column is None:
        return None
    text = env.sources.texts.get(span.file)
    lines = text.split("\n") if text is not None else []
    return lines[span.line - 1][span.column - 1:span.end_column - 1] if span.line <= len(lines) else None


# ---- values: numbers, flags and members of sets ---------------------------------------------------------


def check_values(env) -> tuple[dict, dict[str, str], dict[str, str]]:
    """Each value's default (`value_decls`): a number, a flag, or a member of a declared set (`value home =
    black`); or `value NAME: SET`, a member of SET given by a held piece. The values (name -> default, a pack's
    of the wrong set taken back), the set of each `value NAME: SET`, and each value's type for expressions."""
    sets, values = env.sets, dict(env.values)
    members = set_members(sets)
    value_sets: dict[str, str] = {}
    for d in env.value_decls:
        if d.set_name is not None:
            if d.set_name not in sets:
                env.diags.append(env.unknown("set", d.set_name, sorted(sets), d.span))
            else:
                value_sets[d.name] = d.set_name
        elif isinstance(d.value, str) and d.value not in members:
            env.error(f"value '{d.name}' = {d.value}: '{d.value}' is no member of a declared set", d.span,
                      hint=did_you_mean(d.value, members) or "a value is a number, true or false, or a member "
                      "of a declared set")
    _check_replaced_members(env, members, values, value_sets)
    return values, value_sets, value_types(values, sets, value_sets)


def _check_replaced_members(env, members, values, value_sets) -> None:
    """A pack's value that replaces a member-valued one must be a member of the same set: the binding rule
    let both through while the sets were unknown (`bindings.SOME_MEMBER`). Where it is not, the base game's
    stands in `values` and `value_sets`, so that its uses say nothing more."""
    for what, old, new in env.replaced.values():
        if what != "value" or not isinstance(new, ast_decl.ValueDecl):
            continue
        old_set, new_set = _member_set(old, members), _member_set(new, members)
        if old_set and new_set and old_set != new_set:
            base = f"the base game's at {where(old.span)}: `{env.first_line(old.span)}`"
            env.error(f"value '{new.name}' replaces the base game's value '{old.name}' with another type: a "
                      f"member of {new_set}, not a member of {old_set}", new.span,
                      hint=f"{base}; a pack replaces a declaration only by one of the same sort and type: give "
                           f"it one of {', '.join(env.sets.get(old_set, ()))}")
            values[new.name] = old.value
            if old.set_name is not None:
                value_sets[new.name] = old.set_name
            else:
                value_sets.pop(new.name, None)


def check_modify(env, m: ast_decl.Modify) -> None:
    """`modify NAME = …`: of the value's type (a number, a flag, a member of the value's set)."""
    want = required(env.value_types.get(m.name, INT))
    value, members = m.value, set_members(env.sets)
    got = (BOOL if isinstance(value, bool) else INT if isinstance(value, int)
           else MemberOf(members[value]) if value in members else None)
    if got is None:
        choices = env.sets.get(want.set_name, ()) if isinstance(want, MemberOf) else ()
        env.error(f"'{value}' is no member of a declared set", m.value_span or m.span,
                  hint=did_you_mean(str(value), choices) or (
                      "expected one of: " + ", ".join(choices) if choices else None))
    elif got != want:
        env.error(f"value '{m.name}' is {env.words(want)}, but this gives {env.words(got)}",
                  m.value_span or m.span)


# ---- whose is a name -------------------------------------------------------------------------------------


def ambiguous_ref(env, e: ast_expr.Ref, binding, ctx: Context) -> bool:
    """A bare name inside an unnamed `where` that the counted subject and an outer one both answer to: a
    located error saying which two, and how to write each. True when reported."""
    if ctx.subject == "players" and binding.where == _PLAYER_WHERE:
        env.error(f"'{e.name}' could mean the counted player's {e.name} or the scored player's", e.span,
                  hint=f"write `their {e.name}` for the counted player's, `my {e.name}` for the scored "
                       "player's")
        return True
    tile_scope = ctx.subject not in (None, "players") and ctx.outer is not None
    if tile_scope and binding.where == "item" and binding.what in _TILE_SORTS:
        outside = ctx.outer.resolve(e.name)
        if outside is not None and outside.what in _TILE_SORTS and outside.where in ("item", "self"):
            other = "this tile's" if outside.where == "self" else "the tile counted outside it"
            env.error(f"'{e.name}' could mean the counted tile's {e.name} or {other}", e.span,
                      hint=f"name the counted tile, `{ctx.named_form.format(name=e.name)}`, and write "
                           f"`{e.name}` alone for {other.replace('the tile', 'that tile')}")
            return True
    return False


def ambiguous_read(env, e, ctx: Context) -> bool:
    """Inside an unnamed `count(players where …)`, a read of a player's record or tiles (`cults[fire]`,
    `count(tiles where …)`): whose is it? A located error. True when reported."""
    if ctx.subject != "players":
        return False
    if isinstance(e, ast_expr.Count) and e.scope == "players":
        return False
    if not isinstance(e, (*_PLAYER_READS, ast_expr.Count)):
        return False
    shown = _shown(env, e)
    env.error(f"'{shown}' could mean the counted player's or the scored player's", e.span,
              hint=f"write `their {shown}` for the counted player's, `my {shown}` for the scored player's")
    return True


def _e_Whose(env, e: ast_expr.Whose, ctx: Context) -> Type:
    if not ctx.over_players:
        env.error(f"'{e.who}' says whose a name is inside count(players where …), sum(… over players) or "
                  "'among players'; here every name is already the scored player's", e.span,
                  hint="drop it")
        env.expr(e.expr, ctx)
        return UNKNOWN
    inner = ctx.unscoped()
    if e.who == "my":
        inner = attrs.evolve(inner, over_players=False)
    return env.expr(e.expr, inner)


def _e_FieldOf(env, e: ast_expr.FieldOf, ctx: Context) -> Type:
    what = ctx.binders.get(e.binder)
    if what != TILE:
        if what is None:
            env.diags.append(env.unknown("counted tile", e.binder,
                                         sorted(n for n, w in ctx.binders.items() if w == TILE),
                                         e.binder_span or e.span))
        else:
            env.error(f"'{e.binder}' is {env.words(what)}, not a counted tile: it has no fields", e.span)
        return UNKNOWN
    fields = env.vocabulary.tile_fields
    if e.field in fields:
        return fields[e.field][1]
    if e.field in ctx.attributes:
        return ctx.attributes[e.field]
    env.diags.append(env.unknown(f"field of the counted tile '{e.binder}'", e.field,
                                 sorted({*fields, *ctx.attributes}), e.span))
    return UNKNOWN


def bound_scope(env, e: ast_expr.Count, ctx: Context) -> Context | None:
    """The context of `count(NAME in SCOPE where …)`, or None after reporting a bad name."""
    binder = e.binder
    if not isinstance(binder, ast_expr.Ref):
        env.error("before 'in' stands the name the counted tile is given, like `count(n in neighbours where "
                  "n.color = blue)`", binder.span)
        return None
    if e.scope == "players":
        env.error("players are not named: inside count(players where …) write `their NAME` for the counted "
                  "player's and `my NAME` for the scored player's", binder.span,
                  hint="for example: count(players where their worshippers < my worshippers)")
        return None
    if not _fresh_binder(env, binder.name, binder.span, ctx):
        return None
    return ctx.bound(binder.name, TILE)


def _fresh_binder(env, name: str, span, ctx: Context) -> bool:
    if ctx.resolve(name) is not None:
        env.error(f"'{name}' already names something here: give the counted one a name of its own", span,
                  hint="a short one, like `n` or `t`")
        return False
    return True


def _member_scope(env, binder: str, span, set_name: str, set_span, ctx: Context) -> Context | None:
    if set_name not in env.sets:
        env.diags.append(env.unknown("set", set_name, sorted(env.sets), set_span))
        return None
    if not _fresh_binder(env, binder, span, ctx):
        return None
    return ctx.bound(binder, MemberOf(set_name))


def _e_MemberCount(env, e: ast_expr.MemberCount, ctx: Context) -> Type:
    if not isinstance(e.binder, ast_expr.Ref):
        env.error("before 'in' stands the name each member is given, like `count(t in tracks where cults[t] "
                  "= 10)`", e.binder.span)
        return INT
    inner = _member_scope(env, e.binder.name, e.binder.span, e.set_name, e.set_span, ctx)
    if inner is not None:
        env.expect(e.where, inner, BOOL, "the condition after 'where'")
    return INT


def _e_MemberSum(env, e: ast_expr.MemberSum, ctx: Context) -> Type:
    inner = _member_scope(env, e.binder, e.binder_span, e.set_name, e.set_span, ctx)
    if inner is not None:
        if e.where is not None:
            env.expect(e.where, inner, BOOL, "the condition after 'where'")
        env.expect(e.expr, inner, INT, "what 'sum(… for …)' adds up")
    return INT


# ---- presence and constant conditions -------------------------------------------------------------------


def _e_Given(env, e: ast_expr.Given, ctx: Context) -> Type:
    operand = e.operand
    if isinstance(operand, ast_expr.Ref) and (b := ctx.resolve(operand.name)) is not None \
            and isinstance(b.type, PerMember):
        got = PerMember(b.type.set_name, operand.name in ctx.optional_facts)
        if ambiguous_ref(env, operand, b, ctx):
            return BOOL
    else:
        got = env.expr(operand, ctx)
    if got != UNKNOWN and not may_be_none(env, operand, got, ctx):
        env.warn(f"'{_shown(env, operand)}' is always given: this condition is always "
                 f"{'false' if e.negated else 'true'}", e.span,
                 hint="'is given' tests a value that may be left out: a fact or value of type '…?'")
    return BOOL


def may_be_none(env, e, got: Type, ctx: Context) -> bool:
    """Whether a value of type `got` may be none: an optional type, or a fact the record may leave out."""
    if is_optional(got):
        return True
    name = e.name if isinstance(e, (ast_expr.Ref, ast_expr.Index)) else None
    fact = env.facts.get(name) if name else None
    return fact is not None and fact.type.optional


def constant_compare(env, e: ast_expr.Compare, left: Type, right: Type, ctx: Context | None = None) -> None:
    """Warnings: a comparison the checker can prove always true or false (`column = column - 1`, an
    expression compared with itself), and `x >= 0` written to test that an optional x is given."""
    a, b = _linear(e.left), _linear(e.right)
    if a[0] == b[0]:
        always = _OPS[e.op](a[1], b[1])
        same = "a number with a number" if a[0] is None else f"'{_shown(env, a[0])}' with itself"
        env.warn(f"this condition is always {'true' if always else 'false'}: it compares {same}", e.span,
                 hint=_constant_hint(a[0], ctx, always))
        return
    if e.op == ">=" and isinstance(e.right, ast_expr.IntLit) and e.right.value == 0 and is_optional(left):
        shown = _shown(env, e.left.target if isinstance(e.left, ast_expr.Size) else e.left)
        env.warn(f"'{_shown(env, e.left)} >= 0' reads as '{shown} is given', but it is also false when "
                 f"{shown} is given and below 0: say which you mean", e.span,
                 hint=f"write `{shown} is given` (and `{shown} is not given` for "
                      f"`not {_shown(env, e.left)} >= 0`)")


def given_by(env, cond) -> frozenset:
    """The expressions a condition shows to be given when it holds: `x is given`, each side of an `and`."""
    if isinstance(cond, ast_expr.Given) and not cond.negated:
        return frozenset({cond.operand})
    if isinstance(cond, ast_expr.BoolOp) and cond.op == "and":
        return given_by(env, cond.left) | given_by(env, cond.right)
    return frozenset()


def shown_given(env, e, ctx: Context) -> bool:
    """Whether `e` is known to have a value here: shown given by a condition it stands under."""
    if not ctx.given:
        return False
    if e in ctx.given:
        return True
    target = e.target if isinstance(e, ast_expr.Size) else e
    if target in ctx.given:
        return True
    return isinstance(target, ast_expr.Index) and ast_expr.Ref(target.name) in ctx.given


def _linear(e) -> tuple:
    """`(base, offset)` with `e` = base + offset: a number is (None, n); `x - 1` is (x, -1); anything else (e, 0)."""
    if isinstance(e, ast_expr.IntLit):
        return None, e.value
    if isinstance(e, ast_expr.Neg) and isinstance(e.operand, ast_expr.IntLit):
        return None, -e.operand.value
    if isinstance(e, ast_expr.Arith) and e.op in "+-" and isinstance(e.right, ast_expr.IntLit):
        base, offset = _linear(e.left)
        return base, offset + (e.right.value if e.op == "+" else -e.right.value)
    return e, 0


# The expression checks this module gives `expr.check_expr`, by the name of the node's class.
HANDLERS = {name[len("_e_"):]: check for name, check in list(globals().items()) if name.startswith("_e_")}
