"""`orbis fmt` of the reuse declarations: functions (`def`), link sets (`links`), values per member of a set and
their `modify NAME[MEMBER]`. Tables merged into `decls`' (one-line texts, and layouts that may break)."""

from __future__ import annotations

from orbis_dsl.language.format.expr import fill, kids, layout, link, literal, tok, type_text


def _def_decl(k, indent: str) -> list[str]:
    name, *rest = k
    *params, result, body = rest
    shown = ", ".join(f"{tok(kids(p)[0])}: {type_text(kids(p)[1])}" for p in params)
    return layout(indent + f"def {tok(name)}({shown}): {type_text(result)} = ", body)


def _member_value(t) -> str:
    member, value = kids(t)
    return f"{tok(member)} = {literal(value)}"


REUSE_ONE_LINE = {
    "modify_member": lambda k: f"modify {tok(k[0])}[{tok(k[1])}] = {literal(k[2])}",
    "per_value_decl": lambda k: f"value {tok(k[0])} per {tok(k[1])} = {literal(k[2])}",
}

REUSE_LAYOUTS = {
    "def_decl": _def_decl,
    "links_decl": lambda k, indent: fill(indent + f"links {tok(k[0])}: ", [link(x) for x in k[1:]]),
    "check_clause": lambda k, indent: layout(indent + f"check {k[0]}: ", k[1]),
    "per_value_table": lambda k, indent: fill(indent + f"value {tok(k[0])} per {tok(k[1])}: ",
                                              [_member_value(x) for x in k[2:]]),
}
