"""What the scoring pad's HTTP API answers, as plain values: no web framework here, so it is tested directly.

Every answer is (status, body). Bad input is a 4xx whose body lists the same located diagnostics the CLI prints,
each also rendered exactly as the CLI would show it.
"""

from __future__ import annotations

import hashlib
import json
from typing import NamedTuple

from orbis_dsl.common.diagnostics import Diagnostic, first_shown, render
from orbis_dsl.common.games import TEXT_SUFFIXES
from orbis_dsl.reports.listing import describe_rules
from orbis_dsl.runtime.rules import Rules
from orbis_dsl.runtime.scoring import ScoreReport, score_game
from orbis_dsl.serve.records_in import ReadAny, file_label, read_any, read_unfinished, sheet_rules, tile_of

UNSCORABLE = 422  # the request was understood, but the record in it cannot be scored


class Answer(NamedTuple):
    status: int
    body: object  # a JSON value, or text (bytes for an image) for `media` other than JSON
    media: str = "application/json"
    filename: str | None = None  # offered as a download


def declarations(rules: Rules) -> dict:
    """`orbis rules --json`, plus what a form needs to ask for a tile: the board's rows, each parameter's
    choices and default, which kinds and gods can carry a Cancelation token."""
    summary = describe_rules(rules)
    for kind, spec in zip(summary["kinds"], rules.kinds.values()):
        kind["declared"] = list(spec.declared)
        kind["token"] = spec.cancellable_when  # 'taken' | 'placed' | None
        for param, pspec in zip(kind["params"], spec.params):
            param.update(size=pspec.size, choices=list(pspec.choices), optional=pspec.optional,
                         default=_plain(pspec.default), scored=pspec.name in spec.scoring_params,
                         low=pspec.low, high=pspec.high)
    for god, spec in zip(summary["gods"], rules.gods.values()):
        god["cancellable"] = spec.cancellable
    summary["board"] = list(rules.board.rows)
    summary["labels"] = list(rules.board.labels)
    summary["aliases"] = dict(rules.settings.aliases)
    summary["stars"] = list(rules.settings.stars)
    summary["levels"] = rules.settings.levels
    # Lets a browser tell that a saved game was typed under other rules.
    summary["id"] = hashlib.sha256(json.dumps(summary, sort_keys=True).encode()).hexdigest()[:16]
    return summary


def diagnostics_json(diags: list[Diagnostic], texts: dict[str, str]) -> list[dict]:
    out = []
    for d in first_shown(diags):
        item = {"severity": d.severity, "where": d.where(), "message": d.message, "rendered": render(d, texts)}
        if d.hint:
            item["hint"] = d.hint
        if d.path:
            item["path"] = d.path
        if d.span:
            item["line"], item["column"] = d.span.line, d.span.column
        if (tile := tile_of(d.path)) is not None:
            item["tile"] = {"player": tile[0], "row": tile[1], "index": tile[2]}
        out.append(item)
    return out


def games() -> list[dict]:
    """`GET /api/games`: the games the pad scores, Orbis first; `sheet` games are scored from a score sheet."""
    from orbis_dsl.common.games import all_games

    out = []
    for game in all_games():
        if game.folder == "orbis":
            out.append({"id": game.id, "title": "Orbis", "sheet": False})
        else:
            out.append({"id": game.id, "title": sheet_rules(game.id).settings.title or game.id, "sheet": True})
    return out


def rules_of(game_id: str | None, orbis_declared: dict) -> Answer:
    """`GET /api/rules?game=ID`: a game's declarations (Orbis's, under the pad's rule pack, by default)."""
    from orbis_dsl.common.diagnostics import unknown
    from orbis_dsl.common.games import all_games, game_named

    game = game_named(game_id) if game_id is not None else None
    if game_id is None or (game is not None and game.id == "orbis"):  # (names are read as game_named reads them)
        return Answer(200, orbis_declared)
    if game is None:
        d = unknown("game", game_id, [g.id for g in all_games()])
        return Answer(404, {"errors": [{"where": "game", "message": d.message, "hint": d.hint}]})
    from orbis_dsl.serve.sheets import sheet_declarations

    return Answer(200, sheet_declarations(sheet_rules(game.id)))


def score(text: str, rules: Rules) -> Answer:
    """`POST /api/score`: the report `orbis score --json` prints for the same record, whichever game it is."""
    read = read_any(text, rules)
    if read.record is None:
        return _refused(read)
    return Answer(200, _score(read).to_json())


