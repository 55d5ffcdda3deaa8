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
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        problem, shown_text = not_utf8(shown, error)
        return SpecResult(None, [problem], shown_text)
    except OSError as error:
        return SpecResult(None, [Diagnostic(f"cannot read the sweep spec: {error}", file=shown)], "")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return SpecResult(None, [_toml_error(error, text, shown)], text)
    where = _Locator(text, shown)
    diags: list[Diagnostic] = []
    for key in data:
        if key not in KEYS:
            diags.append(unknown("sweep setting", key, KEYS, where.find(key)))
    games = _integer(data, "games", 100, 1, where, diags)
    seed = _integer(data, "seed", 0, None, where, diags)
    variants = _names(data, "variants", ["4p"], where, diags)
    packs = _names(data, "packs", [BASE], where, diags)
    policies = _names(data, "policies", ["greedy"], where, diags)
    for policy in policies:
        for name in (n.strip() for n in policy.split(",")):
            problem = policy_problem(name)
            if problem:
                base = name.partition(":")[0]
                diags.append(Diagnostic(problem, where.find(name),
                                        hint=did_you_mean(base, POLICIES) if base not in POLICIES else None))
    options = data.get("options", {})
    if not isinstance(options, dict):
        diags.append(Diagnostic("'options' is a table: [options] then one line per option", where.find("options")))
        options = {}
    cells = _cells(path.parent, packs, variants, policies, options, where, diags)
    if diags:
        return SpecResult(None, diags, text)
    return SpecResult(Sweep(games, seed, cells), [], text)


def _cells(folder: Path, packs, variants, policies, options, where, diags) -> list[Cell]:
    """Every combination, in the order pack, variant, policy, options; each checked against its rule set."""
    from orbis_dsl.engine.simulate import load_rules

    choices = {k: (v if isinstance(v, list) else [v]) for k, v in options.items()}
    combos = [dict(zip(choices, values)) for values in itertools.product(*choices.values())]
    cells = []
    for pack in packs:
        path = folder / pack
        if pack != BASE and not exists(path):
            diags.append(Diagnostic(not_found("rule pack", pack, path), where.find(pack),
                                    hint=f"a folder or .orbis file, relative to this file; or \"{BASE}\""))
            continue
        source = None if pack == BASE else "pack:" + str(path.resolve())
        try:
            rules = load_rules(source)
        except ValueError as error:
            diags.append(Diagnostic(f"the rules in {pack} do not check: {error}", where.find(pack)))
            continue
        for variant in variants:
            if variant not in rules.variants:
                diags.append(unknown("variant", variant, rules.variants, where.find(variant)))
        for key, values in choices.items():
            diags.extend(_option_problems(rules, key, values, where))
        cells += [Cell(pack, source, v, p, o) for v in variants if v in rules.variants
                  for p in policies for o in combos]
    return cells


def _option_problems(rules, key: str, values: list, where: _Locator) -> list[Diagnostic]:
    spec = rules.options.get(key)
    if spec is None:
        return [unknown("rule option", key, rules.options, where.find(key))]
    out = []
    for value in values:
        ok = {"bool": isinstance(value, bool),
              "int": isinstance(value, int) and not isinstance(value, bool),
              "enum": value in spec.choices}.get(spec.type, True)
        if not ok:
            expected = {"bool": "true or false", "int": "a whole number"}.get(spec.type) or \
                "one of " + ", ".join(f'"{c}"' for c in spec.choices)
            out.append(Diagnostic(f"option '{key}' is {expected}, not {value!r}", where.find(key)))
    return out


def _integer(data, key, default, least, where, diags) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        diags.append(Diagnostic(f"'{key}' is a whole number, not {value!r}", where.find(key)))
        return default
    if least is not None and value < least:
        diags.append(Diagnostic(f"'{key}' must be at least {least}, not {value}", where.find(key)))
    return value


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
