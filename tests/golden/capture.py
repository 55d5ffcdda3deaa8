"""The golden capture of what Orbis users see: `python tests/golden/capture.py` rewrites tests/golden/capture/.

RERUN IT ONLY WHEN A CHANGE TO ORBIS OUTPUT IS INTENDED, and say in the commit message what changed and why. The
capture was taken before the rules language was made game-neutral, so that the rewrite can prove that Orbis users
see no difference: refreshing it to make tests/golden/test_golden.py pass after an unexplained change defeats it.

What it holds (every parameter is in PARAMS and written beside the data):
1. the stdout of `orbis score --json GAME` for every example game, in full (`capture/score/`);
2. 10,000 random finished games (`orbis_dsl.records.sample.random_game`, record i drawn from `random.Random(i)` with
   2, 3, 4, 2, … players), each scored exactly as `orbis score --json` prints it: one sha256 per block of 100
   reports, the full sha256 of each report of the first block, and the first 8 hex digits of every report's
   sha256 so that a failure can name the record (`capture/records.json`);
3. the stdout of `orbis simulate --json` for seeds 1–20 at 2, 3 and 4 players, random and greedy policies, in full
   (`capture/simulate/`).

The CLI runs in-process (Typer's CliRunner) from the checkout's root with relative paths, so no absolute path or
machine detail can reach the output. test_golden.py imports the functions below: capture and test cannot drift.

`python tests/golden/capture.py --record N` prints record N as an orbis-game/1 record and its report, indented:
run it on the capture's commit and on yours and diff the two to see how a failing record changed.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import random
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CAPTURE = HERE / "capture"
MANIFEST = CAPTURE / "manifest.json"
RECORDS = CAPTURE / "records.json"

PARAMS = {
    "examples": {
        "games": ["examples/quickstart-4p.orbisgame", "examples/games/*", "examples/custom/*.orbisgame"],
        "rules": {"examples/custom/": "examples/custom/pack"},  # games under this folder need this --rules pack
        "command": "orbis score --json [--rules PACK] GAME",
    },
    "records": {
        "count": 10_000,
        "block_size": 100,
        "rng": "random.Random(i) for record i",
        "players": [2, 3, 4],  # record i has players[i % 3] players
        "generator": "orbis_dsl.records.sample.random_game(base_rules(), rng, players)",
        "report": "score_game(rules, game, explain=True).to_json_line() + '\\n' (what `orbis score --json` prints)",
        "prefix_digits": 8,
    },
    "simulate": {
        "seeds": [1, 20],  # inclusive
        "players": [2, 3, 4],
        "games": {"random": 25, "greedy": 5},  # greedy plays ~10x slower: fewer games keep the test short
        "command": "orbis simulate --players N --games K --seed S --policy P --json",
    },
}


# ---- running the CLI in-process ---------------------------------------------------------------------------------

@contextlib.contextmanager
def cli_session() -> Iterator[None]:
    """Run from the checkout's root (so shown paths are relative) with a throw-away cache for rule packs."""
    saved = os.environ.get("ORBIS_CACHE_DIR")
    with tempfile.TemporaryDirectory(prefix="orbis-golden-") as cache, contextlib.chdir(ROOT):
        os.environ["ORBIS_CACHE_DIR"] = cache
        try:
            yield
        finally:
            if saved is None:
                os.environ.pop("ORBIS_CACHE_DIR", None)
            else:
                os.environ["ORBIS_CACHE_DIR"] = saved


def run_cli(*args: str) -> str:
    """`orbis ARGS…`'s stdout; inside `cli_session()`. Anything but exit 0 is a failure of the capture itself."""
    from typer.testing import CliRunner

    from orbis_dsl.cli.app import app

    result = CliRunner().invoke(app, list(args))
    if result.exit_code != 0:
        raise RuntimeError(f"`orbis {' '.join(args)}` exited {result.exit_code}: {result.stderr}"
                           f"{result.exception!r}")
    return result.stdout


# ---- 1. example games -------------------------------------------------------------------------------------------

def example_games() -> list[str]:
    """The example games, as paths relative to the root, in a fixed order."""
    found: list[str] = []
    for pattern in PARAMS["examples"]["games"]:
        matches = sorted(p for p in ROOT.glob(pattern) if p.is_file())
        found += [p.relative_to(ROOT).as_posix() for p in matches]
    return found


def example_args(game: str) -> list[str]:
    pack = next((pack for folder, pack in PARAMS["examples"]["rules"].items() if game.startswith(folder)), None)
    return ["score", "--json", *(["--rules", pack] if pack else []), game]