def check(text: str, rules: Rules) -> Answer:
    """`POST /api/check`: a record still being entered → its messages, placed where they belong, and the total
    so far. For Orbis, tiles with errors are left out of the total and the answer is 200 whenever any total
    exists; a score sheet is checked whole (the form always holds a value for every field it asks)."""
    if _names_a_sheet_game(text):
        return _check_sheet(text, rules)
    read = read_unfinished(text, rules)
    problems = diagnostics_json([d for d in read.diagnostics if d.is_error], read.texts)
    if read.game is None:
        return Answer(UNSCORABLE, {"errors": problems})
    report = score_game(rules, read.game)
    places = _places(report, read.game, rules)
    warnings = [{**w.to_json(), "tiles": places.get(w.where, [])} for w in report.warnings]
    finished = not problems and all(t is not None for p in read.game.players for row in p.pyramid for t in row)
    return Answer(200, {"errors": problems, "report": {**report.to_json(), "warnings": warnings},
                        "finished": finished})


EXPORTS = ("json", "text", "svg", "png")
_TEXT_SUFFIX = {game: suffix for suffix, game in TEXT_SUFFIXES.items()}  # a game's notation file ending


def export(text: str, rules: Rules, to: str) -> Answer:
    """`POST /api/export?to=json|text|svg|png`: the record as its game's JSON file, its notation, or the score
    sheet as an image."""
    if to not in EXPORTS:
        return Answer(400, {"errors": [{"where": "to", "message": f"expected json, text, svg or png, got '{to}'"}]})
    read = read_any(text, rules)
    if read.record is None:
        return _refused(read)
    game_id = (read.rules.settings.game or "orbis") if read.rules.is_sheet else "orbis"
    stem = _file_stem(read.record.title, game_id)
    if to in ("svg", "png"):
        from orbis_dsl.reports.images import PictureTooLarge, draw, png_missing

        if to == "png" and (missing := png_missing()) is not None:
            return Answer(501, {"errors": [{"where": "to", "message": missing}]})
        try:
            picture = draw(_score(read), read.record, read.rules, to)
        except PictureTooLarge as error:  # the size bound (issue 35, F3): refused before it is painted
            return Answer(413, {"errors": [{"where": "to", "message": str(error)}]})
        return Answer(200, picture, "image/png" if to == "png" else "image/svg+xml", f"{stem}.{to}")
    if read.rules.is_sheet:
        from orbis_dsl.serve.sheets import sheet_export

        body = sheet_export(text, read.record, read.rules, to)
    elif to == "json":
        from orbis_dsl.records.orbis.json_reader import game_to_json

        body = json.dumps(game_to_json(read.record, rules), indent=2, ensure_ascii=False) + "\n"
    else:
        from orbis_dsl.records.orbis.notation import write_text

        body = write_text(read.record, rules)
    if to == "json":
        return Answer(200, body, "application/json", f"{stem}.json")
    return Answer(200, body, "text/plain; charset=utf-8", stem + _TEXT_SUFFIX.get(game_id, ".txt"))


def import_record(text: str, rules: Rules, name: str | None = None) -> Answer:
    """`POST /api/import[?name=FILE]`: a record of any game, JSON or notation → {"game": its id, "record": it as
    JSON}, for the page to load into its form. `name`: the file it came from, which its messages name."""
    read = read_any(text, rules, file_label(name))
    if read.record is None:
        return _refused(read)
    from orbis_dsl.serve.sheets import as_json_record

    game_id = read.rules.settings.game if read.rules.is_sheet else "orbis"
    return Answer(200, {"game": game_id, "record": as_json_record(text, read.record, read.rules)})


def _score(read: ReadAny):
    from orbis_dsl.records.inputs import score_record

    return score_record(read.rules, read.record)


def _names_a_sheet_game(text: str) -> bool:
    from orbis_dsl.common.games import named_game

    named = named_game(text, text.lstrip().startswith("{"))
    return named is not None and named.strip().lower() != "orbis"


def _check_sheet(text: str, rules: Rules) -> Answer:
    """A score sheet as the form holds it: its errors (each with its JSON path, which the page puts beside the
    field), and its report so far with each warning's player. A sheet still being typed is scored with
    stand-ins (sheets.partial_sheet): what the rules need that is not typed yet is listed as `missing` (and is
    no error), a wrong value is an error and stands in at its lowest; the report then says `partial`. `shown`:
    the facts the form asks under the sheet's options (sheets.shown_facts)."""
    read = read_any(text, rules)
    problems = diagnostics_json([d for d in read.diagnostics if d.is_error], read.texts)
    doc = _document(text)
    if read.record is not None:
        report = _score(read)
        return Answer(200, {"errors": problems, "report": _sheet_report(report), "finished": not problems,
                            "partial": False, "missing": [], "shown": _shown(doc, read.rules)})
    from orbis_dsl.serve.sheets import partial_sheet

    game_rules = _sheet_game_rules(text)
    stood = partial_sheet(doc, game_rules, _refusals(game_rules)) if doc is not None and game_rules else None
    if stood is None:
        return Answer(UNSCORABLE, {"errors": problems, "finished": False, "missing": []})
    still = _errors(stood.doc, game_rules)[1]  # the errors of the sheet as typed that stand-ins leave: none,
    # but a wrong value stood in for is an error still (it is beside its field until it is corrected)
    kept = [e for e in problems if e.get("path") in stood.wrong or (e.get("path"), e["message"]) in still]
    report = _score(read_any(json.dumps(stood.doc), rules))
    return Answer(200, {"errors": kept, "report": _sheet_report(report), "finished": False, "partial": True,
                        "missing": stood.missing, "shown": _shown(stood.doc, game_rules)})


