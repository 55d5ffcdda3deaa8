"""What a finished table can show to be wrong (rules reference §8), stated in terms the rule set declares.

The scorer itself reports what it recomputes (placement conditions, tokens on tiles that cannot be cancelled,
ties an award cannot break); this module adds the checks that need the whole table at once.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from ..game import GameRecord
from .rules import Rules
from .specs import VariantSpec


def table_warnings(rules: Rules, game: GameRecord, variant: VariantSpec | None) -> list[tuple[str, str]]:
    warnings: list[tuple[str, str]] = []
    warnings += _placement(rules, game)
    warnings += _gods(rules, game, variant)
    warnings += _unique_params(rules, game)
    warnings += _realms(rules, game)
    warnings += _tokens(rules, game)
    warnings += _removed_stars(rules, game, variant)
    return warnings


def _placement(rules: Rules, game: GameRecord):
    """A tile above the bottom row must share its colour with a tile it rests on (deserts: with any)."""
    board, wild = rules.board, rules.settings.desert_wild
    for player in game.players:
        flat = [t for row in player.pyramid for t in row]
        for pos, below_positions in enumerate(board.supports):
            tile = flat[pos]
            if tile.desert or not below_positions:
                continue
            supports = [flat[i] for i in below_positions]
            if _rests_on_its_colour(tile.color, supports, wild):
                continue
            below = " and ".join("desert" if s.desert else s.color for s in supports)
            yield (f"{player.name}, {board.label(pos)}",
                   f"a {tile.color} tile rests on {below}: one of them must be {tile.color}")


def _rests_on_its_colour(color, supports, wild: bool) -> bool:
    for support in supports:  # noqa: SIM110 (a loop: this runs for every tile of every game scored)
        if support.color == color or (wild and support.desert):
            return True
    return False


def _gods(rules: Rules, game: GameRecord, variant: VariantSpec | None):
    held = Counter(p.god for p in game.players if p.god)
    for god, count in sorted(held.items()):
        if count > 1:
            names = ", ".join(p.name for p in game.players if p.god == god)
            yield (names, f"{count} players hold the {rules.gods[god].title}: each god is taken once")
    for player in game.players:
        if player.god is None:
            yield (player.name, "holds no god: every player takes one god during the game")
    if variant is not None and len(held) > variant.gods_revealed:
        yield ("gods", f"{len(held)} gods are in play, but variant {variant.name} reveals {variant.gods_revealed}")


def _unique_params(rules: Rules, game: GameRecord):
    """Parameters declared `unique` (one Farm per reduction colour) may not repeat on the table."""
    unique = {kind.name: [p.name for p in kind.params if p.unique] for kind in rules.kinds.values()}
    seen: dict[tuple[str, str, object], list[str]] = defaultdict(list)
    for player in game.players:
        for r, row in enumerate(player.pyramid):
            for i, tile in enumerate(row):
                for name in unique.get(tile.kind, ()):
                    value = tile.params.get(name)
                    if value is not None:
                        seen[(tile.kind, name, value)].append(f"{player.name}, row {r + 1}, tile {i + 1}")
    for (kind, param, value), places in sorted(seen.items(), key=lambda item: str(item[0])):
        if len(places) > 1:
            yield ("; ".join(places), f"{len(places)} {kind} tiles with {param} {value}: the game has only one")


def _realms(rules: Rules, game: GameRecord):
    limit = rules.settings.realm_limit
    for player in game.players:
        if limit is not None and player.worshippers > limit:
            yield (player.name, f"{player.worshippers} worshippers left: a realm holds at most {limit}")


def _tokens(rules: Rules, game: GameRecord):
    limit = rules.settings.cancel_tokens
    on_table = sum(1 for p in game.players for row in p.pyramid for t in row if t.cancelled)
    on_table += sum(1 for p in game.players if p.god_cancelled)
    if limit is not None and on_table > limit:
        yield ("table", f"{on_table} Cancelation tokens on the table: the game has {limit}")


def _removed_stars(rules: Rules, game: GameRecord, variant: VariantSpec | None):
    if variant is None or not variant.removed_stars:
        return
    for player in game.players:
        for r, row in enumerate(player.pyramid):
            for i, tile in enumerate(row):
                if tile.stars in variant.removed_stars:
                    yield (f"{player.name}, row {r + 1}, tile {i + 1}",
                           f"a tile with {tile.stars} stars: variant {variant.name} removes those tiles")
