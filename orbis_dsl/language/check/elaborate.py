"""Elaboration: the reuse constructs expanded into the declarations that exist without them, before the checks.

- A function (`def`) and a link set (`links`) are taken out of the files; each link set's name is expanded where it
  is written, and each small call (`check/expand.py`); a larger call stays a call of the one definition.
- `value NAME per SET …` becomes one value per member, `NAME_MEMBER`; `modify NAME[MEMBER] = …` modifies that one.
- `NAME[X]` of a per-member value, X a member bound by a `for each` or a count, reads as the choice among the
  members' values; a check `for each X in 4, 3, 2, 1` is made once per number (X then that number, and `{X}` in
  its sentence too).

A pack's function or link set replaces the base game's of the same name only if it is of the same sort and type
(parameters and result); anything else is a located error naming both. Errors here stop the checks: what follows
never sees a call it cannot resolve. The checker then type-checks each function's body at its definition
(`check/functions.py`) and each argument against its parameter, through what this records.
"""

from __future__ import annotations

import attrs

from orbis_dsl.common.diagnostics import Diagnostic, unknown
from orbis_dsl.language.check.bindings import (
    REUSE_SORTS,
    expression_name,
    refused_reuse,
    reuse_named_otherwise,
    written_out,
    written_out_collision,
)
from orbis_dsl.language.check.expand import Expander, binders_in, rebuild, untouched
from orbis_dsl.language.check.hygiene import Hygiene, declared_names
from orbis_dsl.language.check.piece_checks import PieceChecks
from orbis_dsl.language.syntax import ast_decl, ast_expr, ast_reuse, ast_sheet
from orbis_dsl.language.syntax.ast_walk import children
from orbis_dsl.language.syntax.sources import SourceSet

# The words written `WORD(…)` by the language itself: a function of that name would never be called.
_BUILT_IN_CALLS = frozenset({"count", "sum", "max", "min", "size", "position", "distinct"})


@attrs.frozen
class Elaboration:
    """The rule set with reuse expanded, what could not be, and what the checker needs to check the functions."""

    sources: SourceSet
    diagnostics: tuple[Diagnostic, ...] = ()
    functions: dict = attrs.field(factory=dict)  # name -> (FunctionDecl, its body expanded)
    arguments: dict = attrs.field(factory=dict)  # id(argument) -> (argument, FunctionDecl, Param, Call)
    calls: dict = attrs.field(factory=dict)  # function name -> the spans of its calls


def elaborate(sources: SourceSet) -> Elaboration:
    # (declarations first, which is cheap; a walk of every file's nodes only when none declares any reuse)
    if not any(_declares_reuse(f) for f in sources.files) and not any(_has_call(f) for f in sources.files):
        return Elaboration(sources)  # nothing to expand: the files as parsed
    diags: list[Diagnostic] = []
    tables = _tables(sources, diags)
    members: dict[str, tuple] = {}
    for decl in (d for f in sources.files for d in f.decls if isinstance(d, ast_sheet.SetDecl)):
        # the first declaration's members (the base game's): a pack's set of other members is the checker's to
        # refuse, at the pack, and the base game's values per member stay as the base game declares them
        members.setdefault(decl.name, decl.members)
    expander = Expander(tables["function"], tables["link set"], tables["value"], members)
    expander.hygiene = Hygiene(expander, frozenset(_other_names(sources)) | {n for t in tables.values() for n in t})
    _check_definitions(tables["function"], expander)
    for decl in tables["value"].values():
        if decl.set_name not in members:
            diags.append(unknown("set", decl.set_name, members, decl.set_span or decl.span))
    diags.extend(_written_out_collisions(sources, tables["value"], members))
    checks = PieceChecks(sources.files)
    files = tuple(attrs.evolve(f, decls=tuple(_expanded_file(f, expander, tables, members, checks)))
                  for f in sources.files)
    bodies = {name: (fn, expander.checked_body(fn)) for name, fn in tables["function"].items()}
    diags.extend(expander.diags)
    diags.extend(checks.diags)
    return Elaboration(attrs.evolve(sources, files=files), tuple(diags), bodies, expander.arguments,
                       expander.calls)


def _declares_reuse(rule_file) -> bool:
    return any(isinstance(d, tuple(REUSE_SORTS)) or isinstance(getattr(d, "for_each", None), ast_reuse.ForEachNumbers)
               for d in rule_file.decls)


def _has_call(node) -> bool:
    # A call or a link set's name can only be written where a function or link set is declared in some file,
    # but a file of a pack may call the base game's: look, cheaply, for the nodes themselves.
    todo = [node]
    while todo:
        item = todo.pop()
        if isinstance(item, ast_reuse.Call | ast_reuse.NamedLinks | ast_reuse.ModifyMember | ast_reuse.PieceCheck):
            return True
        todo.extend(children(item))
    return False