def example_capture_path(game: str) -> Path:
    return CAPTURE / "score" / (game.removeprefix("examples/") + ".stdout")


# ---- 2. random records ------------------------------------------------------------------------------------------

def random_record(rules, index: int):
    from orbis_dsl.records.sample import random_game

    players = PARAMS["records"]["players"]
    return random_game(rules, random.Random(index), players[index % len(players)])


def record_report(rules, index: int) -> str:
    """Record `index` scored as `orbis score --json` prints it (the same function, and echo's newline)."""
    from orbis_dsl.runtime.scoring import score_game

    return score_game(rules, random_record(rules, index), explain=True).to_json_line() + "\n"


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def block_digests(rules, block: int) -> tuple[str, list[str]]:
    """(sha256 of the block's reports one after the other, as `orbis score --json` of the 100 games would print
    them; each report's own sha256)."""
    size = PARAMS["records"]["block_size"]
    whole, each = hashlib.sha256(), []
    for index in range(block * size, (block + 1) * size):
        data = record_report(rules, index).encode("utf-8")
        whole.update(data)
        each.append(hashlib.sha256(data).hexdigest())
    return whole.hexdigest(), each


def block_games_digest(rules, block: int) -> str:
    """sha256 of the block's games as orbis-game/1 JSON: tells a change of the sampled games from one of scoring."""
    from orbis_dsl.records.orbis.json_reader import game_to_json

    size = PARAMS["records"]["block_size"]
    games = [game_to_json(random_record(rules, i), rules) for i in range(block * size, (block + 1) * size)]
    return sha256(json.dumps(games, ensure_ascii=False, sort_keys=True))


def records_capture(rules) -> dict:
    params = PARAMS["records"]
    digits = params["prefix_digits"]
    blocks, prefixes, first_block = [], [], []
    for block in range(params["count"] // params["block_size"]):
        whole, each = block_digests(rules, block)
        blocks.append(whole)
        prefixes.append("".join(d[:digits] for d in each))
        if block == 0:
            first_block = each
    return {"params": params, "blocks": blocks, "first_block_records": first_block,
            "record_prefixes": prefixes,
            "block_games": [block_games_digest(rules, b) for b in range(len(blocks))]}


# ---- 3. simulations ---------------------------------------------------------------------------------------------

def simulate_runs() -> list[tuple[str, int, int, int]]:
    """(policy, players, games, seed) of every captured run."""
    params = PARAMS["simulate"]
    first, last = params["seeds"]
    return [(policy, players, games, seed) for policy, games in params["games"].items()
            for players in params["players"] for seed in range(first, last + 1)]


def simulate_args(policy: str, players: int, games: int, seed: int) -> list[str]:
    return ["simulate", "--players", str(players), "--games", str(games), "--seed", str(seed),
            "--policy", policy, "--json"]


def simulate_capture_path(policy: str, players: int, seed: int) -> Path:
    return CAPTURE / "simulate" / f"{policy}-{players}p-seed{seed:02d}.stdout"


# ---- writing ----------------------------------------------------------------------------------------------------

def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))  # bytes: no newline translation on any platform


def capture() -> None:
    from orbis_dsl.language.ruleset import base_rules

    for folder in ("score", "simulate"):  # nothing stale may survive a refresh
        shutil.rmtree(CAPTURE / folder, ignore_errors=True)
    games = example_games()
    with cli_session():
        for game in games:
            _write(example_capture_path(game), run_cli(*example_args(game)))
        for policy, players, count, seed in simulate_runs():
            _write(simulate_capture_path(policy, players, seed), run_cli(*simulate_args(policy, players, count, seed)))
    _write(RECORDS, json.dumps(records_capture(base_rules()), indent=1) + "\n")
    _write(MANIFEST, json.dumps({"params": PARAMS, "examples": games}, indent=1) + "\n")
    print(f"wrote {len(games)} example reports, {len(simulate_runs())} simulation summaries and "
          f"{PARAMS['records']['count']} record digests under {CAPTURE.relative_to(ROOT)}")


def show_record(index: int) -> None:
    from orbis_dsl.language.ruleset import base_rules
    from orbis_dsl.records.orbis.json_reader import game_to_json

    rules = base_rules()
    print(json.dumps(game_to_json(random_record(rules, index), rules), indent=2, ensure_ascii=False))
    print(json.dumps(json.loads(record_report(rules, index)), indent=2, ensure_ascii=False))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--record", type=int, help="print random record N and its report instead of capturing")
    args = parser.parse_args()
    if args.record is not None:
        show_record(args.record)
    else:
        capture()


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))  # run from a checkout without installing
    main()
