"""BG Stats' import file (reports/bgstats.py, `orbis export bgstats`): the shape of schemas/bgstats-1.schema.json,
every score as `orbis score --json` gives it, references that resolve, and uuids that make a re-export add
nothing twice. Every bundled example of the three games goes through it."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path
from urllib.parse import unquote

import pytest
from typer.testing import CliRunner

from orbis_dsl.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
GAMES = {  # every bundled example each game's rules score (examples/custom needs its pack)
    "orbis": sorted([*(EXAMPLES / "games").iterdir(), EXAMPLES / "quickstart-4p.orbisgame"]),
    "terra-mystica": sorted(p for p in (EXAMPLES / "terra-mystica").iterdir() if p.suffix in (".json", ".tmgame")),
    "mondo": sorted((EXAMPLES / "mondo").glob("*.json")),
}
ALL = [path for paths in GAMES.values() for path in paths]
WHEN = "2026-12-03 20:15"


def orbis(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def cli_reports() -> dict[str, dict]:
    """The oracle: `orbis score --json` of every example, one report per line."""
    result = orbis("score", "--json", *ALL)
    assert result.exit_code == 0, result.output
    return {str(path): json.loads(line) for path, line in zip(ALL, result.stdout.splitlines(), strict=True)}


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> dict:
    out = tmp_path_factory.mktemp("bgstats") / "plays.json"
    result = orbis("export", "bgstats", *ALL, "-o", out, "--date", WHEN, "--location", "Ana's", "--minutes", "75")
    assert result.exit_code == 0, result.output
    return json.loads(out.read_text(encoding="utf-8"))


def test_the_file_has_the_schemas_shape(exported):
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((ROOT / "schemas" / "bgstats-1.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(exported)
    # and it round-trips: written and read again, the same document, still valid
    again = json.loads(json.dumps(exported, ensure_ascii=False))
    assert again == exported
    jsonschema.Draft202012Validator(schema).validate(again)


def test_every_play_keeps_every_score_place_and_winner(exported, cli_reports):
    games = {g["id"]: g for g in exported["games"]}
    players = {p["id"]: p for p in exported["players"]}
    plays = exported["plays"]
    # each example is one play (no two examples score the same): matched by game and players' (name, score)
    def shape(game, scores):
        return game, tuple(sorted(scores))
    found = sorted(shape(games[play["gameRefId"]]["name"], [(players[s["playerRefId"]]["name"], int(s["score"]),
                                                             s["rank"], s["winner"], s["seatOrder"])
                                                            for s in play["playerScores"]]) for play in plays)
    titles = {"orbis": "Orbis", "terra-mystica": "Terra Mystica", "mondo": "Mondo"}
    # One game kept in several files (as JSON, as notation, as a sheet of counts) is one play, not several.
    distinct = {(game, json.dumps(_scores(cli_reports[str(path)]), sort_keys=True), _title(path)): path
                for game, paths in GAMES.items() for path in paths}
    expected = sorted(shape(titles[game], [(p["name"], p["total"], p["place"], p["winner"], seat)
                                           for seat, p in enumerate(json.loads(report))])
                      for game, report, _ in distinct)
    assert found == expected
    assert {p.name for p in set(ALL) - set(distinct.values())} == {  # kept: the .tmgame
        "3p-map-shipping-bridge.json", "3p-map-shipping-bridge-sheet.json"}


def _scores(report: dict) -> list[dict]:
    return [{k: v for k, v in p.items() if k != "lines"} for p in report["players"]]


def _title(path: Path) -> str | None:
    from orbis_dsl.records.inputs import read_record

    return read_record(path)[0].title


def test_references_resolve_and_ids_and_uuids_are_unique(exported):
    for kind in ("games", "players", "locations", "plays"):
        uuids = [item["uuid"] for item in exported[kind]]
        assert len(set(uuids)) == len(uuids), kind
    for kind in ("games", "players", "locations"):
        assert [item["id"] for item in exported[kind]] == list(range(1, len(exported[kind]) + 1))
    games = {g["id"] for g in exported["games"]}
    players = {p["id"] for p in exported["players"]}
    locations = {loc["id"] for loc in exported["locations"]}
    assert [loc["name"] for loc in exported["locations"]] == ["Ana's"]
    for play in exported["plays"]:
        assert play["gameRefId"] in games and play["locationRefId"] in locations
        assert play["playDate"] == WHEN + ":00" and play["durationMin"] == 75
        assert all(s["playerRefId"] in players for s in play["playerScores"])
        assert len({s["playerRefId"] for s in play["playerScores"]}) == len(play["playerScores"])


def test_bgg_ids_only_where_certain(exported):
    assert {g["name"]: g["bggId"] for g in exported["games"]} == {"Orbis": 0, "Terra Mystica": 120677, "Mondo": 0}


def test_a_re_export_is_the_same_file_and_a_merge_adds_nothing_twice(tmp_path, exported):
    """The same games again (in another order, with others) keep their uuids: BG Stats recognises them."""
    from orbis_dsl.records.inputs import read_record
    from orbis_dsl.reports.bgstats import bgstats_file, play_of_record

    when = datetime(2026, 12, 3, 20, 15)

    def play(path):
        record, rules, _, _ = read_record(path)
        return play_of_record(record, rules, when, 75, "Ana's")

    whole = bgstats_file([play(p) for p in reversed(ALL)])
    assert whole == exported  # the order of the files given changes nothing
    part = bgstats_file([play(p) for p in ALL[:5]] + [play(ALL[0])])  # a play given twice is written once
    assert len(part["plays"]) == 5
    by_uuid = {p["uuid"]: p for p in exported["plays"]}
    assert all(p["uuid"] in by_uuid for p in part["plays"])
    names = {p["uuid"]: p["name"] for p in exported["players"]}
    assert all(names[p["uuid"]] == p["name"] for p in part["players"])


def test_a_player_is_one_player_across_games_and_spellings():
    from orbis_dsl.reports.bgstats import bgstats_file, play_of

    def report(*names):
        return {"players": [{"name": n, "total": 10 - i, "place": i + 1, "winner": i == 0}
                            for i, n in enumerate(names)]}

    when = datetime(2026, 1, 1, 12, 0)
    plays = [play_of(report("Ana", "Bo"), "orbis", "Orbis", None, when),
             play_of(report("ana ", "Cy"), "mondo", "Mondo", None, when + timedelta(hours=2))]
    made = bgstats_file(plays, me="ANA")
    assert [p["name"] for p in made["players"]] == ["Ana", "Bo", "Cy"]  # as first played
    assert made["userInfo"] == {"meRefId": 1}
    assert [play["playerScores"][0]["playerRefId"] for play in made["plays"]] == [1, 1]
    assert bgstats_file(plays)["userInfo"] == {"meRefId": 0}


def test_the_create_play_link_carries_the_play():
    from orbis_dsl.records.inputs import read_record
    from orbis_dsl.reports.bgstats import LINK, create_play_link, play_of_record

    path = EXAMPLES / "terra-mystica" / "2p-basic.json"
    record, rules, _, _ = read_record(path)
    play = play_of_record(record, rules, datetime(2026, 12, 3, 20, 15), 90, "Club")
    link = create_play_link(play)
    assert link.startswith(LINK) and " " not in link
    data = json.loads(unquote(link[len(LINK):]))
    assert data["sourcePlayId"] == play.uuid
    assert data["game"] == {"name": "Terra Mystica", "bggId": 120677, "highestWins": True, "noPoints": False,
                            "sourceGameId": "terra-mystica"}
    assert data["playDate"] == "2026-12-03 20:15:00" and data["location"] == "Club" and data["durationMin"] == 90
    assert [(p["name"], p["score"], p["winner"], p["rank"]) for p in data["players"]] == [
        (p.name, p.score, p.winner, p.rank) for p in play.scores]
