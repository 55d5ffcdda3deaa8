"""Fuzzing game records: mutated `orbis-game/1` JSON and game-notation seeds through `orbis score FILE --json`
and `orbis convert FILE -o OUT`.

Contract: exit 0 with one valid `orbis-score/1` JSON report per line on stdout, or exit 2 with nothing on stdout
and a message on stderr that names the file and the place (`file:line:col:` for text and for JSON syntax,
`file: $.json.path` for JSON content). `convert -o` writes the whole file or nothing: on failure the output
folder is exactly as it was (no partial file, no temporary file, an existing file untouched); on success the
output reads back and scores the same.

Budget: ORBIS_FUZZ_EXAMPLES examples per property (150 by default). A crash already reported can be listed in
`fuzzing.KNOWN_CRASHES` (counted as a hypothesis event, with a strict xfail reproduction beside it) so that the
fuzzers keep looking for new ones; today the list is empty: every crash they found is fixed and has a regression
test.
"""

from __future__ import annotations

import json
import re
import shutil
import traceback
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from robustness.fuzzing import FUZZ, crashed, event, invoke, rarely

HERE = Path(__file__).resolve().parent
GAME_SEEDS = HERE / "seeds" / "games"

JSON_SEEDS = {p.name: p.read_text(encoding="utf-8") for p in sorted(GAME_SEEDS.glob("*.json"))}
TEXT_SEEDS = {p.name: p.read_text(encoding="utf-8") for p in sorted(GAME_SEEDS.glob("*.orbisgame"))}

# ---- judging ---------------------------------------------------------------------------------------------

TEXT_LOCATION = re.compile(r"^(?P<file>[^\n]+?):(\d+):(\d+): error: ", re.MULTILINE)
JSON_LOCATION = re.compile(r"^(?P<file>[^\n]+?): (?P<path>\$[^\n]*?): error: ", re.MULTILINE)


def assert_located(stderr: str, shown: str, what: str) -> None:
    files = {m.group("file") for m in TEXT_LOCATION.finditer(stderr)}
    files |= {m.group("file") for m in JSON_LOCATION.finditer(stderr)}
    if stderr.startswith(f"{shown}: error: cannot read the file: "):
        files.add(shown)  # a file that is not UTF-8 text: the whole file is the place
    assert files, f"{what}: exit 2 but no `file:line:col:` or `file: $.path:` location:\n{stderr[:2000]}"
    assert shown in files or any(shown in f for f in files), f"{what}: the message names {files}, not {shown}"


def check_score(result, shown: str, files: int = 1) -> list[dict] | None:
    """The contract of `orbis score --json`; returns the reports (None after exit 2 or a known crash)."""
    what = f"score {shown}"
    if crashed(result, what):
        return None
    assert result.exit_code in (0, 2), f"{what}: exit {result.exit_code}\n{result.stderr}"
    assert "Traceback" not in result.stderr + result.stdout
    if result.exit_code == 2:
        assert result.stdout == "", f"{what}: exit 2 but stdout has {result.stdout[:200]!r}"
        assert_located(result.stderr, shown, what)
        return None
    lines = result.stdout.splitlines()
    assert len(lines) == files, f"{what}: expected {files} report line(s), got {len(lines)}"
    reports = [json.loads(line) for line in lines]
    for report in reports:
        assert report["format"] == "orbis-score/1"
        for player in report["players"]:
            parts = sum(v for k, v in player.items()
                        if isinstance(v, int) and not isinstance(v, bool)
                        and k not in ("total", "worshippers", "place"))
            assert player["total"] == parts, f"{what}: total {player['total']} is not the sum of its parts"
        assert report["winners"] == [p["name"] for p in report["players"] if p["winner"]]
    return reports


