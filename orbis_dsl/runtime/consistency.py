"""What a finished table can show to be wrong (docs/rules/orbis.md §8), stated in terms the rule set declares.

The scorer itself reports what it recomputes (placement conditions, tokens on tiles that cannot be cancelled,
ties an award cannot break); this module adds the checks that need the whole table at once. Checks that look at
every tile read the scorer's flat views, already built, rather than walking the record's rows again.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from orbis_dsl.runtime.game_record import GameRecord
from orbis_dsl.runtime.rules import Rules
from orbis_dsl.runtime.specs import VariantSpec
from orbis_dsl.runtime.views import PlayerView


def table_warnings(rules: Rules, game: GameRecord, variant: VariantSpec | None,
                   views: list[PlayerView]) -> list[tuple[str, str]]:
    """`views`: the players' tiles by board position, as the scorer built them from `game`."""
    warnings: list[tuple[str, str]] = []
    warnings += _placement(rules, views)
    warnings += _gods(rules, game, variant)
    warnings += _unique_params(rules, views)
    warnings += _realms(rules, game)
    warnings += _tokens(rules, game, views)
    warnings += _removed_stars(rules, game, variant)
    return warnings


def _placement(rules: Rules, views: list[PlayerView]):
    """A tile above the bottom row must share its colour with a tile it rests on (deserts: with any)."""
    board, wild = rules.board, rules.settings.desert_wild
    resting, labels = board.resting, board.labels
    for player in views:
        slots = player.slots
        for pos, supports in resting:
            tile = slots[pos]
            if tile is None or tile.desert:
                continue
            color = tile.color
            for i in supports:  # a loop, not any(): this runs for every tile of every game scored
                below = slots[i]
                # None: a table still being entered (`orbis serve`); judged once both tiles below are there
                if below is None or below.color == color or (wild and below.desert):
                    break
            else:
                below = " and ".join(["desert" if slots[i].desert else slots[i].color for i in supports])
                yield (f"{player.name}, {labels[pos]}", f"a {color} tile rests on {below}: one of them must be {color}")


def _gods(rules: Rules, game: GameRecord, variant: VariantSpec | None):
    gods = [p.god for p in game.players if p.god]
    held = set(gods)
    if len(held) < len(gods):  # the usual table has no repeat: one set, no counting
        for god, count in sorted(Counter(gods).items()):
            if count > 1:
                names = ", ".join(p.name for p in game.players if p.god == god)
                yield (names, f"{count} players hold the {rules.gods[god].title}: each god is taken once")
    for player in game.players:
        if player.god is None and rules.gods:  # (a game without gods asks for none)
            yield (player.name, "holds no god: every player takes one god during the game")
    if variant is not None and len(held) > variant.gods_revealed:
        yield ("gods", f"{len(held)} gods are in play, but variant {variant.name} reveals {variant.gods_revealed}")


def _unique_params(rules: Rules, views: list[PlayerView]):
    """Parameters declared `unique` (one Farm per reduction colour) may not repeat on the table. A tile that
    does not print the parameter has its default, if the rules give one."""
    unique = rules.unique_params
    if not unique:
        return
    seen: dict[tuple[str, str, object], list[int]] = defaultdict(list)  # → (player index, position) pairs
    for player in views:
        for tile in player.tiles:
            if tile.kind in unique:
                for name in unique[tile.kind]:
                    value = tile.params.get(name)
                    if value is not None:
                        seen[(tile.kind, name, value)].append((player.index, tile.pos))
    labels = rules.board.labels
    repeated = [item for item in seen.items() if len(item[1]) > 1]
    for (kind, param, value), places in sorted(repeated, key=lambda item: str(item[0])):
        where = "; ".join(f"{views[i].name}, {labels[pos]}" for i, pos in places)
        yield (where, f"{len(places)} {kind} tiles with {param} {value}: the game has only one")


def _realms(rules: Rules, game: GameRecord):
    limit = rules.settings.realm_limit
    for player in game.players:
        if limit is not None and player.worshippers > limit:
            yield (player.name, f"{player.worshippers} worshippers left: a realm holds at most {limit}")


def _tokens(rules: Rules, game: GameRecord, views: list[PlayerView]):
    limit = rules.settings.cancel_tokens
    if limit is None:
        return
    on_table = sum(1 for p in views for t in p.tiles if t.recorded)
    on_table += sum(1 for p in game.players if p.god_cancelled)
    if on_table > limit:
        yield ("table", f"{on_table} Cancelation tokens on the table: the game has {limit}")


def _removed_stars(rules: Rules, game: GameRecord, variant: VariantSpec | None):
    if variant is None or not variant.removed_stars:
        return
    for player in game.players:
        for r, row in enumerate(player.pyramid):
            for i, tile in enumerate(row):
                if tile is not None and tile.stars in variant.removed_stars:
                    yield (f"{player.name}, row {r + 1}, tile {i + 1}",
                           f"a tile with {tile.stars} stars: variant {variant.name} removes those tiles")
