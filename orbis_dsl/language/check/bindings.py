"""The binding rule of a rule pack: what a pack's declaration may do to the base game's declaration it is named like.

Every name a rule set declares is bound once, whatever its sort. A pack (a later layer) may replace a base
declaration only by one of the same sort and type, and then every use follows the pack's (a later stage never
looks the old one up by its sort): a value by a value, a fact `int per tracks` by a fact `int per tracks` (its
range may differ), a top-level `let` by a `let` of the same type, a desert by a desert of the same name. Anything
else is a located error at the pack's declaration that names the base's (its file:line:col and its text). The
one-of-a-kind declarations the base game's tiles, records and board are written for (`game`, `colors`, `levels`,
`board` …) cannot be declared again by a pack at all.

The reuse sorts (a function, a link set, a value per member of a set) follow the same rule, asked by
`check/elaborate.py`, which writes them out before the collector runs: a pack replaces one only by one of the same
sort and signature, and the names a value per member writes out (`start_fire` for `value start per tracks`) are
taken like any other name.

Plain functions of declarations: the collector (`check_declarations`) and the elaboration ask them while they bind.
"""

from __future__ import annotations

from typing import NamedTuple

from orbis_dsl.common.diagnostics import Span
from orbis_dsl.language.check.model import type_of
from orbis_dsl.language.check.types import UNKNOWN, Type
from orbis_dsl.language.syntax import ast_decl, ast_expr, ast_reuse, ast_sheet

# One-of-a-kind declarations a pack may not declare again (singleton key -> words): the base game's tiles, its
# records' shape and its board are written for them. (`market`, `winner`, the desert, marker and resource may be
# replaced: nothing else the base game declares is written for their values.)
FIXED = {"game": "the game block (its id and the formats of its records and reports)", "colors": "the colours",
         "levels": "the number of levels", "board": "the board", "mark": "the tile mark", "grid": "the grid",
         "hexmap": "the hex map", "rounds": "the number of rounds"}
# Named one-of-a-kind declarations: a pack replaces them only under the same name (base rules use the name).
_NAMED = {ast_decl.FacedownDecl: "face-down state", ast_decl.MarkerDecl: "marker", ast_decl.ResourceDecl: "resource"}


def where(span: Span | None) -> str:
    return f"{span.file}:{span.line}:{span.column}" if span else "another file"


def span_inside(span, outer) -> bool:
    """Whether `span` lies within `outer` (both in one file)."""
    if span is None or outer is None or span.file != outer.file or outer.end_line is None:
        return False
    return (outer.line, outer.column) <= (span.line, span.column) <= (outer.end_line, outer.end_column)


def type_text(t: ast_expr.TypeRef) -> str:
    """A declared type as it is written: `int`, `int?`, `"icons" | "tiles"`, `colors(2)`, `list of favours?`."""
    if t.name == "enum":
        text = " | ".join(f'"{c}"' for c in t.choices)
    elif t.name == "list":
        text = f"list of {t.choices[0]}" + (f" {t.choices[1]}" if len(t.choices) > 1 and t.choices[1] else "")
    elif t.name == "colors" and t.size:
        text = f"colors({t.size})"
    else:
        text = t.name
    return text + ("?" if t.optional else "")


def signature(decl) -> str | None:
    """What a pack's declaration must keep of the base declaration of the same sort to replace it, as written
    (None: nothing more than its sort)."""
    if isinstance(decl, (ast_decl.OptionDecl, ast_decl.AttributeDecl)):
        return type_text(decl.type)
    if isinstance(decl, ast_decl.ValueDecl):
        return value_type_words(decl)
    if isinstance(decl, ast_sheet.FactDecl):
        per = f" per {decl.per}" if decl.per else ""
        level = f" for {decl.level}" if decl.level else ""
        return type_text(decl.type) + per + level
    if isinstance(decl, ast_decl.FamilyDecl):
        return f"for {decl.role}"
    if isinstance(decl, ast_decl.MarkerDecl):
        return decl.name + (f" (otherwise {decl.opposite})" if decl.opposite else "")
    if isinstance(decl, (ast_decl.FacedownDecl, ast_decl.ResourceDecl)):
        return decl.name
    return None


def _a(noun: str) -> str:
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


# A value given as a member before the sets are known: which set it belongs to is asked once they are
# (`scope_forms.check_values`), so that `value home = black` may replace `value home: terrains`.
SOME_MEMBER = "a member of a set"


def value_type_words(decl: ast_decl.ValueDecl) -> str:
    """A value's type in the words a message gives it: `int`, `bool`, `a member of terrains` (`value home:
    terrains`), or SOME_MEMBER for a member written as the value (`value home = black`)."""
    if decl.set_name is not None:
        return f"a member of {decl.set_name}"
    if isinstance(decl.value, bool):
        return "bool"
    if isinstance(decl.value, int):
        return "int"
    return SOME_MEMBER


