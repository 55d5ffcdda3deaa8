"""The score-sheet games in the pad (Terra Mystica's final scoring, Mondo's rounds): what their forms are built
from, and their records written back out. Nothing here names a game: the form comes from the rule set's
declarations (each `fact` with its type, bounds, set, level), so a new sheet game gets its form for free.
"""

from __future__ import annotations

import hashlib
import json
from typing import NamedTuple

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
    from orbis_dsl.records.sheets.notation_out import convert_sheet
    from orbis_dsl.serve.records_in import REQUEST_FILE

    # Converted from the document as sent, boards and all, by the one notation every score-sheet game shares.
    out, _ = convert_sheet(text, REQUEST_FILE, rules, text.lstrip().startswith("{"), to)
    return out


def as_json_record(text: str, record, rules: Rules) -> dict:
    """A read record as the JSON document the page keeps (`POST /api/import`)."""
    from orbis_dsl.runtime.sheet_types import SheetRecord

    if isinstance(record, SheetRecord):
        # A board typed row by row becomes its counts (`orbis convert --to counts`): the counts are what the form
        # asks, and they score the same.
        return json.loads(sheet_export(text, record, rules, "counts" if rules.settings.grid else "json"))
    from orbis_dsl.records.orbis.json_reader import game_to_json

    return game_to_json(record, rules)


# ---- a sheet still being typed -------------------------------------------------------------------------------

class Partial(NamedTuple):
    doc: dict  # the sheet with stand-ins: what the total so far is scored from
    missing: list[dict]  # each fact not typed yet that the rules need: {path, player, round, key, title}
    wrong: list[str]  # the paths whose wrong values were stood in for


def _entries(doc: dict, rules: Rules):
    """(round or None, seat, the player's facts) for every player entry of the sheet."""
    if rules.settings.rounds:
        rounds = doc.get("rounds") if isinstance(doc.get("rounds"), list) else []
        for r, round_ in enumerate(rounds):
            players = round_.get("players") if isinstance(round_, dict) else None
            for seat, player in enumerate(players if isinstance(players, list) else ()):
                if isinstance(player, dict):
                    yield r, seat, player
    else:
        players = doc.get("players") if isinstance(doc.get("players"), list) else []
        for seat, player in enumerate(players):
            if isinstance(player, dict):
                yield None, seat, player


def _path(rules: Rules, r: int | None, seat: int) -> str:
    return f"$.rounds[{r}].players[{seat}]" if r is not None else f"$.players[{seat}]"


def _lowest(fact: FactSpec):
    """What a number fact stands in with while it is not typed: its lowest value (each member's, for a set)."""
    low = fact.low if fact.low is not None else 0
    return {m: low for m in fact.members} if fact.members else low


def _player_numbers(rules: Rules) -> list[FactSpec]:
    """The number facts each player's sheet asks (not the round's, not the game's, not a board's)."""
    return [f for f in rules.facts.values() if f.type == "int" and not f.level and not f.board_only]


def partial_sheet(doc: dict, rules: Rules, errors_of) -> Partial | None:
    """The sheet with stand-ins, so that it scores while it is being typed: a fact the rules need that is not
    typed yet (a refusal goes away when it is there: Terra Mystica's network, Mondo's modifier measure) stands in
    at its lowest value and is listed as missing; a value that is wrong (out of range) stands in at its lowest
    too. `errors_of(doc)` → the set of (path, message) the sheet is refused with (empty: it scores). None when
    no stand-in makes the sheet score (a name missing, a rule of the whole game broken)."""
    doc = json.loads(json.dumps(doc))
    errors = errors_of(doc)
    doc, errors, missing = _stand_in_player_numbers(doc, errors, rules, errors_of)
    doc, errors, missing_rounds = _stand_in_round_lists(doc, errors, rules, errors_of)
    missing += missing_rounds
    wrong = _lower_wrong_values(doc, errors, rules)
    if wrong:
        errors = errors_of(doc)
    return Partial(doc, missing, wrong) if not errors else None


def _stand_in_player_numbers(doc: dict, errors: set, rules: Rules, errors_of) -> tuple[dict, set, list[dict]]:
    """Each player's number fact not typed yet, stood in at its lowest value where that answers a refusal and
    refuses nothing new: (the sheet, its errors, the stand-ins as missing)."""
    missing: list[dict] = []
    for fact in _player_numbers(rules):
        if not errors:
            break
        lacking = [(r, seat, p) for r, seat, p in _entries(doc, rules) if fact.json_key not in p]
        if not lacking:
            continue
        trial = json.loads(json.dumps(doc))
        trial_entries = {(r, seat): p for r, seat, p in _entries(trial, rules)}
        for r, seat, _ in lacking:
            trial_entries[(r, seat)][fact.json_key] = _lowest(fact)
        fewer = errors_of(trial)
        if fewer < errors:  # the refusal it answers is gone, and nothing new is refused
            doc, errors = trial, fewer
            missing += [{"path": f"{_path(rules, r, seat)}.{fact.json_key}", "player": seat, "round": r,
                         "key": fact.json_key, "title": fact.title} for r, seat, _ in lacking]
    return doc, errors, missing


def _stand_in_round_lists(doc: dict, errors: set, rules: Rules, errors_of) -> tuple[dict, set, list[dict]]:
    """Each round's list not typed yet, stood in for (`_stand_in_rounds`) while the sheet is refused."""
    missing: list[dict] = []
    for fact in _round_lists(rules):
        if not errors:
            break
        doc, errors, lacking = _stand_in_rounds(doc, errors, fact, rules, errors_of)
        missing += [{"path": f"$.rounds[{r}].{fact.json_key}", "player": None, "round": r, "key": fact.json_key,
                     "title": fact.title} for r in lacking]
    return doc, errors, missing