def listing(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def check_convert(workdir: Path, name: str, existing: bytes | None, suffix: str) -> tuple[str, Path] | None:
    """`convert NAME -o out/OUT` in a fresh folder (holding an old OUT when `existing`): the whole file or
    nothing. Returns ('ok', path), ('known', path) after a crash already reported, or None after exit 2."""
    out_dir = workdir / "out"
    if out_dir.exists():
        shutil.rmtree(out_dir)
    out_dir.mkdir()
    target = out_dir / f"converted{suffix}"
    if existing is not None:
        target.write_bytes(existing)
    before = listing(out_dir)
    result = invoke(["convert", name, "-o", str(target), "--force"], workdir)
    what = f"convert {name} -o {target.name}"
    known = crashed(result, what)
    if known or result.exit_code != 0:
        assert known or result.exit_code == 2, f"{what}: exit {result.exit_code}\n{result.stderr}"
        if not known:
            assert result.stdout == ""
            assert_located(result.stderr, name, what)
        assert listing(out_dir) == before, f"{what}: failed but changed the output folder: {sorted(listing(out_dir))}"
        return ("known", target) if known else None
    assert "Traceback" not in result.stderr
    assert sorted(p.name for p in out_dir.iterdir()) == [target.name], \
        f"{what}: left other files behind: {sorted(p.name for p in out_dir.iterdir())}"
    return "ok", target


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz_games")


def run_one(workdir: Path, name: str, data: bytes, existing: bytes | None, to_json: bool,
            to_stdout: bool = True) -> None:
    for old in workdir.iterdir():
        if old.is_file():
            old.unlink()
    (workdir / name).write_bytes(data)
    scored = invoke(["score", name, "--json"], workdir)
    reports = check_score(scored, name)
    known = scored.exception is not None and not isinstance(scored.exception, SystemExit)
    event("score: ok" if reports is not None else "score: known crash" if known else "score: refused")
    if to_stdout:
        printed = invoke(["convert", name], workdir)  # to stdout, the other format
        if not crashed(printed, f"convert {name}") and not known:
            assert printed.exit_code == (0 if reports is not None else 2), printed.stderr
            assert (printed.stdout == "") == (printed.exit_code == 2)
    converted = check_convert(workdir, name, existing, ".json" if to_json else ".orbisgame")
    if reports is None:
        return
    # A game that scores converts (whatever the other format), and the conversion scores the same.
    assert converted is not None, f"{name} scores but does not convert"
    if converted[0] == "known":
        return
    again = check_score(invoke(["score", str(converted[1]), "--json"], workdir), str(converted[1]))
    if again is None:
        raise AssertionError(f"convert of {name} wrote a file that does not score:\n"
                             + converted[1].read_text(encoding="utf-8"))
    strip = lambda r: {k: v for k, v in r.items() if k != "warnings"}  # noqa: E731
    assert [strip(r) for r in again] == [strip(r) for r in reports], "the converted game scores differently"


# ---- mutations ---------------------------------------------------------------------------------------------

PLAUSIBLE = st.sampled_from([0, 1, 2, 3, 5, 7, 12, True, False, "red", "orange", "yellow", "blue", "green",
                              "white", "any", "1 blue", "2 any", "1 any", "stone", "temple", "forest", "village",
                              "farm", "death", "nature", "Goddess of Nature", "4p", "3p", "2p", "icons", "tiles",
                              "black", "purple", ["red", "blue"], ["green"], {"desert": True}])
ODD = st.one_of(st.none(), st.integers(-3, 20), st.sampled_from([10**20, -1, 2**63, 1.5]),
                st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=6),
                st.sampled_from(["0 red", "x", "", " ", "\u00e9", "\u2028", "\x00", "\"", "\\", "Death", "ORANGE"]),
                st.lists(st.sampled_from([None, 1, "red", {}]), max_size=3),
                st.dictionaries(st.sampled_from(["kind", "color", "desert", "cp", "x"]),
                                st.sampled_from([None, 1, "red", True]), max_size=2))
