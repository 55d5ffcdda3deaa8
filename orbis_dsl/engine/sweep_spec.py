"""A sweep's spec: a TOML file naming a grid of variants × packs × policies × rule options, and how many games
each cell plays. Reading and checking it returns the cells plus located diagnostics; nothing here prints.

    games = 200                          # per cell
    seed = 1                             # game i of every cell is dealt from (seed, i)
    variants = ["2p", "4p"]
    packs = ["base", "my-gods/"]         # "base": the base game; else a pack laid over it (paths from this file)
    policies = ["greedy", "mcts,greedy"]
    [options]                            # each option: the values to try (the grid takes every combination)
    majority_needs_one = [false, true]

Cells of one variant that differ only by policy or options play the same deals. A pack that keeps the tile list
keeps the tile piles too, but one that adds gods shuffles the gods differently: its cells share the piles, not
always the revealed gods (docs/balance.md §6).
"""

from __future__ import annotations

import itertools
import math
import re
import tomllib
from pathlib import Path
from typing import NamedTuple

from orbis_dsl.common.diagnostics import Diagnostic, Span, did_you_mean, unknown
from orbis_dsl.common.encodings import not_utf8
from orbis_dsl.common.paths import exists, not_found
from orbis_dsl.engine.policy_names import POLICIES, policy_problem

KEYS = ("games", "seed", "variants", "packs", "policies", "options")
BASE = "base"
# Bounds on what a spec may ask for (docs/robustness.md, "Limits"): every game's result is kept for its cell's
# summary, and the grid is a list of cells, so both are counted before anything is built.
MAX_SPEC_BYTES = 1_000_000
MAX_SPEC_DEPTH = 8  # arrays and tables open at once: a spec needs 2 ([options] and a list of values)
MAX_GAMES = 100_000  # per cell, as `orbis simulate --games`
MAX_CELLS = 1_000
MAX_SWEEP_GAMES = 1_000_000  # games × cells
_SEED_BOUND = 2 ** 63  # TOML's own integers


class Cell(NamedTuple):
    """One point of the grid. `source` is the rules source a worker loads (`simulate.load_rules`)."""

    pack: str
    source: str | None
    variant: str
    policy: str
    options: dict


class Sweep(NamedTuple):
    games: int
    seed: int
    cells: list[Cell]


class SpecResult(NamedTuple):
    sweep: Sweep | None
    diagnostics: list[Diagnostic]
    text: str


def read_spec(path: Path, shown: str) -> SpecResult:
    """The sweep a spec file describes, or None and why not (each diagnostic located in the file)."""
    text, refused = _spec_text(path, shown)
    if refused is not None:
        return refused
    data, problem = _parse_toml(text, shown)
    if problem is not None:
        return SpecResult(None, [problem], text)
    where = _Locator(text, shown)
    diags: list[Diagnostic] = []
    for key in data:
        if key not in KEYS:
            diags.append(unknown("sweep setting", _name(key), KEYS, where.find(key)))
    games = _integer(data, "games", 100, 1, where, diags, most=MAX_GAMES)
    seed = _integer(data, "seed", 0, -_SEED_BOUND, where, diags, most=_SEED_BOUND - 1)
    variants = _names(data, "variants", ["4p"], where, diags)
    packs = _names(data, "packs", [BASE], where, diags)
    policies = _names(data, "policies", ["greedy"], where, diags)
    _check_policies(policies, where, diags)
    options = _options(data, where, diags)
    _check_size(games, _cell_count(packs, variants, policies, options), bool(options), where, diags)
    if diags:
        return SpecResult(None, diags, text)
    cells = _cells(path.parent, packs, variants, policies, options, where, diags)
    if diags:
        return SpecResult(None, diags, text)
    return SpecResult(Sweep(games, seed, cells), [], text)


def _parse_toml(text: str, shown: str) -> tuple[dict, Diagnostic | None]:
    """The spec's TOML as a dict, or why it cannot be read (too deep, not TOML, a number too long)."""
    deep = _too_deep(text)
    if deep is not None:  # tomllib recurses once per level: 50,000 of them were a RecursionError traceback
        return {}, Diagnostic(f"the spec nests arrays and tables too deeply (at most {MAX_SPEC_DEPTH} "
                              "open at once)", _Locator(text, shown).span_at(deep))
    try:
        return tomllib.loads(text), None
    except tomllib.TOMLDecodeError as error:
        return {}, _toml_error(error, text, shown)
    except (ValueError, RecursionError) as error:  # a number of more than 4,300 digits
        long_number = re.search(r"\d{4300,}", text)
        if long_number is None:
            return {}, Diagnostic(f"this is not TOML orbis can read: {str(error)[:120]}", file=shown)
        return {}, Diagnostic("this number has more than 4,300 digits (a spec's numbers are at most "
                              f"{_SEED_BOUND - 1:,})", _Locator(text, shown).span_at(long_number.start()))


