"""Stage 2, pass 1: collect the declarations of every file of a rule set, by type, and report names declared
twice or taken by the language. A rule pack (a later layer) replaces what an earlier layer declared under the
same name. Functions of the checker's `Names` (check/state.py), as `env`."""

from __future__ import annotations

import re
from collections import defaultdict
from functools import cache

import attrs

from orbis_dsl.language.check.bindings import (
    cross_sort_collisions,
    fact_key_problems,
    option_key_problems,
    refused_replacement,
    sort_words,
    where,
)
from orbis_dsl.language.check.model import BUILTIN_NAMES, BUILTIN_TILE_FIELDS
from orbis_dsl.language.check.names import ROUND_NAMES
from orbis_dsl.language.syntax import ast_decl, ast_sheet


class _Table:
    """The declarations entered so far: each entry (file, declaration) or None once replaced; each entry's
    declaration, kept when a pack's replaces it; the owner of each key: (layer, entry index, what); and what a
    pack replaced: key -> (what, base declaration, the pack's)."""

    def __init__(self):
        self.entries: list[tuple[str, object] | None] = []
        self.decls: list[object] = []
        self.owners: dict[str, tuple[int, int, str]] = {}
        self.replaced: dict[str, tuple[str, object, object]] = {}


def collect(env):
    """Pass 1: `env` (which knows the sources) with the declarations collected: by type (`by_type`), the
    singletons, the families, the reserved names, what a pack replaced and the one table of names. A rule pack
    (a later layer) replaces what an earlier layer declared under the same name, by the binding rule
    (`check_bindings`); within one layer a second declaration is an error. A pack that lists tiles replaces the
    whole tile list."""
    layers = env.sources.layers
    env = attrs.evolve(env, families=_families(env))
    reserved = BUILTIN_NAMES | (_vocabulary_names(env) - _pack_nouns_taken(env)) | _round_names(env)
    if not any(f.role == "tiles" for f in env.families.values()):
        # A game with no tiles (a score sheet's) has no tile fields: `level` may name its option.
        reserved -= set(BUILTIN_TILE_FIELDS)
    env = attrs.evolve(env, reserved=frozenset(reserved))
    pack_has_tiles = any(isinstance(d, ast_decl.TileDecl) for f in env.sources.files
                         if layers.get(f.path, 0) > 0 for d in f.decls)
    table = _Table()
    for file in env.sources.files:
        layer = layers.get(file.path, 0)
        for decl in file.decls:
            if not (isinstance(decl, ast_decl.TileDecl) and layer == 0 and pack_has_tiles):
                _bind(env, table, file.path, layer, decl)
    entries = table.entries
    # The one table of names expressions use, whatever their sort: name -> (sort, declaration, layer, entry).
    bound = {key: (what, table.decls[index], layer, index) for key, (layer, index, what)
             in table.owners.items() if entries[index] is not None and ":" not in key}
    for collision in cross_sort_collisions(entries, bound, layers, env.first_line):
        env.error(collision.message, collision.span, hint=collision.hint)
        if collision.dropped is not None:
            entries[collision.dropped] = None
    by_type: dict[type, list[tuple[str, object]]] = defaultdict(list)
    singletons: dict[str, object] = {}
    for entry in entries:
        if entry is None:
            continue
        by_type[type(entry[1])].append(entry)
        key = _singleton_key(entry[1])
        if key is not None:
            singletons[key] = entry[1]
    return attrs.evolve(env, by_type=by_type, singletons=singletons, replaced=table.replaced, bound=bound,
                        sheet=bool(by_type[ast_sheet.ScoreDecl]))