def _both_members(old: str | None, new: str | None) -> bool:
    """Both values are members, and one's set is not known yet (checked once it is)."""
    return bool(old and new) and SOME_MEMBER in (old, new) and old.startswith("a member") and new.startswith(
        "a member")


def sort_words(what: str, decl) -> str:
    """A declaration's sort in words: 'value', 'kind' (a piece of the tile family), 'top-level let' …"""
    return "top-level let" if isinstance(decl, ast_decl.LetDecl) else what


def refused_replacement(key: str, what: str, first, first_what: str, decl, quote) -> tuple[str, str] | None:
    """Why the pack's `decl` may not replace the base game's `first` bound under the same key: (message, hint),
    or None when it may. `quote(span)` gives the first line of a declaration's text, for the hint."""
    shown = key.split(":", 1)[-1]
    base = f"the base game's at {where(first.span)}" + (f": `{quote(first.span)}`" if quote(first.span) else "")
    if what == "singleton":
        if shown in FIXED:
            return (f"a rule pack cannot declare {FIXED[shown]} again: the game it extends declares it, and its "
                    f"tiles, records and board are written for it",
                    f"{base}; remove this declaration from the pack")
        old, new = signature(first), signature(decl)
        if old != new:
            noun = _NAMED.get(type(decl), shown)
            return (f"this {noun} is '{new}', but the base game's is '{old}': a pack replaces it only under the same "
                    "name, which the base game's rules use", f"{base}; call it {old}")
        return None
    if what != first_what:
        return (f"{sort_words(what, decl)} '{shown}' is named like the base game's {sort_words(first_what, first)} "
                f"'{shown}': a pack replaces a declaration only by one of the same sort",
                f"{base}; give the pack's {sort_words(what, decl)} another name, or declare "
                f"{_a(sort_words(first_what, first))} to replace it")
    old, new = signature(first), signature(decl)
    if old != new and not _both_members(old, new):
        return (f"{what} '{shown}' replaces the base game's {what} '{shown}' with another type: {new}, not {old}",
                f"{base}; a pack replaces a declaration only by one of the same sort and type: declare it as "
                f"{old}, or give it another name")
    return None


def reserved_record_keys(level: str | None, family: str | None, grid: str | None, options) -> dict[str, str]:
    """The keys a score-sheet record gives of its own where a fact of this level stands (`for game`: the record's
    top; `for round`: a round; else a player), with what each is; a fact's JSON key may be none of them."""
    from orbis_dsl.runtime.specs import RECORD_KEYS

    keys = {key: "a key of every record" for key in RECORD_KEYS[level]}
    if level is None:
        if family:
            keys[family] = f"the {family} a player plays"
        if grid:
            keys[grid] = f"the player's {grid} board"
    elif level == "game":
        keys.update({name: f"option '{name}', which a record may give at its top" for name in options})
    return keys


def fact_key_problems(facts, family: str | None, grid: str | None, options,
                      quote) -> list[tuple[str, Span | None, str]]:
    """(message, span, hint) for each fact whose JSON key is a record's own key, or another fact's of the same
    level: either makes every record of the game unreadable. `quote(span)`: a declaration's line, for the hint."""
    problems = []
    readers: dict[tuple[str | None, str], ast_sheet.FactDecl] = {}
    for decl in facts:
        key = decl.key or decl.name
        reserved = reserved_record_keys(decl.level, family, grid, options)
        said = f"key \"{key}\"" if decl.key else f"the key \"{key}\" (its name)"
        if key in reserved:
            problems.append((f"fact '{decl.name}' is read from {said}, which is {reserved[key]}: no record could "
                             "give both", decl.span, "name the fact otherwise, or give it another key: "
                                                     f"`fact {decl.name} … key \"{decl.name}_\"`"))
        elif (decl.level, key) in readers:
            first = readers[(decl.level, key)]
            problems.append((f"fact '{decl.name}' is read from {said}, which fact '{first.name}' reads already: two "
                             "facts cannot read one key of a record", decl.span,
                             f"fact '{first.name}' is declared at {where(first.span)}: `{quote(first.span)}`; give "
                             "this one another key"))
        else:
            readers[(decl.level, key)] = decl
    return problems


def option_key_problems(options) -> list[tuple[str, Span | None, str]]:
    """(message, span, hint) for each option of a score-sheet game named like a key a record has of its own at
    its top, where a record may give an option by name (Mondo's `level`)."""
    from orbis_dsl.runtime.specs import RECORD_KEYS

    return [(f"option '{decl.name}' is named like the key \"{decl.name}\" every record has at its top, where a "
             "record may give an option by name: no record could give both", decl.span,
             "give the option another name") for decl in options if decl.name in RECORD_KEYS["game"]]


