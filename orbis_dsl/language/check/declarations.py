"""Stage 2, pass 1: collect the declarations of every file of a rule set, by type, and report names declared
twice or taken by the language. A rule pack (a later layer) replaces what an earlier layer declared under the
same name. Mixed into the checker (which provides `error` and `sources`)."""

from __future__ import annotations

import re
from collections import defaultdict
from functools import cache

from orbis_dsl.common.diagnostics import Span
from orbis_dsl.language.check.bindings import (
    cross_sort_collisions,
    fact_key_problems,
    option_key_problems,
    refused_replacement,
    sort_words,
)
from orbis_dsl.language.check.model import BUILTIN_NAMES, BUILTIN_TILE_FIELDS
from orbis_dsl.language.check.names import ROUND_NAMES
from orbis_dsl.language.syntax import ast_decl, ast_expr, ast_sheet
from orbis_dsl.language.syntax.ast_walk import children


class _Table:
    """The declarations entered so far: each entry (file, declaration) or None once replaced; each entry's
    declaration, kept when a pack's replaces it; and the owner of each key: (layer, entry index, what)."""

    def __init__(self):
        self.entries: list[tuple[str, object] | None] = []
        self.decls: list[object] = []
        self.owners: dict[str, tuple[int, int, str]] = {}


class DeclarationCollector:
    def collect(self):
        """Declarations by type, and the singletons. A rule pack (a later layer) replaces what an earlier layer
        declared under the same name, by the binding rule (`check_bindings`); within one layer a second
        declaration is an error. A pack that lists tiles replaces the whole tile list."""
        layers = self.sources.layers
        self.families = self._families()
        self.reserved = BUILTIN_NAMES | (self._vocabulary_names() - self._pack_nouns_taken()) | self._round_names()
        if not any(f.role == "tiles" for f in self.families.values()):
            # A game with no tiles (a score sheet's) has no tile fields: `level` may name its option.
            self.reserved -= set(BUILTIN_TILE_FIELDS)
        pack_has_tiles = any(isinstance(d, ast_decl.TileDecl) for f in self.sources.files
                             if layers.get(f.path, 0) > 0 for d in f.decls)
        table = _Table()
        self.replaced: dict[str, tuple[str, object, object]] = {}  # key -> (what, base declaration, the pack's)
        for file in self.sources.files:
            layer = layers.get(file.path, 0)
            for decl in file.decls:
                if not (isinstance(decl, ast_decl.TileDecl) and layer == 0 and pack_has_tiles):
                    self._bind(table, file.path, layer, decl)
        entries = table.entries
        # The one table of names expressions use, whatever their sort: name -> (sort, declaration, layer, entry).
        self.bound = {key: (what, table.decls[index], layer, index) for key, (layer, index, what)
                      in table.owners.items() if entries[index] is not None and ":" not in key}
        for collision in cross_sort_collisions(entries, self.bound, layers, self.first_line):
            self.error(collision.message, collision.span, hint=collision.hint)
            if collision.dropped is not None:
                entries[collision.dropped] = None
        by_type: dict[type, list[tuple[str, object]]] = defaultdict(list)
        singletons: dict[str, object] = {}
        for entry in entries:
            if entry is None:
                continue
            by_type[type(entry[1])].append(entry)
            key = self._singleton_key(entry[1])
            if key is not None:
                singletons[key] = entry[1]
        return by_type, singletons

    def _bind(self, table: _Table, path: str, layer: int, decl) -> None:
        """Enter one declaration: added, replacing the base game's (by the binding rule), or refused."""
        key, what = self._key(decl)
        if key is not None and not self._free(key, what, decl):
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
                self.error(message, decl.span, hint=f"first declared at {_where(first.span)}")
                return
            refused = refused_replacement(key, what, first, first_what, decl, self.first_line)
            if refused is not None:
                self.error(refused[0], decl.span, hint=refused[1])
                return
            self.replaced[key] = (what, first, decl)
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

    def top_level_lets(self, decls) -> dict:
        """The top-level lets, checked in order. A pack's let replaces the base game's only with a let of the same
        type, which the base game's rules read it as: one of another type is an error at the pack's, and the
        lets are checked again with the base game's, so that its uses say nothing more."""
        decls = self._replacing_lets_after_what_they_use(decls)
        kept = len(self.diags)
        lets = self._lets(decls, self.context())
        mismatched = self._mismatched_lets(self.context(lets=lets))
        if not mismatched:
            return lets
        del self.diags[kept:]
        restored = {id(new): old for _, old, new, _, _ in mismatched}
        lets = self._lets([restored.get(id(d), d) for d in decls], self.context())
        for key, old, new, old_type, new_type in mismatched:
            del self.replaced[key]
            self.error(f"let '{key}' replaces the base game's let '{key}' with another type: "
                       f"{self.words(new_type)}, not {self.words(old_type)}", new.span,
                       hint=f"the base game's at {_where(old.span)}: `{self.first_line(old.span)}`; a pack "
                            "replaces a declaration only by one of the same sort and type")
        return lets

    def _replacing_lets_after_what_they_use(self, decls: list) -> list:
        """A pack's let that replaces the base game's stands where that one stood (the base lets below it use
        it); the pack's own lets it uses, directly or not, are moved up before it, in their order."""
        replacing = {id(new) for what, _, new in self.replaced.values() if what == "let"}
        if not replacing:
            return decls
        pack_own = {d.name: d for d in decls
                    if id(d) not in replacing and d.span is not None and self.sources.layers.get(d.span.file, 0)}
        order = list(decls)
        for let in [d for d in decls if id(d) in replacing]:
            order = _used_lets_first(order, let, pack_own)
        return order

    def _mismatched_lets(self, ctx) -> list[tuple]:
        """(key, base let, pack let, base type, pack type) of each replaced let whose type differs. The base one's
        type is found in the pack's context, its mistakes unsaid."""
        found = []
        for key, (what, old, new) in self.replaced.items():
            if what != "let":
                continue
            new_type = self.let_types.get(id(new.expr), "?")
            kept, self.diags = self.diags, []
            try:
                old_type = self.expr(old.expr, ctx)
            finally:
                self.diags = kept
            if "?" not in (old_type, new_type) and old_type != new_type:
                found.append((key, old, new, old_type, new_type))
        return found

    def record_keys_are_free(self, decls, options, singletons) -> None:
        """Each fact reads a key of the record no other fact of its level reads, and none the record has of its
        own, nor does an option of a score-sheet game take one (see `check_bindings.fact_key_problems`)."""
        grid = singletons.get("grid")
        family = self.vocabulary.player_family if self.sheet else None
        problems = fact_key_problems(decls, family, grid.name if grid else None, self.options, self.first_line)
        if self.sheet:
            problems += option_key_problems(d for _, d in options)
        for message, span, hint in problems:
            self.error(message, span, hint=hint)

    def first_line(self, span: Span | None) -> str | None:
        """The first line of a declaration's text (for a message that names it), shortened; None if not kept."""
        text = self.sources.texts.get(span.file) if span is not None else None
        lines = text.split("\n") if text is not None else []
        if not lines or not 1 <= span.line <= len(lines):
            return None
        line = lines[span.line - 1].strip()
        return line if len(line) <= 80 else line[:79] + "…"

    def replacement_hints(self) -> None:
        """An error in a file of the game a pack is laid over comes from the pack (the game checks clean on its
        own): when the pack replaced a declaration the message names (or replaced any), the hint says which, and
        where both are. Without it, `stone needs parameter 'likes'` at 14 base tiles named nothing of the pack."""
        if not self.replaced:
            return
        base = {path for path, layer in self.sources.layers.items() if layer == 0}
        for i, diag in enumerate(self.diags):
            if not diag.is_error or diag.span is None or diag.span.file not in base:
                continue
            named = [(key, r) for key, r in self.replaced.items() if _names(diag.message, key, r[0])]
            hint = _replacement_hint(*named[0]) if named else (
                "the base game checks clean on its own; the pack replaces "
                + ", ".join(_what(key, r[0]) + f" ({_where(r[2].span)})" for key, r in list(self.replaced.items())[:3]))
            self.diags[i] = diag._replace(hint=f"{diag.hint}; {hint}" if diag.hint else hint)

    def _key(self, decl) -> tuple[str | None, str]:
        singleton = self._singleton_key(decl)
        if singleton is not None:
            # (a namespace of its own: `value levels = 2` is a value, not a second `levels`)
            return f"one:{singleton}", "singleton"
        named = self._declared_name(decl)
        if named is not None:
            return named[0], named[1]
        return None, ""

    def _free(self, key: str, what: str, decl) -> bool:
        shown = key.split(":", 1)[-1]
        if what != "singleton" and shown in self.reserved and not isinstance(decl, ast_decl.FamilyDecl):
            self.error(f"'{shown}' is {self.taken_by(shown)} and cannot name a {what}", decl.span)
            return False
        return True

    def _pack_nouns_taken(self) -> set[str]:
        """A pack's nouns (a family, marker, face-down state, resource, tile mark) named like something the base
        game declares: each an error at the pack's; the names, which then reserve nothing."""
        layers, base = self.sources.layers, {}
        if not any(layers.get(file.path, 0) for file in self.sources.files):
            return set()  # (no pack)
        for file in self.sources.files:
            if layers.get(file.path, 0) == 0:
                for decl in file.decls:
                    for name in _names_bound(decl, self._declared_name(decl)):
                        base.setdefault(name, decl)
        taken = set()
        for file in self.sources.files:
            if layers.get(file.path, 0) == 0:
                continue
            for decl in file.decls:
                for noun in _nouns(decl):
                    if noun in base:
                        other = base[noun]
                        self.error(f"'{noun}' is the pack's {_noun_words(decl)}, but the base game declares "
                                   f"'{noun}' otherwise: a name means one thing", decl.span,
                                   hint=f"the base game's at {_where(other.span)}: `{self.first_line(other.span)}`; "
                                        "give the pack's another name")
                        taken.add(noun)
        return taken

    def taken_by(self, name: str) -> str:
        """What a reserved name already is, in words: 'a built-in name', 'the family kind' …"""
        if name in BUILTIN_NAMES:
            return "a built-in name"
        if name in ROUND_NAMES:
            return "a built-in name of a game of rounds"
        if name in self.families:
            return f"the name of the family '{name}'"
        for cls, words in ((ast_decl.MarkerDecl, "the name of a marker"),
                           (ast_decl.FacedownDecl, "the face-down state"),
                           (ast_decl.ResourceDecl, "the name of a resource")):
            for file in self.sources.files:
                for decl in file.decls:
                    if isinstance(decl, cls) and decl.name == name:
                        return words
                    if isinstance(decl, ast_decl.MarkerDecl) and decl.opposite == name:
                        return "the opposite of a marker"
                    if isinstance(decl, ast_decl.NamesDecl) and decl.mark == name:
                        return "the tile mark"
        return "a declared name"

    def _round_names(self) -> frozenset[str]:
        """`round` and `rounds_played`, in a game of rounds: what every expression there may read."""
        declared = any(isinstance(d, ast_decl.NumberDecl) and d.what == "rounds" for f in self.sources.files
                       for d in f.decls)
        return ROUND_NAMES if declared else frozenset()

    def _families(self) -> dict[str, ast_decl.FamilyDecl]:
        """Every family, by name, read before anything else: a piece's declaration needs its family's role.
        (Duplicates are reported when the declarations are collected.)"""
        families, layers = {}, self.sources.layers
        for file in self.sources.files:
            for decl in file.decls:
                first = families.get(decl.name) if isinstance(decl, ast_decl.FamilyDecl) else None
                if first is not None and first.role != decl.role and layers.get(file.path, 0) > 0:
                    continue  # a pack's family of another role does not replace the base's (an error, when collected)
                if isinstance(decl, ast_decl.FamilyDecl):
                    families[decl.name] = decl
        return families

    def _vocabulary_names(self) -> set[str]:
        names = set(self.families)
        for file in self.sources.files:
            for decl in file.decls:
                if isinstance(decl, (ast_decl.MarkerDecl, ast_decl.FacedownDecl, ast_decl.ResourceDecl)):
                    names.add(decl.name)
                if isinstance(decl, ast_decl.MarkerDecl) and decl.opposite:
                    names.add(decl.opposite)
                if isinstance(decl, ast_decl.NamesDecl) and decl.mark:
                    names.add(decl.mark)
        return names

    @staticmethod
    def _singleton_key(decl) -> str | None:
        if isinstance(decl, (ast_decl.NamesDecl, ast_decl.NumberDecl)):
            return decl.what
        return _sort_of(type(decl), _SINGLETONS)

    def _declared_name(self, decl) -> tuple[str, str] | None:
        what = _sort_of(type(decl), _EXPRESSION_NAMES)
        if what is not None:
            # Tile pieces, options, values, attributes, aliases, sets, facts and top-level lets share the
            # namespace of expressions.
            return (decl.alias if isinstance(decl, ast_decl.AliasDecl) else decl.name, what)
        if isinstance(decl, ast_sheet.ScoreDecl):
            return (f"score:{decl.name}", "score")
        if isinstance(decl, ast_decl.PieceDecl):
            family = self.families.get(decl.family)
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


def _where(span: Span | None) -> str:
    return f"{span.file}:{span.line}:{span.column}" if span else "another file"


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
    return (f"{_what(key, what)} is the pack's, at {_where(new.span)}: it replaces the base game's"
            f"{f' {title!r}' if title else ''} ({_where(old.span)}), which these lines were written for; {advice}")


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