def _bind(env, table: _Table, path: str, layer: int, decl) -> None:
    """Enter one declaration: added, replacing the base game's (by the binding rule), or refused."""
    key, what = _key(env, decl)
    if key is not None and not _free(env, key, what, decl):
        return
    if key is not None and key in table.owners:
        first_layer, index, first_what = table.owners[key]
        first = table.decls[index]
        if first_layer >= layer:
            shown = key.split(":", 1)[-1]
            message = (f"'{shown}' is declared twice" if what == "singleton" else
                       f"{sort_words(what, decl)} '{shown}' is declared twice" if what == first_what else
                       f"{sort_words(what, decl)} '{shown}' is already declared as a "
                       f"{sort_words(first_what, first)}")
            env.error(message, decl.span, hint=f"first declared at {where(first.span)}")
            return
        refused = refused_replacement(key, what, first, first_what, decl, env.first_line)
        if refused is not None:
            env.error(refused[0], decl.span, hint=refused[1])
            return
        table.replaced[key] = (what, first, decl)
        if isinstance(decl, ast_decl.LetDecl):
            # A let takes the place of the one it replaces: the lets below it use it.
            table.entries[index], table.decls[index] = (path, decl), decl
            table.owners[key] = (layer, index, what)
            return
        table.entries[index] = None  # the pack's declaration replaces the base game's
    if key is not None:
        table.owners[key] = (layer, len(table.entries), what)
    table.entries.append((path, decl))
    table.decls.append(decl)


def record_keys_are_free(env, decls, options, singletons) -> None:
    """Each fact reads a key of the record no other fact of its level reads, and none the record has of its
    own, nor does an option of a score-sheet game take one (see `check_bindings.fact_key_problems`)."""
    grid = singletons.get("grid")
    family = env.vocabulary.player_family if env.sheet else None
    problems = fact_key_problems(decls, family, grid.name if grid else None, env.options, env.first_line)
    if env.sheet:
        problems += option_key_problems(d for _, d in options)
    for message, span, hint in problems:
        env.error(message, span, hint=hint)


def replacement_hints(env) -> None:
    """An error in a file of the game a pack is laid over comes from the pack (the game checks clean on its
    own): when the pack replaced a declaration the message names (or replaced any), the hint says which, and
    where both are. Without it, `stone needs parameter 'likes'` at 14 base tiles named nothing of the pack."""
    if not env.replaced:
        return
    base = {path for path, layer in env.sources.layers.items() if layer == 0}
    for i, diag in enumerate(env.diags):
        if not diag.is_error or diag.span is None or diag.span.file not in base:
            continue
        named = [(key, r) for key, r in env.replaced.items() if _names(diag.message, key, r[0])]
        hint = _replacement_hint(*named[0]) if named else (
            "the base game checks clean on its own; the pack replaces "
            + ", ".join(_what(key, r[0]) + f" ({where(r[2].span)})" for key, r in list(env.replaced.items())[:3]))
        env.diags[i] = diag._replace(hint=f"{diag.hint}; {hint}" if diag.hint else hint)


def _key(env, decl) -> tuple[str | None, str]:
    singleton = _singleton_key(decl)
    if singleton is not None:
        # (a namespace of its own: `value levels = 2` is a value, not a second `levels`)
        return f"one:{singleton}", "singleton"
    named = _declared_name(env, decl)
    if named is not None:
        return named[0], named[1]
    return None, ""


def _free(env, key: str, what: str, decl) -> bool:
    shown = key.split(":", 1)[-1]
    if what != "singleton" and shown in env.reserved and not isinstance(decl, ast_decl.FamilyDecl):
        env.error(f"'{shown}' is {env.taken_by(shown)} and cannot name a {what}", decl.span)
        return False
    return True