def _sheet_report(report) -> dict:
    names = [p.name for p in report.players]
    warnings = [{**w.to_json(), "player": _player_named(w.where, names)} for w in report.warnings]
    return {**report.to_json(), "warnings": warnings}


def _document(text: str):
    try:
        doc = json.loads(text)
    except ValueError:
        return None
    return doc if isinstance(doc, dict) else None


def _sheet_game_rules(text: str):
    from orbis_dsl.common.games import game_named, named_game

    game = game_named(named_game(text, True) or "")
    return sheet_rules(game.id) if game is not None and game.folder != "orbis" else None


def _errors(doc: dict, rules) -> tuple[object, set]:
    from orbis_dsl.records.sheets.reader import read_sheet_json

    record, diags = read_sheet_json(json.dumps(doc), "request", rules)
    return record, {(d.path, d.message) for d in diags if d.is_error}


def _refusals(rules):
    return lambda doc: _errors(doc, rules)[1]


_SHOWN_CACHE: dict[str, list[str]] = {}


def _shown(doc, rules) -> list[str] | None:
    """The facts the form asks, for sheets of the same options, level, players and facts given (cached)."""
    if doc is None:
        return None
    from orbis_dsl.serve.sheets import shown_facts

    rounds = [r for r in doc.get("rounds") or [doc] if isinstance(r, dict)]
    players = [p for r in rounds for p in (r.get("players") or []) if isinstance(p, dict)]
    given = sorted({key for entry in players + (rounds if "rounds" in doc else []) for key in entry})
    key = json.dumps([rules.settings.game, doc.get("options"), doc.get("level"), given, len(rounds),
                      len(players)], sort_keys=True, default=str)
    if key not in _SHOWN_CACHE:
        if len(_SHOWN_CACHE) > 256:
            _SHOWN_CACHE.clear()

        def totals_of(trial):
            record, errors = _errors(trial, rules)
            if record is None or errors:
                return None
            from orbis_dsl.records.inputs import score_record

            return [(p.total, tuple(p.rounds)) for p in score_record(rules, record).players]
        _SHOWN_CACHE[key] = shown_facts(doc, rules, totals_of)
    return _SHOWN_CACHE[key]


def _player_named(where: str, names: list[str]) -> int | None:
    """The player a sheet warning's `where` names ("Ann", "Ann, round 2"), by seat."""
    for seat, name in enumerate(names):
        if where == name or where.startswith(f"{name}, round "):
            return seat
    return None


def _refused(read) -> Answer:
    return Answer(UNSCORABLE, {"errors": diagnostics_json(read.diagnostics, read.texts)})


def _places(report: ScoreReport, game, rules: Rules) -> dict[str, list[dict]]:
    """The tiles each warning's `where` names ("Ana, row 2, tile 3"; several joined by "; ")."""
    labels = {label: pos for pos, label in enumerate(rules.board.labels)}
    found: dict[str, list[dict]] = {}
    for warning in report.warnings:
        for part in warning.where.split("; "):
            for p, player in enumerate(game.players):
                prefix = f"{player.name}, "
                if part.startswith(prefix) and part[len(prefix):] in labels:
                    row, index = rules.board.coords[labels[part[len(prefix):]]]
                    found.setdefault(warning.where, []).append({"player": p, "row": row, "index": index})
    return found


def _file_stem(title: str | None, game_id: str = "orbis") -> str:
    """A download name from the game's title: letters, digits and dashes only."""
    words = "".join(c if c.isascii() and c.isalnum() else " " for c in (title or "")).split()
    return "-".join(words).lower()[:60] or f"{game_id}-game"


def _plain(value):
    """A parameter default as JSON: amounts as "1 blue", colour sets as lists."""
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], int):
        return f"{value[0]} {value[1] or 'any'}"
    if isinstance(value, tuple):
        return list(value)
    return value
