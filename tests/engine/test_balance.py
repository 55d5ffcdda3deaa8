"""The balance report's statistics, its text, the progress lines and the plot."""

from __future__ import annotations

import io
import json
import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from orbis_dsl.cli.engine import make_app
from orbis_dsl.engine.progress import Progress, format_duration
from orbis_dsl.engine.stats import balance, games_to_separate, mean_interval, wilson
from orbis_dsl.engine.summary_text import summary_text

ROOT = Path(__file__).resolve().parents[2]


def test_wilson_matches_the_textbook():
    # Wilson (1927) / Newcombe (1998) table: 0 of 10 → 0–0.2775; 5 of 10 → 0.2366–0.7634
    low, high = wilson(0, 10)
    assert low == 0 and math.isclose(high, 0.2775, abs_tol=1e-4)
    low, high = wilson(5, 10)
    assert math.isclose(low, 0.2366, abs_tol=1e-4) and math.isclose(high, 0.7634, abs_tol=1e-4)
    assert wilson(10, 10)[1] <= 1 and wilson(0, 0) == (0.0, 1.0)
    # narrower with more games, always around the rate
    assert wilson(250, 1000)[1] - wilson(250, 1000)[0] < wilson(25, 100)[1] - wilson(25, 100)[0]


def test_mean_interval_and_games_needed():
    values = [10, 12, 14, 16, 18]
    mean, low, high = mean_interval(sum(values), sum(v * v for v in values), len(values))
    sd = math.sqrt(sum((v - 14) ** 2 for v in values) / 4)
    assert mean == 14 and math.isclose(high - mean, 1.96 * sd / math.sqrt(5), rel_tol=1e-3) and low < mean
    # (1.96·sqrt(.25·.75) + 0.84·sqrt(.3·.7))² / .05² ≈ 610 for 4 players; more for 2 (p(1-p) is larger at .5)
    assert games_to_separate(0.25) == 610 and games_to_separate(0.5) == 783


def _results(wins_by_seat: list[int], games: int, god="love", policy="greedy") -> list[dict]:
    """Synthetic 2-player results: seat s wins the first wins_by_seat[s] games (ties impossible)."""
    out = []
    for i in range(games):
        winner = 0 if i < wins_by_seat[0] else 1
        out.append({"index": i, "players": [
            {"seat": s, "policy": policy, "god": god if s == 0 else "fire", "win": 1.0 if s == winner else 0.0,
             "total": 30 + s, "categories": {"regions": 25, "god": 5 + s}, "kinds": ["stone"]}
            for s in range(2)]})
    return out


def test_balance_flags_what_the_interval_excludes():
    report = balance(_results([70, 30], 100))
    seat1 = report["win_rate_by_seat"]["1"]
    assert seat1["rate"] == 0.7 and seat1["flag"] == "above" and seat1["low"] > 0.5
    assert report["win_rate_by_seat"]["2"]["flag"] == "below"
    assert report["win_rate_by_god"]["love"]["flag"] == "above"
    assert report["win_rate_by_kind"]["stone"]["flag"] is None  # both players have one: 50 %
    assert any(f.startswith("seat 1 wins 70.0% of 100") for f in report["flags"])
    # 100 totals of 30 and 100 of 31: sd 0.5013, half-width 1.96 · 0.5013 / sqrt(200) = 0.0695
    assert report["mean_cp"]["total"] == {"mean": 30.5, "low": 30.4305, "high": 30.5695}
    assert report["games_needed"]["per_seat"] == 783
    fair = balance(_results([52, 48], 100))
    assert fair["flags"] == [] and fair["win_rate_by_seat"]["1"]["flag"] is None


def test_mixed_policies_hold_no_seat_god_or_kind_to_the_fair_rate():
    # `orbis simulate --players 2 --games 1000 --seed 1 --policy greedy,random` flagged 16 gods and kinds, against
    # "about 0.9 by chance": a god's rate was how often the greedy seat took it
    results = _results([90, 10], 100)
    for r in results:
        r["players"][1]["policy"] = "random"
    report = balance(results)
    assert report["win_rate_by_seat"]["1"]["flag"] is None
    assert report["win_rate_by_god"]["love"]["flag"] is None and report["win_rate_by_god"]["love"]["rate"] == 0.9
    assert all(e["flag"] is None for key in ("win_rate_by_god", "win_rate_by_kind") for e in report[key].values())
    assert report["flags"] == [] and report["flags_expected_by_chance"] == 0
    assert "different policies" in report["not_tested"]
    assert report["win_rate_by_policy"]["greedy"]["rate"] == 0.9
    assert balance(_results([90, 10], 100))["not_tested"] is None  # one policy: tested


