"""What issue 32 says the shipped games must not carry, found mechanically in a folder of rule files: a value used
as a 0/1 flag, an `or` chain testing one name against members, `x >= 0` written for "x is given", and two checks
(or lets, scores, functions) that are the same expression but for its literals. Each finder returns plain
sentences naming the file and the declaration, so a failing test says what to rewrite."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import attrs

from orbis_dsl.language.syntax import ast_decl, ast_expr, ast_reuse, ast_sheet
from orbis_dsl.language.syntax.ast_walk import children, compared_field_names, is_node
from orbis_dsl.language.syntax.parse import parse_text


def declarations(folder: Path) -> list[tuple[str, object]]:
    """(file name, declaration) for every top-level declaration of every rule file in the folder."""
    found = []
    for path in sorted(folder.glob("*.orbis")):
        rule_file, diags = parse_text(path.read_text(encoding="utf-8"), str(path))
        assert rule_file is not None and not [d for d in diags if d.is_error], path
        found += [(path.name, decl) for decl in rule_file.decls]
    return found


def _nodes(node):
    yield node
    for child in children(node):
        yield from _nodes(child)


def _label(decl) -> str:
    if isinstance(decl, ast_sheet.WarnDecl):
        verb = "refuse" if decl.refuse else "note" if decl.note else "warn"
        return f'{verb} "{decl.message[:50]}"'
    return f"{type(decl).__name__} {getattr(decl, 'name', '')}".strip()


def _members(decls) -> set[str]:
    return {m for _, d in decls if isinstance(d, ast_sheet.SetDecl) for m in d.members}


def flag_values(decls) -> set[str]:
    """Values that only ever hold 0 or 1, as declared and as every held piece modifies them."""
    settings: dict[str, list] = defaultdict(list)
    for _, decl in decls:
        if isinstance(decl, ast_decl.ValueDecl) and decl.set_name is None:
            settings[decl.name].append(decl.value)
        for member in getattr(decl, "members", ()) if isinstance(decl, ast_decl.PieceDecl) else ():
            if isinstance(member, ast_decl.Modify):
                settings[member.name].append(member.value)
    return {name for name, values in settings.items() if all(type(v) is int and v in (0, 1) for v in values)}


def flags_compared_with_0_or_1(folder: Path) -> list[str]:
    """A value holding only 0 and 1 and compared with 0 or 1 is a flag written as a number: declare it `true` or
    `false` and test it by name."""
    decls = declarations(folder)
    flags = flag_values(decls)
    found = []
    for file, decl in decls:
        for node in _nodes(decl):
            if isinstance(node, ast_expr.Compare):
                sides = (node.left, node.right)
                named = [s.name for s in sides if isinstance(s, ast_expr.Ref) and s.name in flags]
                if named and any(isinstance(s, ast_expr.IntLit) and s.value in (0, 1) for s in sides):
                    found.append(f"{file}: {_label(decl)} compares the 0/1 value '{named[0]}' with a number")
    return found


def _disjuncts(node) -> list:
    if isinstance(node, ast_expr.BoolOp) and node.op == "or":
        return _disjuncts(node.left) + _disjuncts(node.right)
    return [node]


def or_chains_over_members(folder: Path) -> list[str]:
    """`x = A or x = B …` over members of a set (two or more), or over anything three times or more: a test of
    membership in a named set, a value per member, or `is given`, says it once."""
    decls = declarations(folder)
    members = _members(decls)
    found = []
    for file, decl in decls:
        ors = [n for n in _nodes(decl) if isinstance(n, ast_expr.BoolOp) and n.op == "or"]
        inner = {id(side) for n in ors for side in (n.left, n.right)}
        for node in ors:
            if id(node) in inner:
                continue  # a part of a longer chain, found with it
            by_subject: dict[object, list] = defaultdict(list)
            for part in _disjuncts(node):
                if isinstance(part, ast_expr.Compare) and part.op == "=":
                    by_subject[part.left].append(part.right)
            for against in by_subject.values():
                on_members = [a for a in against if isinstance(a, ast_expr.Ref) and a.name in members]
                if len(on_members) >= 2 or len(against) >= 3:
                    found.append(f"{file}: {_label(decl)} tests one name against {len(against)} constants by 'or'")
    return found


def presence_written_as_numbers(folder: Path) -> list[str]:
    """`x >= 0` (or `0 <= x`) is always true of a number given: written for "x is given", say `x is given`."""
    found = []
    for file, decl in declarations(folder):
        for node in _nodes(decl):
            if isinstance(node, ast_expr.Compare) and (
                (node.op == ">=" and node.right == ast_expr.IntLit(0))
                or (node.op == "<=" and node.left == ast_expr.IntLit(0))
            ):
                found.append(f"{file}: {_label(decl)} writes '>= 0' for a presence test")
    return found


def _shape(value, members: set[str]):
    """A node with every number, flag and member of a set replaced by one placeholder: two expressions of one
    shape differ only in those. A string is kept: it is a choice of a rule option (`volcano_chip_mode = "flat"`),
    and checks that split on an option's choices say different things of different games."""
    if isinstance(value, ast_expr.IntLit | ast_expr.BoolLit):
        return "LIT"
    if isinstance(value, ast_expr.Ref) and value.name in members:
        return "LIT"
    if isinstance(value, tuple):
        return tuple(_shape(v, members) for v in value)
    if is_node(value):
        return (type(value).__name__, *(_shape(getattr(value, f), members) for f in compared_field_names(type(value))))
    return value if not isinstance(value, str) or value not in members else "LIT"