def _check_policies(policies: list[str], where: _Locator, diags: list[Diagnostic]) -> None:
    """A diagnostic for each policy name (of each comma-separated table) orbis does not know."""
    for policy in policies:
        for name in (n.strip() for n in policy.split(",")):
            problem = policy_problem(name)
            if problem:
                base = name.partition(":")[0]
                diags.append(Diagnostic(problem if len(problem) < 300 else problem[:297] + "...", where.find(name),
                                        hint=did_you_mean(base, POLICIES) if base not in POLICIES else None))


def _options(data: dict, where: _Locator, diags: list[Diagnostic]) -> dict:
    """The [options] table, or {} and a diagnostic when it is not a table."""
    options = data.get("options", {})
    if not isinstance(options, dict):
        diags.append(Diagnostic("'options' is a table: [options] then one line per option", where.find("options")))
        return {}
    return options


def _check_size(games: int, count: int, has_options: bool, where: _Locator, diags: list[Diagnostic]) -> None:
    """A diagnostic when the grid has too many cells, or (the spec being otherwise sound) too many games."""
    at = "options" if has_options else "packs"
    if count > MAX_CELLS:  # counted, not built: 62 kB of TOML once made 16 million cells and a MemoryError
        diags.append(Diagnostic(f"the grid has {count:,} cells (packs × variants × policies × option values); "
                                f"a sweep has at most {MAX_CELLS:,}", where.find(at)))
    elif not diags and games * count > MAX_SWEEP_GAMES:
        diags.append(Diagnostic(f"{games:,} games in each of {count:,} cells is {games * count:,} games; a sweep "
                                f"plays at most {MAX_SWEEP_GAMES:,}", where.find("games")))


def _spec_text(path: Path, shown: str) -> tuple[str, SpecResult | None]:
    """The spec's text, or why it cannot be read: a regular file up to the bound (not a FIFO, not /dev/zero)."""
    from orbis_dsl.language.syntax.rule_files import ReadRefused, read_rule_text

    try:
        return read_rule_text(path, MAX_SPEC_BYTES, encoding="utf-8"), None
    except UnicodeDecodeError as error:
        problem, shown_text = not_utf8(shown, error)
        return "", SpecResult(None, [problem], shown_text)
    except ReadRefused as error:
        return "", SpecResult(None, [Diagnostic(f"cannot read the sweep spec: {error.message}", file=shown)], "")
    except OSError as error:
        return "", SpecResult(None, [Diagnostic(f"cannot read the sweep spec: {error.strerror or error}",
                                                file=shown)], "")


def _cell_count(packs, variants, policies, options) -> int:
    values = [len(v) if isinstance(v, list) else 1 for v in options.values()]
    return len(packs) * len(variants) * len(policies) * math.prod(values)


def _too_deep(text: str) -> int | None:
    """The offset where arrays and inline tables open past MAX_SPEC_DEPTH at once, or None; strings and comments
    are skipped (their brackets open nothing). A mistake in the TOML itself is left to tomllib to report."""
    depth, i, n = 0, 0, len(text)
    while i < n:
        c = text[i]
        if c in "[{":
            depth += 1
            if depth > MAX_SPEC_DEPTH:
                return i
        elif c in "]}":
            depth = max(0, depth - 1)
        elif c == "#":
            i = text.find("\n", i)
            if i < 0:
                return None
        elif c in "\"'":
            quote = c * 3 if text.startswith(c * 3, i) else c
            end = i + len(quote)
            while True:
                end = text.find(quote, end)
                if end < 0:
                    return None
                if c == "'" or not _escaped(text, end):
                    break
                end += 1
            i = end + len(quote) - 1
        i += 1
    return None


def _escaped(text: str, at: int) -> bool:
    """Whether the quote at `at` follows an odd number of backslashes (in a basic string: part of it)."""
    count = 0
    while at - count - 1 >= 0 and text[at - count - 1] == "\\":
        count += 1
    return count % 2 == 1


def _cells(folder: Path, packs, variants, policies, options, where, diags) -> list[Cell]:
    """Every combination, in the order pack, variant, policy, options; each checked against its rule set."""
    from orbis_dsl.engine.simulate import load_rules

    choices = {k: (v if isinstance(v, list) else [v]) for k, v in options.items()}
    combos = [dict(zip(choices, values)) for values in itertools.product(*choices.values())]
    cells = []
    for pack in packs:
        if any(ord(c) < 32 for c in pack):  # (a NUL made Path.exists raise ValueError)
            diags.append(Diagnostic(f"a pack is a path, with no control characters: {_name(pack)!a}",
                                    where.find(pack)))
            continue
        path = folder / pack
        if pack != BASE and not exists(path):
            diags.append(Diagnostic(not_found("rule pack", _name(pack), path), where.find(pack),
                                    hint=f"a folder or .orbis file, relative to this file; or \"{BASE}\""))
            continue
        source = None if pack == BASE else "pack:" + str(path.resolve())
        try:
            rules = load_rules(source)
        except ValueError as error:
            diags.append(Diagnostic(f"the rules in {_name(pack)} do not check: {str(error)[:300]}", where.find(pack)))
            continue
        for variant in variants:
            if variant not in rules.variants:
                diags.append(unknown("variant", _name(variant), rules.variants, where.find(variant)))
        for key, values in choices.items():
            diags.extend(_option_problems(rules, key, values, where))
        cells += [Cell(pack, source, v, p, o) for v in variants if v in rules.variants
                  for p in policies for o in combos]
    return cells