JSON_VALUES = st.one_of(PLAUSIBLE, PLAUSIBLE, ODD)
STRINGS = ["red", "orange", "Yellow", "blue", "green", "white", "any", "1 blue", "2 any", "1 any", "3 red",
           "stone", "temple", "forest", "village", "volcano", "farm", "irrigation", "proselytism", "death",
           "nature", "Goddess of Nature", "god of the oceans", "4p", "3p", "2p", "icons", "tiles", "black",
           "purple", "white", "Ana", "Ana Maria", "x", "desert", "player", "\u00c9lodie", "O'Neil", 'say "hi"',
           "back\\slash", "tab\tname", "line\nbreak", "#hash", "1blue", "12", "a/b", "", " "]
COLOURS = ["red", "orange", "Yellow", "yellow", "blue", "green", "white"]
BY_KEY = {
    "kind": ["stone", "temple", "forest", "village", "volcano", "farm", "irrigation", "proselytism"],
    "color": COLOURS, "needs": COLOURS, "reduces": COLOURS, "destroys": COLOURS, "colors": COLOURS,
    "gain": ["1 blue", "2 any", "1 any", "3 red", "2 orange"],
    "god": ["death", "nature", "Goddess of Nature", "god of the oceans", "love", "idleness", "technology"],
    "name": ["Ana", "Ana Maria", "x", "desert", "player", "\u00c9lodie", "O'Neil", 'say "hi"', "back\\slash",
             "tab\tname", "line\nbreak", "#hash", "1blue", "12", "a/b", "", " ", "god", "worshippers", "-"],
    "title": ["", "A \"quoted\" title", "caf\u00e9 \u2603", "back\\slash", "two\nlines", "{}", "#"],
    "variant": ["4p", "3p", "2p"], "stars": ["black", "purple", "white"],
    "temple_count": ["icons", "tiles"],
}
KEYS = ["format", "title", "variant", "options", "players", "name", "god", "god_cancelled", "worshippers",
        "pyramid", "kind", "color", "cp", "need", "needs", "threshold", "colors", "icons", "mystic", "reduces",
        "gain", "level", "stars", "cancelled", "desert", "destroys", "majority_needs_one", "temple_count",
        "unknown", "Kind", "__proto__", ""]


