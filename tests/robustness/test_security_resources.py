"""Issue 15, item 6: small inputs that asked for unbounded work. Each is now refused with a located message and
exit 2, run under a few hundred MB of address space (hostile.MEMORY_BOUND); where the work itself can be
counted, the test counts it instead of timing it."""

from __future__ import annotations

import difflib

import pytest
from robustness.hostile import ROOT, assert_refused, orbis

GAME = ROOT / "examples" / "quickstart-4p.orbisgame"


def _doubling_lets(n: int) -> str:
    lets = ["let l0 = cp"] + [f"let l{i} = l{i - 1} + l{i - 1}" for i in range(1, n)]
    return 'kind dbl "Doubling" {\n  param cp: int\n  ' + "\n  ".join(lets) + f"\n  end: l{n - 1}\n}}\n"


def _nested_counts(n: int) -> str:
    expr = "1"
    for _ in range(n):
        expr = f"count(tiles where {expr} > 0)"
    return f'god nest "Nested" {{\n  end: {expr}\n}}\n'


@pytest.mark.parametrize("text, place, words", [
    ('god wide "Wide" {\n  end: max(' + ", ".join(["1"] * 1000) + ')\n}\n', "pack.orbis:2:8:",
     "this expression is too large (more than 1,000 parts)"),
    (_doubling_lets(70), "pack.orbis:68:13:", "a chain of more than 64 lets"),  # (the first let past it)
    (_nested_counts(8), "pack.orbis:2:8:", "nests 8 scans of tiles"),
    ('board stacked 30000000\n', "pack.orbis:1:1:", "30,000,000 is too many"),
    ('kind rich "Rich" {\n  when taken: gain 999999999 any\n}\n', "pack.orbis:2:20:", "999,999,999 is too many"),
    ('resource worshippers "worshipper" {\n  per color\n  limit 10\n  trade 1 for 999999999\n}\n',
     "pack.orbis:1:1:", "999,999,999 is too many"),
    ('market 100000000\n', "pack.orbis:1:1:", "is too many"),
    ('marker cancelled "Cancelation token" {\n  supply 999999999\n  otherwise validated\n}\n', "pack.orbis:1:1:",
     "999,999,999 is too many"),
    ('value big = 999999999\nkind rich "Rich" {\n  when taken: gain big red\n}\n', "pack.orbis:1:1:",
     "999,999,999 is too many"),
    ('kind rich "Rich" {\n  param n: int\n  when taken: gain n red\n}\ntile 1 red black [] rich(n: 999999999)\n',
     "pack.orbis:5:29:", "999,999,999 is too many"),
    ('tile 1 red black [] proselytism(gain: 5000 any)\n', "pack.orbis:1:39:", "5,000 is too many"),
])
def test_a_costly_rule_file_is_refused_before_it_costs(tmp_path, text, place, words):
    (tmp_path / "pack.orbis").write_text(text, encoding="utf-8")
    for args in (("check", "--rules", "pack.orbis"), ("score", "--rules", "pack.orbis", GAME),
                 ("simulate", "--rules", "pack.orbis", "--games", "1")):
        stderr = assert_refused(orbis(tmp_path, *args), place)
        assert words in stderr and len(stderr) < 5_000, stderr[:2000]
    assert not list((tmp_path / "cache").rglob("*.py")), "a refused pack was compiled"


def _sheet_doubling_lets(n: int) -> str:
    """File-level lets of a score sheet's pack (2026-12-02: they were written out at each read, and `check` of 20
    of them took 26 s; 21 ran out of memory)."""
    lets = ["let a0 = vp + 2"] + [f"let a{i} = a{i - 1} + a{i - 1}" for i in range(1, n)]
    return 'extends "terra-mystica"\n' + "\n".join(lets) + f'\nscore huge "Huge": if a{n - 1} > 0 then 1 else 0\n'


def test_file_level_lets_cost_their_own_size(tmp_path):
    """40 file-level lets that each read the one before twice (2^39 copies written out) check at once: a let
    is one node, worked out once. A chain of more than 64 is refused, at the first let past it and at the use."""
    (tmp_path / "pack.orbis").write_text(_sheet_doubling_lets(40), encoding="utf-8")
    code, _, stderr = orbis(tmp_path, "check", "--rules", "pack.orbis")
    assert code == 0, stderr
    (tmp_path / "deep.orbis").write_text(_sheet_doubling_lets(70), encoding="utf-8")
    stderr = assert_refused(orbis(tmp_path, "check", "--rules", "deep.orbis"), "deep.orbis:67:")
    assert stderr.count("a chain of more than 64 lets") == 2, stderr  # the first let past it, and its use


def test_the_bounds_leave_room_for_real_rules(tmp_path):
    """Up to the limits everything compiles: 64 doubling lets (2^63 copies of cp, written out) and 3 nested tile
    scans."""
    (tmp_path / "lets.orbis").write_text(_doubling_lets(64), encoding="utf-8")
    (tmp_path / "nest.orbis").write_text(_nested_counts(3), encoding="utf-8")
    for name in ("lets.orbis", "nest.orbis"):
        code, _, stderr = orbis(tmp_path, "score", "--rules", name, GAME)
        assert code == 0, stderr


