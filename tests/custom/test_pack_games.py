"""A rule pack is laid over the game it extends (`extends "ID"`; none: Orbis), and `orbis score --rules PACK`
scores a record under it only when the record is a game of that one (issue 11, item 3).

The packs are the house rules in examples/terra-mystica/ and examples/mondo/; broken packs are in
tests/corpus/packs/. Each refusal's stderr is kept as a snapshot.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TM_PACK = "examples/terra-mystica/house-rule-coins.orbis"
MONDO_PACK = "examples/mondo/house-rule-empty-spaces.orbis"
ORBIS_PACK = "examples/custom/pack"
TM_RECORDS = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "examples" / "terra-mystica").glob("*.json"))
MONDO_RECORDS = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "examples" / "mondo").glob("*.json"))


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("ORBIS_CACHE_DIR", str(tmp_path / "cache"))


def scored(orbis, *args) -> dict:
    result = orbis("score", "--json", *args)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def test_the_examples_are_there():
    assert len(TM_RECORDS) >= 5 and len(MONDO_RECORDS) >= 5


# ---- a Terra Mystica pack ----------------------------------------------------------------------------------


def test_a_terra_mystica_pack_checks_over_terra_mystica(orbis):
    result = orbis("check", "--rules", TM_PACK)
    assert result.exit_code == 0, result.stderr
    assert "14 factions" in result.stdout  # Terra Mystica's rules, not Orbis's kinds and gods


def test_a_terra_mystica_pack_changes_the_coin_rate(orbis):
    base = scored(orbis, "examples/terra-mystica/2p-basic.json")
    packed = scored(orbis, "--rules", TM_PACK, "examples/terra-mystica/2p-basic.json")
    assert [p["resources"] for p in base["players"]] == [4, 6]
    # 2 coins a point: Ann's 13 resources make 6, Bo's 18 make 9
    assert [p["resources"] for p in packed["players"]] == [6, 9]
    assert [p["total"] for p in packed["players"]] == [144, 142]


@pytest.mark.parametrize("record", TM_RECORDS)
def test_the_coin_rate_moves_only_the_resources_column(orbis, record):
    base = {p["name"]: p for p in scored(orbis, record)["players"]}
    packed = {p["name"]: p for p in scored(orbis, "--rules", TM_PACK, record)["players"]}
    assert packed.keys() == base.keys()
    for name, player in packed.items():
        before = base[name]
        assert (player["vp"], player["cults"], player["network"]) == (before["vp"], before["cults"], before["network"])
        assert player["resources"] >= before["resources"]
        assert player["total"] - before["total"] == player["resources"] - before["resources"]


def test_a_terra_mystica_text_record_is_scored_under_the_pack(orbis):
    record = "examples/terra-mystica/3p-map-shipping-bridge.tmgame"
    base, packed = orbis("score", record), orbis("score", "--rules", TM_PACK, record)
    assert base.exit_code == packed.exit_code == 0, packed.stderr
    assert base.stdout != packed.stdout


# ---- a Mondo pack ------------------------------------------------------------------------------------------


def _empty_spaces(report: dict) -> dict[str, int]:
    return {p["name"]: sum(line["cp"] for line in p["lines"] if line["what"] == "empty") for p in report["players"]}


@pytest.mark.parametrize("record", MONDO_RECORDS)
def test_a_mondo_pack_doubles_what_empty_spaces_cost(orbis, record):
    base = scored(orbis, record)
    packed = scored(orbis, "--rules", MONDO_PACK, record)
    before, after = _empty_spaces(base), _empty_spaces(packed)
    assert after == {name: 2 * cp for name, cp in before.items()}
    # (totals move by more than the empty spaces: a volcano's points depend on who led the round before)
    if any(before.values()):
        assert [p["total"] for p in packed["players"]] != [p["total"] for p in base["players"]]


def test_the_mondo_example_has_empty_spaces_to_double(orbis):
    assert any(_empty_spaces(scored(orbis, "examples/mondo/grid-beginner-2p.json")).values())


def test_a_mondo_pack_converts_a_record_of_rounds(orbis):
    result = orbis("convert", "--rules", MONDO_PACK, "examples/mondo/grid-beginner-2p.json")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("game mondo\n")


# ---- a record of another game than the pack's ---------------------------------------------------------------

MISMATCHES = {
    "orbis-text-under-a-tm-pack": (TM_PACK, "examples/custom/duel.orbisgame"),
    "orbis-json-under-a-tm-pack": (TM_PACK, "examples/games/4p-club-night-shared-win.json"),
    "mondo-json-under-a-tm-pack": (TM_PACK, "examples/mondo/grid-beginner-2p.json"),
    "tm-text-under-a-mondo-pack": (MONDO_PACK, "examples/terra-mystica/3p-map-shipping-bridge.tmgame"),
    "tm-json-under-an-orbis-pack": (ORBIS_PACK, "examples/terra-mystica/2p-basic.json"),
}


@pytest.mark.parametrize("case", MISMATCHES)
def test_a_record_of_another_game_is_refused_where_it_names_its_game(orbis, case, snapshot):
    pack, record = MISMATCHES[case]
    result = orbis("score", "--rules", pack, record)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert isinstance(result.exception, SystemExit)
    first = result.stderr.splitlines()[0]
    if record.endswith(".json"):
        assert first.startswith(f"{record}: $")  # the JSON path of "game" (or of the record, naming none)
    else:
        assert first.startswith(f"{record}:1:1: error: ") or first.startswith(f"{record}:4:1: error: ")
    assert f"extends {'orbis' if pack == ORBIS_PACK else 'terra-mystica' if pack == TM_PACK else 'mondo'}" in first
    assert "= score it without --rules, or with a pack that says `extends" in result.stderr
    assert result.stderr == snapshot


def test_a_mismatch_costs_the_other_records_of_a_batch_nothing(orbis):
    good, other = "examples/terra-mystica/2p-basic.json", "examples/mondo/grid-beginner-2p.json"
    result = orbis("score", "--json", "--rules", TM_PACK, other, good)
    assert result.exit_code == 2
    assert [json.loads(line)["format"] for line in result.stdout.splitlines()] == ["tm-score/1"]
    assert result.stderr.startswith(f"{other}: $.game: error: this record is a game of mondo")


def test_convert_refuses_a_mismatch_alike(orbis):
    pack, record = MISMATCHES["mondo-json-under-a-tm-pack"]
    score, convert = orbis("score", "--rules", pack, record), orbis("convert", "--rules", pack, record)
    assert convert.exit_code == 2 and convert.stdout == ""
    assert convert.stderr == score.stderr.replace("1 of 1 files could not be scored\n", "")


# ---- packs that say it wrong, and commands made for games of tiles -----------------------------------------


@pytest.mark.parametrize("pack", ["tests/corpus/packs/extends-unknown-game.orbis", "tests/corpus/packs/extends-twice"])
def test_a_pack_naming_its_game_wrongly_is_located(orbis, pack, snapshot):
    for command in ("check", "score"):
        args = [command, "--rules", pack] + (["examples/terra-mystica/2p-basic.json"] if command == "score" else [])
        result = orbis(*args)
        assert result.exit_code == 2 and result.stdout == ""
        assert "Traceback" not in result.stderr
        assert result.stderr.startswith(f"{pack}/b.orbis:2:1: error: " if pack.endswith("twice")
                                        else f"{pack}:2:1: error: unknown game 'terra-mistica'")
    assert result.stderr == snapshot


@pytest.mark.parametrize("command", [["simulate"], ["enter", "-o", "unused.orbisgame"]])
def test_commands_for_games_of_tiles_refuse_a_pack_over_a_game_of_sheets(orbis, command, tmp_path):
    result = orbis(*command, "--rules", TM_PACK)
    assert result.exit_code == 2, result.stdout
    assert "Traceback" not in result.stderr
    assert f"{TM_PACK} extends terra-mystica, a game of score sheets" in result.stderr
    assert not Path("unused.orbisgame").exists()


def test_the_rules_of_a_pack_over_a_game_of_sheets_are_that_games(orbis):
    """`orbis rules` lists such a pack by its facts and awards, and gives its game's generated schema."""
    listed = orbis("rules", "--rules", TM_PACK)
    assert listed.exit_code == 0 and "award     cult: Cult track" in listed.stdout
    schema = orbis("rules", "--schema", "game", "--rules", TM_PACK)
    assert schema.exit_code == 0 and '"tm-final/1"' in schema.stdout


def test_a_pack_that_names_no_game_still_extends_orbis(orbis):
    result = orbis("score", "--rules", ORBIS_PACK, "examples/custom/duel.orbisgame")
    assert result.exit_code == 0, result.stderr


@pytest.mark.parametrize("pack", [TM_PACK, MONDO_PACK])
def test_a_pack_checked_on_its_own_is_checked_over_the_game_it_extends(orbis, pack):
    """A pack says which game it extends, so `orbis check PACK` needs no --rules: the same check, with a note."""
    result = orbis("check", pack)
    assert result.exit_code == 0, result.stderr
    assert f"note: {pack} is a rule pack (it says `extends`)" in result.stderr
    assert result.stdout == orbis("check", "--rules", pack).stdout