# ---- names bound by more than a declaration's own name --------------------------------------------------------


class Collision(NamedTuple):
    message: str
    span: Span | None
    hint: str
    dropped: int | None  # the entry of the declaration left out, so that nothing reads the name wrongly


def cross_sort_collisions(entries, bound, layers, quote) -> list[Collision]:
    """Names some declarations bind besides their own: a set's members (`cults[fire]`), the colours and tile
    marks, held pieces that a fact lists by name, and kinds' parameters (an attribute of another type). None may
    be a name declared otherwise; the error stands at the later of the two (a pack's, when one is), and that
    declaration, when it is a pack's, is left out, so that nothing else reads the name wrongly. (Colours and marks
    named like a declaration of their own layer are told by the checker, at that declaration.)"""
    found, told = [], set()
    live = [(i, path, decl) for i, entry in enumerate(entries) if entry is not None for path, decl in (entry,)]

    def clash(own: int, name: str, path: str, decl, words: str | None, noun: str, table=bound) -> None:
        """`decl` (entry `own`, of the file `path`, `noun` in words) binds `name` too, as `words` says (None: a
        colour or tile mark)."""
        what, other, layer, index = table.get(name, (None, None, 0, 0))
        mine = layers.get(path, 0)
        if other is None or other is decl:
            return
        if (words is None and layer <= mine) or (what.startswith("member") and mine <= layer):
            return  # (a colour, mark or member named like one of its own layer: the checker's own message)
        at_own = mine >= layer
        here, there = (decl, other) if at_own else (other, decl)
        if (name, id(here)) in told:  # (`white`, a colour and a tile mark)
            return
        told.add((name, id(here)))
        if words is None:
            message = f"{sort_words(what, other)} '{name}' is named like the base game's colour or tile mark '{name}'"
        elif what.startswith("member"):
            message = f"'{name}' is {words} and also {_a(what)}"
        else:
            message = f"'{name}' is {words} and also names {_a(sort_words(what, other))} '{name}'"
        other_noun = f"the set '{other.name}'" if what.startswith("member") else f"the {sort_words(what, other)}"
        hint = f"{other_noun} is" if at_own else f"{noun} {'are' if noun.endswith('s') else 'is'}"
        hint += f" declared at {where(there.span)}: `{quote(there.span)}`"
        found.append(Collision(message + ": a name means one thing", here.span, hint + "; rename one of them",
                               (own if mine > layer else None) if at_own else index))

    listed = {d.type.choices[0] for _, _, d in live if isinstance(d, ast_sheet.FactDecl) and d.type.name == "list"}
    pieces = {d.name: (d.family, d, layers.get(path, 0), i) for i, path, d in live
              if isinstance(d, ast_decl.PieceDecl) and d.family in listed}
    members: dict[str, tuple] = {}
    for i, path, decl in live:
        if isinstance(decl, ast_sheet.SetDecl):
            for member in decl.members:
                clash(i, member, path, decl, f"a member of set '{decl.name}'", f"the set '{decl.name}'",
                      {**pieces, **members, **bound})
            for member in decl.members:
                members.setdefault(member, (f"member of set '{decl.name}'", decl, layers.get(path, 0), i))
        elif isinstance(decl, ast_decl.NamesDecl):
            for name in decl.names:
                clash(i, name, path, decl, None, "the colours" if decl.what == "colors" else "the tile marks")
        elif isinstance(decl, ast_decl.PieceDecl) and decl.family in listed:
            clash(i, decl.name, path, decl, f"a {decl.family} that a fact lists by name", f"{decl.family} {decl.name}")
    found += _attribute_clashes(live, layers, quote)
    return found


def _attribute_clashes(live, layers, quote) -> list[Collision]:
    """A pack's attribute named like a parameter of a base game's kind, of another type: every tile has it, so
    the base kind's own would read the pack's."""
    found = []
    for i, path, decl in live:
        if not isinstance(decl, ast_decl.AttributeDecl) or layers.get(path, 0) == 0:
            continue
        for _, kind_path, kind in live:
            if not isinstance(kind, ast_decl.PieceDecl) or layers.get(kind_path, 0) >= layers.get(path, 0):
                continue
            param = next((m for m in kind.members if isinstance(m, ast_decl.ParamDecl) and m.name == decl.name), None)
            if param is not None and _differ(type_of(param.type), type_of(decl.type)):
                found.append(Collision(
                    f"attribute '{decl.name}' is {type_text(decl.type)}, but the base game's {kind.family} "
                    f"{kind.name} has a parameter '{decl.name}' of type {type_text(param.type)}: every tile has an "
                    "attribute, so the two would be one", decl.span,
                    f"the parameter is declared at {where(param.span)}: `{quote(param.span)}`; give the attribute "
                    "another name, or that type", i))
                break
    return found


def _differ(one: Type, other: Type) -> bool:
    return UNKNOWN not in (one, other) and one != other