def _pack_nouns_taken(env) -> set[str]:
    """A pack's nouns (a family, marker, face-down state, resource, tile mark) named like something the base
    game declares: each an error at the pack's; the names, which then reserve nothing."""
    layers, base = env.sources.layers, {}
    if not any(layers.get(file.path, 0) for file in env.sources.files):
        return set()  # (no pack)
    for file in env.sources.files:
        if layers.get(file.path, 0) == 0:
            for decl in file.decls:
                for name in _names_bound(decl, _declared_name(env, decl)):
                    base.setdefault(name, decl)
    taken = set()
    for file in env.sources.files:
        if layers.get(file.path, 0) == 0:
            continue
        for decl in file.decls:
            for noun in _nouns(decl):
                if noun in base:
                    other = base[noun]
                    env.error(f"'{noun}' is the pack's {_noun_words(decl)}, but the base game declares "
                              f"'{noun}' otherwise: a name means one thing", decl.span,
                              hint=f"the base game's at {where(other.span)}: `{env.first_line(other.span)}`; "
                                   "give the pack's another name")
                    taken.add(noun)
    return taken


def _round_names(env) -> frozenset[str]:
    """`round` and `rounds_played`, in a game of rounds: what every expression there may read."""
    declared = any(isinstance(d, ast_decl.NumberDecl) and d.what == "rounds" for f in env.sources.files
                   for d in f.decls)
    return ROUND_NAMES if declared else frozenset()


def _families(env) -> dict[str, ast_decl.FamilyDecl]:
    """Every family, by name, read before anything else: a piece's declaration needs its family's role.
    (Duplicates are reported when the declarations are collected.)"""
    families, layers = {}, env.sources.layers
    for file in env.sources.files:
        for decl in file.decls:
            first = families.get(decl.name) if isinstance(decl, ast_decl.FamilyDecl) else None
            if first is not None and first.role != decl.role and layers.get(file.path, 0) > 0:
                continue  # a pack's family of another role does not replace the base's (an error, when collected)
            if isinstance(decl, ast_decl.FamilyDecl):
                families[decl.name] = decl
    return families


def _vocabulary_names(env) -> set[str]:
    names = set(env.families)
    for file in env.sources.files:
        for decl in file.decls:
            if isinstance(decl, (ast_decl.MarkerDecl, ast_decl.FacedownDecl, ast_decl.ResourceDecl)):
                names.add(decl.name)
            if isinstance(decl, ast_decl.MarkerDecl) and decl.opposite:
                names.add(decl.opposite)
            if isinstance(decl, ast_decl.NamesDecl) and decl.mark:
                names.add(decl.mark)
    return names


def _singleton_key(decl) -> str | None:
    if isinstance(decl, (ast_decl.NamesDecl, ast_decl.NumberDecl)):
        return decl.what
    return _sort_of(type(decl), _SINGLETONS)


def _declared_name(env, decl) -> tuple[str, str] | None:
    what = _sort_of(type(decl), _EXPRESSION_NAMES)
    if what is not None:
        # Tile pieces, options, values, attributes, aliases, sets, facts and top-level lets share the
        # namespace of expressions.
        return (decl.alias if isinstance(decl, ast_decl.AliasDecl) else decl.name, what)
    if isinstance(decl, ast_sheet.ScoreDecl):
        return (f"score:{decl.name}", "score")
    if isinstance(decl, ast_decl.PieceDecl):
        family = env.families.get(decl.family)
        if family is not None and family.role == "tiles":
            return (decl.name, decl.family)
        # Held pieces (and those of an unknown family, reported later) have a namespace per family.
        return (f"{decl.family}:{decl.name}", decl.family)
    # Families, awards and variants are never named inside expressions: each has a namespace of its own.
    for cls, what in ((ast_decl.FamilyDecl, "family"), (ast_sheet.AwardDecl, "award"),
                      (ast_decl.VariantDecl, "variant")):
        if isinstance(decl, cls):
            return (f"{what}:{decl.name}", what)
    return None


