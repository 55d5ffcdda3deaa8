"""What the engine's commands share: exiting on a bad argument, loading the rules (a pack or the base game) and
checking policy names."""

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
