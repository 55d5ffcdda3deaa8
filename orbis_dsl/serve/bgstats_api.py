"""`POST /api/bgstats`: the pad's "Export to BG Stats": a finished game (or several) as BG Stats' import file, or
as the single-play `bgstats://` link (`?as=link`). The file itself is made by reports/bgstats.py, as for
`orbis export bgstats`.

The body is a record of any game (JSON or notation), played at `?date=` (the browser's local time, YYYY-MM-DDTHH:MM;
the moment of the export when not given), in `?location=`, for `?minutes=`; or a list of plays, each with its own:
`{"plays": [{"record": …, "date": …, "location": …, "minutes": …}], "me": NAME}`.
"""

from __future__ import annotations

import json
from datetime import datetime

from orbis_dsl.runtime.rules import Rules
from orbis_dsl.serve.api import UNSCORABLE, Answer, diagnostics_json
from orbis_dsl.serve.records_in import read_any

FILENAME = "bgstats-plays.json"


def _bad(where: str, message: str) -> Answer:
    return Answer(400, {"errors": [{"where": where, "message": message}]})


def _when(value) -> datetime | None:
    if value in (None, ""):
        return datetime.now()
    try:
        return datetime.fromisoformat(str(value)) if isinstance(value, str) else None
    except ValueError:
        return None


def _minutes(value) -> int | None:
    if value in (None, ""):
        return 0
    text = str(value)
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 5 else None


def bgstats(text: str, rules: Rules, query: dict) -> Answer:
    from orbis_dsl.reports.bgstats import bgstats_file, create_play_link

    wanted = _wanted(text, query)
    if isinstance(wanted, Answer):
        return wanted
    items, me = wanted
    plays = []
    for n, item in enumerate(items):
        play = _play(n, item, rules)
        if isinstance(play, Answer):
            return play
        plays.append(play)
    if query.get("as") == "link":
        if len(plays) != 1:
            return _bad("as", "a create-play link carries one play")
        return Answer(200, {"link": create_play_link(plays[0]), "play": plays[0].uuid})
    body = json.dumps(bgstats_file(plays, me), indent=2, ensure_ascii=False) + "\n"
    return Answer(200, body, "application/json", FILENAME)


def _wanted(text: str, query: dict) -> tuple[list, str | None] | Answer:
    """The plays asked for, each {"record", "date", "location", "minutes"}, and whose they are: the body's list
    of plays, or the body as one record with the query's date, location and minutes."""
    wanted = [{"record": text, **{k: query.get(k) for k in ("date", "location", "minutes")}}]
    me = query.get("me")
    if not text.lstrip().startswith("{"):
        return wanted, me
    try:
        doc = json.loads(text)
    except ValueError:
        doc = None
    if isinstance(doc, dict) and "plays" in doc:
        if not isinstance(doc["plays"], list) or not all(isinstance(p, dict) for p in doc["plays"]):
            return _bad("$.plays", "expected a list of plays, each {\"record\": …, \"date\": …}")
        return doc["plays"], doc.get("me") if isinstance(doc.get("me"), str) else None
    return wanted, me


def _play(n: int, item: dict, rules: Rules):
    """The BG Stats play of the n-th play asked for, or the answer refusing it."""
    from orbis_dsl.reports.bgstats import play_of_record

    record = item.get("record")
    record = json.dumps(record) if isinstance(record, dict) else record
    if not isinstance(record, str):
        return _bad(f"$.plays[{n}].record", "expected the game's record")
    read = read_any(record, rules)
    if read.record is None:
        return Answer(UNSCORABLE, {"errors": diagnostics_json(read.diagnostics, read.texts)})
    when, minutes = _when(item.get("date")), _minutes(item.get("minutes"))
    if when is None:
        return _bad("date", f"expected a date and time as YYYY-MM-DDTHH:MM, got '{item.get('date')}'")
    if minutes is None:
        return _bad("minutes", f"expected a number of minutes, got '{item.get('minutes')}'")
    location = item.get("location") if isinstance(item.get("location"), str) else None
    return play_of_record(read.record, read.rules, when, minutes, (location or "").strip()[:100] or None)