# The one-of-a-kind declarations, each with its key; and the sorts of declaration whose names are names in
# expressions. (Looked up once per class, `_sort_of`: these were asked of every one of a file's thousands of tile
# lines, a class test after another.)
_SINGLETONS = ((ast_decl.GameDecl, "game"), (ast_decl.BoardDecl, "board"), (ast_sheet.WinnerDecl, "winner"),
               (ast_sheet.GridDecl, "grid"), (ast_sheet.HexMapDecl, "hexmap"), (ast_decl.FacedownDecl, "facedown"),
               (ast_decl.MarkerDecl, "marker"), (ast_decl.ResourceDecl, "resource"))
_EXPRESSION_NAMES = ((ast_decl.OptionDecl, "option"), (ast_decl.ValueDecl, "value"),
                     (ast_decl.AttributeDecl, "attribute"), (ast_decl.AliasDecl, "alias"), (ast_sheet.SetDecl, "set"),
                     (ast_sheet.FactDecl, "fact"), (ast_decl.LetDecl, "let"))


@cache
def _sort_of(cls: type, sorts: tuple[tuple[type, str], ...]) -> str | None:
    """The word of the first of `sorts` that `cls` is (a subclass of), or None."""
    return next((what for sort, what in sorts if issubclass(cls, sort)), None)


def _names_bound(decl, declared: tuple[str, str] | None) -> list[str]:
    """The names in expressions a base declaration binds: its own, a colour list's, a set's members, a kind's
    parameters."""
    names = [declared[0].split(":", 1)[-1]] if declared and not isinstance(decl, ast_decl.FamilyDecl) else []
    if isinstance(decl, ast_decl.NamesDecl):
        names += list(decl.names)
    elif isinstance(decl, ast_sheet.SetDecl):
        names += list(decl.members)
    elif isinstance(decl, ast_decl.PieceDecl):
        names += [m.name for m in decl.members if isinstance(m, (ast_decl.ParamDecl, ast_decl.LetDecl))]
    return names


def _nouns(decl) -> list[str]:
    """The game nouns a declaration makes (names nothing else may take)."""
    if isinstance(decl, (ast_decl.FamilyDecl, ast_decl.FacedownDecl, ast_decl.ResourceDecl)):
        return [decl.name]
    if isinstance(decl, ast_decl.MarkerDecl):
        return [decl.name] + ([decl.opposite] if decl.opposite else [])
    if isinstance(decl, ast_decl.NamesDecl) and decl.mark:
        return [decl.mark]
    return []


def _noun_words(decl) -> str:
    return {ast_decl.FamilyDecl: "family", ast_decl.FacedownDecl: "face-down state", ast_decl.ResourceDecl:
            "resource", ast_decl.MarkerDecl: "marker", ast_decl.NamesDecl: "tile mark"}[type(decl)]


def _a(noun: str) -> str:
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


# What a message says for a declaration of one of a kind (a singleton's key -> the words naming it).
_SINGLETON_WORDS = {"colors": "colour", "mark": "tile mark", "levels": "level", "board": "board", "market": "market",
                    "facedown": "desert", "marker": "marker", "resource": "resource", "winner": "winner"}


def _names(message: str, key: str, what: str) -> bool:
    """Whether a message is about the declaration under `key` (its name as a word, or a singleton's words)."""
    shown = key.split(":", 1)[-1]
    word = _SINGLETON_WORDS.get(shown, shown) if what == "singleton" else shown
    return re.search(rf"(?<![\w]){re.escape(word)}(?![\w])", message) is not None


def _what(key: str, what: str) -> str:
    shown = key.split(":", 1)[-1]
    return f"'{shown}'" if what == "singleton" else f"{what} '{shown}'"


def _replacement_hint(key: str, replaced) -> str:
    what, old, new = replaced
    title = getattr(old, "title", None)
    advice = ("keep what the base game's files use" if what == "singleton" else
              f"name the pack's {what} otherwise to add it beside the base one, or keep what the base one declares")
    return (f"{_what(key, what)} is the pack's, at {where(new.span)}: it replaces the base game's"
            f"{f' {title!r}' if title else ''} ({where(old.span)}), which these lines were written for; {advice}")
