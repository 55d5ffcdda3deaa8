"""A log read back, before any turn is replayed: its lines sorted into header, turns and result, the rules and
the game it names checked, and the deal its header gives (redone from a seed, or listed tile by tile) checked
against the rule set. Problems are returned as located diagnostics."""

from __future__ import annotations

import re

import attrs

from orbis_dsl.common.diagnostics import Diagnostic, Span
from orbis_dsl.engine.game_setup import Setup, SetupError, deal, variant_tiles
from orbis_dsl.engine.log_write import FORMAT, GAME
from orbis_dsl.language.syntax.literals import plain_count
from orbis_dsl.records.orbis.json_reader import find_god
from orbis_dsl.runtime.rules import Rules
from orbis_dsl.runtime.specs import VariantSpec

HEADER_KEYS = ("format", "game", "rules", "title", "variant", "seed", "players", "policies", "options",
               "gods revealed", "display")
TURN = re.compile(r"round\s+([0-9]{1,9})\s*,\s*([^:]+?)\s*:\s?")
_HEADER = re.compile(r"([a-z][a-z0-9 ]*?)\s*:\s*(.*)$")
_PILE = re.compile(r"pile ([0-9]{1,9})")


def located(file: str, line: int, column: int, message: str, end: int | None = None,
            hint: str | None = None) -> Diagnostic:
    """An error at a line of the log (from `column` to `end` when the end is known)."""
    return Diagnostic(message, span=Span(file, line, max(1, column), line if end else None, end), hint=hint)


@attrs.define
class LogLines:
    """A log's lines by what they are. Header values keep where they stand: key → (value, line, column)."""

    header: dict[str, tuple[str, int, int]]
    turns: list[tuple[int, str]]  # (line number, text)
    result: tuple[int, str] | None  # the result line, if the log has one

    @property
    def last_line(self) -> int:
        """The last line that says something (where a missing turn or result is reported)."""
        if self.turns:
            return self.turns[-1][0]
        return max(v[1] for v in self.header.values()) if self.header else 1


def not_a_log(text: str, file: str) -> Diagnostic | None:
    """A diagnostic when the file is JSON (a game record written by `--records`, a score report, …) rather than a
    move log: no log starts with '{' or '['. None for anything else, which `split_log` reads."""
    import json

    stripped = text.lstrip()
    if not stripped or stripped[0] not in "{[":
        return None
    before = text[: len(text) - len(stripped)]
    line, column = before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1
    try:
        doc = json.loads(text)
    except ValueError:
        doc = None
    kind = doc.get("format") if isinstance(doc, dict) else None
    if kind == "orbis-game/1":
        what = "an orbis-game/1 game record (JSON, as `orbis simulate --records` writes), not a move log"
    elif isinstance(kind, str):
        what = f"a JSON file of format '{kind[:40]}', not a move log"
    else:
        what = "a JSON file, not a move log" if doc is not None else f"not a move log: it starts with '{stripped[0]}'"
    return Diagnostic(f"this is {what}", span=Span(file, line, column),
                      hint="replay needs a move log, as `orbis simulate --logs DIR` writes (game-NNNNNN.log); a "
                           "game record is scored with `orbis score FILE`")


def split_log(text: str, file: str) -> LogLines | Diagnostic:
    """Sort the lines: header lines (before the first turn), turns, one result line; comments and blank lines
    are skipped."""
    parts = LogLines({}, [], None)
    header = parts.header
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if TURN.match(line):
            parts.turns.append((number, line))
            continue
        m = _HEADER.match(stripped)
        if m and m.group(1) == "result":
            if parts.result is not None:  # which one would count? neither: the log is ambiguous
                return located(file, number, 1, f"a second result line (the first is on line {parts.result[0]})")
            parts.result = (number, line)
            continue
        if m and not parts.turns:
            key = m.group(1)
            if key not in HEADER_KEYS and not _PILE.fullmatch(key):
                return located(file, number, 1, f"unknown header '{key}'",
                               hint="expected one of: " + ", ".join((*HEADER_KEYS, "pile N")))
            if key in header:
                return located(file, number, 1, f"'{key}' is given twice (first on line {header[key][1]})")
            header[key] = (m.group(2), number, line.index(m.group(2)) + 1 if m.group(2) else len(line))
            continue
        if parts.turns:
            return located(file, number, 1,
                           f"expected a turn ('round N, NAME: …') or the result line, found '{stripped}'")
        return located(file, number, 1, f"expected a header line ('key: value') or a turn, found '{stripped}'")
    return parts


