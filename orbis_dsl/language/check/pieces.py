"""Stage 2, pieces: tile kinds and the pieces players hold (gods), the face-down state, and the clauses inside them —
`let`, `end`, `when … :` effects and amounts. Functions of the checker's `Names` (check/state.py), as `env`."""

from __future__ import annotations

import attrs

from orbis_dsl.common.diagnostics import did_you_mean
from orbis_dsl.language.check.literals import check_param
from orbis_dsl.language.check.members import says_place
from orbis_dsl.language.check.model import EVENTS, Desert, God, Kind, Param, type_of
from orbis_dsl.language.check.names import Context
from orbis_dsl.language.check.says import CLAUSE_WORDS, check_says
from orbis_dsl.language.check.scope_forms import check_modify
from orbis_dsl.language.check.types import BOOL, COLOR, INT, MAYBE_INT, UNKNOWN, PerMember
from orbis_dsl.language.syntax import ast_decl, ast_expr


def block_lets(env, members, ctx: Context) -> dict[str, ast_expr.Expr]:
    """The block's lets, each checked where it is declared: a let names only the lets above it (a later one,
    or itself, is reported by name; the scorer would read every let of the block)."""
    declared: dict[str, ast_decl.LetDecl] = {}
    for m in members:
        if isinstance(m, ast_decl.LetDecl):
            if m.name in declared or m.name in ctx.params:
                env.error(f"'{m.name}' is already defined in this block", m.span)
            elif m.name in env.reserved:
                env.error(f"'{m.name}' is {env.taken_by(m.name)}", m.span)
            else:
                declared[m.name] = m
    lets = {name: m.expr for name, m in declared.items()}
    later = {name: m.span for name, m in declared.items()}
    for name, m in declared.items():
        del later[name]
        # (None: the let being defined itself)
        env.let_types[id(m.expr)] = env.expr(m.expr, ctx.evolve(lets=lets, later={**later, name: None}))
    return lets


def later_lets(members) -> dict[int, dict]:
    """For each member of a block (by id), the lets declared below it (name -> where), not yet usable there."""
    found: dict[int, dict] = {}
    below: dict = {}
    for m in reversed(members):
        found[id(m)] = dict(below)
        if isinstance(m, ast_decl.LetDecl):
            below.setdefault(m.name, m.span)
    return found


def _ends(env, clauses, ctx: Context, later=None) -> None:
    """Each end clause: its points, its condition and its sentence (a mistake in it placed inside it)."""
    for clause in clauses:
        here = ctx.evolve(later=later[id(clause)]) if later and (later[id(clause)] or ctx.later) else ctx
        if clause.says is not None:
            env.diags.extend(check_says(clause.says, lambda name, here=here: _shows(here, name), CLAUSE_WORDS,
                                        clause.span, says_place(clause.says_written)))
        _points(env, clause.points, here)
        if clause.cond is not None:
            env.expect(clause.cond, here, BOOL, "the condition of an 'end' clause")


def _points(env, points, ctx: Context) -> None:
    """An end clause scores a number: one that may be none (a max of no tiles, an optional parameter, either
    branch of an `if`) is refused, as it is in `+` and `-` (docs/language.md, Where a tile lies)."""
    got = env.expr(points, ctx)
    if got == MAYBE_INT:
        env.error("the points of an 'end' clause may have no value at all (a max or min of no tiles, an "
                  "optional parameter, a tile's level): an 'end' clause scores a number",
                  _none_part(env, points, ctx).span,
                  hint="max(…, 0) scores 0 when there is none; or compare it: `end: 4 if max(…) >= 4`")
    elif got not in (UNKNOWN, INT):
        env.error(f"the points of an 'end' clause must be a number, but this is {env.words(got)}",
                  points.span)


def _none_part(env, e, ctx: Context):
    """The branch of an `if … then … else` (however nested) that may be none, to point at; `e` itself when it
    is no `if`. Each branch was checked already: its messages are not repeated."""
    while isinstance(e, ast_expr.IfExpr):
        shown = len(env.diags)
        e = e.then if env.expr(e.then, ctx) == MAYBE_INT else e.otherwise
        del env.diags[shown:]
    return e


