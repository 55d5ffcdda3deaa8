"""How a traced step names the operands of a score column's division, read off the IR: the one piece of wording
both back ends take from the IR rather than from the describer (`coins 5`, `power[II] 6`)."""

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
