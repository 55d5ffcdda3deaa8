"""What the engine's commands share: exiting on a bad argument, loading the rules (a pack or the base game),
checking policy names, and `orbis simulate`'s checks of its run size and variant."""

from __future__ import annotations

from pathlib import Path

import typer

from orbis_dsl.cli.output import print_diagnostics
from orbis_dsl.common.paths import exists, not_found


def _fail(message: str, code: int = 2, hint: str | None = None) -> None:
    typer.echo(f"error: {message}", err=True)
    if hint:
        typer.echo(f"  = {hint}", err=True)
    raise typer.Exit(code)


def _rules(pack: Path | None):
    """(rules, rules source for worker processes, compiled or None). A pack is laid over the game it extends
    (`orbis_dsl.language.packs.load`), which must be a game of tiles: the engine deals and plays tiles. Compiled is None
    when the pack came from the cache unparsed."""
    if pack is None:
        from orbis_dsl.language.ruleset import base_rules

        return base_rules(), None, None
    from orbis_dsl.language.packs.load import lay_pack

    if not exists(pack):
        _fail(not_found("rule file or folder", str(pack), pack))
    laid, compiled = lay_pack(pack)
    source = f"pack:{pack}"
    if compiled is not None:  # errors, or a cache warning
        print_diagnostics(compiled.diagnostics, compiled.sources.texts)
    if laid is None:
        _fail(f"the rules in {pack} do not check")
    if laid.rules.is_sheet:
        _fail(f"the engine plays games of tiles; the rule pack {laid.shown} extends {laid.game.id}, a game of "
              "score sheets")
    return laid.rules, source, compiled


def _pack_god_marks(pack: Path, compiled) -> dict[str, str]:
    """The gods `pack` adds ("new") or changes ("changed"), in declaration order (`verdict.pack_god_marks`);
    `compiled` is `_rules`'s, compiled again when the pack came from the cache unparsed."""
    from orbis_dsl.engine.verdict import pack_god_marks
    from orbis_dsl.language.packs.load import compile_pack
    from orbis_dsl.language.ruleset import compile_base

    if compiled is None or compiled.model is None:
        compiled = compile_pack(pack)
    return pack_god_marks(compiled, compile_base())


def _check_policies(policy: str) -> None:
    """Exit 2 naming the first seat policy that is not one (a comma-separated list, one per seat)."""
    from orbis_dsl.common.diagnostics import did_you_mean
    from orbis_dsl.engine.policy_names import POLICIES, policy_problem

    for name in [n.strip() for n in policy.split(",") if n.strip()] or [policy]:
        problem = policy_problem(name)
        if problem is not None:
            base = name.partition(":")[0]
            hint = None if base in POLICIES else did_you_mean(base, POLICIES)
            _fail(problem, hint=hint or "expected one of: " + ", ".join(POLICIES) + " (mcts:N for N rollouts)")


def _check_run_size(games: int, jobs: int) -> None:
    """Exit 2 when --games or --jobs is out of bounds."""
    from orbis_dsl.engine.simulate import MAX_GAMES, max_jobs

    if games < 1:
        _fail(f"--games must be at least 1, not {games}")
    if games > MAX_GAMES:  # every game's result is kept for the summary
        _fail(f"--games must be at most {MAX_GAMES:,}, not {games}", hint="run several seeds for more games")
    if jobs < 1:
        _fail(f"--jobs must be at least 1, not {jobs}")
    if jobs > max_jobs():
        _fail(f"--jobs must be at most {max_jobs()} (twice this machine's cores), not {jobs}")


def _playable_variant(rules, players: int | None, variant: str | None) -> str:
    """The name of the variant --players or --variant picks; exit 2 when there is none or it cannot be played."""
    from orbis_dsl.engine.variants import check_variant

    if players is not None and players < 1:
        _fail(f"--players must be at least 1, not {players}")
    name = variant or f"{players or 4}p"
    spec = rules.variants.get(name)
    if spec is None:
        counts = sorted({v.players for v in rules.variants.values()})
        if variant is None:
            _fail(f"no variant for {players} players", hint="the rules have variants for "
                  + ", ".join(map(str, counts)) + " players")
        _fail(f"unknown variant '{variant}'", hint="expected one of: " + ", ".join(rules.variants))
    if variant is not None and players is not None and spec.players != players:
        _fail(f"variant '{name}' is for {spec.players} players, not {players}")
    problems = check_variant(rules, spec)
    if problems:
        from orbis_dsl.common.diagnostics import render

        for d in problems:
            typer.echo(render(d), err=True)
        _fail(f"variant '{name}' cannot be played")
    return name