def test_thousands_of_unknown_names_get_a_bounded_number_of_hints(tmp_path, monkeypatch):
    """3,000 aliases and 3,000 misspelt names: every mistake reported, but "did you mean" (a comparison with
    every known name) only for the first ones, against a bounded pool: the work is counted, not timed."""
    from orbis_dsl.language.check.checker import check
    from orbis_dsl.language.syntax.sources import load_sources

    n = 3_000
    text = "".join(f"alias al{i} = red\n" for i in range(n))
    text += "".join(f'god g{i} "G" {{\n  end: 1 if color = alx{i}\n}}\n' for i in range(n))
    (tmp_path / "many.orbis").write_text(text, encoding="utf-8")
    pools = []
    real = difflib.get_close_matches
    monkeypatch.setattr(difflib, "get_close_matches",
                        lambda word, possibilities, **kw: pools.append(len(possibilities)) or real(word, possibilities,
                                                                                                   **kw))
    sources, diags = load_sources([ROOT / "rules" / "orbis" / "game.orbis"], [tmp_path / "many.orbis"])
    assert not diags
    model, diags = check(sources)
    assert model is None and sum("unknown name 'alx" in d.message for d in diags) == n
    assert len(pools) <= 100 and max(pools) <= 48, (len(pools), max(pools))


def test_printing_thousands_of_diagnostics_splits_the_source_once(monkeypatch):
    from orbis_dsl.common import diagnostics
    from orbis_dsl.common.diagnostics import Diagnostic, Span, render

    text = "x\n" * 5_000
    diagnostics._lines.cache_clear()
    for line in range(1, 3_001):
        render(Diagnostic("bad", span=Span("f.orbis", line, 1)), {"f.orbis": text})
    assert diagnostics._lines.cache_info().misses == 1


@pytest.mark.parametrize("args, words", [
    (("--games", "200000000"), "--games must be at most 100,000"),
    (("--jobs", "1000"), "--jobs must be at most"),
])
def test_simulate_refuses_runs_it_cannot_hold(tmp_path, args, words):
    stderr = assert_refused(orbis(tmp_path, "simulate", *args))
    assert words in stderr


def test_simulate_starts_no_more_workers_than_chunks(monkeypatch):
    from orbis_dsl.engine import simulate

    started = []

    class Pool:
        def __init__(self, max_workers, initializer=None):
            started.append(max_workers)
            raise RuntimeError("stop here")

    monkeypatch.setattr(simulate, "ProcessPoolExecutor", Pool)
    with pytest.raises(RuntimeError):
        simulate.run("2p", 3, 0, jobs=simulate.max_jobs())
    assert started == [min(simulate.max_jobs(), 3)]


def test_replay_refuses_paying_hundreds_of_millions(tmp_path):
    from orbis_dsl.engine.log_write import play_logged
    from orbis_dsl.engine.policy_random import RandomPolicy
    from orbis_dsl.language.ruleset import base_rules

    for seed in range(40):
        _, _, text = play_logged(base_rules(), "2p", seed, [RandomPolicy(i) for i in range(2)])
        lines = text.splitlines()
        at = next((i for i, line in enumerate(lines) if " · pay " in line and "pay nothing" not in line), None)
        if at is not None:
            break
    line = lines[at]
    start = line.index(" · pay ") + 3
    end = line.find(" · ", start)
    lines[at] = line[:start] + "pay 400000000 red" + (line[end:] if end != -1 else "")
    (tmp_path / "big.log").write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, stdout, stderr = orbis(tmp_path, "replay", "big.log")
    assert code == 1 and stdout == "" and "Traceback" not in stderr  # replay's code for a refused log
    assert stderr.startswith(f"big.log:{at + 1}:{start + 1}:") and "at most 1,000 worshippers" in stderr, stderr


def test_score_starts_no_more_workers_than_files_or_twice_the_cores(monkeypatch):
    import multiprocessing

    from orbis_dsl.cli import batch

    started = []

    class Context:
        def Pool(self, processes):
            started.append(processes)
            raise RuntimeError("stop here")

    monkeypatch.setattr(multiprocessing, "get_context", lambda method: Context())
    monkeypatch.setattr(batch, "_can_fork", lambda: True)
    games = [ROOT / "examples" / "quickstart-4p.orbisgame"] * 3
    with pytest.raises(RuntimeError):
        list(batch.score_files(games, None, False, False, jobs=1000))
    # The first file is scored in this process (which loads the rules the workers then share): two left.
    assert started == [min(2, 2 * batch._usable_cores())]


@pytest.mark.parametrize("jobs", ["9" * 5000, "²"])
def test_score_refuses_a_jobs_count_int_cannot_read(tmp_path, jobs):
    for module in ("orbis_dsl.cli.entry", "orbis_dsl.cli.app"):  # the installed command's quick path, and typer's
        assert_refused(orbis(tmp_path, "score", "--jobs", jobs, GAME, module=module))
