"""`orbis balance PACK`: a verdict on each god a pack adds or changes, from as few games as it takes.

Plays the pack in batches with every seat on one policy, and stops as soon as every new or changed god is
judged stronger than the field, weaker, or within ±5 points (an anytime-valid confidence sequence per god,
`engine/verdict.py`), or when the budget is spent: `--games`, and `--minutes` if given. Ends with the report's
flags over the games played and one line per god. Exit codes: 0 done (also when a god stays undecided: the line
says so); 2 bad arguments (no such pack, rules that do not check, unknown variant or policy, a pack that declares
no god).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import typer

from orbis_dsl.cli.engine_args import _check_policies, _fail, _pack_god_marks, _rules

MAX_MINUTES = 7 * 24 * 60  # a budget of time past a week is a typing slip, not a plan


def balance(
    pack: Path = typer.Argument(..., help="The rule pack (a folder or a rule file laid over the base game)."),
    players: int | None = typer.Option(None, "--players", "-p", help="Players (the variant '{N}p'; default 4)."),
    variant: str | None = typer.Option(None, "--variant", help="A variant by name instead of '{N}p'."),
    games: int = typer.Option(2000, "--games", "-k", help="The budget: at most this many games."),
    minutes: float | None = typer.Option(
        None, "--minutes", "-m",
        help="A budget of time as well: no batch is begun after this many minutes of wall clock (the first always "
             "is)."),
    policy: str = typer.Option("mcts", "--policy", help="Who plays every seat (default: the search)."),
    seed: int = typer.Option(0, "--seed", "-s", help="Seed of the run; game i uses a seed derived from it and i."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Worker processes (the verdict does not depend on it)."),
) -> None:
    """Judge each god the pack adds or changes: stronger than the field, weaker, or within ±5 points, stopping
    as soon as the games decide it (anytime-valid confidence sequences), within a budget of games and time."""
    from orbis_dsl.engine.simulate import MAX_GAMES, GamePlayer, max_jobs, seat_policies
    from orbis_dsl.engine.stats import balance as balance_report
    from orbis_dsl.engine.verdict import BATCH

    if not 1 <= games <= MAX_GAMES:
        _fail(f"--games must be from 1 to {MAX_GAMES:,}, not {games}")
    if minutes is not None and not 0 < minutes <= MAX_MINUTES:  # (not-a-number fails both comparisons)
        _fail(f"--minutes must be more than 0 and at most {MAX_MINUTES:,} (a week), not {minutes:g}")
    if not 1 <= jobs <= max_jobs():
        _fail(f"--jobs must be from 1 to {max_jobs()} (twice this machine's cores), not {jobs}")
    if "," in policy:
        _fail("one policy for every seat: a verdict compares gods under the same players",
              hint="for example --policy mcts or --policy greedy")
    _check_policies(policy)
    rules, source, compiled = _rules(pack)
    name = variant or f"{players or 4}p"
    if name not in rules.variants:
        _fail(f"unknown variant '{name}'", hint="expected one of: " + ", ".join(rules.variants))
    gods = list(_pack_god_marks(pack, compiled))
    if not gods:
        _fail(f"{pack} declares no god: nothing to judge", hint="add a god, or use orbis simulate for a report")
    spec = rules.variants[name]
    policies = seat_policies(policy, spec.players)
    # One judged god is revealed in every deal: the same games as when it comes up by chance, with their usual
    # odds, without the games that tell nothing about it (`simulate.reveal`). Several are left to chance: always
    # revealed together, each would be judged against a field that always holds the others.
    revealed = tuple(gods) if len(gods) == 1 else ()
    typer.echo(f"judging {', '.join(gods)} in variant {name} ({spec.players} players), policy {policy}, seed "
               f"{seed}, at most {games:,} games" + (f" or {minutes:g} minutes" if minutes is not None else "")
               + f" (looked at every {BATCH}"
               + (f"; {gods[0]} revealed in every game)" if revealed else ")"))
    start = time.perf_counter()
    deadline = None if minutes is None else start + 60 * minutes
    results, verdicts, played, stopped = _judge(GamePlayer(name, seed, policies, jobs, source, revealed=revealed),
                                                gods, spec.players, games, start, deadline)
    took = f"{played} games played in {time.perf_counter() - start:.0f} s"
    if stopped == "ctrl-c":
        took += " (stopped by Ctrl-C)"
    elif stopped == "time":
        took += f" (the {minutes:g} minutes are spent)"
    _outcome(balance_report(results), verdicts, took)
    if stopped == "ctrl-c":
        raise typer.Exit(130)


def _judge(game_player, gods: list[str], players: int, games: int, start: float, deadline: float | None):
    """(results, verdicts, games played, what stopped it: None, "time" or "ctrl-c"): batches played until every
    god is judged, the budget of games is spent, the clock passes `deadline` (checked after each batch, so one is
    always played) or Ctrl-C, after which what the games so far say stands (the intervals are valid at any
    stopping time). "time" only when it cut the run short: not when the last batch also judged every god."""
    from orbis_dsl.engine.verdict import BATCH, judging

    results: list[dict] = []

    def progress(played, verdicts):
        open_ = [v.god for v in verdicts if v.verdict is None]
        if sys.stderr.isatty() or played % (10 * BATCH) == 0:
            typer.echo(f"{played} games, {time.perf_counter() - start:.0f} s; undecided: "
                       f"{', '.join(open_) or 'none'}", err=True)

    so_far, stopped = ([], 0), None
    try:
        with game_player as player:
            def play(first, count):
                batch = player.play(first, count)
                results.extend(batch)
                return batch

            for step in judging(gods, players, play, games, progress):
                so_far = step
                if deadline is not None and 0 < step[1] < games and time.perf_counter() >= deadline \
                        and any(v.verdict is None for v in step[0]):
                    stopped = "time"
                    break
    except KeyboardInterrupt:
        stopped = "ctrl-c"
        del results[so_far[1]:]  # (a batch cut short is left out: the verdicts never saw it)
    return results, so_far[0], so_far[1], stopped


def _outcome(report: dict, verdicts, played: str) -> None:
    """What the run ends with: how many games it took, the report's flags over them, one line per judged god."""
    typer.echo(played)
    if report["flags"]:
        typer.echo(f"flags over those games (Holm's correction across {len(report['tests'])} tests):")
        for flag in report["flags"]:
            typer.echo(f"  ! {flag}")
    else:
        typer.echo(f"no flags over those games (Holm's correction across {len(report['tests'])} tests)")
    picks = report["pick_rate_by_god"]
    for v in verdicts:
        pick = picks.get(v.god)
        taken = f"; taken {pick['rate']:.0%} of the {pick['revealed']} times revealed" if pick else ""
        typer.echo(f"verdict: {v.line()}{taken}")