def _tables(sources: SourceSet, diags: list) -> dict[str, dict]:
    """Functions, link sets and per-member values by name, bound by the binding rule (check/bindings.py): a later
    layer (a pack) replaces an earlier one's of the same sort and type; a name declared twice in one layer, or
    across sorts, is an error naming both."""
    tables: dict[str, dict] = {sort: {} for sort in REUSE_SORTS.values()}
    layer_of: dict[str, int] = {}
    others = _other_names(sources)
    quoted = _quoter(sources)
    for rule_file in sources.files:
        layer = sources.layers.get(rule_file.path, 0)
        for decl in (d for d in rule_file.decls if type(d) in REUSE_SORTS):
            if _bound(decl, layer, tables, layer_of, others, quoted, diags):
                for table in tables.values():
                    table.pop(decl.name, None)
                tables[REUSE_SORTS[type(decl)]][decl.name] = decl
                layer_of[decl.name] = layer
    return tables


def _other_names(sources: SourceSet) -> dict[str, tuple]:
    """Every name declared otherwise than by a reuse declaration: name -> (declaration, layer)."""
    others = {d.name: (d, sources.layers.get(f.path, 0)) for f in sources.files for d in f.decls
              if not isinstance(d, tuple(REUSE_SORTS)) and isinstance(getattr(d, "name", None), str)}
    # a set's members are names too (`fire`): a value per member named so would read `fire[…]` beside them
    others.update({m: (d, sources.layers.get(f.path, 0)) for f in sources.files for d in f.decls
                   if isinstance(d, ast_sheet.SetDecl) for m in d.members if m not in others})
    return others


def _bound(decl, layer: int, tables: dict, layer_of: dict, others: dict, quoted, diags: list) -> bool:
    """Whether a function, link set or value per member takes its name (replacing an earlier one's), by the
    binding rule; each error it breaks is added to `diags`."""
    if isinstance(decl, ast_reuse.FunctionDecl) and decl.name in _BUILT_IN_CALLS:
        diags.append(Diagnostic(f"'{decl.name}' is a word of the language (`{decl.name}(…)`): a function "
                                "named so could never be called", span=decl.name_span or decl.span))
        return False
    earlier = next((t[decl.name] for t in tables.values() if decl.name in t), None)
    refused = None if earlier is None else refused_reuse(decl, earlier, layer <= layer_of[decl.name], quoted)
    if refused is not None:
        diags.append(Diagnostic(refused[0], span=decl.span, hint=refused[1]))
        return False
    if decl.name in others:
        other, other_layer = others[decl.name]
        message, span, hint = reuse_named_otherwise(decl, other, other_layer <= layer, quoted)
        diags.append(Diagnostic(message, span=span, hint=hint))
        # (still known by its sort, so that its uses are not reported as unknown too)
    return True


def _written_out_collisions(sources: SourceSet, per_values: dict, members: dict) -> list[Diagnostic]:
    """A declaration named like a value a value per member writes out (`value start_fire` beside `value start
    per tracks`), in either order and either layer: an error naming both (else one would silently replace the
    other's value for that one member)."""
    layer_of = {id(d): sources.layers.get(f.path, 0) for f in sources.files for d in f.decls}
    made = {name: (decl, member) for decl in per_values.values()
            for name, member in written_out(decl, members.get(decl.set_name, ())).items()}
    if not made:
        return []
    quoted, found = _quoter(sources), []
    for other in (d for f in sources.files for d in f.decls if not isinstance(d, ast_reuse.PerValueDecl)):
        named = expression_name(other)
        if named is None or named[0] not in made:
            continue
        decl, member = made[named[0]]
        message, span, hint = written_out_collision(decl, member, other, named[1],
                                                    layer_of[id(decl)] > layer_of[id(other)], quoted)
        found.append(Diagnostic(message, span=span, hint=hint))
    return found


def _check_definitions(functions: dict, expander: Expander) -> None:
    """What is wrong with a function whatever it is called with: a parameter named twice, or hidden by a binder
    of the body (the body could then never read it)."""
    for fn in functions.values():
        seen = set()
        for param in fn.params:
            if param.name in seen:
                expander.error(f"parameter '{param.name}' of {fn.name} is named twice", param.span)
            seen.add(param.name)
        hidden = sorted(seen & binders_in(fn.body))
        if hidden:
            expander.error(f"parameter '{hidden[0]}' of {fn.name} is hidden inside its body by a count or sum "
                           f"that names '{hidden[0]}' too", fn.body.span,
                           hint=f"name the counted one otherwise, e.g. `{hidden[0]}2`")


