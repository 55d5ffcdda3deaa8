"""The score-sheet games in the pad (Terra Mystica's final scoring, Mondo's rounds): what their forms are built
from, and their records written back out. Nothing here names a game: the form comes from the rule set's
declarations (each `fact` with its type, bounds, set, level), so a new sheet game gets its form for free.
"""

from __future__ import annotations

import hashlib
import json

from orbis_dsl.runtime.rules import Rules
from orbis_dsl.runtime.specs import FactSpec

# How the page asks for a fact of each type. Map positions (cells, crossings, river hexes) are not asked: a
# record typed on a phone gives the counts instead (Terra Mystica's `network`); a loaded record keeps them.
_FORMS = {"int": "int", "bool": "bool", "enum": "enum", "list": "list", "held": "held"}


def sheet_declarations(rules: Rules) -> dict:
    """`GET /api/rules?game=ID` for a score-sheet game."""
    settings = rules.settings
    pieces = [{"name": g.name, "title": g.title} for g in rules.gods.values()]
    out = {
        "game": settings.game,
        "title": settings.title or settings.game,
        "sheet": True,
        "record_format": settings.record_format,
        "report_format": settings.report_format,
        "rounds": settings.rounds,
        "rounds_also": settings.rounds_also,
        "family": {"key": settings.held_family, "pieces": pieces} if settings.held_family else None,
        "pieces": pieces,  # what a list of held pieces may name (a family's pieces: tasks, factions)
        "facts": [_fact(f, rules) for f in rules.facts.values()],
        "options": [{"name": o.name, "type": o.type, "default": o.default, "choices": list(o.choices)}
                    for o in settings.options],
        "scores": [{"name": s.name, "title": s.title} for s in rules.scores.values()],
    }
    # Lets a browser tell that a saved game was typed under other rules.
    out["id"] = hashlib.sha256(json.dumps(out, sort_keys=True).encode()).hexdigest()[:16]
    return out


def _fact(fact: FactSpec, rules: Rules) -> dict:
    # A fact only a board shows (`only from`) is never typed: the form does not ask it.
    form = None if fact.board_only else _FORMS.get(fact.type)
    # Pieces a player holds and plays (a Mondo task, done or not): the values each prints, which a record may give
    # as the card in front of the players has them (`{"id": "T07", "done": true, "points": 5}`).
    printed = {g.name: dict(g.modifiers) for g in rules.gods.values() if g.modifiers} \
        if fact.type == "held" and fact.flag else {}
    return {"name": fact.name, "key": fact.json_key, "title": fact.title, "type": fact.type,
            "form": form, "choices": list(fact.choices), "low": fact.low, "high": fact.high,
            "members": list(fact.members), "optional": fact.optional, "level": fact.level, "flag": fact.flag,
            "counted": fact.derive is not None, "printed": printed}


def sheet_export(text: str, record, rules: Rules, to: str) -> str:
    """A read score-sheet record as its JSON record (`to` json), its text notation (text) or, for a game of
    boards, the counts level (counts), as `orbis convert` writes them."""
    from orbis_dsl.records.sheet_notation_out import convert_sheet
    from orbis_dsl.serve.records_in import REQUEST_FILE

    # Converted from the document as sent, boards and all, by the one notation every score-sheet game shares.
    out, _ = convert_sheet(text, REQUEST_FILE, rules, text.lstrip().startswith("{"), to)
    return out


def as_json_record(text: str, record, rules: Rules) -> dict:
    """A read record as the JSON document the page keeps (`POST /api/import`)."""
    from orbis_dsl.runtime.sheet import SheetRecord

    if isinstance(record, SheetRecord):
        # A board typed row by row becomes its counts (`orbis convert --to counts`): the counts are what the form
        # asks, and they score the same.
        return json.loads(sheet_export(text, record, rules, "counts" if rules.settings.grid else "json"))
    from orbis_dsl.records.orbis_json import game_to_json

    return game_to_json(record, rules)