def _lower_wrong_values(doc: dict, errors: set, rules: Rules) -> list[str]:
    """Each player's number the sheet is refused for, set to its lowest value in `doc`: the paths set."""
    wrong = []
    by_key = {f.json_key: f for f in _player_numbers(rules)}
    for path, _ in sorted(errors):
        for r, seat, player in _entries(doc, rules):
            prefix = _path(rules, r, seat) + "."
            key = path[len(prefix):].split(".")[0] if path and path.startswith(prefix) else None
            if key in by_key and key in player:
                player[key] = _lowest(by_key[key])
                wrong.append(path)
    return wrong


def _round_lists(rules: Rules) -> list[FactSpec]:
    """The lists each round's card asks (Mondo's tasks revealed), which a level may need (not a board's)."""
    return [f for f in rules.facts.values() if f.level == "round" and f.type in ("list", "held")
            and not f.board_only]


def _stand_in_rounds(doc: dict, errors: set, fact: FactSpec, rules: Rules, errors_of) -> tuple[dict, set, list]:
    """A round's list not typed yet, stood in for by the pieces its players hold, then its first choices, as few as
    answer the rules' refusal at the list (Mondo's expert game reveals 2 tasks a player): (the sheet, its errors,
    the rounds stood in for). Unchanged when no count answers it."""
    rounds = _rounds(doc)
    lacking = [r for r, round_ in enumerate(rounds) if fact.json_key not in round_]
    names = list(rules.gods) if fact.type == "held" else list(fact.choices)
    orders = {r: _held_first(rounds[r], fact, rules, names) for r in lacking}
    for count in range(1, len(names) + 1):
        trial = json.loads(json.dumps(doc))
        for r in lacking:
            _rounds(trial)[r][fact.json_key] = orders[r][:count]
        fewer = errors_of(trial)
        at_list = {f"$.rounds[{r}].{fact.json_key}" for r in lacking}
        if fewer < errors and not any(path in at_list for path, _ in fewer):  # answered, and nothing new refused
            return trial, fewer, lacking
    return doc, errors, []


def _held_first(round_: dict, fact: FactSpec, rules: Rules, names: list) -> list:
    """The choices of a round's list, those its players hold (a held fact of the same family) first."""
    keys = [f.json_key for f in rules.facts.values() if f.type == "held" and not f.level and f.choices == fact.choices]
    players = round_.get("players") if isinstance(round_.get("players"), list) else []
    held = [item.get("id") if isinstance(item, dict) else item for p in players if isinstance(p, dict)
            for key in keys if isinstance(p.get(key), list) for item in p[key]]
    first = [n for n in dict.fromkeys(h for h in held if isinstance(h, str)) if n in names]
    return first + [n for n in names if n not in first]


def shown_facts(doc: dict, rules: Rules, totals_of) -> list[str]:
    """The keys of the facts each player's sheet and each round's card ask under the sheet's options and level:
    a fact some entry gives, or one that, given, changes a total and is not refused. A fact the rules refuse
    under these options (Mondo's tasks outside the expert game), or that changes nothing (a solo game's shaded
    spaces in an advanced one), is not asked. `totals_of(doc)` → the totals, or None when the sheet is refused."""
    base = totals_of(doc)
    if base is None:
        return [f.json_key for f in rules.facts.values() if f.level != "game"]
    entries = list(_entries(doc, rules))
    out = []
    for fact in rules.facts.values():
        if fact.level == "game" or fact.board_only or _FORMS.get(fact.type) is None:
            continue
        where = [p for _, _, p in entries] if not fact.level else _rounds(doc)
        if not fact.optional or any(fact.json_key in p for p in where):
            out.append(fact.json_key)
            continue
        if any(_changes(doc, rules, fact, sample, base, totals_of) for sample in _samples(fact, rules)):
            out.append(fact.json_key)
    return out


def _rounds(doc: dict) -> list[dict]:
    rounds = doc.get("rounds")
    return [r for r in rounds if isinstance(r, dict)] if isinstance(rounds, list) else []


def _samples(fact: FactSpec, rules: Rules) -> list:
    """Values to try a fact with: its bounds (a number), its first and last choice (a list or a choice), a piece
    held."""
    if fact.type == "int":
        low, high = fact.low if fact.low is not None else 0, fact.high if fact.high is not None else 1
        values = [high, low] if high != low else [high]
        return [{m: v for m in fact.members} if fact.members else v for v in values]
    # At most two tries a fact (each is a scoring of the whole sheet): the first and the last choice.
    ends = list(dict.fromkeys([*fact.choices[:1], *fact.choices[-1:]]))
    if fact.type == "enum":
        return ends
    if fact.type == "held":
        first = next(iter(rules.gods), None)
        return [[{"id": first, fact.flag: True} if fact.flag else first]] if first else []
    if fact.type == "list":
        return [[c] for c in ends]
    return []


def _changes(doc, rules, fact, sample, base, totals_of) -> bool:
    trial = json.loads(json.dumps(doc))
    if fact.level == "round":
        rounds = _rounds(trial)
        if not rounds:
            return False
        rounds[0][fact.json_key] = sample
    else:
        first = next(iter(_entries(trial, rules)), None)
        if first is None:
            return False
        first[2][fact.json_key] = sample
    totals = totals_of(trial)
    return totals is not None and totals != base
