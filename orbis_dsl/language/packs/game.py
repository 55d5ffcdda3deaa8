"""The game a rule pack is laid over, and the rules each record is scored under when a pack is given.

A pack says which game it extends with `extends "ID"` (the id records name the game by); a pack that says nothing
extends Orbis, the first game this project carried, as every pack did before games could be named. A record is
scored under the pack when it is a game of the one the pack extends; a record of another game is refused (the
caller locates that in the record, see `records.inputs`), never silently scored under rules the user did not ask for.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from orbis_dsl.common.diagnostics import Diagnostic, unknown
from orbis_dsl.common.games import Game, all_games, game_named
from orbis_dsl.common.resources import BASE_GAME, display_path
from orbis_dsl.language.syntax import ast_decl
from orbis_dsl.runtime.rules import Rules


def extended_game(sources) -> tuple[Game | None, list[Diagnostic]]:
    """The game the files of a pack (a parsed `SourceSet`) extend: (the game, []) or (None, the errors)."""
    declared = [d for file in sources.files for d in file.decls if isinstance(d, ast_decl.ExtendsDecl)]
    if not declared:
        return game_named(BASE_GAME), []
    first, diags = declared[0], []
    for again in declared[1:]:
        where = f"{first.span.file}:{first.span.line}" if first.span else "another file of the pack"
        diags.append(Diagnostic("a pack extends one game: 'extends' is declared twice", span=again.span,
                                hint=f"first declared at {where}"))
    game = game_named(first.game)
    if game is None:
        diags.insert(0, unknown("game", first.game, [g.id for g in all_games()], first.span))
    return (None, diags) if diags else (game, [])


def said_to_be_a_pack(shown: str, sources) -> Diagnostic | None:
    """Rule files checked on their own that say which game they extend: a pack, whose errors on its own are of no
    use. The message, located at its `extends`, says how to check it; None for files that say nothing of it."""
    declared = next((d for file in sources.files for d in file.decls if isinstance(d, ast_decl.ExtendsDecl)), None)
    if declared is None:
        return None
    return Diagnostic(f"this is a rule pack: it extends {declared.game}", span=declared.span,
                      hint=f"check it laid over that game: orbis check --rules {shown}")


@attrs.frozen
class LaidPack:
    """A rule pack laid over the game it extends: the rules of that game's records."""

    shown: str  # the pack as the user named it
    game: Game
    rules: Rules


def laid_pack(pack: Path, rules: Rules) -> LaidPack:
    """The pack's compiled rules with the game they are (the game's own declaration, kept under the pack)."""
    return LaidPack(display_path(pack), game_named(rules.settings.game or BASE_GAME) or game_named(BASE_GAME),
                    rules)


def rules_for(game: Game, pack: LaidPack | None) -> Rules | None:
    """The rules a record of `game` is scored under: the pack's, when it extends that game; the game's own when no
    pack is given; None when the pack extends another game."""
    if pack is None:
        from orbis_dsl.language.ruleset import game_rules

        return game_rules(game)
    return pack.rules if game.folder == pack.game.folder else None


def mismatch(record_game: Game, pack: LaidPack, names_it: bool) -> tuple[str, str]:
    """The message and hint for a record of one game given with a pack laid over another."""
    said = f"is a game of {record_game.id}" if names_it else f"names no game, so it is a game of {record_game.id}"
    return (f"this record {said}, but the rule pack {pack.shown} extends {pack.game.id}",
            f"score it without --rules, or with a pack that says `extends \"{record_game.id}\"`")
