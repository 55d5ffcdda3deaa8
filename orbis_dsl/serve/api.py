"""What the scoring pad's HTTP API answers, as plain values: no web framework here, so it is tested directly.

Every answer is (status, body). Bad input is a 4xx whose body lists the same located diagnostics the CLI prints,
each also rendered exactly as the CLI would show it.
"""

from __future__ import annotations

import hashlib
import json
from typing import NamedTuple

from orbis_dsl.common.diagnostics import Diagnostic, render
from orbis_dsl.reports.listing import describe_rules
from orbis_dsl.runtime.rules import Rules
from orbis_dsl.runtime.scoring import ScoreReport, score_game
from orbis_dsl.serve.records_in import Read, read_record, read_unfinished, tile_of

UNSCORABLE = 422  # the request was understood, but the record in it cannot be scored


class Answer(NamedTuple):
    status: int
    body: object  # a JSON value, or text for `media` other than JSON
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
                         default=_plain(pspec.default), scored=pspec.name in spec.scoring_params)
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
    for d in diags:
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


def score(text: str, rules: Rules) -> Answer:
    """`POST /api/score`: the report `orbis score --json` prints for the same record."""
    read = read_record(text, rules)
    if read.game is None:
        return _refused(read)
    return Answer(200, score_game(rules, read.game).to_json())


def check(text: str, rules: Rules) -> Answer:
    """`POST /api/check`: a record still being entered → its tiles' messages, placed where they belong, and the
    total so far. Tiles with errors are left out of the total; the answer is 200 whenever any total exists."""
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


def export(text: str, rules: Rules, to: str) -> Answer:
    """`POST /api/export?to=json|text|svg`: the record as an `orbis-game/1` file, the notation, or the score sheet."""
    if to not in ("json", "text", "svg"):
        return Answer(400, {"errors": [{"where": "to", "message": f"expected json, text or svg, got '{to}'"}]})
    read = read_record(text, rules)
    if read.game is None:
        return _refused(read)
    stem = _file_stem(read.game.title)
    if to == "json":
        from orbis_dsl.records.orbis_json import game_to_json

        body = json.dumps(game_to_json(read.game, rules), indent=2, ensure_ascii=False) + "\n"
        return Answer(200, body, "application/json", f"{stem}.json")
    if to == "text":
        from orbis_dsl.records.notation import write_text

        return Answer(200, write_text(read.game, rules), "text/plain; charset=utf-8", f"{stem}.orbisgame")
    from orbis_dsl.reports.svg import score_sheet

    sheet = score_sheet(score_game(rules, read.game), read.game, rules)
    return Answer(200, sheet, "image/svg+xml", f"{stem}.svg")


def _refused(read: Read) -> Answer:
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


def _file_stem(title: str | None) -> str:
    """A download name from the game's title: letters, digits and dashes only."""
    words = "".join(c if c.isascii() and c.isalnum() else " " for c in (title or "")).split()
    return "-".join(words).lower()[:60] or "orbis-game"


def _plain(value):
    """A parameter default as JSON: amounts as "1 blue", colour sets as lists."""
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], int):
        return f"{value[0]} {value[1] or 'any'}"
    if isinstance(value, tuple):
        return list(value)
    return value
