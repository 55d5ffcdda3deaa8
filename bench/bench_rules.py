"""The rules pipeline at scale (issue 16, item 4): parse, check, render and load a 256 kB rule file, and the base
game, each stage timed on its own, beside baselines measured in the same run.

    python bench/bench_rules.py                 # 5 rounds; about half a minute
    python bench/bench_rules.py --rounds 3

The large files are the ones tests/robustness/test_limits.py checks as the largest the size limit lets through
(their generators are imported from there), each with the base game included and filled up to
parse.MAX_SOURCE_BYTES: one of `tile` lines (a deck), one of gods (the base
game's ten written out again and again under numbered names, walked by every check), and one of distinct gods
(drawn from the shapes the base game's and the example packs' gods write, each with its own numbers, kinds and
colours, so that the compiler writes every clause's code: nothing folds); all read by Lark.
Targets: parse + check + render of a 256 kB file ≤ 1 s; the base game ≤ 0.2 s.

Stages, each in this process after one untimed round (Lark's tables and the Jinja templates loaded):
  parse   sources.load_sources: read the files, Lark's tables and lexer (every line, `tile` lines too: one
          parser), the syntax tree built in the parser's reductions (includes too)
  check   check: names, types, bounds; the rule-set model
  render  compile.render: the Python modules, through the Jinja templates
  load    rules_from_modules: Python compiles and runs the rendered modules (what a rule pack costs once)
Baselines, same run: Lark (LALR, the same lexer settings) parsing text of the same length with a trivial grammar
of words, numbers and punctuation; the rules parser's own parse of each large file (Lark's parse alone, no
syntax tree) with its lexing loop (lark_patches.FastLexing) and with Lark's, each round one after the other (in
turn first), and their ratio; the same parser's lexer and LALR loop alone (every rule's callback returning None:
no tree, no positions), the floor of any tree built with Lark's own loop; the parse that builds the syntax tree
in its reductions (`parse.built_in_reductions`: its own LALR loop, `lark_patches._lalr_loop`) with every builder
returning None, what that parse costs beside its builders; and `python3 -c pass` as a process.
Figures are the best and the median over the rounds, in CPU seconds of this process (`time.process_time`); the
wall clock is printed beside them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

TRIVIAL_GRAMMAR = r"""
start: item*
item: WORD | NUMBER | PUNCT | STRING
WORD: /[A-Za-z_][A-Za-z_0-9]*/
NUMBER: /-?[0-9]+/
PUNCT: /[()\[\]{},:.=<>+*\/-]+/
STRING: /"[^"\n]*"/
COMMENT: /#[^\n]*/
%import common.WS
%ignore WS
%ignore COMMENT
"""


def timed(work) -> tuple[float, float, object]:
    """(CPU seconds, wall seconds, result)."""
    cpu, wall = time.process_time(), time.perf_counter()
    result = work()
    return time.process_time() - cpu, time.perf_counter() - wall, result


def pipeline(paths: list[Path], root: Path, module_root: Path | None = None) -> dict[str, tuple[float, float]]:
    from orbis_dsl.common.collector import collector_paused

    with collector_paused():  # as compile_paths runs them
        return _stages(paths, root, module_root)


def _stages(paths: list[Path], root: Path, module_root: Path | None) -> dict[str, tuple[float, float]]:
    from orbis_dsl.language.backends.python.compile import render
    from orbis_dsl.language.check.checker import check
    from orbis_dsl.language.ruleset import rules_from_modules
    from orbis_dsl.language.syntax.sources import load_sources

    times = {}
    times["parse"], wall_parse, (sources, diags) = timed(lambda: load_sources(paths))
    assert not [d for d in diags if d.is_error], diags[:3]
    times["check"], wall_check, (model, diags) = timed(lambda: check(sources))
    assert model is not None, diags[:3]
    times["render"], wall_render, modules = timed(
        lambda: render(model, sources, root.resolve(), module_root and module_root.resolve()))
    times["load"], wall_load, _ = timed(lambda: rules_from_modules(modules, "orbis_bench_rules"))
    walls = {"parse": wall_parse, "check": wall_check, "render": wall_render, "load": wall_load}
    return {stage: (times[stage], walls[stage]) for stage in times}


def lexing_loops(text: str, lark_first: bool = False) -> dict[str, float]:
    """CPU seconds of the rules parser's parse of `text` with its lexing loop and with Lark's own, one after the
    other (`lark_first`: Lark's first; the rounds take turns, so that neither always runs on a warmer cache)."""
    from orbis_dsl.common.collector import collector_paused
    from orbis_dsl.language.syntax.lark_patches import FastLexing
    from orbis_dsl.language.syntax.parse import rules_parser

    contextual = rules_parser().parser.lexer
    fast = contextual.lex
    assert isinstance(fast, FastLexing), "the rules parser lexes with Lark's loop"
    found = {}
    try:
        with collector_paused():
            order = [("fast", fast), ("lark", fast.lark_lex)]
            for loop, lex in reversed(order) if lark_first else order:
                contextual.lex = lex
                found[loop] = timed(lambda: rules_parser().parse(text))[0]
    finally:
        contextual.lex = fast
    return found


def lalr_floor(text: str) -> float:
    """CPU seconds of the rules parser's lexing and LALR loop over `text` with no tree built: a parser of its own
    (`parse.rules_lark`, every patch installed) whose rule callbacks all return None."""
    from orbis_dsl.common.collector import collector_paused
    from orbis_dsl.language.syntax.parse import rules_lark

    parser = rules_lark()
    callbacks = parser.parser.parser.parser.callbacks
    for rule in list(callbacks):
        if not isinstance(rule, str):  # (a terminal's callback, by its name, is left as it is)
            callbacks[rule] = _nothing
    with collector_paused():
        return timed(lambda: parser.parse(text))[0]


def _nothing(children) -> None:
    return None


def reductions_floor(text: str) -> float:
    """CPU seconds of the parse that builds the syntax tree in its reductions (`parse.built_in_reductions`) with
    every builder returning None: its own LALR loop and the work of its callbacks (children kept, spliced,
    positions carried up), with no node built."""
    from orbis_dsl.common.collector import collector_paused
    from orbis_dsl.language.syntax.parse import rules_reductions

    reductions = rules_reductions()
    callbacks = reductions.callbacks(lambda name: _built_nothing)
    with collector_paused():
        return timed(lambda: reductions.parse(text, callbacks))[0]


def _built_nothing(meta, *values) -> None:
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    from lark import Lark
    from robustness.test_limits import _largest_distinct_god_file, _largest_god_file, _largest_tile_file

    from orbis_dsl.common.resources import base_rules_entry, data_dir

    folder = Path(tempfile.mkdtemp(prefix="orbis-rules-"))
    _largest_tile_file(folder)
    _largest_god_file(folder)
    _largest_distinct_god_file(folder)
    large, gods, distinct = folder / "tiles.orbis", folder / "gods.orbis", folder / "distinct_gods.orbis"
    text = large.read_text(encoding="utf-8")
    gods_text = gods.read_text(encoding="utf-8")
    distinct_text = distinct.read_text(encoding="utf-8")
    trivial = Lark(TRIVIAL_GRAMMAR, parser="lalr")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    cases = {
        f"{len(text.encode()) // 1000} kB rule file of tiles ({text.count(chr(10)):,} lines)": ([large], folder, None),
        f"{len(gods_text.encode()) // 1000} kB rule file of gods ({gods_text.count(chr(10) + 'god '):,} gods)":
            ([gods], folder, None),
        f"{len(distinct_text.encode()) // 1000} kB rule file of distinct gods "
        f"({distinct_text.count(chr(10) + 'god '):,} gods)": ([distinct], folder, None),
        "the base game (rules/orbis/)": ([base_rules_entry()], data_dir("rules"), base_rules_entry().parent),
    }
    results: dict[str, list[dict]] = {label: [] for label in cases}
    texts = {"tiles": text, "gods": gods_text, "distinct gods": distinct_text}
    lark_times: dict[str, list[tuple[float, float]]] = {name: [] for name in texts}
    python_times = []
    loops: dict[str, dict[str, list[float]]] = {name: {"fast": [], "lark": []} for name in texts}
    floors: dict[str, list[float]] = {name: [] for name in texts}
    reduced: dict[str, list[float]] = {name: [] for name in texts}
    for case in cases.values():  # once untimed: Lark's tables, the templates, the imports
        pipeline(*case)
    for source in texts.values():
        trivial.parse(source)
    for round_ in range(args.rounds):
        for label, case in cases.items():
            results[label].append(pipeline(*case))
        for name, source in texts.items():
            lark_times[name].append(timed(lambda source=source: trivial.parse(source))[:2])
        python_times.append(timed(lambda: subprocess.run([sys.executable, "-c", "pass"], env=env, check=True))[1])
        for name, source in texts.items():
            for loop, cpu in lexing_loops(source, lark_first=round_ % 2 == 1).items():
                loops[name][loop].append(cpu)
            floors[name].append(lalr_floor(source))
            reduced[name].append(reductions_floor(source))
    print(f"{args.rounds} rounds; CPU seconds, best / median (wall median in brackets)")
    for label, rounds in results.items():
        print(f"  {label}")
        total = [sum(r[stage][0] for stage in ("parse", "check", "render")) for r in rounds]
        for stage in ("parse", "check", "render", "load"):
            cpu = [r[stage][0] for r in rounds]
            wall = [r[stage][1] for r in rounds]
            print(f"    {stage:<8} {min(cpu):6.3f} / {statistics.median(cpu):6.3f}   ({statistics.median(wall):6.3f})")
        print(f"    {'parse + check + render':<24} {min(total):6.3f} / {statistics.median(total):6.3f}")
    for name, times in lark_times.items():
        cpu = [t[0] for t in times]
        print(f"  baseline: Lark, a trivial grammar over the same {len(texts[name]):,} characters ({name}): "
              f"{min(cpu):6.3f} / {statistics.median(cpu):6.3f}")
    for name, times in loops.items():
        fast, lark = min(times["fast"]), min(times["lark"])
        print(f"  baseline: the rules parser over the {name}, Lark's lexing loop {lark:6.3f}, FastLexing {fast:6.3f} "
              f"(best of each): {fast / lark:.2f}x")
        print(f"  baseline: the rules parser's lexer and LALR loop alone over the {name}, no tree: "
              f"{min(floors[name]):6.3f}")
        print(f"  baseline: the parse in the reductions over the {name}, every builder returning None: "
              f"{min(reduced[name]):6.3f}")
    print(f"  baseline: python3 -c pass, wall: {min(python_times):6.3f} / {statistics.median(python_times):6.3f}")


if __name__ == "__main__":
    main()