def rules_mismatch(rules: Rules, header: dict, file: str, rules_chosen: bool) -> list[Diagnostic]:
    """An error (or, for rules chosen with --rules, a warning) when the log names another game or rule set."""
    out = []
    if "game" in header and header["game"][0].strip() != GAME:
        value, line, column = header["game"]
        out.append(Diagnostic(f"this is a log of the game '{value.strip()[:40]}', not of {GAME}",
                              span=Span(file, line, column)))
    if "rules" in header and rules.digest is not None and header["rules"][0].strip() != rules.digest:
        value, line, column = header["rules"]
        if rules_chosen:
            out.append(Diagnostic("the log was played under other rules than the ones given with --rules; "
                                  "replaying it under these", span=Span(file, line, column), severity="warning"))
        else:
            out.append(Diagnostic("the log was played under other rules (another rule pack, or an older rule "
                                  "set): its scores would not be reproduced", span=Span(file, line, column),
                                  hint="replay it with --rules PACK, naming the rules it was played under"))
    return out


@attrs.define
class _Header:
    """The header's values, and diagnostics placed at them."""

    values: dict[str, tuple[str, int, int]]
    file: str

    def __contains__(self, key: str) -> bool:
        return key in self.values

    def __getitem__(self, key: str) -> str:
        return self.values[key][0]

    def bad(self, key: str, message: str, hint: str | None = None) -> Diagnostic:
        """An error at the value of `key` (at the top of the log when the header lacks it)."""
        _value, line, column = self.values.get(key, ("", 1, 1))
        return Diagnostic(message, span=Span(self.file, line, column), hint=hint)

    def tile_numbers(self, key: str) -> list[int] | None:
        """The 0-based tile ids of a list of tile numbers, or None when one is not a number."""
        try:
            return [int(v) - 1 for v in self[key].split(",") if v.strip()]
        except ValueError:
            return None


def read_setup(rules: Rules, header: dict, file: str) -> Setup | Diagnostic:
    """The deal the header gives, checked against the rules: redone from the seed, or, with a 'display:' line,
    the display, piles and gods it lists."""
    values = _Header(header, file)
    if "format" in values and values["format"].strip() != FORMAT:
        return values.bad("format", f"unknown log format '{values['format']}' (expected {FORMAT})")
    seats = _seats(rules, values)
    if isinstance(seats, Diagnostic):
        return seats
    names, variant = seats
    options = _options(rules, values)
    if isinstance(options, Diagnostic):
        return options
    seed = None
    if "seed" in values:
        try:
            seed = int(values["seed"])
        except ValueError:
            return values.bad("seed", f"a seed is a whole number, not '{values['seed']}'")
    if "display" in values:
        return _listed_deal(rules, values, variant, names, options, seed)
    return _seeded_deal(rules, values, variant, names, options, seed)


def _seats(rules: Rules, values: _Header) -> tuple[list[str], VariantSpec] | Diagnostic:
    """The players' names and the variant (named, or the one for that many players)."""
    if "players" not in values:
        return Diagnostic("the log names no players ('players: Ana, Ben, …')", span=Span(values.file, 1, 1))
    names = [n.strip() for n in values["players"].split(",") if n.strip()]
    if len(set(names)) != len(names):
        return values.bad("players", "two players have the same name")
    variant_name = values["variant"].strip() if "variant" in values else f"{len(names)}p"
    variant = rules.variants.get(variant_name)
    if variant is None:
        return values.bad("variant" if "variant" in values else "players", f"unknown variant '{variant_name}'",
                          "expected one of: " + ", ".join(rules.variants))
    if variant.players != len(names):
        return values.bad("players",
                          f"variant '{variant.name}' is for {variant.players} players; the log names {len(names)}")
    return names, variant


def _options(rules: Rules, values: _Header) -> dict | Diagnostic:
    """The rule options the header sets ('options: KEY = VALUE, …'), checked against their declarations."""
    options = {}
    if "options" not in values:
        return options
    specs = rules.options
    for item in values["options"].split(","):
        if not item.strip():
            continue
        key, _, value = item.partition("=")
        key, value = key.strip(), value.strip()
        spec = specs.get(key)
        if spec is None:
            return values.bad("options", f"unknown rule option '{key}'", "expected one of: " + ", ".join(specs))
        if spec.type == "bool":
            if value not in ("true", "false"):
                return values.bad("options", f"option '{key}' is true or false, not '{value}'")
            options[key] = value == "true"
        elif spec.type == "int":
            number = plain_count(value.removeprefix("-"))
            if number is None:
                return values.bad("options", f"option '{key}' is a whole number, not '{value[:20]}'")
            options[key] = -number if value.startswith("-") else number
        else:
            value = value.strip('"')
            if spec.choices and value not in spec.choices:
                return values.bad("options", f"option '{key}' is one of {', '.join(spec.choices)}, not '{value}'")
            options[key] = value
    return options


