"""Are the games and the reports the same as before a change? The check every speed-up and refactor is held to.

    python bench/exactness.py                 # about half a minute
    python bench/exactness.py --out DIR       # also writes each example's report, to diff against another tree's

Prints three fingerprints, each a SHA-256 over everything it covers, to compare with another checkout's (or with
the figures in docs/performance.md, "Games and reports kept"):
- *games*: 305 seeded games played by the engine (greedy and quick greedy, 40 seeds each of 2, 3 and 4 players;
  15 three-player games under each of four packs; a few games with searching seats), each game's record and its
  score report;
- *simulate*: four seeded `orbis simulate` runs, as a user would type them (text and JSON);
- *examples*: `orbis score --json` of every bundled example record, its output, errors and exit code.
A change that keeps all three changes no game the engine plays, no simulation and no score anyone reads.
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PACKS = ("examples/balance/sun-king", "examples/balance/miser", "examples/balance/oracle", "examples/custom/pack")
SIMULATIONS = (["-p", "2", "-k", "60", "--policy", "greedy", "-s", "1"],
               ["-p", "2", "-k", "4", "--policy", "mcts:8", "-s", "4"],
               ["-p", "4", "-k", "2", "--policy", "mcts", "-s", "9", "--json"],
               ["-p", "3", "-k", "30", "--policy", "greedy", "--json", "-s", "2"])
RECORDS = ("*.json", "*.orbisgame", "*.tmgame")


def games() -> tuple[int, str]:
    """How many games were played, and the fingerprint of their records and reports."""
    from orbis_dsl.engine.game import play_game
    from orbis_dsl.engine.policy_greedy import GreedyPolicy, QuickGreedyPolicy
    from orbis_dsl.engine.policy_names import make_policy
    from orbis_dsl.engine.simulate import load_rules
    from orbis_dsl.language.ruleset import base_rules

    digest, played = hashlib.sha256(), 0
    rules = base_rules()

    def add(game) -> None:
        nonlocal played
        digest.update(repr(game.record()).encode())
        digest.update(game.score(explain=False).to_json_line().encode())
        played += 1

    for policy in (GreedyPolicy, QuickGreedyPolicy):
        for players in (2, 3, 4):
            for seed in range(40):
                add(play_game(rules, f"{players}p", seed, [policy(seed * 10 + i) for i in range(players)]))
    for pack in PACKS:
        pack_rules = load_rules("pack:" + str(ROOT / pack))
        for seed in range(15):
            add(play_game(pack_rules, "3p", seed, [GreedyPolicy(i) for i in range(3)]))
    for seed in range(3):
        add(play_game(rules, "2p", 100 + seed, [make_policy("mcts", seed), GreedyPolicy()]))
    add(play_game(rules, "2p", 200, [make_policy("flat", 1), GreedyPolicy()]))
    add(play_game(rules, "4p", 300, [make_policy("mcts", s) for s in range(4)]))
    return played, digest.hexdigest()


def _orbis(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "orbis_dsl.cli.app", *args], cwd=ROOT, capture_output=True,
                          text=True, check=False)


def simulations() -> str:
    digest = hashlib.sha256()
    for args in SIMULATIONS:
        digest.update(_orbis("simulate", *args).stdout.encode())
    return digest.hexdigest()


def examples(out: Path | None) -> tuple[int, str]:
    """How many example records were scored, and the fingerprint of every `orbis score --json` of them."""
    digest = hashlib.sha256()
    records = sorted({p for pattern in RECORDS for p in (ROOT / "examples").rglob(pattern)})
    for path in records:
        name = str(path.relative_to(ROOT))
        done = _orbis("score", "--json", name)
        text = f"{name}\n{done.stdout}\n{done.stderr}\nexit {done.returncode}\n"
        digest.update(text.encode())
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
            (out / (name.replace("/", "_") + ".txt")).write_text(text, encoding="utf-8")
    return len(records), digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, help="write each example's report here, to diff against another tree's")
    args = parser.parse_args()
    played, fingerprint = games()
    print(f"games     {played} games  {fingerprint}", flush=True)
    print(f"simulate  {len(SIMULATIONS)} runs   {simulations()}", flush=True)
    scored, fingerprint = examples(args.out)
    print(f"examples  {scored} records  {fingerprint}")


if __name__ == "__main__":
    main()
