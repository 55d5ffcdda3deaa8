"""Assembling a runtime rule set from handler modules, and finding the base game's compiled modules."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from types import ModuleType

try:  # importlib.util's two functions are the import system's own, always loaded: importing importlib.util (and
    # importlib, importlib._abc) for them cost about 1.5 ms of every start
    from _frozen_importlib import module_from_spec
    from _frozen_importlib_external import spec_from_file_location
except ImportError:  # an interpreter that does not freeze its import system
    from importlib.util import module_from_spec, spec_from_file_location

from orbis_dsl.common.resources import sha256, source_hash
from orbis_dsl.runtime.board import Board
from orbis_dsl.runtime.specs import (
    AwardSpec,
    CheckSpec,
    FactSpec,
    GodSpec,
    KindSpec,
    OptionSpec,
    ScoreSpec,
    Settings,
    TileSpec,
    VariantSpec,
)


class Rules:
    """A runtime rule set. Not changed once built (`replace` makes a changed copy), so what is derived from
    it, like `param_fills`, is computed once here."""

    __slots__ = ("awards", "board", "checks", "digest", "facts", "god_values", "gods", "kinds", "param_fills",
                 "placed_kinds", "scores", "settings", "taken_kinds", "tiles", "unique_params", "variants")

    def __init__(self, settings: Settings, kinds: dict[str, KindSpec], gods: dict[str, GodSpec],
                 awards: dict[str, AwardSpec], variants: dict[str, VariantSpec], tiles: tuple[TileSpec, ...],
                 board: Board, facts: dict[str, FactSpec] | None = None, scores: dict[str, ScoreSpec] | None = None,
                 checks: tuple[CheckSpec, ...] = (), digest: str | None = None):
        # Which rule texts these rules were compiled from (see `merge`), for move logs to name; None when not
        # known (an interpreted or changed rule set).
        self.digest = digest
        self.settings = settings
        # A score-sheet game: what each player's record gives, the sheet's columns, the rules a table may break.
        self.facts = facts or {}
        self.scores = scores or {}
        self.checks = checks
        self.kinds = kinds
        self.gods = gods
        self.awards = awards
        self.variants = variants
        self.tiles = tiles
        self.board = board
        # The defaults a tile of each kind has before its record fills it in (attributes, then the kind's own),
        # but only those other than none: handlers read parameters with .get(), which gives none for the rest.
        attributes = {p.name: p.default for p in settings.attributes}
        self.param_fills: dict[str, dict[str, object]] = {}
        for name, kind in kinds.items():
            defaults = {**attributes, **{p.name: p.default for p in kind.params}}
            self.param_fills[name] = {k: v for k, v in defaults.items() if v is not None}
        # Kinds whose tiles a placement condition cancels: the scorer recomputes those.
        self.placed_kinds = frozenset(name for name, kind in kinds.items() if kind.cancellable_when == "placed")
        # Kinds a cost paid when taken may cancel: a token on one is taken as the table shows it.
        self.taken_kinds = frozenset(name for name, kind in kinds.items() if kind.cancellable_when == "taken")
        # The values a player's rules give under each god that changes some (the Goddess of Idleness: deserts cost
        # nothing), made once: every player of that god shares them, as the others share `settings.values`, so
        # the scorer's lines remembered by the values (scoring.py) serve them all.
        self.god_values: dict[str, dict[str, object]] = {
            name: {**settings.values, **god.modifiers} for name, god in gods.items() if god.modifiers}
        # The parameters no two tiles on the table may share, for the kinds that have any (Farm: `reduces`).
        self.unique_params: dict[str, tuple[str, ...]] = {
            name: names for name, kind in kinds.items() if (names := tuple(p.name for p in kind.params if p.unique))}

    @property
    def is_sheet(self) -> bool:
        """Scored from each player's score sheet (declared columns), not from a board of tiles."""
        return bool(self.scores)

    def __repr__(self) -> str:
        return (f"Rules({len(self.kinds)} kinds, {len(self.gods)} gods, {len(self.awards)} awards, "
                f"{len(self.variants)} variants, {len(self.tiles)} tiles, board {self.board.rows})")

    def replace(self, **changes) -> Rules:
        fields = {name: getattr(self, name) for name in _RULES_FIELDS}
        return Rules(**{**fields, **changes})

    @property
    def options(self) -> dict[str, OptionSpec]:
        return {o.name: o for o in self.settings.options}

    def option_values(self, variant: VariantSpec | None, chosen: dict | None = None) -> dict[str, object]:
        """Defaults, then the variant's, then the table's own choices."""
        values = {o.name: o.default for o in self.settings.options}
        if variant is not None:
            values.update(variant.options)
        values.update(chosen or {})
        return values

    def tile_ids_in_play(self, variant: VariantSpec) -> list[int]:
        """Indexes into `tiles` of the tiles a variant keeps (those whose star colour it does not remove)."""
        removed = set(variant.removed_stars)
        return [i for i, t in enumerate(self.tiles) if t.stars not in removed]

    def canonical_color(self, name: str) -> str | None:
        name = self.settings.aliases.get(name, name)
        return name if name in self.settings.colors else None