# ---- the reuse sorts: functions, link sets, values per member (written out by check/elaborate.py) ------------

REUSE_SORTS = {ast_reuse.FunctionDecl: "function", ast_reuse.LinkSetDecl: "link set", ast_reuse.PerValueDecl: "value"}
# The declarations whose names a written-out value (`start_fire`) could be read as, with their sort in words.
# (Scores, awards, variants and families each have a namespace of their own, never read in an expression.)
_EXPRESSION_SORTS = {ast_decl.OptionDecl: "option", ast_decl.ValueDecl: "value", ast_decl.AttributeDecl: "attribute",
                     ast_decl.AliasDecl: "alias", ast_sheet.SetDecl: "set", ast_sheet.FactDecl: "fact",
                     ast_decl.LetDecl: "top-level let", ast_reuse.FunctionDecl: "function",
                     ast_reuse.LinkSetDecl: "link set"}


def reuse_signature(decl) -> str:
    """What a pack's function or value per member must keep to replace the base game's: its type, as written."""
    if isinstance(decl, ast_reuse.FunctionDecl):
        params = ", ".join(_type_words(p.type) for p in decl.params)
        return f"({params}): {_type_words(decl.result)}"
    if isinstance(decl, ast_reuse.PerValueDecl):
        return f"per {decl.set_name}"
    return ""


def _type_words(t) -> str:
    return t.name + ("?" if t.optional else "")


def refused_reuse(decl, first, same_layer: bool, quoted) -> tuple[str, str] | None:
    """Why the function, link set or value per member `decl` may not take the place of `first` (a reuse
    declaration of the same name, of the same layer or an earlier one): (message, hint), or None when it may.
    `quoted(span)`: a declaration's place and first line."""
    sort, first_sort = REUSE_SORTS[type(decl)], REUSE_SORTS[type(first)]
    if same_layer:
        return f"{sort} '{decl.name}' is declared twice", f"the first is at {where(first.span)}"
    if sort != first_sort or reuse_signature(decl) != reuse_signature(first):
        return (f"'{decl.name}' is the base game's {first_sort} {reuse_signature(first)}: a pack may replace it "
                f"only by a {first_sort} of the same type, not by a {sort} {reuse_signature(decl)}".rstrip(),
                f"the base game's at {quoted(first.span)}; give this one another name")
    return None


def reuse_named_otherwise(decl, other, decl_is_later: bool, quoted) -> tuple[str, Span | None, str]:
    """A function, link set or value per member named like a declaration of another sort: (message, span, hint),
    the error standing at the later layer's declaration (a pack's) and naming the other."""
    sort = REUSE_SORTS[type(decl)]
    if not decl_is_later:
        return (f"'{decl.name}' is the base game's {sort}: a name means one thing", other.span,
                f"the base game's at {quoted(decl.span)}; give this one another name")
    return (f"'{decl.name}' names a {sort} here and something else too: a name means one thing", decl.span,
            f"the other is at {where(other.span)}; give one of them another name")


def written_out(decl, members) -> dict[str, str]:
    """The plain values a value per member is written out as (name -> member): `start_fire` for fire."""
    return {f"{decl.name}_{member}": member for member in members}


def expression_name(decl) -> tuple[str, str] | None:
    """(name, sort in words) of a declaration whose name an expression reads, or None."""
    sort = _EXPRESSION_SORTS.get(type(decl))
    if sort is None and isinstance(decl, ast_decl.PieceDecl):
        sort = decl.family
    if sort is None:
        return None
    return (decl.alias if isinstance(decl, ast_decl.AliasDecl) else decl.name), sort


def written_out_collision(per_value, member: str, other, other_sort: str, per_value_is_later: bool,
                          quoted) -> tuple[str, Span | None, str]:
    """A declaration named like a value that `value NAME per SET` writes out for one member (`start_fire`):
    (message, span, hint), at the later layer's declaration (a pack's; of one layer, at the plain one), naming
    both. Silently, the later would replace that one member's value, or the member's value the other."""
    name = f"{per_value.name}_{member}"
    made = (f"`value {per_value.name} per {per_value.set_name}` gives {member} as '{name}' "
            f"(read `{per_value.name}[{member}]`)")
    if per_value_is_later:
        return (f"value '{per_value.name}' per {per_value.set_name} would write out '{name}' for {member}, but "
                f"'{name}' names {_a(other_sort)} already: a name means one thing", per_value.span,
                f"the {other_sort} is declared at {quoted(other.span)}; give one of them another name")
    return (f"{other_sort} '{name}' is named like the value {made}: a name means one thing", other.span,
            f"the value per member is declared at {quoted(per_value.span)}; give this one another name, or give "
            f"{member} its own value there: `value {per_value.name} per {per_value.set_name}: {member} = …, …`")