def _seeded_deal(rules: Rules, values: _Header, variant: VariantSpec, names: list[str], options: dict,
                 seed: int | None) -> Setup | Diagnostic:
    """The deal redone from the seed; the gods the header says are revealed must be the ones the seed reveals."""
    if seed is None:
        return Diagnostic("the log gives neither the deal ('display:', 'pile N:') nor a seed",
                          span=Span(values.file, 1, 1))
    try:
        setup = deal(rules, variant, seed, names, options)
    except SetupError as error:
        return values.bad("variant" if "variant" in values else "players", str(error))
    if "gods revealed" in values:
        gods = [g.strip() for g in values["gods revealed"].split(",") if g.strip()]
        if gods != setup.gods:
            return values.bad("gods revealed", f"seed {seed} reveals {', '.join(setup.gods)}")
    return setup


def _listed_deal(rules: Rules, values: _Header, variant: VariantSpec, names: list[str], options: dict,
                 seed: int | None) -> Setup | Diagnostic:
    """The deal as the header lists it: the display, a pile per level (next tile first), the gods revealed."""
    display = values.tile_numbers("display")
    if display is None:
        return values.bad("display", "expected tile numbers separated by commas")
    piles_by_level = _piles(values)
    if isinstance(piles_by_level, Diagnostic):
        return piles_by_level
    problem = _dealt_tiles_problem(rules, values, variant, display, piles_by_level)
    if problem is not None:
        return problem
    gods = _revealed_gods(rules, values, variant)
    if isinstance(gods, Diagnostic):
        return gods
    piles = [piles_by_level[level][1] for level in sorted(piles_by_level)]
    return Setup(variant, names, gods, display, piles, seed, options)


def _piles(values: _Header) -> dict[int, tuple[str, list[int]]] | Diagnostic:
    """level → (its header key, its tiles), in the order the header lists them."""
    piles_by_level = {}
    for key in values.values:
        m = _PILE.fullmatch(key)
        if m:
            pile = values.tile_numbers(key)
            if pile is None:
                return values.bad(key, "expected tile numbers separated by commas")
            piles_by_level[int(m.group(1))] = (key, pile)
    return piles_by_level


def _dealt_tiles_problem(rules: Rules, values: _Header, variant: VariantSpec, display: list[int],
                         piles_by_level: dict[int, tuple[str, list[int]]]) -> Diagnostic | None:
    """Every tile listed exists and sits in the pile of its level, and together they are the variant's tiles."""
    tables_n = len(rules.tiles)
    for key, ids in [("display", display), *list(piles_by_level.values())]:
        for t in ids:
            if not 0 <= t < tables_n:
                return values.bad(key, f"there is no tile {t + 1} (the rule set has {tables_n})")
    for level, (key, ids) in piles_by_level.items():
        for t in ids:
            if rules.tiles[t].level != level:
                return values.bad(key, f"tile {t + 1} is of level {rules.tiles[t].level}, not {level}")
    dealt = sorted(display + [t for _, ids in piles_by_level.values() for t in ids])
    expected = sorted(variant_tiles(rules, variant))
    if dealt == expected:
        return None
    missing = sorted(set(expected) - set(dealt))
    extra = sorted(set(dealt) - set(expected))
    twice = sorted({t for t in dealt if dealt.count(t) > 1})
    what = []
    if missing:
        what.append("missing tiles " + ", ".join(str(t + 1) for t in missing[:8]))
    if extra:
        what.append("tiles not in this variant " + ", ".join(str(t + 1) for t in extra[:8]))
    if twice:
        what.append("tiles dealt twice " + ", ".join(str(t + 1) for t in twice[:8]))
    return values.bad("display", f"the deal is not the variant's tiles: {'; '.join(what)}")


def _revealed_gods(rules: Rules, values: _Header, variant: VariantSpec) -> list[str] | Diagnostic:
    """The gods the header says are revealed: known, each once, as many as the variant reveals."""
    if "gods revealed" not in values:
        return Diagnostic("the log does not say which gods are revealed ('gods revealed: …')",
                          span=Span(values.file, 1, 1))
    gods = []
    for word in values["gods revealed"].split(","):
        god = find_god(rules, word)
        if god is None:
            return values.bad("gods revealed", f"unknown god '{word.strip()}'",
                              "expected one of: " + ", ".join(rules.gods))
        if god in gods:
            return values.bad("gods revealed", f"the god '{god}' is revealed twice")
        gods.append(god)
    if len(gods) != variant.gods_revealed:
        return values.bad("gods revealed",
                          f"variant '{variant.name}' reveals {variant.gods_revealed} gods, not {len(gods)}")
    return gods
