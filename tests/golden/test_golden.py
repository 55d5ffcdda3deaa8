"""Orbis's observable output is byte-for-byte what tests/golden/capture/ recorded (see capture.py and README.md).

Every output is regenerated in-process and compared with the capture. A failure names the example, the
simulation (policy, players, seed) or the random record (index, seed, players) and shows how it differs.
"""

from __future__ import annotations

import difflib
import json

import pytest
from golden import capture as golden

MANIFEST = json.loads(golden.MANIFEST.read_text(encoding="utf-8")) if golden.MANIFEST.exists() else None
REFRESH = "if the change is intended, rerun `python tests/golden/capture.py` and explain it in the commit message"
MAX_DIFF_LINES = 80


@pytest.fixture(scope="module")
def cli():
    with golden.cli_session():
        yield golden.run_cli


@pytest.fixture(scope="module")
def rules():
    from orbis_dsl.language.ruleset import base_rules

    return base_rules()


def _readable(text: str) -> list[str]:
    """Reports are one JSON line: diff them indented, a value per line (text that is no JSON as it is)."""
    try:
        return json.dumps(json.loads(text), indent=2, ensure_ascii=False).splitlines()
    except ValueError:
        return text.splitlines()


def mismatch(label: str, golden_text: str, now: str) -> str:
    """What differs between the captured text and today's, for a failure message."""
    head = f"{label}: the output differs from the golden capture ({REFRESH})"
    diff = list(difflib.unified_diff(_readable(golden_text), _readable(now), "golden", "now", lineterm="", n=2))
    if not diff:  # the same JSON values written differently (spacing, escapes, key order is kept by both)
        at = next((i for i, (a, b) in enumerate(zip(golden_text, now)) if a != b), min(len(golden_text), len(now)))
        return (f"{head}\nthe same JSON, different bytes from character {at}:\n"
                f"  golden: {golden_text[max(0, at - 40):at + 40]!r}\n  now:    {now[max(0, at - 40):at + 40]!r}")
    more = f"\n… {len(diff) - MAX_DIFF_LINES} more diff lines" if len(diff) > MAX_DIFF_LINES else ""
    return head + "\n" + "\n".join(diff[:MAX_DIFF_LINES]) + more


def test_the_capture_matches_its_parameters():
    """The manifest was written by capture.py as it stands, and lists exactly today's example games."""
    assert MANIFEST is not None, f"no capture at {golden.MANIFEST}: run `python tests/golden/capture.py`"
    assert MANIFEST["params"] == json.loads(json.dumps(golden.PARAMS)), "capture.py's PARAMS changed: " + REFRESH
    assert MANIFEST["examples"] == golden.example_games(), "the example games changed: " + REFRESH
    records = json.loads(golden.RECORDS.read_text(encoding="utf-8"))
    assert records["params"] == MANIFEST["params"]["records"]


def test_the_capture_folder_holds_nothing_else():
    expected = {golden.example_capture_path(game) for game in golden.example_games()}
    expected |= {golden.simulate_capture_path(p, n, s) for p, n, _, s in golden.simulate_runs()}
    found = {p for folder in ("score", "simulate") for p in (golden.CAPTURE / folder).rglob("*") if p.is_file()}
    assert found == expected


@pytest.mark.parametrize("game", golden.example_games())
def test_example_game_scores_as_captured(cli, rules, game):
    path = golden.example_capture_path(game)
    assert path.exists(), f"{game} has no capture: " + REFRESH
    now = cli(*golden.example_args(game))
    expected = path.read_bytes().decode("utf-8")
    if now != expected:
        pytest.fail(mismatch(f"`orbis {' '.join(golden.example_args(game))}`", expected, now), pytrace=False)


def test_the_cli_prints_what_the_records_are_scored_with(cli, rules):
    """The random records skip the CLI (10,000 processes would be slow): it must print the same function's text."""
    from orbis_dsl.records.inputs import read_game
    from orbis_dsl.runtime.scoring import score_game

    game = next(g for g in golden.example_games() if "custom" not in g)
    record, diags, _ = read_game(golden.ROOT / game, rules)
    assert record is not None, diags
    assert cli("score", "--json", game) == score_game(rules, record, explain=True).to_json_line() + "\n"


@pytest.mark.parametrize(("policy", "players"), [(p, n) for p in golden.PARAMS["simulate"]["games"]
                                                 for n in golden.PARAMS["simulate"]["players"]])
def test_simulations_summarise_as_captured(cli, policy, players):
    runs = [run for run in golden.simulate_runs() if run[:2] == (policy, players)]
    failures = []
    for _, _, games, seed in runs:
        args = golden.simulate_args(policy, players, games, seed)
        path = golden.simulate_capture_path(policy, players, seed)
        expected = path.read_bytes().decode("utf-8") if path.exists() else ""
        now = cli(*args)
        if now != expected:
            failures.append((seed, mismatch(f"`orbis {' '.join(args)}` (seed {seed})", expected, now)))
    if failures:
        pytest.fail(f"{len(failures)} of {len(runs)} {policy} simulations at {players} players differ, seeds "
                    f"{[seed for seed, _ in failures]}; the first:\n{failures[0][1]}", pytrace=False)


def test_random_records_score_as_captured(rules):
    captured = json.loads(golden.RECORDS.read_text(encoding="utf-8"))
    params = captured["params"]
    differing = []
    for block, expected in enumerate(captured["blocks"]):
        whole, each = golden.block_digests(rules, block)
        if whole != expected:
            differing.append((block, each))
    if differing:
        pytest.fail(_records_message(rules, captured, differing, params), pytrace=False)


def _records_message(rules, captured: dict, differing: list, params: dict) -> str:
    """Name the first differing record and show its report as it is now (only digests were captured)."""
    from orbis_dsl.records.orbis.json_reader import game_to_json

    size, digits = params["block_size"], params["prefix_digits"]
    block, each = differing[0]
    old = [captured["record_prefixes"][block][i:i + digits] for i in range(0, size * digits, digits)]
    if block == 0:
        old = captured["first_block_records"]
    offsets = [i for i, (a, b) in enumerate(zip(old, each)) if not b.startswith(a)]
    offset = offsets[0] if offsets else None
    blocks = ", ".join(str(b) for b, _ in differing[:20]) + (" …" if len(differing) > 20 else "")
    out = [f"{len(differing)} of {len(captured['blocks'])} blocks of {size} random records score differently "
           f"(blocks {blocks}); {REFRESH}."]
    if offset is None:
        out.append(f"block {block}: its digest differs but no record's {digits}-digit prefix does")
        return "\n".join(out)
    index = block * size + offset
    players = params["players"][index % len(params["players"])]
    same_games = golden.block_games_digest(rules, block) == captured["block_games"][block]
    out.append(f"first differing record: {index} (random.Random({index}), {players} players): "
               + ("the sampled games are unchanged, so its report changed"
                  if same_games else "the sampled games themselves changed (sample.py, the rules' tile/god order, "
                  "or the orbis-game/1 writer), not necessarily the scorer"))
    if len(offsets) > 1:
        out.append(f"differing records of block {block}: {[block * size + i for i in offsets]}")
    out.append("the game: " + json.dumps(game_to_json(golden.random_record(rules, index), rules), ensure_ascii=False))
    out.append("its report now (the capture kept only its digest: to diff, run `python tests/golden/capture.py "
               f"--record {index}` on the capture's commit and on yours): " + golden.record_report(rules, index))
    return "\n".join(out)
