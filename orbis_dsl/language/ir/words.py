"""How a traced step names the operands of a score column's division (`coins 5`, `power[II] 6`), and whether an
explanation writes a let out: the wording both back ends take from the IR rather than from the describer."""

from __future__ import annotations

from orbis_dsl.language.ir import nodes, ops


def is_sum(e) -> bool:
    return isinstance(e, ops.Arith) and e.op == "+"


def sum_terms(e) -> list:
    """The terms of an `a + b + c` chain, left to right."""
    return sum_terms(e.left) + sum_terms(e.right) if is_sum(e) else [e]


def operand_word(e) -> str:
    """How a traced step names an operand before its value: `coins 5`, `power[II] 6`; a computed one shows only
    its value."""
    if isinstance(e, nodes.NAME_NODES):
        return f"{e.name} "
    if isinstance(e, ops.FactAt) and isinstance(e.key, nodes.NAME_NODES):
        return f"{e.fact}[{e.key.name}] "
    return ""


# Parts an explanation writes out for one let at most (each summand with its value): past that, it shows the
# let as its name and value. A let written out at each of its reads would double with each let that reads the
# one before twice; real lets explain in a few parts.
EXPLAINED_PARTS = 40


def written_out(let: nodes.Let) -> bool:
    """Whether an explanation writes `let` out (`2 * 3 neighbours that are blue`) rather than showing its name
    and value (`lights 6`)."""
    return _explained_parts(let.expr, {}) <= EXPLAINED_PARTS


def shown_as(e):
    """What an explanation writes for `e`: a let written out shows its expression (through the lets it is), so
    that `lights * 2` of `let lights = a + b` reads `(a 1 + b 2) * 2`, bracketed as its expression needs."""
    while isinstance(e, nodes.LetRef) and written_out(e.let):
        e = e.let.expr
    return e


def _explained_parts(e, seen: dict[int, int]) -> int:
    """How many parts the explanation of `e` writes out (capped past the limit); `seen`: each let's, once."""
    if isinstance(e, nodes.LetRef):
        if id(e.let) not in seen:
            seen[id(e.let)] = _explained_parts(e.let.expr, seen)
        return seen[id(e.let)]
    if isinstance(e, ops.Arith):
        parts = (e.left, e.right)
    elif isinstance(e, ops.Neg):
        parts = (e.operand,)
    elif isinstance(e, ops.IfExpr):  # (its condition is worked out, not explained)
        parts = (e.then, e.otherwise)
    elif isinstance(e, ops.Extreme):
        parts = e.args
    else:
        return 1
    return min(1 + sum(_explained_parts(part, seen) for part in parts), EXPLAINED_PARTS + 1)
