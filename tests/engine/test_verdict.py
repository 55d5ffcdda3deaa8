"""The verdict of `orbis balance`: anytime-valid confidence sequences, the stopping rule, and the command."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from orbis_dsl.cli.engine import make_app
from orbis_dsl.engine.verdict import ALPHA, BATCH, GodVerdict, cs_radius, judge, judging, pack_gods

ROOT = Path(__file__).resolve().parents[2]


def test_the_confidence_sequence_covers_the_mean_at_every_time():
    # anytime validity: over whole sequences, the running mean leaves its interval at *some* time in at most 5 %
    # of them (a fixed-sample interval looked at after every observation leaves it in most)
    rng = random.Random(1)
    misses = naive_misses = 0
    runs, steps, p = 400, 400, 0.3
    for _ in range(runs):
        wins = 0.0
        missed = naive = False
        for t in range(1, steps + 1):
            wins += rng.random() < p
            mean = wins / t
            missed = missed or abs(mean - p) >= cs_radius(t, 0.05)
            naive = naive or (t >= 20 and abs(mean - p) >= 1.96 * (p * (1 - p) / t) ** 0.5)
        misses += missed
        naive_misses += naive
    assert misses <= 0.05 * runs
    assert naive_misses > 0.2 * runs  # the reason for the sequence
    # and it narrows: about a fifth of its width at 40 observations by 2,000
    assert cs_radius(2000, 0.05) < 0.25 * cs_radius(40, 0.05)


def _games(god_rate: dict[str, float], players: int, rng: random.Random):
    """A fake `play`: each game every god in `god_rate` is held, its holder winning with that probability."""
    def play(start, count):
        out = []
        for _ in range(count):
            out.append({"players": [{"god": g, "win": float(rng.random() < r)} for g, r in god_rate.items()]})
        return out
    return play


def test_a_strong_god_is_stronger_a_weak_one_weaker_soon():
    verdicts, played = judge(["sun", "miser"], 4, _games({"sun": 0.6, "miser": 0.05}, 4, random.Random(2)), 2000)
    by = {v.god: v for v in verdicts}
    assert by["sun"].verdict == "stronger" and by["miser"].verdict == "weaker"
    assert played < 400 and played % BATCH == 0
    low, high = by["sun"].interval
    assert 0 < low < 0.35 < high
    assert "stronger than the field, +" in by["sun"].line() and "decided after" in by["sun"].line()


def test_a_fair_god_ends_within_five_points_or_undecided_within_the_budget():
    verdicts, played = judge(["same"], 4, _games({"same": 0.25}, 4, random.Random(3)), 5000)
    assert verdicts[0].verdict == "within" and played < 5000
    low, high = verdicts[0].interval
    assert -0.05 < low < 0 < high < 0.05
    short, played = judge(["same"], 4, _games({"same": 0.25}, 4, random.Random(3)), 60)
    assert short[0].verdict is None and played == 60 and "undecided" in short[0].line()


def test_a_verdict_inside_five_points_says_both():
    # +3 points over 4,000 games: surely stronger, not yet surely within 5
    v = GodVerdict("g", 0.25, 0.05, n=4000, wins=4000 * 0.28)
    v.look(4000)
    assert v.verdict == "stronger" and v.interval[1] > 0.05
    # +2 points over 40,000: both
    both = GodVerdict("g", 0.25, 0.05, n=40_000, wins=40_000 * 0.27)
    both.look(40_000)
    assert both.verdict == "within" and "within ±5 points of the field, though stronger" in both.line()
    # nothing yet: no verdict
    none = GodVerdict("g", 0.25, 0.05, n=10, wins=3)
    none.look(10)
    assert none.verdict is None and none.decided_at is None


def test_pack_gods_are_the_ones_it_declares():
    from orbis_dsl.language.packs.load import compile_pack
    from orbis_dsl.language.ruleset import compile_base

    base = compile_base()
    assert pack_gods(compile_pack(ROOT / "examples" / "balance" / "oracle"), base) == ["oracle"]
    assert len(pack_gods(compile_pack(ROOT / "examples" / "balance" / "symmetric"), base)) == 10
    assert pack_gods(base, base) == []


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


def test_balance_gives_a_verdict_line_per_new_god(cli):
    result = cli("balance", "examples/balance/oracle", "--players", 2, "--policy", "greedy", "--games", 200,
                 "--seed", 1)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("judging oracle in variant 2p (2 players), policy greedy, seed 1")
    verdict = [line for line in lines if line.startswith("verdict: ")]
    assert len(verdict) == 1 and verdict[0].startswith("verdict: oracle: ")
    assert "points (" in verdict[0] and "times revealed" in verdict[0]
    assert any(line.endswith("games played in " + line.split(" in ")[-1]) for line in lines)
    again = cli("balance", "examples/balance/oracle", "--players", 2, "--policy", "greedy", "--games", 200,
                "--seed", 1, "--jobs", 2)
    strip = lambda text: [ln for ln in text.splitlines() if " games played in " not in ln]  # noqa: E731
    assert strip(again.stdout) == strip(result.stdout)  # the verdict does not depend on --jobs


@pytest.mark.parametrize(("args", "message"), [
    (("examples/balance/nowhere",), "no such"),
    (("examples/balance/oracle", "--policy", "greedy,mcts"), "one policy for every seat"),
    (("examples/balance/oracle", "--policy", "clever"), "unknown policy"),
    (("examples/balance/oracle", "--games", 0), "--games must be"),
    (("examples/balance/oracle", "--minutes", 0), "--minutes must be more than 0"),
    (("examples/balance/oracle", "--minutes", "nan"), "--minutes must be more than 0"),
    (("examples/balance/oracle", "--minutes", "1e9"), "at most 10,080 (a week)"),
    (("examples/balance/oracle", "--players", 7), "unknown variant '7p'"),
])
def test_balance_refuses_bad_arguments(cli, args, message):
    result = cli("balance", *args)
    assert result.exit_code == 2 and message in result.stderr, result.stderr


def test_balance_refuses_a_pack_without_gods(cli, tmp_path):
    (tmp_path / "variant.orbis").write_text('variant solo "A 2-player copy" {\n  players: 2\n  reveal: 3 gods\n'
                                            '  remove: tiles marked 3+, 4+\n}\n', encoding="utf-8")
    result = cli("balance", tmp_path, "--variant", "solo")
    assert result.exit_code == 2, result.output
    assert "declares no god" in result.stderr or "do not check" in result.stderr


def test_a_judged_god_is_revealed_in_every_deal_with_its_usual_odds():
    from collections import Counter

    from orbis_dsl.engine.game_setup import deal
    from orbis_dsl.engine.simulate import game_seed, reveal
    from orbis_dsl.language.ruleset import base_rules

    rules = base_rules()
    judged = ("oracle",) if "oracle" in rules.gods else (sorted(rules.gods)[0],)
    god = judged[0]
    natural, forced = Counter(), Counter()
    places = Counter()
    for i in range(3000):
        s = game_seed(5, i)
        setup = deal(rules, "2p", s)
        shown = reveal(setup, judged, s)
        assert god in shown.gods and len(shown.gods) == len(setup.gods) == len(set(shown.gods))
        assert (shown.display, shown.piles) == (setup.display, setup.piles)  # only the gods revealed change
        if god in setup.gods:
            assert shown.gods == setup.gods  # a deal that reveals it already is played as dealt
            natural.update(g for g in setup.gods if g != god)
        else:
            forced.update(g for g in shown.gods if g != god)
        places[shown.gods.index(god)] += 1
    # the other gods beside it, and its place among those revealed, as when it comes up by chance: each about
    # equally often (the deal is a uniform draw), in the forced deals as in the natural ones
    others = len(rules.gods) - 1
    for counts in (natural, forced):
        total = sum(counts.values())
        assert len(counts) == others
        assert max(counts.values()) - min(counts.values()) < 0.35 * total / others
    assert max(places.values()) - min(places.values()) < 0.2 * 3000 / len(places)


def test_balance_reveals_one_judged_god_in_every_game(cli):
    result = cli("balance", "examples/balance/oracle", "--players", 2, "--policy", "greedy", "--games", 40,
                 "--seed", 1)
    assert result.exit_code == 0, result.stderr
    assert "oracle revealed in every game" in result.stdout.splitlines()[0]
    verdict = next(line for line in result.stdout.splitlines() if line.startswith("verdict: "))
    played = int(next(line for line in result.stdout.splitlines() if " games played in " in line).split()[0])
    assert f"of the {played} times revealed" in verdict


def test_balance_stopped_by_ctrl_c_says_what_the_games_so_far_say(cli, monkeypatch):
    """Ctrl-C during the third batch: the two batches played are counted and reported (their flags, each god's
    interval, which is valid at any stopping time), the cut batch is left out, and the exit code is 130."""
    from orbis_dsl.engine import simulate
    from orbis_dsl.engine.verdict import BATCH

    real_play, calls = simulate.GamePlayer.play, []

    def play(self, start, count):
        calls.append(start)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real_play(self, start, count)

    monkeypatch.setattr(simulate.GamePlayer, "play", play)
    result = cli("balance", "examples/balance/oracle", "--players", 2, "--policy", "greedy", "--games", 2000,
                 "--seed", 1)
    assert result.exit_code == 130, result.output
    assert f"{2 * BATCH} games played in " in result.stdout and "(stopped by Ctrl-C)" in result.stdout
    verdict = [line for line in result.stdout.splitlines() if line.startswith("verdict: oracle: ")]
    assert len(verdict) == 1 and "points (" in verdict[0]
    assert "Traceback" not in result.output


def test_balance_stops_when_its_minutes_are_spent(cli):
    """A budget of time: no batch is begun after it, what was played is reported as at any stopping time, and the
    exit code is 0 (a budget spent, like --games). Here the time is spent before the first batch ends."""
    from orbis_dsl.engine.verdict import BATCH

    result = cli("balance", "examples/balance/sun-king", "--players", 2, "--policy", "greedy", "--games", 2000,
                 "--seed", 1, "--minutes", "1e-9")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].endswith("at most 2,000 games or 1e-09 minutes (looked at every 20; sunking revealed in every "
                             "game)"), lines[0]
    assert f"{BATCH} games played in " in result.stdout and "(the 1e-09 minutes are spent)" in result.stdout
    verdict = [line for line in lines if line.startswith("verdict: sunking: ")]
    assert len(verdict) == 1 and f"of the {BATCH} times revealed" in verdict[0]


def test_balance_with_time_to_spare_ends_when_the_gods_are_judged(cli):
    untimed = cli("balance", "examples/balance/oracle", "--players", 2, "--policy", "greedy", "--seed", 1)
    timed = cli("balance", "examples/balance/oracle", "--players", 2, "--policy", "greedy", "--seed", 1,
                "--minutes", 60)
    strip = lambda text: [ln for ln in text.splitlines()[1:] if " games played in " not in ln]  # noqa: E731
    assert timed.exit_code == 0 and strip(timed.stdout) == strip(untimed.stdout)
    assert "minutes are spent" not in timed.stdout


def test_a_batch_cut_short_while_counted_leaves_the_last_verdicts_as_they_were():
    """Ctrl-C may land while a batch's results are being counted: what `judging` yielded before stays as it was."""
    def play(start, count):
        for i in range(count):
            if start and i == count // 2:
                raise KeyboardInterrupt
            yield {"players": [{"god": "g", "win": 1.0}, {"god": "h", "win": 0.0}]}

    so_far = None
    with pytest.raises(KeyboardInterrupt):
        for step in judging(["g"], 2, play, 10 * BATCH):
            so_far = step
    verdicts, played = so_far
    assert played == BATCH and [(v.god, v.n, v.wins) for v in verdicts] == [("g", BATCH, float(BATCH))]


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 4), held=st.integers(1, 2000), share=st.floats(0.05, 1.0),
       edge=st.floats(-0.15, 0.15))
