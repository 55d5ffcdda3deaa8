"""An Orbis score report as the one JSON line `orbis score --json` prints, written without building its dicts.

`json.dumps(report.to_json(), ensure_ascii=False)` builds a dict for each of a report's ~60 lines and then
walks them all again in the C encoder: together a sixth of a batch's time. Here each string goes through the
C encoder's own string writer (`encode_basestring`, what `json.dumps` uses with `ensure_ascii=False`) into
templates of the report's fixed keys, so the text is byte for byte what `json.dumps` writes: same key order,
same separators. Anything the templates do not cover exactly (a number that is not a plain int, a category
named like one of the report's own keys) is written by `json.dumps` instead (tests/runtime/test_score_json.py).
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring as _quoted  # the C writer of a JSON string, non-ASCII kept

_LINE = '{"where": %s, "what": %s, "cp": %d, "why": %s}'
_WARNING = '{"where": %s, "message": %s}'
_OWN_KEYS = frozenset({"name", "total", "worshippers", "place", "winner", "lines"})
_BOOL = {True: "true", False: "false"}
# Each line's and warning's text, by the line or warning: a batch's reports say the same few thousand lines (a
# tile at a place scoring what it scores, for the same reason) and warnings again and again.
_WRITTEN: dict = {}
_WRITTEN_LIMIT = 50_000


def report_line(report) -> str:
    """The report (a scoring.ScoreReport) as `json.dumps(report.to_json(), ensure_ascii=False)` writes it."""
    try:  # encode_basestring takes only a str: a TypeError is a value the templates do not cover
        players = [_player(p) for p in report.players]
        if None in players:
            return json.dumps(report.to_json(), ensure_ascii=False)
        warnings = ", ".join([_written_warning(w) for w in report.warnings])
        winners = ", ".join([_quoted(name) for name in report.winners])
    except TypeError:
        return json.dumps(report.to_json(), ensure_ascii=False)
    return (f'{{"format": "orbis-score/1", "variant": {_quoted(report.variant)}, "players": [{", ".join(players)}], '
            f'"winners": [{winners}], "warnings": [{warnings}]}}')


def _written_warning(warning) -> str:
    text = _WRITTEN.get(warning)  # (a warning has two fields, a line four: never equal)
    if text is None:
        text = _WARNING % (_quoted(warning.where), _quoted(warning.message))
        if len(_WRITTEN) >= _WRITTEN_LIMIT:
            _WRITTEN.clear()
        _WRITTEN[warning] = text
    return text


def _player(p) -> str | None:
    if type(p.total) is not int or type(p.worshippers) is not int or type(p.place) is not int \
            or type(p.winner) is not bool:
        return None
    categories = []
    for key, value in p.categories.items():
        if type(value) is not int or key in _OWN_KEYS:  # json.dumps of the dict would write these otherwise
            return None
        categories.append(f"{_quoted(key)}: {value}, ")
    lines = []
    written = _WRITTEN.get
    for line in p.lines:
        where, what, cp, why = line
        if type(cp) is not int:  # (before the lookup: True == 1, and would find 1's text)
            return None
        text = written(line)
        if text is None:
            text = _LINE % (_quoted(where), _quoted(what), cp, _quoted(why))
            if len(_WRITTEN) >= _WRITTEN_LIMIT:
                _WRITTEN.clear()
            _WRITTEN[line] = text
        lines.append(text)
    return (f'{{"name": {_quoted(p.name)}, "total": {p.total}, {"".join(categories)}'
            f'"worshippers": {p.worshippers}, "place": {p.place}, "winner": {_BOOL[p.winner]}, '
            f'"lines": [{", ".join(lines)}]}}')