def _option_problems(rules, key: str, values: list, where: _Locator) -> list[Diagnostic]:
    spec = rules.options.get(key)
    if spec is None:
        return [unknown("rule option", _name(key), rules.options, where.find(key))]
    out = []
    for value in values:
        ok = {"bool": isinstance(value, bool),
              "int": isinstance(value, int) and not isinstance(value, bool),
              "enum": value in spec.choices}.get(spec.type, True)
        if not ok:
            expected = {"bool": "true or false", "int": "a whole number"}.get(spec.type) or \
                "one of " + ", ".join(f'"{c}"' for c in spec.choices)
            out.append(Diagnostic(f"option '{_name(key)}' is {expected}, not {_short(value)}", where.find(key)))
    return out


def _integer(data, key, default, least, where, diags, most: int | None = None) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        diags.append(Diagnostic(f"'{key}' is a whole number, not {_short(value)}", where.find(key)))
        return default
    if least is not None and value < least:
        diags.append(Diagnostic(f"'{key}' must be at least {least:,}, not {_number(value)}", where.find(key)))
        return default
    if most is not None and value > most:
        diags.append(Diagnostic(f"'{key}' must be at most {most:,}, not {_number(value)}", where.find(key)))
        return default
    return value


def _number(value: int) -> str:
    """A whole number as a message shows it: with thousands separators, or its digit count when it is long."""
    text = f"{value:,}"
    return text if len(text) <= 40 else f"a number of {len(str(abs(value))):,} digits"


def _name(name: str) -> str:
    """A name as a message shows it: a spec may hold one of thousands of characters."""
    return name if len(name) <= 60 else name[:57] + "..."


def _short(value) -> str:
    """A value as a message shows it: a spec may hold a long string or a deep list."""
    text = repr(value) if isinstance(value, str | int | float) else type(value).__name__
    return text if len(text) <= 60 else text[:57] + "..."


def _names(data, key, default, where, diags) -> list[str]:
    value = data.get(key, default)
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v.strip() for v in value):
        example = ", ".join(f'"{d}"' for d in default)
        diags.append(Diagnostic(f"'{key}' is a list of names, for example {key} = [{example}]", where.find(key)))
        return []
    return [v.strip() for v in value]


class _Locator:
    """Spans for names in the spec's text: TOML parsers keep no positions, so the first place a name is written
    (quoted, else bare as a key) stands for it."""

    def __init__(self, text: str, shown: str):
        self.text = text
        self.shown = shown

    def find(self, name: str) -> Span:
        for pattern in (re.escape(f'"{name}"'), re.escape(f"'{name}'"), rf"(?m)^\s*{re.escape(name)}\s*=",
                        re.escape(name)):
            m = re.search(pattern, self.text)
            if m:
                start = m.start() + len(m.group()) - len(m.group().lstrip())
                return self._span(start, len(name) + (2 if m.group().lstrip()[:1] in "\"'" else 0))
        return Span(self.shown, 1, 1)

    def span_at(self, offset: int) -> Span:
        return self._span(offset, 1)

    def _span(self, offset: int, width: int) -> Span:
        line = self.text.count("\n", 0, offset) + 1
        column = offset - (self.text.rfind("\n", 0, offset) + 1) + 1
        return Span(self.shown, line, column, line, column + width)


def _toml_error(error: tomllib.TOMLDecodeError, text: str, shown: str) -> Diagnostic:
    """tomllib's '… (at line 3, column 7)' as a located diagnostic."""
    message = str(error)
    m = re.search(r"\s*\(at line (\d+), column (\d+)\)$", message)
    if m:
        return Diagnostic(f"this is not TOML: {message[:m.start()]}", Span(shown, int(m.group(1)), int(m.group(2))))
    m = re.search(r"\s*\(at end of document\)$", message)
    if m:  # the file ends inside a value: point after its last character
        lines = text.split("\n")
        return Diagnostic(f"this is not TOML: {message[:m.start()]} (the file ends too early)",
                          Span(shown, len(lines), len(lines[-1]) + 1))
    return Diagnostic(f"this is not TOML: {message}", file=shown)