def _effects(env, clause: ast_decl.WhenClause, ctx: Context, params: dict[str, Param]) -> None:
    for effect in clause.effects:
        if effect.marker is not None and effect.marker != env.vocabulary.marker:
            markers = [env.vocabulary.marker] if env.vocabulary.marker else []
            d = env.unknown("marker", effect.marker, markers, effect.span)
            env.diags.append(d if markers else d._replace(hint="declare it: marker NAME { supply N }"))
        if effect.amount is not None:
            _amount(env, effect.amount, ctx, params)
            if effect.verb == "destroy" and effect.amount.param is None and effect.amount.color is None:
                env.error("'destroy' names the colour it destroys: 'any' is for 'pay'", effect.amount.span,
                          hint="like: destroy 2 red from market else mark cancelled")
        if effect.verb == "reduce" and isinstance(effect.expr, ast_expr.Ref) and effect.expr.name == "any":
            env.error("'reduce' takes one colour: the cost squares of that colour are free from then on "
                      "('any' is for gain and pay)", effect.expr.span,
                      hint=f"like: reduce {env.colors[0] if env.colors else 'red'}, or a parameter of "
                           "type color")
        elif effect.verb == "reduce":
            env.expect(effect.expr, ctx, COLOR, "what 'reduce' takes")
        if effect.verb == "require":
            env.expect(effect.expr, ctx, BOOL, "what 'require' checks")


def _amount(env, amount: ast_decl.Amount, ctx: Context, params: dict[str, Param]) -> None:
    if amount.param is not None:
        param = params.get(amount.param)
        if param is None:
            env.diags.append(env.unknown("parameter", amount.param, params, amount.span))
        elif param.type.name != "amount":
            env.error(f"'{amount.param}' is {env.words(type_of(param.type))}, not an amount like '2 red'",
                      amount.span)
        elif param.type.optional:
            env.error(f"'{amount.param}' may have no value at all (an optional parameter, which a tile may "
                      "leave as none): drop the '?'", amount.span)
        return
    env.expect(amount.count, ctx, INT, "how many", none_ok=False)
    if isinstance(amount.count, ast_expr.IntLit) and amount.count.value < 1:
        env.error("an amount must be at least 1", amount.count.span)
    if amount.color is not None:
        if amount.color in env.stars and amount.color not in env.colors:  # `gain 2 purple`: not a colour
            env.error(f"'{amount.color}' is a tile mark, not a colour: an amount is counted in one of the "
                      f"colours ({', '.join(env.colors)})", amount.span)
            return
        env.expect(ast_expr.Ref(amount.color, span=amount.span), ctx, COLOR, "the colour of an amount")


def _when(env, members, ctx, params, allowed_events):
    taken: list[ast_decl.Effect] = []
    placed: list[ast_decl.Effect] = []
    later = later_lets(members)
    for m in members:
        if not isinstance(m, ast_decl.WhenClause):
            continue
        here = ctx.evolve(later=later[id(m)])
        if m.event not in allowed_events:
            hint = did_you_mean(m.event, allowed_events) or "expected " + " or ".join(allowed_events)
            env.error(f"unknown moment 'when {m.event}'", m.span, hint=hint)
            continue
        event_ctx = here.evolve(allow_validated=False) if m.event == "placed" else here
        _effects(env, m, event_ctx, params)
        (taken if m.event == "taken" else placed).extend(m.effects)
    for effect in placed:
        if effect.verb != "require":
            env.error(f"'{effect.verb}' acts when a tile is taken; 'when placed' only takes 'require'",
                      effect.span)
    return tuple(taken), tuple(placed)


