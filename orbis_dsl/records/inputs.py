"""Reading a game file in either format: JSON records (`.json`, or text starting with `{`) or the notation."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from orbis_dsl.common.diagnostics import Diagnostic, Span
from orbis_dsl.common.encodings import not_utf8
from orbis_dsl.common.games import Game, game_named, named_game
from orbis_dsl.common.resources import BASE_GAME, display_path
from orbis_dsl.language.ruleset import game_rules
from orbis_dsl.language.syntax.rule_files import ReadRefused, read_rule_text
from orbis_dsl.runtime.game_record import GameRecord
from orbis_dsl.runtime.rules import Rules

# Bytes read at most from a game file: the readers refuse more than 256,000 characters (records.MAX_RECORD_BYTES),
# which take at most 4 bytes each; this bounds only the read.
MAX_GAME_FILE_BYTES = 4 << 20


def is_json(path: Path, text: str) -> bool:
    return path.suffix.lower() == ".json" or text.lstrip().startswith("{")


# The notation's quoted string (grammar/game.lark): a '#' inside one starts no comment. A pattern, compiled by `re`
# on a conversion's first need (and kept in its cache), not at every batch's start.
_STRING = r'"[^"\\\n]*(\\.[^"\\\n]*)*"'


def comment_lines(text: str) -> int:
    """How many lines of a notation text carry a comment: what a conversion cannot keep (JSON has no comments,
    and the notation is written back from the record)."""
    return sum("#" in re.sub(_STRING, "", line) for line in text.splitlines())


def read_game(path: Path, rules: Rules) -> tuple[GameRecord | None, list[Diagnostic], dict[str, str]]:
    """The game, its diagnostics, and the source texts for rendering carets."""
    shown = display_path(path)
    try:  # -sig: files saved by Notepad start with a BOM
        text = read_rule_text(path, MAX_GAME_FILE_BYTES)  # a regular file, bounded: not /dev/zero, not a FIFO
    except FileNotFoundError:
        return None, [Diagnostic("no such file", file=shown)], {}
    except ReadRefused as error:
        return None, [Diagnostic(f"cannot read the file: {error.message}", file=shown)], {}
    except UnicodeDecodeError as error:
        problem, text = not_utf8(shown, error)
        return None, [problem], {shown: text}
    except OSError as error:
        return None, [Diagnostic(f"cannot read the file: {error}", file=shown)], {}
    if is_json(path, text):
        from orbis_dsl.records.orbis.json_reader import read_json_text

        game, diags = read_json_text(text, shown, rules)
    else:
        from orbis_dsl.records.orbis.notation import read_text

        game, diags = read_text(text, shown, rules)
    return game, diags, {shown: text}


def read_record(path: Path, pack=None) -> tuple[object | None, object, list[Diagnostic], dict[str, str]]:
    """A record of any game this installation scores: (record, the rules it is scored under, diagnostics, texts).

    The record names its game (JSON `"game"`, a `game NAME` header line); one that names none is Orbis. It is
    scored under that game's rules or, when `pack` (a `pack_game.LaidPack`) extends that game, under the pack; a
    record of another game than the pack's is refused, located at the name of its game. Each game's rules load on
    first need, so a batch of other games never loads Orbis's.
    """
    shown = display_path(path)
    text, problem = _file_text(path, shown)
    if problem is not None:
        return None, None, [problem], {shown: text} if text else {}
    as_json = is_json(path, text)
    game, named, doc, diags = _game_of(text, shown, as_json)
    if diags:
        return None, None, diags, {shown: text}
    rules = _rules_of(game, pack)
    if rules is None:
        return None, None, [game_mismatch(shown, text, as_json, game, pack, named is not None)], {shown: text}
    record, diags = _parsed(game, rules, text, doc, shown, as_json)
    if record is None and pack is None and diags:
        from orbis_dsl.records.orbis.pack_names import pack_names_hint

        hint = pack_names_hint(diags, shown, rules.settings.title or game.id)
        diags = diags if hint is None else [*diags, hint]
    return record, rules, diags, {shown: text}


def read_clean(path: Path, pack=None) -> tuple[object, object] | None:
    """(record, rules) of a `.json` record read without a word, as `read_record` reads it; None for anything else (a
    notation text, a file that cannot be read, any diagnostic), which `read_record` then reads and says why.

    A batch's files are nearly all clean JSON, and for them the name a message would show (display_path: the
    working directory, an lstat, the file's folder resolved) is never shown: it is worked out only for a file
    with something to say, by `read_record`. A notation text is left to `read_record` because its ending, as
    shown, decides what a file without a header was meant to be."""
    text = clean_text(path)
    return None if text is None else read_clean_text(text, pack)


def clean_text(path: Path) -> str | None:
    """The text of a `.json` file, for `read_clean_text`; None for anything else (a notation text, or JSON under
    another name: read once, by read_record), or a file that cannot be read. A batch reads a run of files' texts
    before it reads any record from them (cli/batch.py)."""
    if path.suffix.lower() != ".json":
        return None
    try:
        return read_rule_text(path, MAX_GAME_FILE_BYTES)
    except (ReadRefused, UnicodeDecodeError, OSError):
        return None


def read_clean_text(text: str, pack=None) -> tuple[object, object] | None:
    """`read_clean` of a file whose text is `text` (`clean_text`)."""
    clean_skeleton, skeleton_record = _fast_json_reading()
    found = clean_skeleton(text)
    if found is not None and "game" not in found[0]:
        # No `"game"` among the record's own keys: Orbis (the skeleton's keys are the record's, found where a search
        # of the whole text for `"game"` took longer than all the rest of finding the game).
        rules = _rules_of(_BASE, pack)
        record = None if rules is None else skeleton_record(found, text, rules)
        if record is not None:
            return record, rules
    game, _, doc, diags = _game_of(text, "", True)
    if diags:
        return None
    rules = _rules_of(game, pack)
    if rules is None:
        return None
    record, diags = _parsed(game, rules, text, doc, "", True)
    return None if record is None or diags else (record, rules)


# The modules a batch's every file needs, imported on the first file's need and then taken from here: an import
# statement inside a function costs microseconds each time it runs (several a file), and importing them with this
# module would load the Orbis reader and scorer for a batch of other games too.
@cache
def _fast_json_reading():
    from orbis_dsl.records.orbis.json_reader import clean_skeleton, skeleton_record

    return clean_skeleton, skeleton_record


@cache
def _sheet_record_type():
    from orbis_dsl.runtime.sheet_types import SheetRecord

    return SheetRecord


@cache
def _orbis_scorer():
    from orbis_dsl.runtime.scoring import score_game

    return score_game


@cache
def _orbis_run_scorer():
    from orbis_dsl.runtime.scoring import score_games

    return score_games


def _rules_of(game, pack):
    """The rules a record of `game` is scored under: the game's own, or the pack's when it extends that game
    (None: the pack is for another game)."""
    if pack is None:  # pack_game loads the rules' syntax tree and attrs: 33 ms of every `orbis score` start
        return game_rules(game)
    from orbis_dsl.language.packs.game import rules_for

    return rules_for(game, pack)


def _file_text(path: Path, shown: str) -> tuple[str, Diagnostic | None]:
    """The file's text, read bounded (a regular file: not /dev/zero, not a FIFO), or why it cannot be read (with
    the text as far as it can be shown, for a file that is not UTF-8)."""
    try:
        return read_rule_text(path, MAX_GAME_FILE_BYTES), None
    except FileNotFoundError:
        return "", Diagnostic("no such file", file=shown)
    except ReadRefused as error:
        if path.is_dir():  # read_rule_text says what a rule file must be; this is a record's place
            return "", Diagnostic("this is a folder, not a game record",
                                  file=shown, hint=f"give the records in it: orbis score {shown}/*.json")
        return "", Diagnostic(f"cannot read the file: {error.message}", file=shown)
    except UnicodeDecodeError as error:
        problem, text = not_utf8(shown, error)
        return text, problem
    except OSError as error:
        return "", Diagnostic(f"cannot read the file: {error}", file=shown)


# A record that names no game is Orbis: taken as such, not looked up (game_named lists rules/, which cost about a
# fifth of reading a record in a batch of thousands).
_BASE = Game(BASE_GAME, BASE_GAME)


def _game_of(text: str, shown: str, as_json: bool):
    """(the game, the name the record gives it or None, the JSON document when already parsed, diagnostics)."""
    if as_json and '"game"' not in text:  # most Orbis records: they name no game
        return _BASE, None, None, []
    doc = None
    if as_json:
        # A record naming its game (every Terra Mystica and Mondo record): parse it once, here, with the readers'
        # own bounds, and hand the document on. Most Orbis records name none and are parsed by their reader.
        from orbis_dsl.records.json_text import load_json

        doc, diags = load_json(text, shown)
        if diags:
            return None, None, None, diags
        value = doc.get("game") if isinstance(doc, dict) else None
        named = value if isinstance(value, str) else None
    else:
        named = named_game(text, as_json)
    game = game_named(named) if named is not None else _BASE
    if named is None and not as_json and not shown.endswith(".orbisgame"):
        missing = _header_missing(shown, text)
        if missing is not None:
            return None, None, None, [missing]
    if named is not None and game is None:
        from orbis_dsl.common.diagnostics import unknown
        from orbis_dsl.common.games import all_games

        d = unknown("game", named, [g.id for g in all_games()])
        if not as_json:  # located at the `game NAME` header line
            return None, named, None, [Diagnostic(d.message, span=_first_line(shown, text), hint=d.hint)]
        return None, named, None, [Diagnostic(d.message, file=shown, path="$.game", hint=d.hint)]
    return game, named, doc, []


def _header_missing(shown: str, text: str) -> Diagnostic | None:
    """A text file of a score-sheet game by its ending (`.tmgame`, `.mondo`) whose first line does not name its
    game: that line is what tells which game it is (docs/notation-terra-mystica.md), so it is asked for, not
    guessed; read as Orbis, the file would draw the Orbis notation's messages."""
    from orbis_dsl.common.games import game_of_suffix

    game = game_of_suffix(shown)
    if game is None or game.folder == BASE_GAME:
        return None
    title = game_rules(game).settings.title or game.id
    return Diagnostic(f"a {title} score sheet starts with `game {game.id}`", span=_first_line(shown, text),
                      hint=f"add the line `game {game.id}` at the top: it says which game the file records")