def test_mixed_policies_say_why_nothing_is_flagged(cli):
    result = cli("simulate", "--players", 2, "--games", 20, "--policy", "greedy,random", "--seed", 1)
    assert result.exit_code == 0, result.stderr
    assert "no flags: the seats play different policies" in result.stdout and "! " not in result.stdout
    check = cli("variant", "check", "2p", "--simulate", 6, "--policy", "greedy,random", "--seed", 3)
    assert check.exit_code == 0, check.stderr
    assert "no rate tested (the seats play different policies)" in check.stdout and "! " not in check.stdout


def test_progress_lines_without_waiting():
    now = [0.0]
    out = io.StringIO()
    progress = Progress(1000, out, clock=lambda: now[0])
    progress.advance(10)
    assert out.getvalue() == ""  # a short run stays silent
    now[0] = 12.0
    progress.advance(110)
    assert out.getvalue() == "120/1,000 games  10.0 games/s  ETA 1m28s\n"
    now[0] = 13.0
    progress.advance(10)
    progress.close()
    assert out.getvalue().splitlines()[-1] == "130/1,000 games  10.0 games/s  ETA 1m27s"
    assert format_duration(7262) == "2h01m"
    slow = Progress(10, io.StringIO(), clock=lambda: now[0])
    now[0] += 30.0
    slow.advance(1)
    assert slow.stream.getvalue() == "1/10 games  2.0 games/min  ETA 4m30s\n"  # under one a second: per minute


def test_text_report_shows_intervals_and_flags(cli):
    result = cli("simulate", "--players", 2, "--games", 12, "--policy", "greedy", "--seed", 2)
    assert result.exit_code == 0, result.stderr
    text = result.stdout
    assert "win rates with exact 95 % intervals (fair: 50.0%; a win shared by k players counts 1/k to each)" in text
    assert "games needed to tell a 5% edge from fair" in text
    summary = json.loads(cli("simulate", "--players", 2, "--games", 12, "--policy", "greedy", "--seed", 2,
                             "--json").stdout)
    seat = summary["balance"]["win_rate_by_seat"]["1"]
    assert f"{seat['rate']:.1%} ({seat['low']:.1%}-{seat['high']:.1%})" in text
    assert summary_text(summary) == text.rstrip("\n")


def test_simulate_accepts_a_search_budget_per_seat(cli):
    result = cli("simulate", "--players", 2, "--games", 2, "--policy", "mcts:2,greedy", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["policies"] == ["mcts:2", "greedy"]
    bad = cli("simulate", "--policy", "mcts:none")
    assert bad.exit_code == 2 and "whole number of rollouts" in bad.stderr


@pytest.fixture
def cli(monkeypatch):
    monkeypatch.chdir(ROOT)
    runner = CliRunner()
    app = make_app()

    def invoke(*args):
        result = runner.invoke(app, [str(a) for a in args])
        assert "Traceback" not in result.output
        return result

    return invoke


SVG = "{http://www.w3.org/2000/svg}"


def test_plot_is_an_svg_with_the_expected_series(cli, tmp_path):
    pytest.importorskip("matplotlib", reason="the [plot] extra is not installed")
    picture = tmp_path / "report.svg"
    result = cli("simulate", "--players", 3, "--games", 9, "--policy", "greedy,random", "--seed", 1,
                 "--plot", picture, "--json")
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)
    root = ET.parse(picture).getroot()  # parses as XML
    assert root.tag == f"{SVG}svg"
    ids = {e.get("id") for e in root.iter() if e.get("id")}
    assert {"seat-1", "seat-2", "seat-3", "seat-errors", "seat-fair", "god-errors", "god-fair"} <= ids
    assert {f"god-{g}" for g in summary["balance"]["win_rate_by_god"]} <= ids
    assert any(i.startswith("score-greedy-") for i in ids) and any(i.startswith("score-random-") for i in ids)
    texts = " ".join("".join(e.itertext()) for e in root.iter(f"{SVG}text"))
    assert "win rate by seat" in texts and "win rate by god" in texts and "final score (CP)" in texts
    assert "pick rate by god" in texts and {f"pick-{g}" for g in summary["balance"]["pick_rate_by_god"]} <= ids
    # the same report draws the same file
    again = tmp_path / "again.svg"
    cli("simulate", "--players", 3, "--games", 9, "--policy", "greedy,random", "--seed", 1, "--plot", again)
    assert again.read_bytes() == picture.read_bytes()