def check_kind(env, file, decl: ast_decl.PieceDecl) -> Kind:
    params: dict[str, Param] = {}
    for m in decl.members:
        if isinstance(m, ast_decl.ParamDecl):
            if m.name in params:
                env.error(f"parameter '{m.name}' is declared twice", m.span)
            elif m.name in env.reserved:
                env.error(f"'{m.name}' is {env.taken_by(m.name)} and cannot name a parameter", m.span)
            else:
                attribute = env.attributes.get(m.name)
                if attribute is not None and UNKNOWN not in (type_of(attribute.type), type_of(m.type)) \
                        and type_of(attribute.type) != type_of(m.type):
                    env.error(f"every tile already has '{m.name}', {env.words(type_of(attribute.type))} "
                              f"(attribute {m.name}), so a {decl.family} cannot declare it again as "
                              f"{env.words(type_of(m.type))}", m.span,
                              hint=_declared_at("the attribute", attribute.span) + "; give this parameter "
                                   "another name")
                params[m.name] = check_param(env, m)
    all_params = {**env.attributes, **params}
    ctx = env.context(params={n: type_of(p.type) for n, p in all_params.items()}, self_kind="tile")
    lets = block_lets(env, decl.members, ctx)
    ctx = ctx.evolve(lets=lets)
    taken, placed = _when(env, decl.members, ctx, all_params, EVENTS)
    ends = tuple(m for m in decl.members if isinstance(m, ast_decl.EndClause))
    _ends(env, ends, ctx.evolve(allow_validated=False), later_lets(decl.members))
    for m in decl.members:
        if isinstance(m, ast_decl.Modify):
            held = env.vocabulary.player_family or "none declared"
            env.error(f"'modify' belongs in a piece players hold ({held}): "
                      f"a {decl.family} cannot change rule values", m.span)
    used = _names_used([e.points for e in ends] + [e.cond for e in ends] + [e.expr for e in placed], lets)
    return Kind(decl.name, decl.title or decl.name, all_params, lets, taken, placed, ends,
                frozenset(n for n in used if n in all_params), tuple(params), file, span=decl.span)


def check_god(env, file, decl: ast_decl.PieceDecl, ctx: Context) -> God:
    """A held piece, its clauses read in `ctx` (the checker's context for a god)."""
    lets = block_lets(env, decl.members, ctx)
    if lets or ctx.lets:  # (a god without lets reads none, as the context says already when it has none)
        ctx = ctx.evolve(lets=lets)
    taken, _ = _when(env, decl.members, ctx, {}, ("taken",))
    ends = tuple(m for m in decl.members if isinstance(m, ast_decl.EndClause))
    _ends(env, ends, ctx, later_lets(decl.members))
    modifiers, modified = {}, {}
    for m in decl.members:
        if isinstance(m, ast_decl.ParamDecl):
            env.error(f"a {decl.family} has no parameters; use 'let' for a named value, or 'modify' "
                      f"to change a rule value for its holder", m.span)
        elif isinstance(m, ast_decl.Modify):
            if m.name not in env.values:
                env.diags.append(env.unknown("value", m.name, env.values, m.span))
            elif m.name in modifiers:  # the later line would silently replace the first
                first = modified[m.name]
                where = f": the first is at {first.line}:{first.column}" if first is not None else ""
                env.error(f"{decl.family} '{decl.name}' modifies '{m.name}' twice{where}", m.span)
            else:
                check_modify(env, m)
            modifiers[m.name] = m.value
            modified.setdefault(m.name, m.span)
    return God(decl.name, decl.title or decl.name, lets, taken, ends, modifiers, file, span=decl.span)


def check_desert(env, decl, files) -> Desert:
    if decl is None:
        return Desert(False, (), "")
    ctx = env.context(self_kind="tile", allow_validated=False)
    _ends(env, decl.ends, ctx)
    return Desert(decl.wild, decl.ends, files[0])


def _names_used(exprs, lets) -> set[str]:
    """Every bare name an expression mentions, following `let` bindings."""
    found: set[str] = set()

    def walk(e):
        if e is None:
            return
        if isinstance(e, ast_expr.Ref):
            if e.name in lets and e.name not in found:  # each let followed once, however often it is read
                found.add(e.name)
                walk(lets[e.name])
            found.add(e.name)
            return
        for field in attrs.fields(type(e)):
            value = getattr(e, field.name)
            if attrs.has(type(value)):
                walk(value)
    for e in exprs:
        walk(e)
    return found


def _shows(ctx: Context, name: str) -> bool:
    """Whether a sentence may show this name's value: a name with a value, not a constant or a per-set fact."""
    binding = ctx.resolve(name)
    return binding is not None and binding.what not in ("color", "kind", "star", "member") and \
        not isinstance(binding.type, PerMember)


def _declared_at(what: str, span) -> str:
    return f"{what} is declared at {span.file}:{span.line}:{span.column}" if span is not None else f"{what} is declared"
