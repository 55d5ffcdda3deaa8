"""Many games at once: seeded, optionally over several processes, summarised as deterministic JSON.

Game i is dealt and played from `game_seed(seed, i)`, so a summary depends only on the rule set, the variant, the
policies, the number of games and the seed, never on `jobs`. With a records folder each game is written as an
`orbis-game/1` record (NAME.json) with the engine's `orbis-score/1` report beside it (NAME.score.json); with a
logs folder each game's move log (NAME.log, see `log_write.py`), which `orbis replay` checks. NAME is
game-NNNNNN, the game's index. A folder written to also gets the run's manifest (`orbis-run.json`: seed, games,
players, policies, variant, options, the rules and their digest), so it says what it holds; a folder that
already holds records, logs or a manifest is refused (`FolderInUse`) unless they are removed first
(`clear_folder`): a shorter run would otherwise leave the older run's later games beside its own.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import signal
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

import attrs

from orbis_dsl.common.files import write_atomic
from orbis_dsl.engine.game import Game
from orbis_dsl.engine.game_setup import deal
from orbis_dsl.engine.log_write import Recorder, log_text
from orbis_dsl.engine.policy_names import make_policy
from orbis_dsl.engine.quality_watch import play_watched
from orbis_dsl.engine.stats import balance
from orbis_dsl.records.orbis.json_reader import game_to_json
from orbis_dsl.runtime.rules import Rules
from orbis_dsl.runtime.scoring import score_game

SUMMARY_FORMAT = "orbis-simulation/1"
# Games of one run: every game's compact result is kept for the summary (a few kB each).
MAX_GAMES = 100_000


def max_jobs() -> int:
    """Worker processes one run may start: twice the cores (more only queue for them)."""
    return 2 * (os.cpu_count() or 1)


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run seeded `seed` (stable across Python versions and processes)."""
    digest = hashlib.blake2b(f"orbis-sim:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def policy_seed(game: int, seat: int) -> int:
    digest = hashlib.blake2b(f"orbis-policy:{game}:{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def seat_policies(policy: str | list[str], players: int) -> list[str]:
    """'greedy' → every seat greedy; 'greedy,random' → seats cycle through the list."""
    names = policy.split(",") if isinstance(policy, str) else list(policy)
    names = [n.strip() for n in names if n.strip()]
    if not names:
        raise ValueError("no policy given")
    return [names[i % len(names)] for i in range(players)]


# ---- the folders a run writes to ------------------------------------------------------------------------------

MANIFEST = "orbis-run.json"
MANIFEST_FORMAT = "orbis-run/1"
_WRITTEN = re.compile(r"game-[0-9]{6}(\.score\.json|\.json|\.log)")


class FolderInUse(ValueError):
    """A records or logs folder that already holds a run's files: writing into it would mix two runs."""

    def __init__(self, folder: Path, names: list[str]):
        self.folder, self.names = folder, names
        shown = ", ".join(names[:2]) + (", …" if len(names) > 2 else "")
        super().__init__(f"{folder} already holds {len(names)} file{'s' if len(names) != 1 else ''} of a run "
                         f"({shown})")


def written_files(folder: Path | str) -> list[str]:
    """The names in `folder` that a run writes (game records, score reports, move logs, the manifest), sorted."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    return sorted(p.name for p in folder.iterdir() if p.name == MANIFEST or _WRITTEN.fullmatch(p.name))


def clear_folder(folder: Path | str) -> int:
    """Remove what `written_files` lists (and nothing else); how many files were removed."""
    names = written_files(folder)
    for name in names:
        (Path(folder) / name).unlink()
    return len(names)


def _prepare_folders(folders: list, manifest: dict) -> list[str]:
    """Create each folder, refuse one that holds a run's files already, and write the manifest into each."""
    unique = list(dict.fromkeys(str(f) for f in folders if f is not None))
    for folder in unique:
        Path(folder).mkdir(parents=True, exist_ok=True)
        names = written_files(folder)
        if names:
            raise FolderInUse(Path(folder), names)
    for folder in unique:
        write_atomic(Path(folder) / MANIFEST, json.dumps(manifest, indent=2) + "\n")
    return unique


def run_manifest(rules: Rules, variant: str, games: int, seed: int, policies: list[str],
                 rules_source: str | None, options: dict | None, records, logs) -> dict:
    """What a folder of records or logs holds, and the run that wrote them. Everything the games depend on, and
    nothing else: not the number of processes (`jobs`) nor the folder's path, so the folder is the same byte for
    byte whichever `--jobs` wrote it (tests/robustness/test_determinism.py compares every file)."""
    last = f"game-{max(games - 1, 0):06d}"
    return {"format": MANIFEST_FORMAT, "variant": variant, "players": len(policies), "games": games, "seed": seed,
            "policies": policies, "options": dict(sorted((options or {}).items())),
            "rules": {"source": rules_source or "base", "digest": rules.digest},
            "records": None if records is None else f"game-000000.json to {last}.json, each with NAME.score.json",
            "logs": None if logs is None else f"game-000000.log to {last}.log"}


# ---- rule sets in worker processes -----------------------------------------------------------------------------

_LOADED: dict[str | None, Rules] = {}


def load_rules(source: str | None) -> Rules:
    """The rule set a worker process plays under, loaded once per process: None is the base game,
    'pack:PATH' a rule pack laid over the base game (`orbis --rules`), 'file:PATH' (or a bare path) a rule file
    or folder compiled as it is (for instance one that includes the base game and adds a variant)."""
    if source in _LOADED:
        return _LOADED[source]
    if source is None:
        from orbis_dsl.language.ruleset import base_rules

        rules = base_rules()
    elif source.startswith("pack:"):
        from orbis_dsl.language.packs.load import load_pack

        rules, compiled = load_pack(Path(source[5:]))
        if rules is None:
            raise ValueError("; ".join(d.message for d in compiled.diagnostics))
    else:
        path = source[5:] if source.startswith("file:") else source
        rules, compiled = compile_rules(Path(path))
        if rules is None:
            raise ValueError("; ".join(d.message for d in compiled.diagnostics))
    _LOADED[source] = rules
    return rules


def compile_rules(path: Path):
    """(rules or None, compiled) for a rule file or folder (a pack, or a file including the base game)."""
    from orbis_dsl.language.ruleset import compile_paths, rules_from_modules

    compiled = compile_paths([path])
    if compiled.model is None or any(d.is_error for d in compiled.diagnostics):
        return None, compiled
    package = "orbis_pack_" + hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:10]
    return rules_from_modules(compiled.modules, package), compiled


# ---- one game ---------------------------------------------------------------------------------------------------


def reveal(setup, gods: tuple[str, ...], seed: int):
    """The deal with every god of `gods` among those revealed (a balance run's judged gods): each one missing
    replaces a revealed god that is not judged, at a place drawn from `seed`. The deal reveals a uniformly drawn
    ordered set of gods, so with one judged god this deals exactly the games in which it would have been revealed
    anyway, with their usual odds; only the games that could tell nothing about it are left out. Nothing else of
    the deal changes (piles, display)."""
    missing = [g for g in gods if g not in setup.gods]
    if not missing:
        return setup
    rng = random.Random(f"orbis-reveal:{seed}")
    shown = list(setup.gods)
    free = [i for i, g in enumerate(shown) if g not in gods]
    for god, place in zip(missing, rng.sample(free, len(missing))):
        shown[place] = god
    return attrs.evolve(setup, gods=shown)


def play_one(rules: Rules, variant: str, seed: int, index: int, policies: list[str], options=None,
             records: str | None = None, logs: str | None = None, revealed: tuple[str, ...] = ()) -> dict:
    """Play game `index` and return its compact result (and write its record and its move log when asked);
    `revealed`: gods every deal reveals (`reveal`)."""
    s = game_seed(seed, index)
    setup = deal(rules, variant, s, None, options)
    if revealed:
        setup = reveal(setup, revealed, s)
    players = [make_policy(name, policy_seed(s, seat)) for seat, name in enumerate(policies)]
    recorder = Recorder() if logs is not None else None
    game = Game(rules, setup, players, recorder)
    leaders, takes = play_watched(game)  # as Game.play, with what the game-quality measures need
    explain = records is not None
    record = game.record(title=f"simulated game {index} (seed {seed})" if explain else None)
    report = score_game(rules, record) if explain else _score_fast(rules, record)
    name = f"game-{index:06d}"
    if records is not None:
        write_atomic(Path(records) / f"{name}.json", json.dumps(game_to_json(record, rules), indent=2) + "\n")
        write_atomic(Path(records) / f"{name}.score.json", json.dumps(report.to_json(), indent=2) + "\n")
    if logs is not None:
        write_atomic(Path(logs) / f"{name}.log", log_text(game, recorder, report, policies))
    share = 1.0 / len(report.winners) if report.winners else 0.0
    return {
        "index": index,
        "seed": s,
        "tokens_short": game.tokens_short,
        "turns": game.turns,
        "rounds": game.round,
        "shared": len(report.winners) > 1,
        "gods_revealed": list(setup.gods),
        "leaders": leaders,
        "takes": takes.to_json(),
        "players": [
            {"seat": me.seat, "policy": policies[me.seat], "god": me.god, "god_round": me.god_round,
             "win": share if score.winner else 0.0, "total": score.total, "categories": dict(score.categories),
             "deserts": me.deserts, "cancels": me.cancels, "exchanges": me.exchanges,
             "worshippers": score.worshippers, "kinds": _face_up_kinds(rules, me)}
            for me, score in zip(game.players, report.players)
        ],
    }


def _face_up_kinds(rules: Rules, me) -> list[str]:
    """The kinds of the face-up tiles in a player's universe (for win rates by kind)."""
    return sorted({rules.tiles[t].kind for t in me.tid if t >= 0})


def _score_fast(rules: Rules, record):
    """Totals, places and winners only: no lines, no table checks."""
    return score_game(rules, record, explain=False, lines=False)


def _run_chunk(source, variant, seed, indices, policies, options, records, logs, revealed=()) -> list[dict]:
    rules = load_rules(source)
    return [play_one(rules, variant, seed, i, policies, options, records, logs, revealed) for i in indices]


def stop_quietly_on_ctrl_c() -> None:
    """A worker's start: Ctrl-C (which the terminal sends to every process of the run) ends it at once, without
    a traceback of its own; the first process says what stopped and what the games so far show."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class GamePlayer:
    """Plays ranges of games of one run on demand, in game order, over a pool kept for the whole run (a sequential
    test asks for one batch at a time). Use as a context manager."""

    def __init__(self, variant: str, seed: int, policies: list[str], jobs: int = 1, rules_source: str | None = None,
                 options: dict | None = None, revealed: tuple[str, ...] = ()):
        self.variant, self.seed, self.policies, self.jobs = variant, seed, policies, jobs
        self.source, self.options, self.revealed = rules_source, options, tuple(revealed)
        self.rules = load_rules(rules_source)
        self.pool = ProcessPoolExecutor(max_workers=jobs, initializer=stop_quietly_on_ctrl_c) if jobs > 1 else None

    def play(self, start: int, count: int) -> list[dict]:
        indices = range(start, start + count)
        if self.pool is None:
            return [play_one(self.rules, self.variant, self.seed, i, self.policies, self.options, None, None,
                             self.revealed) for i in indices]
        size = max(1, -(-count // (2 * self.jobs)))
        chunks = [indices[i:i + size] for i in range(0, count, size)]
        futures = [self.pool.submit(_run_chunk, self.source, self.variant, self.seed, chunk, self.policies,
                                    self.options, None, None, self.revealed) for chunk in chunks]
        return [r for f in futures for r in f.result()]

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)


# ---- many games ---------------------------------------------------------------------------------------------


def run(variant: str, games: int, seed: int, policy: str | list[str] = "random", jobs: int = 1,
        records: Path | str | None = None, rules_source: str | None = None, options: dict | None = None,
        progress: Callable[[int], None] | None = None, rules: Rules | None = None,
        logs: Path | str | None = None) -> list[dict]:
    """The compact results of games 0..games-1, in game order whatever `jobs` is. A records or logs folder that
    already holds a run's files raises `FolderInUse` before any game is played."""
    if rules is None:
        rules = load_rules(rules_source)
    if variant not in rules.variants:
        raise ValueError(f"unknown variant '{variant}'")
    policies = seat_policies(policy, rules.variants[variant].players)
    if records is not None or logs is not None:
        manifest = run_manifest(rules, variant, games, seed, policies, rules_source, options, records, logs)
        _prepare_folders([records, logs], manifest)
    records = None if records is None else str(records)
    logs = None if logs is None else str(logs)
    results: list[dict] = []
    if jobs <= 1 or games < 2:
        for i in range(games):
            results.append(play_one(rules, variant, seed, i, policies, options, records, logs))
            if progress is not None:
                progress(1)
        return results
    # Small chunks, many per worker: when one worker has finished, the other has little left to play alone.
    size = max(1, min(100, -(-games // (jobs * 16))))
    chunks = [range(start, min(games, start + size)) for start in range(0, games, size)]
    with ProcessPoolExecutor(max_workers=min(jobs, len(chunks)), initializer=stop_quietly_on_ctrl_c) as pool:
        futures = [pool.submit(_run_chunk, rules_source, variant, seed, chunk, policies, options, records, logs)
                   for chunk in chunks]
        for future in as_completed(futures):
            part = future.result()
            results.extend(part)
            if progress is not None:
                progress(len(part))
    results.sort(key=lambda r: r["index"])
    return results


_PLAYER_SUMS = ("total", "deserts", "cancels", "exchanges", "worshippers", "god_round")  # per player, summed


class _Tally:
    """Sums over every player of every game, added in game order (which fixes the float sums, and so the JSON)."""

    def __init__(self, nplayers: int, award_names: list[str]):
        self.seats = [0.0] * nplayers
        self.by_god: dict[str, list[float]] = {}  # god → [players who took it, wins]
        self.by_policy: dict[str, list[float]] = {}  # policy → [players, wins]
        self.categories: dict[str, float] = {}
        self.award_names = award_names
        self.awards: dict[str, dict] = {}
        self.sums = dict.fromkeys(_PLAYER_SUMS, 0.0)
        self.short = self.shared = self.turns = self.rounds = 0

    def add_game(self, r: dict) -> None:
        self.short += 1 if r["tokens_short"] else 0
        self.shared += 1 if r["shared"] else 0
        self.turns += r["turns"]
        self.rounds += r["rounds"]
        for p in r["players"]:
            self._add_player(p)

    def _add_player(self, p: dict) -> None:
        self.seats[p["seat"]] += p["win"]
        if p["god"] is not None:
            entry = self.by_god.setdefault(p["god"], [0, 0.0])
            entry[0] += 1
            entry[1] += p["win"]
        entry = self.by_policy.setdefault(p["policy"], [0, 0.0])
        entry[0] += 1
        entry[1] += p["win"]
        for k, v in p["categories"].items():
            self.categories[k] = self.categories.get(k, 0.0) + v
        for name in self.award_names:
            prize = p["categories"].get(name, 0)
            a = self.awards.setdefault(name, {"holders": 0, "cp": 0.0, "prizes": {}})
            if prize:
                a["holders"] += 1
                a["cp"] += prize
                a["prizes"][str(prize)] = a["prizes"].get(str(prize), 0) + 1
        for key in _PLAYER_SUMS:
            self.sums[key] += p[key]


def _rate(x: float, n: int) -> float:
    return round(x / n, 4) if n else 0.0


def summarize(results: list[dict], variant: str, seed: int, policy, rules: Rules | None = None) -> dict:
    """Win rates by seat, god and policy, mean CP by category, deserts, awards and game length."""
    games = len(results)
    nplayers = len(results[0]["players"]) if results else 0
    tally = _Tally(nplayers, list(rules.awards) if rules is not None else [])
    for r in results:
        tally.add_game(r)
    plays = games * nplayers or 1
    sums = tally.sums
    return {
        "format": SUMMARY_FORMAT,
        "variant": variant,
        "players": nplayers,
        "games": games,
        "seed": seed,
        "policies": seat_policies(policy, nplayers) if nplayers else [],
        "win_rate_by_seat": {str(i + 1): _rate(w, games) for i, w in enumerate(tally.seats)},
        "win_rate_by_god": {g: {"games": n, "win_rate": _rate(w, n)} for g, (n, w) in sorted(tally.by_god.items())},
        "win_rate_by_policy": {k: {"players": n, "win_rate": _rate(w, n)}
                               for k, (n, w) in sorted(tally.by_policy.items())},
        "shared_wins": tally.shared,
        "mean_cp": {"total": _rate(sums["total"], plays), **{k: _rate(v, plays) for k, v in tally.categories.items()}},
        "mean_deserts": _rate(sums["deserts"], plays),
        "mean_cancellations": _rate(sums["cancels"], plays),
        "games_short_of_cancel_tokens": tally.short,
        "mean_exchanges": _rate(sums["exchanges"], plays),
        "mean_worshippers_left": _rate(sums["worshippers"], plays),
        "awards": {name: {"holders_per_game": _rate(a["holders"], games), "mean_cp": _rate(a["cp"], plays),
                          "prizes": dict(sorted(a["prizes"].items(), key=lambda kv: -int(kv[0])))}
                   for name, a in tally.awards.items()},
        "game_length": {"rounds": _rate(tally.rounds, games), "turns": _rate(tally.turns, games),
                        "mean_god_round": _rate(sums["god_round"], plays)},
        "balance": balance(results),
    }


def simulate(variant: str, games: int, seed: int, policy="random", jobs: int = 1, records=None,
             rules_source: str | None = None, options=None, progress=None, logs=None) -> dict:
    rules = load_rules(rules_source)
    results = run(variant, games, seed, policy, jobs, records, rules_source, options, progress, rules, logs)
    return summarize(results, variant, seed, policy, rules)
