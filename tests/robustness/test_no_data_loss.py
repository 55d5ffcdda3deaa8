"""Nothing is lost or invented between the two game formats, and `convert -o` never destroys a file.

- an unknown key at any level of a JSON record is an error naming its JSON path (never silently dropped);
- every field of a record survives `orbis convert` JSON → text → JSON, and text → JSON → text (documents
  compared after parsing, texts compared byte for byte once normalised);
- `orbis convert -o OUT` onto an existing file keeps the old content when the run fails, and leaves no
  temporary file behind.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from robustness.fuzzing import orbis_without_crash as orbis

ROOT = Path(__file__).resolve().parents[2]
SEEDS = Path(__file__).resolve().parent / "seeds" / "games"


def T(kind=None, color=None, **fields):
    if kind is None:
        return {"desert": True}
    return {"kind": kind, "color": color, **fields}


# Every field the record format has, in the form `convert` writes it (ids, not English names; canonical
# colours; sorted colour pairs), so the document must come back equal, key for key.
KITCHEN_SINK = {
    "format": "orbis-game/1",
    "title": "Kitchen \"sink\" — ünïcødé, back\\slash, tab\t, #hash, {braces}, 'quotes'",
    "variant": "4p",
    "options": {"majority_needs_one": True, "temple_count": "tiles"},
    "players": [
        {"name": "Ana Maria", "god": "death", "god_cancelled": True, "worshippers": 0, "pyramid": [
            [T("stone", "red"), T("stone", "blue", cp=2, level=2, stars="purple"),
             T("proselytism", "green", gain="1 any"), T("proselytism", "red", gain="2 red", level=1, stars="black"),
             T("farm", "yellow", reduces="blue")],
            [T("village", "yellow", need=2, cp=3), T("village", "yellow", need=1, cp=2, cancelled=True),
             T("village", "yellow", need=3, cp=5, cancelled=False), T()],
            [T("volcano", "red", need=2, destroys="green", cp=4, cancelled=True),
             T("irrigation", "blue", needs="yellow", cp=3, cancelled=False), T("temple", "white", mystic=7)],
            [T("forest", "green", threshold=2, colors=["red", "yellow"], cp=4), T()],
        ]},
        {"name": "desert", "god": "nature", "worshippers": 12, "pyramid": [
            [T(), T(), T("stone", "white", cp=1, mystic=2), T("proselytism", "white", gain="1 white", mystic=1),
             T("stone", "green", level=3, stars="white")],
            [T("irrigation", "blue", needs="red", cp=2, cancelled=True), T("temple", "white", icons=2, mystic=13),
             T("temple", "white", icons=1, mystic=3, cp=1, level=1, stars="purple"), T("stone", "yellow")],
            [T("forest", "green", threshold=3, colors=["blue", "white"], cp=5, level=2),
             T("volcano", "red", need=1, destroys="white", cp=2), T("irrigation", "blue", needs="green", cp=4)],
            [T("temple", "white", mystic=11), T("village", "yellow", need=2, cp=4, level=3, stars="black")],
        ]},
        {"name": "x", "worshippers": 3, "pyramid": [
            [T("stone", "red")] * 5, [T("stone", "blue")] * 4, [T("stone", "green")] * 3, [T("stone", "white")] * 2,
        ]},
        {"name": "Zoë \"Z\" 12", "god": "idleness", "god_cancelled": False, "worshippers": 10, "pyramid": [
            [T()] * 5, [T()] * 4, [T()] * 3, [T(), T("farm", "yellow", reduces="green", level=2)],
        ]},
    ],
}


def _normalise(doc: dict) -> dict:
    """What `convert` to JSON writes for a canonical record: `god_cancelled: false` is the default, left out."""
    doc = copy.deepcopy(doc)
    for player in doc["players"]:
        if player.get("god_cancelled") is False:
            del player["god_cancelled"]
    return doc


@pytest.fixture
def work(tmp_path, monkeypatch):
    monkeypatch.setenv("ORBIS_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path


def _convert(work: Path, source: str, target: str) -> str:
    result = orbis(work, "convert", source, "-o", target)
    assert result.exit_code == 0, result.stderr
    return (work / target).read_text(encoding="utf-8")


def test_the_kitchen_sink_record_is_valid_and_scores(work):
    (work / "sink.json").write_text(json.dumps(KITCHEN_SINK, ensure_ascii=False), encoding="utf-8")
    result = orbis(work, "score", "sink.json", "--json")
    assert result.exit_code == 0, result.stderr
    assert [p["name"] for p in json.loads(result.stdout)["players"]] == [p["name"] for p in KITCHEN_SINK["players"]]


def test_json_to_text_to_json_keeps_every_field(work):
    (work / "sink.json").write_text(json.dumps(KITCHEN_SINK, ensure_ascii=False), encoding="utf-8")
    _convert(work, "sink.json", "sink.orbisgame")
    back = json.loads(_convert(work, "sink.orbisgame", "back.json"))
    assert back == _normalise(KITCHEN_SINK)
    # and JSON → JSON (convert --to json) is the identity on a canonical record
    same = orbis(work, "convert", "sink.json", "--to", "json")
    assert json.loads(same.stdout) == _normalise(KITCHEN_SINK)


@pytest.mark.parametrize("seed", sorted(p.name for p in SEEDS.iterdir()))
def test_text_to_json_to_text_is_stable(work, seed):
    """Any game: one conversion normalises it; from then on text and JSON convert into each other exactly."""
    (work / seed).write_bytes((SEEDS / seed).read_bytes())
    first_json = json.loads(_convert(work, seed, "a.json"))
    text = _convert(work, "a.json", "b.orbisgame")
    second_json = json.loads(_convert(work, "b.orbisgame", "c.json"))
    text_again = _convert(work, "c.json", "d.orbisgame")
    assert second_json == first_json
    assert text_again == text
    # the scores agree all the way round
    scores = [json.loads(orbis(work, "score", name, "--json").stdout) for name in (seed, "a.json", "b.orbisgame")]
    assert scores[0] == scores[1] == scores[2]


def test_the_kitchen_sink_as_text_round_trips(work):
    (work / "sink.json").write_text(json.dumps(KITCHEN_SINK, ensure_ascii=False), encoding="utf-8")
    text = _convert(work, "sink.json", "a.orbisgame")
    assert _convert(work, "a.orbisgame", "b.json") and _convert(work, "b.json", "c.orbisgame") == text


@pytest.mark.parametrize("field,value", [
    ("title", ""), ("title", "line\nbreak"), ("title", "\u2028\u00a0\t"), ("title", "\\N{SNOWMAN} \\x41 \\u0041"),
    ("name", ""), ("name", "12"), ("name", "1blue"), ("name", "a/b"), ("name", "-"), ("name", "ok"),
    ("name", "god"), ("name", "worshippers"), ("name", "player"), ("name", "#x"), ("name", "a\"b\\c"),
    ("name", "option"), ("name", "game"), ("name", "true"),
])
def test_awkward_titles_and_names_survive(work, field, value):
    doc = copy.deepcopy(KITCHEN_SINK)
    if field == "title":
        doc["title"] = value
    else:
        doc["players"][2]["name"] = value
    (work / "odd.json").write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    _convert(work, "odd.json", "odd.orbisgame")
    assert json.loads(_convert(work, "odd.orbisgame", "back.json")) == _normalise(doc)


def test_a_game_with_no_title_variant_options_or_gods_stays_bare(work):
    doc = {"format": "orbis-game/1", "players": [
        {k: v for k, v in p.items() if k not in ("god", "god_cancelled")} for p in KITCHEN_SINK["players"][:2]]}
    (work / "bare.json").write_text(json.dumps(doc), encoding="utf-8")
    text = _convert(work, "bare.json", "bare.orbisgame")
    assert "game " not in text and "variant" not in text and "option" not in text and " god " not in text
    assert json.loads(_convert(work, "bare.orbisgame", "back.json")) == doc


# ---- unknown keys ------------------------------------------------------------------------------------------------

UNKNOWN_KEY_PLACES = {
    "$": lambda d: d,
    "$.options": lambda d: d["options"],
    "$.players[1]": lambda d: d["players"][1],
    "$.players[0].pyramid[0][0]": lambda d: d["players"][0]["pyramid"][0][0],
    "$.players[0].pyramid[1][3]": lambda d: d["players"][0]["pyramid"][1][3],  # a desert
    "$.players[1].pyramid[3][1]": lambda d: d["players"][1]["pyramid"][3][1],  # a village with every key
}


@pytest.mark.parametrize("place", sorted(UNKNOWN_KEY_PLACES))
@pytest.mark.parametrize("key", ["surprise", "Color", "kind ", "cancelled_", "notes"])
def test_an_unknown_key_is_an_error_at_its_path(work, place, key):
    doc = copy.deepcopy(KITCHEN_SINK)
    UNKNOWN_KEY_PLACES[place](doc)[key] = 1
    (work / "extra.json").write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    result = orbis(work, "score", "extra.json", "--json")
    assert result.exit_code == 2 and result.stdout == ""
    assert f"extra.json: {place}.{key}: error:" in result.stderr or \
        (place.endswith("[3]") and f"extra.json: {place}" in result.stderr), result.stderr
    converted = orbis(work, "convert", "extra.json", "-o", "out.orbisgame")
    assert converted.exit_code == 2 and not (work / "out.orbisgame").exists()


def test_keys_that_do_not_belong_to_the_tiles_kind_are_errors(work):
    doc = copy.deepcopy(KITCHEN_SINK)
    doc["players"][0]["pyramid"][0][0]["need"] = 2  # a stone has no `need`
    doc["players"][0]["pyramid"][0][2]["threshold"] = 2  # a proselytism has no threshold
    (work / "extra.json").write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    result = orbis(work, "score", "extra.json", "--json")
    assert result.exit_code == 2
    assert "$.players[0].pyramid[0][0].need" in result.stderr
    assert "$.players[0].pyramid[0][2].threshold" in result.stderr


def test_an_unknown_word_in_the_text_notation_is_an_error(work):
    text = (SEEDS / "quickstart-4p.orbisgame").read_text(encoding="utf-8")
    for bad in (text.replace("mystic=11", "mystic=11 colour=red"), text.replace("variant 4p", "variant 4p extra"),
                text.replace("green forest 3 blue/yellow 6", "green forest 3 blue/yellow 6 7")):
        (work / "bad.orbisgame").write_text(bad, encoding="utf-8")
        result = orbis(work, "score", "bad.orbisgame", "--json")
        assert result.exit_code == 2 and "bad.orbisgame:" in result.stderr, result.stderr


# ---- convert -o never destroys ------------------------------------------------------------------------------------

def _folder(path: Path) -> dict[str, bytes]:
    return {p.name: (b"<folder>" if p.is_dir() else p.read_bytes()) for p in sorted(path.iterdir())}


@pytest.mark.parametrize("target", ["out.json", "out.orbisgame"])
def test_a_failed_convert_keeps_the_old_output(work, target):
    out = work / "out"
    out.mkdir()
    (out / target).write_bytes(b"precious old content\n")
    (work / "broken.json").write_text('{"format": "orbis-game/1", "players": [', encoding="utf-8")
    (work / "broken.orbisgame").write_text("player Ana god nature worshippers 3\n  green |\n", encoding="utf-8")
    for source in ("broken.json", "broken.orbisgame", "missing.json"):
        before = _folder(out)
        result = orbis(work, "convert", source, "-o", f"out/{target}")
        assert result.exit_code == 2 and result.stdout == ""
        assert _folder(out) == before, f"convert {source} changed {sorted(_folder(out))}"
    bad_to = orbis(work, "convert", SEEDS / "quickstart-4p.orbisgame", "-o", f"out/{target}", "--to", "yaml")
    assert bad_to.exit_code == 2 and _folder(out) == {target: b"precious old content\n"}


def test_a_successful_convert_replaces_the_old_output_whole(work):
    out = work / "out"
    out.mkdir()
    (out / "game.json").write_bytes(b"x" * 100_000)
    result = orbis(work, "convert", SEEDS / "quickstart-4p.orbisgame", "-o", "out/game.json", "--force")
    assert result.exit_code == 0
    assert sorted(_folder(out)) == ["game.json"]
    assert json.loads((out / "game.json").read_text(encoding="utf-8"))["format"] == "orbis-game/1"


# Regression test for a bug this suite found (fixed in 79012a9). It was: cli.py convert calls compile.write_atomic
# without catching OSError: `-o` naming a folder (IsADirectoryError from os.replace) or a path below a file
# (FileExistsError from mkdir) ends in a traceback instead of `error: cannot write …` (exit 2)
@pytest.mark.parametrize("target", ["folder", "file/below.json"])
def test_convert_onto_an_unwritable_path_is_an_error(work, target):
    (work / "folder").mkdir()
    (work / "file").write_text("a file\n", encoding="utf-8")
    before = _folder(work)
    result = orbis(work, "convert", SEEDS / "quickstart-4p.orbisgame", "-o", target)
    assert result.exit_code == 2 and "Traceback" not in result.stderr
    assert _folder(work) == before


# Regression test for a bug this suite found (fixed in 79012a9). It was: a lone surrogate escape in a JSON string
# ("\ud800") is accepted by records.read_json_text; convert then fails to encode the output (UnicodeEncodeError, a
# traceback) — the old output survives thanks to write_atomic, but the run should be a located input error
def test_a_surrogate_in_a_name_is_a_located_error(work):
    (work / "out.orbisgame").write_bytes(b"precious\n")
    text = (SEEDS / "2p-first-game-new-box.json").read_text(encoding="utf-8").replace('"Quinn"', '"Q\\ud800"')
    (work / "s.json").write_text(text, encoding="utf-8")
    try:
        result = orbis(work, "convert", "s.json", "-o", "out.orbisgame")
    finally:
        assert _folder(work)["out.orbisgame"] == b"precious\n"
        assert not [p for p in work.iterdir() if p.name.endswith(".tmp")]
    assert result.exit_code == 2 and "s.json" in result.stderr


# ---- rule packs whose values the notation cannot hold -----------------------------------------------------------

STRING_PACK = """kind stone "Sacred Stone" {
  param cp: int = 1
  param note: string = "n"
  end: cp
}
option mode: "12" | "1blue" | "a/b" | "x" | "-3" | "true" | "desert" | "1 any" | "" | "plain" = "plain"
"""


# Regression test for a bug this suite found (fixed in 79012a9). It was: notation.py wrote a string-typed parameter
# or option value bare when it looked like a number or an amount: '12' read back as the number 12, '1blue' as '1
# blue'.
@pytest.mark.parametrize("value", ["12", "1blue", "a/b", "x", "-3", "true", "desert", "1 any", ""])
def test_string_values_of_a_pack_survive_the_notation(work, value):
    (work / "pack.orbis").write_text(STRING_PACK, encoding="utf-8")
    doc = json.loads((SEEDS / "2p-first-game-new-box.json").read_text(encoding="utf-8"))
    doc["options"] = {"mode": value}
    doc["players"][0]["pyramid"][0][0]["note"] = value
    (work / "g.json").write_text(json.dumps(doc), encoding="utf-8")
    first = json.loads(orbis(work, "convert", "--rules", "pack.orbis", "g.json", "--to", "json").stdout)
    text = orbis(work, "convert", "--rules", "pack.orbis", "g.json", "-o", "g.orbisgame")
    assert text.exit_code == 0
    back = orbis(work, "convert", "--rules", "pack.orbis", "g.orbisgame", "--to", "json")
    assert back.exit_code == 0, back.stderr
    assert json.loads(back.stdout) == first


# Regression test for a bug this suite found (fixed in 79012a9). It was: grammar/game.lark `variant: "variant" WORD`
# cannot hold a variant name with a hyphen or a space; examples/variants/valid_custom.orbis declares "3p-purple", so
# `convert` writes `variant 3p-purple`, which does not parse (use `label` and _label())
def test_a_pack_variant_name_survives_the_notation(work):
    doc = json.loads((ROOT / "examples" / "games" / "3p-idle-hands-deserts.json").read_text(encoding="utf-8"))
    doc["variant"] = "3p-purple"
    (work / "g.json").write_text(json.dumps(doc), encoding="utf-8")
    pack = ROOT / "examples" / "variants" / "valid_custom.orbis"
    assert orbis(work, "score", "--rules", pack, "g.json", "--json").exit_code == 0
    assert orbis(work, "convert", "--rules", pack, "g.json", "-o", "g.orbisgame").exit_code == 0
    back = orbis(work, "convert", "--rules", pack, "g.orbisgame", "--to", "json")
    assert back.exit_code == 0, back.stderr
    assert json.loads(back.stdout)["variant"] == "3p-purple"


# ---- a value given twice ----------------------------------------------------------------------------------------

# Regression test for a bug this suite found (fixed in 79012a9). It was: records.read_json_text uses plain
# json.loads, so a key repeated in one object keeps only its last value, silently (use object_pairs_hook to refuse
# duplicates at their JSON path)
@pytest.mark.parametrize("old,new", [
    ('"worshippers": 0,', '"worshippers": 0, "worshippers": 9,'),
    ('"title": "First game with the new box",', '"title": "First game with the new box", "title": "Other",'),
    ('"cp": 2, "need": 1,', '"cp": 2, "cp": 5, "need": 1,'),
])
def test_a_key_given_twice_in_json_is_an_error(work, old, new):
    text = (SEEDS / "2p-first-game-new-box.json").read_text(encoding="utf-8")
    assert old in text
    (work / "twice.json").write_text(text.replace(old, new, 1), encoding="utf-8")
    result = orbis(work, "score", "twice.json", "--json")
    assert result.exit_code == 2 and "twice.json" in result.stderr


# Regression test for a bug this suite found (fixed in 79012a9). It was: notation.py _Builder keeps the last of two
# values for one field: `mystic=11 mystic=5`, a positional value then the same field by name (`… 6 cp=9`), and a
# second `game`/`option` line all overwrite silently (document() and tile() should report 'given twice')
@pytest.mark.parametrize("old,new", [
    ("white temple 2 mystic=11", "white temple 2 mystic=11 mystic=5"),
    ("green forest 3 blue/yellow 6", "green forest 3 blue/yellow 6 cp=9"),
    ("white temple 2 mystic=11", "white temple 2 mystic=11 icons=3"),
    ("variant 4p", 'variant 4p\ngame "Another title"'),
    ("variant 4p", "variant 4p\noption temple_count = tiles\noption temple_count = icons"),
])
def test_a_field_given_twice_in_the_notation_is_an_error(work, old, new):
    text = (SEEDS / "quickstart-4p.orbisgame").read_text(encoding="utf-8")
    assert old in text
    (work / "twice.orbisgame").write_text(text.replace(old, new, 1), encoding="utf-8")
    result = orbis(work, "score", "twice.orbisgame", "--json")
    assert result.exit_code == 2 and "twice.orbisgame:" in result.stderr
