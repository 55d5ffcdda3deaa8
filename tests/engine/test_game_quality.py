"""Game quality in the report (issue 33, item 6): lead changes, drama, decision moves and the branching factor,
from what a game records as it is played (`engine/quality_watch.py`), and the counting changes no game."""

from __future__ import annotations

import pytest

from orbis_dsl.engine.game import Game
from orbis_dsl.engine.game_setup import deal
from orbis_dsl.engine.policy_greedy import GreedyPolicy
from orbis_dsl.engine.policy_names import make_policy
from orbis_dsl.engine.quality_watch import DECISION_SPREAD, leaders, play_watched
from orbis_dsl.engine.simulate import run, summarize
from orbis_dsl.engine.stats import balance
from orbis_dsl.engine.stats_games import late_round, lead_changes, turn_quality
from orbis_dsl.engine.summary_text import summary_text
from orbis_dsl.language.ruleset import base_rules


def _game(leaders_by_round, winners, players=2, takes=(30, 270, 20)):
    share = 1 / len(winners)
    return {"shared": len(winners) > 1, "leaders": leaders_by_round,
            "takes": {"takes": takes[0], "options": takes[1], "decisions": takes[2]},
            "players": [{"seat": k, "policy": "greedy", "god": None, "god_round": 0, "total": 30,
                         "win": share if k in winners else 0.0, "categories": {}, "kinds": []}
                        for k in range(players)]}


def test_lead_changes_count_rounds_where_no_former_leader_leads():
    assert lead_changes([[0], [0], [0]]) == 0
    # 0 → 1 (a change), 1 → {0, 1} (a tie keeps its leader), {0, 1} → 0 (0 led), 0 → 1 (a change)
    assert lead_changes([[0], [0], [1], [0, 1], [0], [1]]) == 2
    assert lead_changes([[2], [1], [0], [2]]) == 3


def test_leaders_are_the_top_of_the_standing_ties_included():
    assert leaders([3.0, 5.0, 1.0]) == [1]
    assert leaders([5.0, 2.0, 5.0]) == [0, 2]


def test_drama_and_the_winners_lead_from_hand_made_games():
    # eight rounds: "late" is after round 6 (three quarters)
    assert late_round(8) == 6
    comeback = [[0]] * 6 + [[1], [1]]  # seat 1 behind after round 6, wins: drama; one lead change
    wire_to_wire = [[1]] * 8  # seat 1 leads throughout and wins
    seesaw = [[0], [1], [0], [1], [0], [1], [0], [0]]  # seat 0 wins, but seat 1 led after round 6
    tied = [[0, 1]] * 8  # a shared lead, a shared win: never behind
    results = [_game(comeback, {1}), _game(wire_to_wire, {1}), _game(seesaw, {0}), _game(tied, {0, 1})]
    q = turn_quality(results)
    assert q["lead_changes"] == (1 + 0 + 6 + 0) / 4
    assert q["drama"] == 0.5  # the comeback and the seesaw
    assert q["late_round"] == 6
    # round 1: the winner leads in wire-to-wire, seesaw and tied; round 8: in all four
    assert q["winner_leads_by_round"][0] == 0.75
    assert q["winner_leads_by_round"][-1] == 1.0
    assert q["decision_moves"] == pytest.approx(20 / 30, abs=1e-4)
    assert q["branching"] == 9.0


def test_results_without_turn_records_give_no_turn_measures():
    old = _game([[0]], {0})
    del old["leaders"], old["takes"]
    assert turn_quality([old]) == {}
    assert "lead_changes" not in balance([old])["game_quality"]


@pytest.mark.parametrize("policy", ["greedy", "random", "mcts:3", "flat:3"])
def test_a_watched_game_plays_as_an_unwatched_one(policy):
    rules = base_rules()
    for seed in (1, 2):
        plain = Game(rules, deal(rules, "2p", seed), [make_policy(policy, seed * 10 + k) for k in range(2)]).play()
        watched = Game(rules, deal(rules, "2p", seed), [make_policy(policy, seed * 10 + k) for k in range(2)])
        by_round, counts = play_watched(watched)
        assert watched.finished and watched.record() == plain.record()
        assert len(by_round) == watched.round  # a standing after every round
        assert counts.takes == plain.turns  # one take a turn


class _Oracle(GreedyPolicy):
    """Greedy, counting decision moves its own way: every option valued by a greedy evaluator of its own."""

    def __init__(self, seed, tally):
        super().__init__(seed)
        self.judge, self.tally = GreedyPolicy(0), tally

    def choose_take(self, game, me, slots, gods):
        slot_values, god_values = self.judge.take_values(game, me, slots, gods)
        values = [v for v, _ in slot_values + god_values]
        self.tally["options"] += len(values)
        self.tally["decisions"] += len(values) > 1 and max(values) - min(values) > DECISION_SPREAD
        return super().choose_take(game, me, slots, gods)


def test_take_counts_agree_with_an_independent_count():
    rules = base_rules()
    for seed in (3, 4, 5):
        tally = {"options": 0, "decisions": 0}
        Game(rules, deal(rules, "3p", seed), [_Oracle(seed + k, tally) for k in range(3)]).play()
        game = Game(rules, deal(rules, "3p", seed), [GreedyPolicy(seed + k) for k in range(3)])
        _, counts = play_watched(game)
        assert (counts.options, counts.decisions) == (tally["options"], tally["decisions"])
        assert 0 < counts.decisions <= counts.takes


def test_the_report_prints_the_turn_measures():
    results = run("2p", 6, 1, "greedy")
    assert all(len(r["leaders"]) == r["rounds"] for r in results)
    summary = summarize(results, "2p", 1, "greedy", base_rules())
    quality = summary["balance"]["game_quality"]
    assert len(quality["winner_leads_by_round"]) == results[0]["rounds"]
    text = summary_text(summary)
    assert f"{quality['lead_changes']:.1f} lead changes a game" in text
    assert f"{quality['branching']:.1f} options a take" in text


def test_the_plot_draws_the_winners_lead_and_the_measures(tmp_path):
    pytest.importorskip("matplotlib", reason="the [plot] extra is not installed")
    import xml.etree.ElementTree as ET

    from orbis_dsl.engine.plot import plot_report

    results = run("2p", 6, 2, "greedy")
    summary = summarize(results, "2p", 2, "greedy", base_rules())
    quality = summary["balance"]["game_quality"]
    picture = tmp_path / "report.svg"
    plot_report(summary, results, picture)
    root = ET.parse(picture).getroot()
    svg = "{http://www.w3.org/2000/svg}"
    ids = {e.get("id") for e in root.iter() if e.get("id")}
    assert {"quality-winner-leads", "quality-late-round", "quality-text"} <= ids
    texts = " ".join("".join(e.itertext()) for e in root.iter(f"{svg}text"))
    assert "game quality" in texts
    assert f"{quality['lead_changes']:.1f} lead changes a game" in texts
    assert f"branching factor {quality['branching']:.1f} options a take" in texts
    # the curve has a point per round, at the recorded shares
    line = next(e for e in root.iter() if e.get("id") == "quality-winner-leads")
    path = next(e for e in line.iter(f"{svg}path"))
    assert path.get("d").count("L") == len(quality["winner_leads_by_round"]) - 1