def _containers(doc, path=()):
    yield path, doc
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _containers(value, (*path, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            yield from _containers(value, (*path, i))


def _get(doc, path):
    for step in path:
        doc = doc[step]
    return doc


@st.composite
def mutated_json(draw, text: str) -> bytes:
    doc = json.loads(text)
    for _ in range(draw(st.sampled_from([1, 1, 1, 2, 3]))):
        if draw(st.booleans()):  # tweak one scalar within its type: mostly still a valid record
            leaves = [(p, v) for p, v in _containers(doc) if p and not isinstance(v, (dict, list))]
            path, value = draw(st.sampled_from(leaves))
            if isinstance(value, bool):
                new = not value
            elif isinstance(value, int):
                new = draw(st.integers(0, 12))
            else:
                key = next((k for k in reversed(path) if isinstance(k, str)), "")
                new = draw(st.sampled_from(BY_KEY.get(key, STRINGS) if draw(st.integers(0, 4)) else STRINGS))
            _get(doc, path[:-1])[path[-1]] = new
            continue
        places = [(p, v) for p, v in _containers(doc) if isinstance(v, (dict, list))]
        path, node = draw(st.sampled_from(places))
        op = draw(st.sampled_from(["delete", "add", "replace", "duplicate", "swap", "retype"]))
        if isinstance(node, dict):
            keys = list(node)
            if op == "delete" and keys:
                del node[draw(st.sampled_from(keys))]
            elif op == "add":
                node[draw(st.sampled_from(KEYS))] = draw(JSON_VALUES)
            elif keys:
                key = draw(st.sampled_from(keys))
                if op == "retype":
                    value = node[key]
                    node[key] = [value] if not isinstance(value, list) else (value[0] if value else None)
                else:
                    node[key] = draw(JSON_VALUES)
        else:
            if op == "delete" and node:
                node.pop(draw(st.integers(0, len(node) - 1)))
            elif op == "duplicate" and node:
                node.append(node[draw(st.integers(0, len(node) - 1))])
            elif op == "swap" and len(node) > 1:
                i, j = draw(st.integers(0, len(node) - 1)), draw(st.integers(0, len(node) - 1))
                node[i], node[j] = node[j], node[i]
            elif node:
                node[draw(st.integers(0, len(node) - 1))] = draw(JSON_VALUES)
    out = json.dumps(doc, ensure_ascii=draw(st.booleans()), indent=draw(st.sampled_from([None, 2])))
    return draw(text_edits(out, JSON_TOKENS, max_edits=draw(st.sampled_from([0, 0, 0, 0, 0, 1, 2]))))


JSON_TOKENS = ["{", "}", "[", "]", ",", ":", '"', "\\", "null", "true", "false", "0", "-", "1e999", "NaN",
               "Infinity", '"\\ud800"', '"\\u0000"', "\n", " ", "9" * 30, "9" * 4301]
TEXT_TOKENS = ["game", "variant", "option", "player", "god", "worshippers", "desert", "-", "x", "ok", "|", "=",
               "#", "\n", "  ", '"', '"quoted name"', '""', '"\\""', '"\\\\"', "1blue", "2any", "0red",
               "blue/green", "red/red/red", "mystic=3", "level=2", "stars=white", "cancelled=true", "cp=-1",
               "0", "3", "-4", "99999999999999999999", "red", "orange", "white", "stone", "temple", "forest",
               "village", "volcano", "irrigation", "farm", "proselytism", "nature", "death", "Goddess", "4p",
               "2p", "majority_needs_one", "temple_count", "tiles", "true", "\t", "\r\n", "\u00e9", '"\\N"',
               '"\\ud800"', "9" * 4301]


@st.composite
def text_edits(draw, text: str, tokens: list[str], max_edits: int = 3) -> bytes:
    for _ in range(draw(st.integers(0 if max_edits == 0 else 1, max_edits))):
        n = len(text)
        op = draw(st.sampled_from(["delete", "token", "chars", "dup_line", "swap", "truncate", "replace_word"]))
        if op == "delete" and n:
            i = draw(st.integers(0, n - 1))
            text = text[:i] + text[min(n, i + draw(st.integers(1, 30))):]
        elif op == "token":
            i = draw(st.integers(0, n))
            pad = draw(st.sampled_from(["", " "]))
            text = text[:i] + pad + draw(st.sampled_from(tokens)) + pad + text[i:]
        elif op == "chars":
            i = draw(st.integers(0, n))
            text = text[:i] + draw(st.text(min_size=1, max_size=4)) + text[i:]
        elif op in ("dup_line", "swap"):
            lines = text.split("\n")
            a, b = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            if op == "dup_line":
                lines.insert(a, lines[b])
            else:
                lines[a], lines[b] = lines[b], lines[a]
            text = "\n".join(lines)
        elif op == "replace_word":
            words = list(re.finditer(r"[A-Za-z0-9_/]+", text))
            if words:
                m = draw(st.sampled_from(words))
                text = text[:m.start()] + draw(st.sampled_from(tokens)) + text[m.end():]
        elif op == "truncate" and n:
            text = text[:draw(st.integers(0, n - 1))]
    data = bytearray(text.encode("utf-8", "surrogatepass"))
    if data and draw(rarely(6)):
        i = draw(st.integers(0, len(data) - 1))
        data[i] ^= 1 << draw(st.integers(0, 7))
    return bytes(data)


# ---- properties --------------------------------------------------------------------------------------------

def test_every_seed_scores_and_converts(workdir):
    assert len(JSON_SEEDS) >= 2 and len(TEXT_SEEDS) >= 2
    for name, text in {**JSON_SEEDS, **TEXT_SEEDS}.items():
        run_one(workdir, name, text.encode("utf-8"), None, name.endswith(".orbisgame"))
        assert check_score(invoke(["score", name, "--json"], workdir), name) is not None


@FUZZ
@given(data=st.data())
def test_mutated_json_records(workdir, data):
    seed = data.draw(st.sampled_from(sorted(JSON_SEEDS)), label="seed")
    raw = data.draw(mutated_json(JSON_SEEDS[seed]), label="record")
    existing = data.draw(st.sampled_from([None, b"old content\n"]), label="existing output")
    name = data.draw(st.sampled_from(["game.json", "game.txt"]), label="file name")  # `{` marks JSON too
    run_one(workdir, name, raw, existing, to_json=False, to_stdout=data.draw(st.booleans(), label="to stdout"))


@FUZZ
@given(data=st.data())
def test_mutated_text_games(workdir, data):
    seed = data.draw(st.sampled_from(sorted(TEXT_SEEDS)), label="seed")
    raw = data.draw(text_edits(TEXT_SEEDS[seed], TEXT_TOKENS), label="game")
    existing = data.draw(st.sampled_from([None, b"old content\n"]), label="existing output")
    run_one(workdir, "game.orbisgame", raw, existing, to_json=True,
            to_stdout=data.draw(st.booleans(), label="to stdout"))


# ---- crashes these fuzzers keep meeting, as plain reproductions ------------------------------------------------

def _score_one(workdir: Path, name: str, text: str):
    (workdir / name).write_text(text, encoding="utf-8")
    result = invoke(["score", name, "--json"], workdir)
    error = result.exception
    assert error is None or isinstance(error, SystemExit), \
        "".join(traceback.format_exception(*result.exc_info))
    assert result.exit_code == 2 and result.stdout == ""
    assert_located(result.stderr, name, f"score {name}")


# Regression test for a bug this suite found (fixed in 79012a9). It was: notation.py _unquote calls ast.literal_eval
# unguarded: `game "\N"` (or "\x4") raises SyntaxError, a traceback (parse.py now reports the same in rule files)
def test_a_bad_escape_in_the_notation_is_located(workdir):
    text = TEXT_SEEDS["quickstart-4p.orbisgame"].replace('game "Friday at Ana\'s"', 'game "bad \\N escape"')
    _score_one(workdir, "escape.orbisgame", text)


# Regression test for a bug this suite found (fixed in 79012a9). It was: an integer of more than 4,300 digits raises
# ValueError: in records.read_json_text (json.loads; only JSONDecodeError and RecursionError are caught) and in
# notation.py (int(token)) — a traceback instead of a located error
@pytest.mark.parametrize("fmt", ["json", "text"])
def test_an_integer_over_4300_digits_in_a_game(workdir, fmt):
    if fmt == "json":
        text = JSON_SEEDS["2p-first-game-new-box.json"].replace('"worshippers": 0', '"worshippers": ' + "9" * 5000)
        _score_one(workdir, "digits.json", text)
    else:
        text = TEXT_SEEDS["quickstart-4p.orbisgame"].replace("worshippers 3", "worshippers " + "9" * 5000)
        _score_one(workdir, "digits.orbisgame", text)


def test_scoring_several_files_scores_the_others_when_one_fails(workdir):
    """Issue 16: a broken file costs the other files of a batch nothing; the exit code still says it failed."""
    (workdir / "good.json").write_text(JSON_SEEDS["2p-first-game-new-box.json"], encoding="utf-8")
    (workdir / "bad.json").write_text("{", encoding="utf-8")
    result = invoke(["score", "good.json", "bad.json", "--json"], workdir)
    assert result.exit_code == 2 and len(result.stdout.splitlines()) == 1
    assert json.loads(result.stdout)["format"] == "orbis-score/1"
    assert_located(result.stderr, "bad.json", "score good.json bad.json")
    both = invoke(["score", "good.json", "good.json", "--json"], workdir)
    assert check_score(both, "good.json", files=2) is not None