def merge(modules: list[ModuleType]) -> Rules:
    """One rule set from its modules; later modules add to (and, for a pack, override) earlier ones."""
    settings: dict[str, object] = {}
    kinds, gods, awards, variants, tiles = {}, {}, {}, {}, []
    facts, scores, checks = {}, {}, []
    default = Settings()
    for module in modules:
        part = getattr(module, "SETTINGS", None)
        if part is not None:
            for field in Settings._fields:
                value = getattr(part, field)
                if value != getattr(default, field):
                    if field in ("options", "attributes") and field in settings:
                        value = _merge_named(settings[field], value)
                    elif field in ("values", "aliases", "sets") and field in settings:
                        value = {**settings[field], **value}
                    settings[field] = value
        kinds.update({k.name: k for k in getattr(module, "KINDS", ())})
        gods.update({g.name: g for g in getattr(module, "GODS", ())})
        awards.update({a.name: a for a in getattr(module, "AWARDS", ())})
        variants.update({v.name: v for v in getattr(module, "VARIANTS", ())})
        facts.update({f.name: f for f in getattr(module, "FACTS", ())})
        scores.update({c.name: c for c in getattr(module, "SCORES", ())})
        checks.extend(getattr(module, "CHECKS", ()))
        if hasattr(module, "TILES"):
            tiles = list(module.TILES) if getattr(module, "REPLACES_TILES", False) else tiles + list(module.TILES)
    merged = Settings(**settings)
    return Rules(merged, kinds, gods, awards, variants, tuple(tiles), Board(merged.board), facts, scores,
                 tuple(checks), rules_digest(modules))


def rules_digest(modules: list[ModuleType]) -> str | None:
    """A hash of the rule texts the modules were compiled from, in the order they are laid over each other: the
    same rules give the same digest whether loaded from generated/, compiled in memory or from the pack cache
    (the paths and line numbers in the modules do not count), other rules another one."""
    hashes = [getattr(module, "SOURCE_SHA256", None) for module in modules]
    if not hashes or None in hashes:
        return None
    return "sha256:" + sha256("\n".join(hashes).encode()).hexdigest()


_RULES_FIELDS = ("settings", "kinds", "gods", "awards", "variants", "tiles", "board", "facts", "scores", "checks")


def _merge_named(old: tuple, new: tuple) -> tuple:
    by_name = {item.name: item for item in old}
    by_name.update({item.name: item for item in new})
    return tuple(by_name.values())


def import_file(path: Path, name: str) -> ModuleType:
    spec = spec_from_file_location(name, path)
    module = module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def load_directory(directory: Path, package: str) -> Rules:
    """Import the modules a generated folder lists in `__init__.py`, in order."""
    index = import_file(directory / "__init__.py", package)
    modules = [import_file(directory / f"{stem}.py", f"{package}.{stem}") for stem in index.MODULES]
    return merge(modules)


# A header's literal as `orbis compile` writes it: a quoted string, or a tuple or list of them, without escapes.
# These are read here, to what literal_eval gives; anything else goes to ast (a few ms of every start to import).
_PLAIN_STRING = r"'[^'\\\n]*'"
_PLAIN_LITERAL = re.compile(rf"{_PLAIN_STRING}|[(\[](?:{_PLAIN_STRING}(?:, {_PLAIN_STRING})*,?)?[)\]]")


def header_literal(text: str):
    """What ast.literal_eval(text) gives, for the strings and sequences of strings a generated header holds."""
    if _PLAIN_LITERAL.fullmatch(text) and text[0] + text[-1] in ("''", "()", "[]"):
        if text[0] == "'":
            return text[1:-1]
        items = [item[1:-1] for item in re.findall(_PLAIN_STRING, text)]
        if text[0] == "[":
            return items
        return items[0] if len(items) == 1 and not text.endswith(",)") else tuple(items)  # ('a') is a string
    import ast

    return ast.literal_eval(text)


def listed_modules(directory: Path) -> list[str]:
    """The rule modules a generated folder's `__init__.py` lists (not the notation parser beside them)."""
    for line in (directory / "__init__.py").read_text(encoding="utf-8").splitlines():
        if line.startswith("MODULES = "):
            return list(header_literal(line[len("MODULES = "):]))
    return []


def stale_sources(directory: Path, rules_root: Path) -> list[str]:
    """Rule files whose text no longer matches the hash their generated module was built from."""
    stale = []
    for stem in sorted(listed_modules(directory)):
        try:
            with (directory / f"{stem}.py").open(encoding="utf-8") as file:
                header = [file.readline().rstrip("\n") for _ in range(4)]
        except OSError:
            stale.append(f"{stem}.py")  # listed but missing: the folder is not what `orbis compile` wrote
            continue
        literal = next((h[len("# source: "):] for h in header if h.startswith("# source: ")), None)
        source = header_literal(literal) if literal else None
        digest = next((h[len("# sha256: "):] for h in header if h.startswith("# sha256: ")), None)
        if source is None:
            continue
        path = rules_root.parent / source
        try:
            actual = source_hash(path.read_text(encoding="utf-8"))
        except OSError:
            actual = None
        if actual != digest:
            stale.append(source)
    return stale
