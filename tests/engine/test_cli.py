"""The engine's commands through Typer's CliRunner: output, exit codes, no tracebacks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from orbis_dsl.cli.engine import make_app
from orbis_dsl.engine.log_write import play_logged
from orbis_dsl.engine.policy_random import RandomPolicy
from orbis_dsl.language.ruleset import base_rules

ROOT = Path(__file__).resolve().parents[2]
RULES = base_rules()


@pytest.fixture
def cli(monkeypatch):
    monkeypatch.chdir(ROOT)
    runner = CliRunner()
    app = make_app()

    def invoke(*args):
        result = runner.invoke(app, [str(a) for a in args])
        assert "Traceback" not in result.output
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        return result

    return invoke


def test_simulate_json_is_deterministic_and_independent_of_jobs(cli):
    one = cli("simulate", "--players", 3, "--games", 24, "--seed", 4, "--json")
    two = cli("simulate", "--players", 3, "--games", 24, "--seed", 4, "--json", "--jobs", 2)
    assert one.exit_code == 0 and two.exit_code == 0, one.stderr + two.stderr
    assert json.loads(one.stdout) == json.loads(two.stdout)
    summary = json.loads(one.stdout)
    assert summary["games"] == 24 and summary["players"] == 3 and summary["variant"] == "3p"
    assert abs(sum(summary["win_rate_by_seat"].values()) - 1) < 1e-3
    assert {"regions", "deserts", "god", "temple", "total"} <= set(summary["mean_cp"])
    assert summary["game_length"]["rounds"] == 15
    other = cli("simulate", "--players", 3, "--games", 24, "--seed", 5, "--json")
    assert json.loads(other.stdout) != summary


def test_simulate_text_summary(cli):
    result = cli("simulate", "--players", 2, "--games", 10, "--policy", "greedy,random")
    assert result.exit_code == 0
    assert "win rate by seat" in result.stdout and "win rate by policy" in result.stdout
    assert "win rate by god" in result.stdout


def test_simulate_writes_records(cli, tmp_path):
    result = cli("simulate", "--players", 4, "--games", 3, "--records", tmp_path / "out", "--json")
    assert result.exit_code == 0
    files = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert files == ["game-000000.json", "game-000000.score.json", "game-000001.json", "game-000001.score.json",
                     "game-000002.json", "game-000002.score.json", "orbis-run.json"]


@pytest.mark.parametrize("args, message", [
    (["--players", "5"], "no variant for 5 players"),
    (["--policy", "clever"], "unknown policy 'clever'"),
    (["--games", "0"], "--games must be at least 1"),
    (["--jobs", "0"], "--jobs must be at least 1"),
    (["--variant", "9p"], "unknown variant '9p'"),
    (["--variant", "3p", "--players", "2"], "variant '3p' is for 3 players, not 2"),
    (["--rules", "no/such/pack.orbis"], "no such rule file or folder"),
])
def test_simulate_bad_arguments_exit_2(cli, args, message):
    result = cli("simulate", *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stdout == ""


def test_simulate_unparsable_number_exits_2(cli):
    result = cli("simulate", "--games", "many")
    assert result.exit_code == 2


def test_replay_ok_and_json(cli, tmp_path):
    _, report, text = play_logged(RULES, "3p", 12, [RandomPolicy(i) for i in range(3)])
    log = tmp_path / "game.log"
    log.write_text(text, encoding="utf-8")
    result = cli("replay", log)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("ok: 45 turns replayed")
    as_json = cli("replay", log, "--json")
    assert json.loads(as_json.stdout) == report.to_json()


def test_replay_reports_the_first_illegal_move_located(cli, tmp_path):
    _, _, text = play_logged(RULES, "2p", 3, [RandomPolicy(i) for i in range(2)])
    lines = text.splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith("round 2, Ana:"))
    line = lines[number]
    column = line.index("place row") + 1
    lines[number] = line[:column - 1] + "place row 4 tile 2" + line[line.index(" ·", column) if " ·" in line[column:]
                                                                     else len(line):]
    log = tmp_path / "bad.log"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = cli("replay", log)
    assert result.exit_code == 1
    first = result.stderr.splitlines()[0]
    assert first.startswith(f"{log}:{number + 1}:{column}: error: ")
    assert "row 4, tile 2" in first
    assert "^" in result.stderr


def test_simulate_logs_replay(cli, tmp_path):
    result = cli("simulate", "--players", 2, "--games", 2, "--policy", "greedy,random", "--logs", tmp_path, "--json")
    assert result.exit_code == 0
    logs = sorted(tmp_path.glob("*.log"))
    assert [p.name for p in logs] == ["game-000000.log", "game-000001.log"]
    for log in logs:
        assert "policies: greedy, random" in log.read_text(encoding="utf-8")
        replayed = cli("replay", log)
        assert replayed.exit_code == 0, replayed.stderr


def test_replay_of_a_game_record_says_it_needs_a_move_log_and_exits_2(cli, tmp_path):
    # it said "expected a header line … found '{'" and exited 1, which means "the log breaks the rules"
    assert cli("simulate", "--players", 2, "--games", 1, "--policy", "greedy", "--records", tmp_path).exit_code == 0
    record = tmp_path / "game-000000.json"
    result = cli("replay", record)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"{record}:1:1: error: this is an orbis-game/1 game record")
    assert "replay needs a move log, as `orbis simulate --logs DIR` writes" in result.stderr
    assert "expected a header line" not in result.stderr
    other = tmp_path / "list.log"
    other.write_text("\n  [1, 2]\n", encoding="utf-8")
    result = cli("replay", other, "--json")
    assert result.exit_code == 2 and result.stderr.startswith(f"{other}:2:3: error: this is a JSON file, not a move")


def test_replay_missing_file_exits_2(cli):
    result = cli("replay", "no-such.log")
    assert result.exit_code == 2 and "no such file" in result.stderr


def test_variant_check_base(cli):
    result = cli("variant", "check")
    assert result.exit_code == 0
    assert result.stdout.count("ok: variant") == len(RULES.variants)
    assert cli("variant", "check", "3p").exit_code == 0


def test_variant_check_files(cli):
    ok = cli("variant", "check", "examples/variants/valid_custom.orbis", "--simulate", 3)
    assert ok.exit_code == 0, ok.stderr
    assert "3 mcts games played" in ok.stdout  # the search policy by default
    bad = cli("variant", "check", "examples/variants/five_players.orbis")
    assert bad.exit_code == 1
    assert bad.stderr.startswith("examples/variants/five_players.orbis:5:1: error: variant '5p'")


def test_variant_check_bad_arguments(cli):
    unknown = cli("variant", "check", "4P")
    assert unknown.exit_code == 2 and "unknown variant '4P'" in unknown.stderr and "did you mean '4p'" in unknown.stderr
    missing = cli("variant", "check", "nowhere/x.orbis")
    assert missing.exit_code == 2 and "no such rule file" in missing.stderr
    negative = cli("variant", "check", "--simulate", "-1")
    assert negative.exit_code == 2


def test_register_adds_the_commands():
    import typer

    app = typer.Typer()
    from orbis_dsl.cli.engine import register

    register(app)
    names = {c.name for c in app.registered_commands}
    assert {"simulate", "replay"} <= names
    assert [g.name for g in app.registered_groups] == ["variant"]


def test_variant_check_lays_a_new_variant_file_over_the_base_game(cli, tmp_path, monkeypatch):
    """Issue 14, item 2: the file `orbis new variant duo` writes declares only its variant."""
    from orbis_dsl.cli.app import app

    monkeypatch.setenv("ORBIS_CACHE_DIR", str(tmp_path / "cache"))
    made = CliRunner().invoke(app, ["new", "variant", "duo", "--dir", str(tmp_path / "mypack")])
    assert made.exit_code == 0, made.output
    result = cli("variant", "check", tmp_path / "mypack" / "duo.orbis")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == ["ok: variant duo: 4 players, 5 gods revealed"]
    again = cli("variant", "check", tmp_path / "mypack" / "duo.orbis")  # now from the pack cache
    assert again.exit_code == 0 and again.stdout == result.stdout, again.stderr


def test_variant_check_locates_a_bad_variant_laid_over_the_base_game(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("ORBIS_CACHE_DIR", str(tmp_path / "cache"))
    duo = tmp_path / "duo.orbis"
    duo.write_text('# two players, but no tiles removed\nvariant "duo" {\n  players: 2\n  reveal god: 3\n'
                   '  award temple: 7, 2\n}\n')
    result = cli("variant", "check", duo)
    assert result.exit_code == 1
    assert "duo.orbis:2:1: error: variant 'duo': 65 tiles remain with no stars removed" in result.stderr
    assert "remove tiles marked purple, white" in result.stderr
    assert "declares no" not in result.stderr


def test_variant_check_of_a_cached_pack_places_its_variant_in_the_pack(cli, tmp_path, monkeypatch):
    """`--rules PACK` a second time reads the pack from the cache: its variant's problem is still at the line of
    the pack it comes from (it fell back to the base game's files, and the variant's declaration)."""
    monkeypatch.setenv("ORBIS_CACHE_DIR", str(tmp_path / "cache"))
    pack = tmp_path / "pk"
    pack.mkdir()
    (pack / "variants.orbis").write_text('# a pack variant\nvariant trio {\n  players: 3\n  reveal god: 5\n'
                                         '  remove tiles marked white\n  award temple: 9, 4, 2\n}\n')
    first = cli("variant", "check", "--rules", pack, "trio")
    again = cli("variant", "check", "--rules", pack, "trio")  # now from the pack cache
    for result in (first, again):
        assert result.exit_code == 1, result.stderr
        assert "variants.orbis:4:3: error: variant 'trio': reveals 5 gods; 3 players need players + 1 = 4" \
            in result.stderr, result.stderr
        assert "   4 |   reveal god: 5" in result.stderr
    assert again.stderr == first.stderr
    assert any((tmp_path / "cache").iterdir())  # (the second run did read the cache)


def test_variant_check_refuses_a_file_and_rules_together(cli):
    result = cli("variant", "check", "examples/variants/valid_custom.orbis", "--rules", "examples/custom/pack")
    assert result.exit_code == 2
    assert "give a rule file or --rules, not both" in result.stderr
