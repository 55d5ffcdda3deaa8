"""Where a score-sheet record's refusals are said: each `refuse` rule it breaks as a message at a JSON path, once
for the whole table where every player of a round breaks it alike, at each tile of a typed board that breaks it on
its own.
"""

from __future__ import annotations

from orbis_dsl.runtime.rules import Rules
from orbis_dsl.runtime.sheet import and_list, still_refused
from orbis_dsl.runtime.sheet_types import SheetRecord


def whole_table(rules: Rules, record: SheetRecord, failures) -> list[tuple[str, str]]:
    """Each refusal's message with its JSON path; one that every player of a round breaks alike (too many players)
    is said once, of the round's players, not once per player. One that names `{others}` (a bonus chip two
    players hold) is between players: said at each of them but the first, naming the ones before."""
    out, said = [], set()
    for failure in failures:
        alike = [f for f in failures if f.message == failure.message and f.round == failure.round]
        if "{others}" in failure.message:
            before = [record.rounds[f.round][f.player].name for f in alike if f.player < failure.player]
            if before or len(alike) == 1:
                out.append((failure.message.replace("{others}", and_list(before) or "another player"),
                            _player_path(rules, failure), failure))
            continue
        if len(alike) == len(record.rounds[failure.round]) > 1:
            if (failure.round, failure.message) not in said:
                said.add((failure.round, failure.message))
                path = f"$.rounds[{failure.round}].players" if rules.settings.rounds else "$.players"
                if failure.at is not None:  # a check of a fact given once for the record or the round: its key
                    path = _shared_fact_path(rules, failure)
                out.append((failure.message, path, None))
            continue
        out.append((failure.message, _player_path(rules, failure), failure))
    return out


def tiles_at_fault(rules: Rules, record: SheetRecord, failure, path: str) -> list[str]:
    """Where a refusal is said: at `path`; or, for a refusal of a player's typed board that a single tile of it
    breaks on its own (a plain face showing two terrains), at each such tile."""
    sheet = record.rounds[failure.round][failure.player] if failure is not None else None
    if sheet is None or sheet.board is None or failure.at_player or failure.at or not sheet.board.cells:
        return [path]
    from orbis_dsl.records.sheets.lists import board_facts

    grid = rules.settings.grid
    shared = {f.name: sheet.facts.get(f.name) for f in rules.facts.values() if f.level is not None}

    def refused_with(cells: dict) -> bool:
        board = sheet.board._replace(cells=cells)
        return still_refused(rules, record, failure, {**sheet.facts, **board_facts(rules, board, shared,
                                                                                    record.options)})

    if refused_with({}):  # not about the tiles (too many rounds, a chip in solo): said where it is
        return [path]
    tiles = [f"{path}.{grid.name}.cells.{cid}" for cid, cell in sheet.board.cells.items() if refused_with({cid: cell})]
    return tiles or [path]


def _shared_fact_path(rules: Rules, failure) -> str:
    """`$.KEY` for a fact of the whole record, `$.rounds[R].KEY` for a fact of the round."""
    by_round = any((f.key or f.name) == failure.at and f.level == "round" for f in rules.facts.values())
    return f"$.rounds[{failure.round}].{failure.at}" if by_round and rules.settings.rounds else f"$.{failure.at}"


def _player_path(rules: Rules, failure) -> str:
    path = (f"$.rounds[{failure.round}].players[{failure.player}]" if rules.settings.rounds
            else f"$.players[{failure.player}]")
    return f"{path}.{failure.at_player}" if failure.at_player else path