def _parsed(game, rules, text: str, doc, shown: str, as_json: bool):
    """(record, diagnostics) by the reader of the game's kind of record and of the file's form."""
    if game.folder == "orbis":
        if as_json:
            from orbis_dsl.records.orbis.json_reader import read_json_text

            return read_json_text(text, shown, rules)
        from orbis_dsl.records.orbis.notation import read_text

        return read_text(text, shown, rules)
    if not as_json:
        # One notation for every score-sheet game: a line per player, or blocks of rounds and boards.
        from orbis_dsl.records.sheets.notation import read_sheet_text

        return read_sheet_text(text, shown, rules)
    from orbis_dsl.records.sheets.reader import read_sheet_doc

    return read_sheet_doc(doc, shown, rules)


def game_mismatch(shown: str, text: str, as_json: bool, game, pack, names_it: bool) -> Diagnostic:
    """A record of one game given with a rule pack laid over another: located at the record's `"game"` (JSON) or
    its `game NAME` header line; a record naming no game, at its top."""
    from orbis_dsl.language.packs.game import mismatch

    message, hint = mismatch(game, pack, names_it)
    if as_json:
        return Diagnostic(message, file=shown, path="$.game" if names_it else "$", hint=hint)
    return Diagnostic(message, span=_first_line(shown, text), hint=hint)