def _expanded_file(rule_file, expander: Expander, tables: dict, members: dict, checks: PieceChecks):
    """A file's declarations with reuse expanded, in order (a declaration made per member stands where the one
    it is made from stood)."""
    for decl in rule_file.decls:
        if type(decl) not in REUSE_SORTS and getattr(decl, "for_each", None) is None and untouched(decl):
            yield decl  # nothing to write out (every `tile` line of a deck, most of any file): as parsed
            continue
        if isinstance(decl, ast_reuse.FunctionDecl | ast_reuse.LinkSetDecl):
            continue
        if isinstance(decl, ast_reuse.PerValueDecl):
            yield from _per_member_values(decl, members.get(decl.set_name, ()), expander)
            continue
        if checks.is_template(decl):
            continue  # made once per piece, where each piece's check is written
        if isinstance(decl, ast_decl.PieceDecl):
            decl = attrs.evolve(decl, members=tuple(_modify(m, tables["value"], members, expander)
                                                    for m in decl.members))
            yield from (expander.declaration(made, declared_names(made)) for made in checks.piece(decl))
            continue
        for made in _per_member_checks(decl, expander):
            yield expander.declaration(made, declared_names(made))


def _per_member_values(decl, set_members, expander: Expander):
    spans = decl.member_spans or (decl.span,) * len(decl.table)
    table = {member: (value, span) for (member, value), span in zip(decl.table, spans, strict=True)}
    for member, (_, span) in table.items():
        if member not in set_members:
            expander.diags.append(unknown(f"member of {decl.set_name}", member, set_members, span))
    for member in set_members:
        if decl.default is None and member not in table:
            expander.error(f"value '{decl.name}' gives no value for {member}: give one for every member of "
                           f"{decl.set_name}", decl.span)
            continue
        value = decl.default if member not in table else table[member][0]
        yield ast_decl.ValueDecl(f"{decl.name}_{member}", value, span=decl.span)


def _modify(member, per_values: dict, members: dict, expander: Expander):
    if not isinstance(member, ast_reuse.ModifyMember):
        return member
    decl = per_values.get(member.name)
    if decl is None:
        expander.diags.append(unknown("value given per member", member.name, per_values, member.span))
        return member
    if member.member not in members.get(decl.set_name, ()):
        expander.diags.append(unknown(f"member of {decl.set_name}", member.member, members.get(decl.set_name, ()),
                                      member.member_span or member.span))
        return member
    return ast_decl.Modify(f"{member.name}_{member.member}", member.value, value_span=member.value_span,
                           span=member.span)


def _per_member_checks(decl, expander: Expander):
    """A check over numbers, made once per number: each placed from the check's start to its number (so that
    each is told from the others, and a message about one points at it)."""
    each = getattr(decl, "for_each", None)
    if not isinstance(each, ast_reuse.ForEachNumbers):
        yield decl
        return
    if not isinstance(decl, ast_sheet.WarnDecl):
        expander.error("`for each … in 1, 2, …` is for checks (warn, refuse, note): an award ranges over a set",
                       each.span)
        return
    if each.name in expander.hygiene.declared:
        # (it would read as the number everywhere in the check, the declared one's uses too, with no word said)
        expander.error(f"'{each.name}' already names something here: give the number a name of its own", each.span,
                       hint=f"e.g. `for each {each.name}_n in {', '.join(map(str, each.numbers))}`")
        return
    spans = each.number_spans or (each.span,) * len(each.numbers)
    for n, at in zip(each.numbers, spans, strict=True):
        span = decl.span._replace(end_line=at.end_line, end_column=at.end_column) if decl.span and at else decl.span
        yield _instance(attrs.evolve(decl, span=span), each.name, ast_expr.IntLit(n, span=at), str(n))


def _instance(decl, name: str, replacement, shown: str):
    """One check of a `for each`: its name read as this number, and `{name}` in the sentence too."""
    def visit(item):
        if isinstance(item, ast_expr.Ref) and item.name == name:
            return attrs.evolve(replacement, span=item.span)
        return rebuild(item, visit)
    return attrs.evolve(decl, message=decl.message.replace("{" + name + "}", shown), cond=visit(decl.cond),
                        for_each=None)


def _quoter(sources):
    """A declaration's place and first line, as the binding errors quote the base game's (check/bindings.py)."""
    def quoted(span) -> str:
        text = sources.texts.get(span.file) if span is not None else None
        if text is None:
            return _where(span)
        return f"{_where(span)}: `{text.split(chr(10))[span.line - 1].strip()}`"
    return quoted


def _where(span) -> str:
    return f"{span.file}:{span.line}:{span.column}" if span else "another file"
