"""The pad's API for the score-sheet games (Terra Mystica's `tm-final/1`, Mondo's `mondo-rounds/1`): the same
reports as `orbis score`, the declarations the form is built from, and malformed records refused with the CLI's
located diagnostics (a JSON path, or a line and column, and a suggestion for a near-miss name)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient

from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.serve.app import create_app

TM = "examples/terra-mystica/2p-basic.json"
TM_TEXT = "examples/terra-mystica/3p-map-shipping-bridge.tmgame"
MONDO = "examples/mondo/counts-beginner-2p.json"
MONDO_SOLO = "examples/mondo/counts-solo-level2.json"
SHEETS = [TM, TM_TEXT, "examples/terra-mystica/5p-alchemists.json", MONDO, MONDO_SOLO,
          "examples/mondo/counts-expert-2p-tasks.json", "examples/mondo/grid-beginner-2p.json"]


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(base_rules()))


def doc_of(repo_root, path: str) -> dict:
    return json.loads((repo_root / path).read_text())


@pytest.mark.parametrize("game", SHEETS)
def test_score_equals_the_cli_report(client, orbis, repo_root, game):
    cli = orbis("score", "--json", game)
    assert cli.exit_code == 0, cli.stderr
    answer = client.post("/api/score", content=(repo_root / game).read_bytes())
    assert answer.status_code == 200
    assert answer.json() == json.loads(cli.stdout)


def test_mondo_notation_scores_too(client, orbis):
    text = orbis("convert", MONDO, "--to", "text").stdout
    assert text.startswith("game mondo")
    answer = client.post("/api/score", content=text.encode())
    assert answer.status_code == 200
    assert answer.json() == json.loads(orbis("score", "--json", MONDO).stdout)


def test_games_are_listed_orbis_first(client):
    games = client.get("/api/games").json()
    assert games[0] == {"id": "orbis", "title": "Orbis", "sheet": False}
    assert {"id": "terra-mystica", "title": "Terra Mystica", "sheet": True} in games
    assert {"id": "mondo", "title": "Mondo", "sheet": True} in games


def test_terra_mystica_declares_its_sheet(client):
    rules = client.get("/api/rules?game=terra-mystica").json()
    assert rules["sheet"] and rules["record_format"] == "tm-final/1" and rules["rounds"] is None
    facts = {f["name"]: f for f in rules["facts"]}
    assert (facts["cults"]["form"], facts["cults"]["low"], facts["cults"]["high"], facts["cults"]["members"]) == (
        "int", 0, 10, ["fire", "water", "earth", "air"])
    assert facts["power"]["members"] == ["I", "II", "III"] and facts["power"]["high"] == 12
    assert facts["network"]["optional"] and not facts["vp"]["optional"]
    assert facts["favor_tiles"]["form"] == "list" and "FAV1" in facts["favor_tiles"]["choices"]
    assert facts["scoring_tiles"]["level"] == "game"
    assert facts["structures"]["form"] is None  # map positions: not asked by the form
    assert rules["family"]["key"] == "faction"
    assert {"name": "halflings", "title": "Halflings"} in rules["family"]["pieces"]
    # final_tile: the Fire & Ice tile's prize (0 in a base game), named by the record's edition and final_tile
    assert [s["name"] for s in rules["scores"]] == ["vp", "cults", "network", "resources", "final_tile"]
    assert facts["edition"]["level"] == facts["final_tile"]["level"] == "game"
    assert rules["options"] == [{"name": "tiebreak", "type": "enum", "default": "shared",
                                 "choices": ["shared", "resources"]}]


def test_mondo_declares_rounds_and_its_levels(client):
    rules = client.get("/api/rules?game=mondo").json()
    assert (rules["rounds"], rules["rounds_also"], rules["family"]) == (3, 1, None)
    facts = {f["name"]: f for f in rules["facts"]}
    assert facts["card"]["level"] == "round" and facts["card"]["key"] == "modifier"
    assert facts["tasks"]["form"] == "held" and facts["tasks"]["flag"] == "done"
    assert facts["tasks"]["printed"]["T07"] == {"points": 4}  # what the card prints, by the rules: a record may differ
    assert facts["tasks_revealed"]["printed"] == {}
    assert facts["volcanoes"]["members"] == ["active", "inactive"]
    assert facts["animals"]["counted"]  # derived from a board, typed as a count at the counts level
    assert (facts["chip"]["low"], facts["chip"]["high"], facts["chip"]["optional"]) == (1, 4, True)
    levels = next(o for o in rules["options"] if o["name"] == "level")
    assert "solo" in levels["choices"]


def test_an_unknown_game_is_a_404_with_a_suggestion(client):
    answer = client.get("/api/rules?game=terra-mistica")
    assert answer.status_code == 404
    assert answer.json()["errors"][0]["hint"] == "did you mean 'terra-mystica'?"


def test_a_record_naming_an_unknown_game_is_located(client, repo_root):
    doc = doc_of(repo_root, MONDO) | {"game": "mondoo"}
    [error] = client.post("/api/score", json=doc).json()["errors"]
    assert (error["path"], error["hint"]) == ("$.game", "did you mean 'mondo'?")


def test_out_of_range_and_misspelt_values_get_their_json_paths(client, repo_root):
    doc = doc_of(repo_root, TM)
    doc["players"][0]["cults"]["fire"] = 11
    doc["players"][1]["faction"] = "darklins"
    answer = client.post("/api/score", json=doc)
    assert answer.status_code == 422
    errors = {e["path"]: e for e in answer.json()["errors"]}
    assert errors["$.players[0].cults.fire"]["message"] == "cult positions: 11 is out of range; expected 0 to 10"
    assert errors["$.players[1].faction"]["hint"] == "did you mean 'darklings'?"
    assert errors["$.players[1].faction"]["rendered"].startswith("request: $.players[1].faction: error:")


def test_a_rule_the_sheet_breaks_is_refused_at_the_fact_it_reads(client, repo_root):
    doc = doc_of(repo_root, TM)
    doc["players"][1]["power"] = [6, 6, 6]
    [error] = client.post("/api/score", json=doc).json()["errors"]
    assert (error["path"], error["message"]) == ("$.players[1].power", "the power bowls hold more than 12 tokens")


def test_broken_mondo_json_is_located_by_line_and_column(client, repo_root):
    text = (repo_root / MONDO).read_text().replace('"chip": 4},', '"chip": 4,,', 1)
    answer = client.post("/api/score", content=text.encode())
    assert answer.status_code == 422
    [error] = answer.json()["errors"]
    assert error["line"] == 3 and error["column"] > 1
    assert "^" in error["rendered"]


def test_a_terra_mystica_notation_typo_is_located_by_line_and_column(client, repo_root):
    text = (repo_root / TM_TEXT).read_text()
    assert "witches" in text
    answer = client.post("/api/score", content=text.replace("witches", "wiches", 1).encode())
    assert answer.status_code == 422
    [error] = answer.json()["errors"]
    assert error["line"] >= 1 and error["column"] >= 1
    assert error["hint"] == "did you mean 'witches'?"


def test_two_players_with_one_bonus_chip_are_refused_at_the_second_chip(client, repo_root):
    doc = doc_of(repo_root, MONDO)
    doc["rounds"][0]["players"][1]["chip"] = 4
    [error] = client.post("/api/score", json=doc).json()["errors"]
    assert error["path"] == "$.rounds[0].players[1].chip"
    assert error["message"] == "Ann holds bonus chip 4 in this round too: each chip is taken once"


def test_check_gives_each_warning_its_player(client, repo_root):
    doc = doc_of(repo_root, MONDO)
    doc["rounds"][1]["players"][1].update(animals=24, empty=5)
    body = client.post("/api/check", json=doc).json()
    assert body["finished"] and not body["errors"]
    assert body["report"]["warnings"] == [{"where": "Bo, round 2", "player": 1,
                                           "message": "more animals than tiles placed: a tile shows at most one"}]


def test_check_of_a_sheet_still_being_typed_scores_it_with_what_is_missing_listed(client, repo_root):
    doc = doc_of(repo_root, TM)
    del doc["players"][0]["network"]
    answer = client.post("/api/check", json=doc)
    body = answer.json()
    assert answer.status_code == 200 and body["finished"] is False and body["partial"] is True
    assert body["errors"] == []  # not typed yet is no error
    assert body["missing"] == [{"path": "$.players[0].network", "player": 0, "round": None, "key": "network",
                                "title": "largest network"}]
    # The total so far counts the network as 0: Ann's network award goes to the others.
    doc["players"][0]["network"] = 0
    assert [p["total"] for p in body["report"]["players"]] == [
        p["total"] for p in client.post("/api/score", json=doc).json()["players"]]


def test_a_wrong_value_is_an_error_and_the_rest_is_still_scored_with_its_warnings(client, repo_root):
    doc = doc_of(repo_root, MONDO)
    doc["rounds"][0]["players"][0]["animals"] = 30  # out of range
    doc["rounds"][1]["players"][1].update(animals=24, empty=5)  # a warning elsewhere
    body = client.post("/api/check", json=doc).json()
    assert [e["path"] for e in body["errors"]] == ["$.rounds[0].players[0].animals"]
    assert body["partial"] and not body["finished"]
    assert [w["where"] for w in body["report"]["warnings"]] == ["Bo, round 2"]  # not hidden by the error


def test_check_says_which_facts_the_level_asks(client):
    def sheet(level, players=3):
        player = {"animals": 0, "enclosed": 0, "empty": 0, "mismatches": 0, "volcanoes": {"active": 0, "inactive": 0}}
        return {"format": "mondo-rounds/1", "game": "mondo", "options": {"level": level},
                "rounds": [{"players": [{"name": n, **player} for n in "ABC"[:players]]} for _ in range(3)]}
    advanced = client.post("/api/check", json=sheet("advanced")).json()
    assert set(advanced["shown"]) == {"animals", "enclosed", "empty", "mismatches", "volcanoes", "modifier", "chip"}
    assert len(advanced["missing"]) == 9  # each player's modifier measure, each round
    beginner = client.post("/api/check", json=sheet("beginner")).json()
    assert "modifier" not in beginner["shown"] and "tasks" not in beginner["shown"]
    assert not any(k.startswith("shaded") for k in advanced["shown"] + beginner["shown"])


def test_an_empty_expert_sheet_is_scored_with_the_revealed_tasks_missing_and_asks_only_the_experts_facts(client):
    player = {"animals": 0, "enclosed": 0, "empty": 0, "mismatches": 0, "volcanoes": {"active": 0, "inactive": 0}}
    sheet = {"format": "mondo-rounds/1", "game": "mondo", "options": {"level": "expert"},
             "rounds": [{"players": [{"name": n, **player} for n in "AB"]} for _ in range(3)]}
    body = client.post("/api/check", json=sheet).json()
    assert body["partial"] and not body["errors"] and body["report"]
    assert set(body["shown"]) == {"animals", "enclosed", "empty", "mismatches", "volcanoes", "modifier", "chip",
                                  "tasks", "tasks_revealed"}  # no solo game's shaded spaces
    assert [m["path"] for m in body["missing"] if m["key"] == "tasks_revealed"] == [
        f"$.rounds[{r}].tasks_revealed" for r in range(3)]
    # A task held before the revealed ones are typed: it is among those stood in for, so the sheet still scores.
    sheet["rounds"][1]["players"][0]["tasks"] = [{"id": "T09", "done": True}]
    held = client.post("/api/check", json=sheet).json()
    assert held["partial"] and not held["errors"]
    assert held["report"]["players"][0]["rounds"][1] > body["report"]["players"][0]["rounds"][1]
    sheet["rounds"][1]["players"][1]["tasks"] = [{"id": ["not", "a", "name"]}]  # answered, never raised
    assert client.post("/api/check", json=sheet).status_code == 422
    del sheet["rounds"][1]["players"][1]["tasks"]
    # Revealed tasks typed: none is missing any more, and a wrong count is the rules' refusal, not a stand-in.
    for round_ in sheet["rounds"]:
        round_["tasks_revealed"] = ["T05", "T06", "T07", "T08"]
    assert not any(m["key"] == "tasks_revealed" for m in client.post("/api/check", json=sheet).json()["missing"])
    sheet["rounds"][0]["tasks_revealed"] = ["T05"]
    refused = client.post("/api/check", json=sheet).json()
    assert "the expert game reveals 2 tasks per player each round" in [e["message"] for e in refused["errors"]]


@pytest.mark.parametrize(("game", "suffix"), [(TM, ".tmgame"), (MONDO, ".mondo"), (MONDO_SOLO, ".mondo")])
def test_exports_score_as_the_original_does(client, orbis, repo_root, tmp_path, game, suffix):
    expected = json.loads(orbis("score", "--json", game).stdout)
    for to, ending in (("json", ".json"), ("text", suffix)):
        answer = client.post(f"/api/export?to={to}", content=(repo_root / game).read_bytes())
        assert answer.status_code == 200
        name = answer.headers["content-disposition"].split('filename="')[1].rstrip('"')
        assert name.endswith(ending)
        saved = tmp_path / f"again{ending}"
        saved.write_bytes(answer.content)
        again = orbis("score", "--json", saved)
        assert again.exit_code == 0, again.stderr
        assert json.loads(again.stdout) == expected


@pytest.mark.parametrize("game", [TM, MONDO])
def test_images_of_a_sheet(client, repo_root, game):
    svg = client.post("/api/export?to=svg", content=(repo_root / game).read_bytes())
    assert svg.headers["content-type"].startswith("image/svg+xml") and svg.text.startswith("<svg")
    pytest.importorskip("PIL")
    png = client.post("/api/export?to=png", content=(repo_root / game).read_bytes())
    assert png.status_code == 200 and png.headers["content-type"] == "image/png"
    assert png.content[:8] == b"\x89PNG\r\n\x1a\n"


def test_import_reads_a_notation_into_the_json_record(client, repo_root):
    answer = client.post("/api/import", content=(repo_root / TM_TEXT).read_bytes())
    assert answer.status_code == 200
    body = answer.json()
    assert body["game"] == "terra-mystica"
    twin = json.loads((repo_root / TM_TEXT.replace(".tmgame", ".json")).read_text())
    assert body["record"]["players"][0]["vp"] == twin["players"][0]["vp"]
    assert body["record"]["players"][0]["structures"]["D"] == twin["players"][0]["structures"]["D"]


def test_import_of_an_orbis_record(client, repo_root):
    text = (repo_root / "examples/games/2p-sunday-lunch.orbisgame").read_bytes()
    body = client.post("/api/import", content=text).json()
    assert body["game"] == "orbis" and body["record"]["format"] == "orbis-game/1"


def test_import_refuses_a_broken_record_with_its_place(client):
    answer = client.post("/api/import", json={"format": "tm-final/1", "game": "terra-mystica",
                                              "players": [{"name": "Ann", "vp": "x"}]})
    assert answer.status_code == 422
    assert any(e.get("path", "").startswith("$.players[0]") for e in answer.json()["errors"])


def test_import_turns_a_mondo_board_into_its_counts(client, orbis, repo_root):
    grid = "examples/mondo/grid-beginner-2p.json"
    body = client.post("/api/import", content=(repo_root / grid).read_bytes()).json()
    first = body["record"]["rounds"][0]["players"][0]
    assert "animals" in first and not any(isinstance(v, list) and v and isinstance(v[0], list)
                                          for v in first.values())
    again = client.post("/api/score", json=body["record"]).json()
    original = json.loads(orbis("score", "--json", grid).stdout)
    totals = [{k: p[k] for k in ("name", "total", "rounds", "place")} for p in original["players"]]
    assert [{k: p[k] for k in ("name", "total", "rounds", "place")} for p in again["players"]] == totals
    assert again["winners"] == original["winners"]


def test_import_names_the_file_the_page_sent_in_its_messages(client, repo_root):
    text = (repo_root / TM_TEXT).read_text().replace("witches", "wiches", 1)
    # Folders, line breaks and bidi overrides are left out; no name is the request.
    for sent, shown in (("3p game.tmgame", "3p game.tmgame"), ("../../etc/x\u202e\n.txt", "x.txt"), ("", "request")):
        [error] = client.post("/api/import", params={"name": sent}, content=text.encode()).json()["errors"]
        assert error["where"].startswith(f"{shown}:") and error["rendered"].startswith(f"{shown}:"), error["where"]


def test_a_faction_not_chosen_asks_for_one(client, repo_root):
    doc = doc_of(repo_root, TM)
    del doc["players"][0]["faction"]
    doc["players"][1]["faction"] = None
    errors = {e["path"]: e for e in client.post("/api/check", json=doc).json()["errors"]}
    assert errors["$.players[0].faction"]["message"] == "missing key 'faction': choose a faction for this player"
    assert errors["$.players[1].faction"]["message"] == "choose a faction for this player"
    assert errors["$.players[1].faction"]["hint"].startswith("one of alchemists, auren")


@pytest.mark.parametrize("name", [{}, [1], True])
@pytest.mark.parametrize("endpoint", ["/api/score", "/api/check", "/api/import", "/api/export?to=text"])
def test_a_player_name_that_is_not_a_string_is_a_422_at_its_path(client, repo_root, name, endpoint):
    doc = doc_of(repo_root, MONDO)
    doc["rounds"][1]["players"][0]["name"] = name
    answer = client.post(endpoint, json=doc)
    assert answer.status_code == 422
    assert [e["path"] for e in answer.json()["errors"]] == ["$.rounds[1].players[0].name"]