def _first_line(shown: str, text: str) -> Span:
    """The first line that is not blank or a comment (a record's `game NAME` header, when it has one), whole."""
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip() and not line.lstrip().startswith("#"):
            start = len(line) - len(line.lstrip()) + 1
            return Span(shown, number, start, number, len(line.rstrip()) + 1)
    return Span(shown, 1, 1)


def convert_record(record, rules, to: str) -> str:
    """An Orbis record read by `read_record`, written as JSON (`to` = "json") or as the game notation (a
    score-sheet game converts from its document: sheet_notation_out.convert_sheet)."""
    import json

    if to == "json":
        from orbis_dsl.records.orbis.json_reader import game_to_json

        return json.dumps(game_to_json(record, rules), indent=2, ensure_ascii=False) + "\n"
    from orbis_dsl.records.orbis.notation import write_text

    return write_text(record, rules)


def score_record(rules, record, explain: bool = True):
    """The score report of a record read by `read_record`, whichever game it is."""
    # (An Orbis record is told by its type first: a batch of Orbis records never loads the score sheets' types.)
    if type(record) is not GameRecord and isinstance(record, _sheet_record_type()):
        from orbis_dsl.runtime.sheet import score_sheet

        return score_sheet(rules, record, rules.settings.report_format or "", explain=explain)
    return _orbis_scorer()(rules, record, explain=explain)


def score_records(read: list[tuple], explain: bool = True) -> list:
    """`score_record` of each (record, rules) pair, in order; None for a pair without rules (a file that did not
    read). The Orbis records of each rule set are scored together, a stage at a time (scoring.score_games): each
    report is the one score_record gives alone."""
    reports: list = [None] * len(read)
    runs: dict[int, tuple[object, list[int]]] = {}
    for i, (record, rules) in enumerate(read):
        if rules is None:
            continue
        if type(record) is GameRecord:
            runs.setdefault(id(rules), (rules, []))[1].append(i)
        else:
            reports[i] = score_record(rules, record, explain=explain)
    for rules, indices in runs.values():
        for i, report in zip(indices, _orbis_run_scorer()(rules, [read[i][0] for i in indices], explain)):
            reports[i] = report
    return reports
