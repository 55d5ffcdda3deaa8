"""Stage 2, the top-level lets of a rule set: checked in order, each in the context of those above it, and a
pack's let replacing the base game's only by one of the same type. Functions of the checker's `Names`
(check/state.py), as `env`."""

from __future__ import annotations

from orbis_dsl.language.check.bindings import where
from orbis_dsl.language.check.pieces import block_lets
from orbis_dsl.language.check.types import UNKNOWN
from orbis_dsl.language.syntax import ast_expr
from orbis_dsl.language.syntax.ast_walk import children


def top_level_lets(env, decls) -> tuple[dict, dict]:
    """The top-level lets, checked in order (name -> expression), and what the pack replaces once a let that
    changes a type is refused (`env.replaced` less those). A pack's let replaces the base game's only with a let
    of the same type, which the base game's rules read it as: one of another type is an error at the pack's,
    and the lets are checked again with the base game's, so that its uses say nothing more."""
    decls = _replacing_lets_after_what_they_use(env, decls)
    kept = len(env.diags)
    lets = block_lets(env, decls, env.context())
    mismatched = _mismatched_lets(env, env.context(lets=lets))
    if not mismatched:
        return lets, env.replaced
    del env.diags[kept:]
    restored = {id(new): old for _, old, new, _, _ in mismatched}
    lets = block_lets(env, [restored.get(id(d), d) for d in decls], env.context())
    replaced = {key: r for key, r in env.replaced.items() if key not in {m[0] for m in mismatched}}
    for key, old, new, old_type, new_type in mismatched:
        env.error(f"let '{key}' replaces the base game's let '{key}' with another type: "
                  f"{env.words(new_type)}, not {env.words(old_type)}", new.span,
                  hint=f"the base game's at {where(old.span)}: `{env.first_line(old.span)}`; a pack "
                       "replaces a declaration only by one of the same sort and type")
    return lets, replaced


def _replacing_lets_after_what_they_use(env, decls: list) -> list:
    """A pack's let that replaces the base game's stands where that one stood (the base lets below it use
    it); the pack's own lets it uses, directly or not, are moved up before it, in their order."""
    replacing = {id(new) for what, _, new in env.replaced.values() if what == "let"}
    if not replacing:
        return decls
    pack_own = {d.name: d for d in decls
                if id(d) not in replacing and d.span is not None and env.sources.layers.get(d.span.file, 0)}
    order = list(decls)
    for let in [d for d in decls if id(d) in replacing]:
        order = _used_lets_first(order, let, pack_own)
    return order


def _mismatched_lets(env, ctx) -> list[tuple]:
    """(key, base let, pack let, base type, pack type) of each replaced let whose type differs. The base one's
    type is found in the pack's context, its mistakes unsaid."""
    found = []
    for key, (what, old, new) in env.replaced.items():
        if what != "let":
            continue
        new_type = env.let_types.get(id(new.expr), UNKNOWN)
        kept, env.report.diags = env.report.diags, []
        try:
            old_type = env.expr(old.expr, ctx)
        finally:
            env.report.diags = kept
        if UNKNOWN not in (old_type, new_type) and old_type != new_type:
            found.append((key, old, new, old_type, new_type))
    return found


def _used_lets_first(order: list, let, pack_own: dict) -> list:
    """`order` with the pack's own lets that `let` uses, directly or through one another, moved from after it to
    just before it, in their order."""
    used, todo = set(), [let.expr]
    while todo:
        node = todo.pop()
        if isinstance(node, ast_expr.Ref) and node.name in pack_own and node.name not in used:
            used.add(node.name)
            todo.append(pack_own[node.name].expr)
        todo.extend(children(node))
    at = order.index(let)
    movers = [d for d in order[at + 1:] if d.name in used and d is pack_own.get(d.name)]
    return [d for d in order[:at] if d not in movers] + movers + [d for d in order[at:] if d not in movers]