def test_plot_marks_new_gods_and_draws_adjusted_rates(cli, tmp_path):
    pytest.importorskip("matplotlib", reason="the [plot] extra is not installed")
    pytest.importorskip("statsmodels", reason="the [balance] extra is not installed")
    picture = tmp_path / "report.svg"
    result = cli("simulate", "--rules", "examples/balance/oracle", "--players", 2, "--games", 120, "--policy",
                 "greedy", "--seed", 1, "--plot", picture, "--json")
    assert result.exit_code == 0, result.stderr
    adjusted = json.loads(result.stdout)["balance"]["win_rate_by_god_adjusted"]
    assert adjusted, "the model was not fitted"
    root = ET.parse(picture).getroot()
    ids = {e.get("id") for e in root.iter() if e.get("id")}
    assert {"god-adjusted", "god-adjusted-errors", "pick-oracle"} <= ids
    texts = ["".join(e.itertext()) for e in root.iter(f"{SVG}text")]
    assert any(t.startswith("oracle (new)") for t in texts) and not any(t.startswith("love (new)") for t in texts)
    # gods by name, the first at the top: the same order whatever the rates
    shown = [t.split(" (")[0] for t in texts if t.split(" (")[0] in adjusted]
    assert shown[:len(adjusted)] == sorted(adjusted, reverse=True)


def test_plot_marks_changed_gods_and_keeps_a_row_for_every_god(cli, tmp_path):
    """examples/custom/pack replaces the base game's Apprentice and adds gods of its own: the plot says which is
    which, and a god no game revealed keeps its row (so a god's place does not move between small runs)."""
    pytest.importorskip("matplotlib", reason="the [plot] extra is not installed")
    picture = tmp_path / "report.svg"
    result = cli("simulate", "--rules", "examples/custom/pack", "--players", 2, "--games", 2, "--policy", "greedy",
                 "--seed", 1, "--plot", picture, "--json")
    assert result.exit_code == 0, result.stderr
    revealed = json.loads(result.stdout)["balance"]["pick_rate_by_god"]
    texts = ["".join(e.itertext()) for e in ET.parse(picture).getroot().iter(f"{SVG}text")]
    assert any(t.startswith("apprentice (changed) (") for t in texts), texts
    assert any(t.startswith("sage (new) (") for t in texts) and any(t.startswith("stargazer (new) (") for t in texts)
    assert not any(t.startswith(("love (new)", "love (changed)")) for t in texts)  # a base god the pack leaves
    unseen = [g for g in ("sage", "wanderer", "builder", "hermit", "stargazer", "love", "death") if g not in revealed]
    assert unseen, "every god was revealed in two games: pick a shorter run"
    for god in unseen:
        assert any(t.startswith(f"{god} ") for t in texts), god


def test_plot_bad_target_exits_2(cli, tmp_path):
    pytest.importorskip("matplotlib", reason="the [plot] extra is not installed")
    result = cli("simulate", "--games", 1, "--plot", tmp_path / "report.txt")
    assert result.exit_code == 2 and "name it .svg, .png or .pdf" in result.stderr
    result = cli("simulate", "--games", 1, "--plot", tmp_path / "nowhere" / "report.svg")
    assert result.exit_code == 2 and "no such folder" in result.stderr


def test_a_shared_win_counts_a_share_and_the_report_says_so(cli):
    results = _results([60, 40], 100)
    for r in results[:10]:  # the first ten games: both players win, half a win each
        for p in r["players"]:
            p["win"] = 0.5
    seat1 = balance(results)["win_rate_by_seat"]["1"]
    assert seat1["wins"] == 55.0 and seat1["rate"] == 0.55
    text = cli("simulate", "--players", 2, "--games", 4, "--policy", "greedy", "--seed", 2).stdout
    assert "a win shared by k players counts 1/k to each" in text