def _body(decl):
    """What a declaration computes, without its name, title or message: two declarations with bodies of one shape
    repeat each other."""
    if isinstance(decl, ast_sheet.WarnDecl):
        verb = "refuse" if decl.refuse else "note" if decl.note else "warn"
        return (verb, decl.cond, decl.for_each)
    if isinstance(decl, ast_decl.LetDecl | ast_sheet.ScoreDecl):
        return ("expr", decl.expr)
    if isinstance(decl, ast_reuse.FunctionDecl):
        return ("def", decl.params, decl.result, decl.body)
    if isinstance(decl, ast_sheet.AwardDecl):
        return (
            "award",
            *(getattr(decl, f.name) for f in attrs.fields(type(decl)) if f.eq and f.name not in ("name", "title")),
        )
    return None


def repeated_bodies(folder: Path) -> list[str]:
    """Two declarations whose bodies are one expression but for literals and set members (`size(structures[D]) >
    8`, `size(structures[TP]) > 4`): one declaration `for each` member, with a value per member, says it once."""
    decls = declarations(folder)
    members = _members(decls)
    seen: dict[object, str] = {}
    found = []
    for file, decl in decls:
        body = _body(decl)
        if body is None:
            continue
        shape = _shape(body, members)
        if shape in seen:
            found.append(f"{file}: {_label(decl)} repeats {seen[shape]} but for its literals")
        else:
            seen[shape] = f"{file}: {_label(decl)}"
    return found


def _size(node) -> int:
    return sum(1 for _ in _nodes(node))


def repeated_conditions(folder: Path) -> list[str]:
    """A compound of arithmetic or `and`/`or` (five nodes or more) written out in three declarations or more
    (`counted_volcanoes >= 1 and counted_volcanoes is most among players`): a `let` names it once."""
    written: dict[object, list[str]] = defaultdict(list)
    for file, decl in declarations(folder):
        seen_here = set()
        for node in _nodes(decl):
            if isinstance(node, ast_expr.BoolOp | ast_expr.Arith) and _size(node) >= 5 and node not in seen_here:
                seen_here.add(node)
                written[node].append(f"{file}: {_label(decl)}")
    return [
        f"{len(places)} declarations write one condition out: " + "; ".join(places)
        for places in written.values()
        if len(places) >= 3
    ]