def test_the_guess_of_more_games_is_what_the_rule_would_take_if_nothing_changed(players, held, share, edge):
    """An undecided god's guess, checked against the deciding rule itself (`look`): that many more games, held
    in the same share and won at the same rate, decide it; half as many more do not (when the guess is more than
    a batch). Its line shows the guess rounded."""
    fair = 1 / players
    rate = min(1.0, max(0.0, fair + edge))
    looked = max(held, round(held / share))
    v = GodVerdict("g", fair, ALPHA)
    v.n, v.wins = held, rate * held
    v.look(looked)
    assume(v.verdict is None)
    more = v.games_to_decide()
    assert more is not None and more >= BATCH
    assert "more games would tell (about " in v.line()

    def after(extra: int) -> GodVerdict:
        w = GodVerdict("g", fair, ALPHA)
        w.n = held + math.ceil(extra * held / looked)
        w.wins = rate * w.n
        w.look(looked + extra)
        return w

    assert after(more).verdict is not None
    if more > 2 * BATCH:
        assert after(more // 2).verdict is None


def test_a_decided_or_never_held_god_has_no_guess():
    v = GodVerdict("g", 0.5, ALPHA)
    v.look(BATCH)
    assert v.games_to_decide() is None and v.line().endswith("never taken; more games would tell")
    v.n, v.wins = 400, 400.0
    v.look(2 * BATCH)
    assert v.verdict == "stronger" and v.games_to_decide() is None
