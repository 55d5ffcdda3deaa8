"""The scoring pad's HTTP API: good and malformed records, the request-size limit, the rule declarations."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")  # what Starlette's TestClient drives the app with

from starlette.testclient import TestClient

from orbis_dsl.language.ruleset import base_rules
from orbis_dsl.serve.app import MAX_BODY, create_app

GAMES = ["examples/games/2p-first-game-new-box.json", "examples/games/4p-friday-at-anas.orbisgame",
         "examples/games/3p-idle-hands-deserts.json"]


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app(base_rules()))


@pytest.mark.parametrize("game", GAMES)
def test_score_equals_the_cli_report(client, orbis, repo_root, game):
    cli = orbis("score", "--json", game)
    assert cli.exit_code == 0, cli.stderr
    answer = client.post("/api/score", content=(repo_root / game).read_bytes())
    assert answer.status_code == 200
    assert answer.json() == json.loads(cli.stdout)


def test_malformed_json_is_located_like_the_cli(client):
    answer = client.post("/api/score", content=b'{"format": "orbis-game/1",\n "players": [}')
    assert answer.status_code == 422
    [error] = answer.json()["errors"]
    assert (error["line"], error["column"]) == (2, 14)
    assert error["rendered"].startswith("request:2:14: error: not valid JSON")
    assert "^" in error["rendered"]


def test_unknown_god_gets_the_json_path_and_a_suggestion(client, repo_root):
    doc = json.loads((repo_root / GAMES[0]).read_text())
    doc["players"][1]["god"] = "lov"
    answer = client.post("/api/score", json=doc)
    assert answer.status_code == 422
    [error] = answer.json()["errors"]
    assert error["path"] == "$.players[1].god"
    assert error["hint"] == "did you mean 'love'?"


def test_notation_with_a_typo_is_located_by_line_and_column(client, repo_root):
    text = (repo_root / "examples/games/2p-sunday-lunch.orbisgame").read_text().replace("god harvests", "god harvets")
    answer = client.post("/api/score", content=text.encode())
    assert answer.status_code == 422
    [error] = answer.json()["errors"]
    assert (error["line"], error["column"], error["hint"]) == (6, 17, "did you mean 'harvests'?")
    assert error["rendered"] == ("request:6:17: error: unknown god 'harvets'\n"
                                 "   6 | player Lena god harvets worshippers 4\n"
                                 "                       ^^^^^^^\n"
                                 "  = did you mean 'harvests'?")


def test_a_body_over_the_limit_is_refused_before_reading(client):
    answer = client.post("/api/score", content=b" " * (MAX_BODY + 1))
    assert answer.status_code == 413
    assert "too large" in answer.json()["errors"][0]["message"]


def test_a_streamed_body_over_the_limit_is_refused(client):
    def chunks():  # no Content-Length: the limit must hold while reading
        for _ in range(MAX_BODY // 1000 + 2):
            yield b" " * 1000
    answer = client.post("/api/score", content=chunks())
    assert answer.status_code == 413


def test_rules_lists_the_declarations_a_form_is_built_from(client):
    rules = client.get("/api/rules").json()
    assert rules["board"] == [5, 4, 3, 2]
    forest = next(k for k in rules["kinds"] if k["name"] == "forest")
    colors = next(p for p in forest["params"] if p["name"] == "colors")
    assert (colors["type"], colors["size"], colors["required"]) == ("colors", 2, True)
    assert next(g for g in rules["gods"] if g["name"] == "death")["cancellable"] is True
    assert {v["name"] for v in rules["variants"]} >= {"2p", "3p", "4p"}


def test_check_scores_an_unfinished_table_and_places_each_message(client, repo_root):
    doc = json.loads((repo_root / GAMES[0]).read_text())
    quinn = doc["players"][0]["pyramid"]
    quinn[3][0] = quinn[3][1] = None  # the top row is not entered yet
    doc["players"][1]["pyramid"][1][0]["cp"] = "three"  # a typo on Rafa's forest
    doc["players"][1]["pyramid"][2][2] = {"kind": "stone", "color": "blue"}  # rests on white and green
    answer = client.post("/api/check", json=doc).json()
    assert answer["finished"] is False
    [error] = answer["errors"]
    assert error["tile"] == {"player": 1, "row": 1, "index": 0}
    placement = next(w for w in answer["report"]["warnings"] if "rests on" in w["message"])
    assert placement["tiles"] == [{"player": 1, "row": 2, "index": 2}]
    # Quinn's total so far is the finished total less the two top tiles (the cancelled volcano and the farm
    # score nothing), and the tiles left out are not counted.
    quinn_so_far = answer["report"]["players"][0]
    assert quinn_so_far["total"] == 30
    assert not any(line["where"].startswith("row 4") for line in quinn_so_far["lines"])


def test_check_refuses_what_is_wrong_outside_the_tiles(client):
    answer = client.post("/api/check", json={"format": "orbis-game/1", "players": "Ana"})
    assert answer.status_code == 422
    assert answer.json()["errors"][0]["path"] == "$.players"


@pytest.mark.parametrize("to, media, suffix", [("json", "application/json", ".json"),
                                               ("text", "text/plain", ".orbisgame"), ("svg", "image/svg+xml", ".svg")])
def test_export_offers_a_download(client, repo_root, to, media, suffix):
    answer = client.post(f"/api/export?to={to}", content=(repo_root / GAMES[0]).read_bytes())
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith(media)
    assert answer.headers["content-disposition"] == f'attachment; filename="first-game-with-the-new-box{suffix}"'


def test_export_round_trips_through_the_scorer(client, repo_root):
    record = (repo_root / GAMES[1]).read_bytes()
    for to in ("json", "text"):
        exported = client.post(f"/api/export?to={to}", content=record).content
        assert client.post("/api/score", content=exported).json() == client.post("/api/score", content=record).json()


def test_export_to_an_unknown_format_is_a_400(client, repo_root):
    answer = client.post("/api/export?to=pdf", content=(repo_root / GAMES[0]).read_bytes())
    assert answer.status_code == 400


def test_the_page_may_load_only_its_own_files(client):
    page = client.get("/")
    assert page.status_code == 200
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["x-content-type-options"] == "nosniff"
    assert client.get("/static/app.js").status_code == 200


def test_only_post_scores(client):
    assert client.get("/api/score").status_code == 405


@pytest.mark.parametrize("method, path, status", [("get", "/api/nope", 404), ("get", "/static/nothing-here.js", 404),
                                                  ("get", "/static/", 404), ("get", "/api/score", 405),
                                                  ("post", "/api/rules", 405)])
def test_a_refusal_of_the_server_itself_is_json_too(client, method, path, status):
    answer = getattr(client, method)(path)
    assert answer.status_code == status
    assert answer.headers["content-type"] == "application/json"
    (error,) = answer.json()["errors"]
    assert error["where"] == "request" and path in error["message"]
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    if status == 405:
        assert answer.headers["allow"]


def test_a_local_pad_answers_only_requests_addressed_to_this_computer():
    local = TestClient(create_app(base_rules(), local_only=True), base_url="http://127.0.0.1:8000")
    assert local.get("/api/rules").status_code == 200
    assert local.get("/api/rules", headers={"host": "localhost:8000"}).status_code == 200
    # A page elsewhere that points its own name at 127.0.0.1 (DNS rebinding) is refused.
    refused = local.get("/api/rules", headers={"host": "attacker.example"})
    assert refused.status_code == 400 and "invalid host header" in refused.json()["errors"][0]["message"]


def test_a_rule_pack_brings_its_own_kinds_to_the_form_and_scores_under_them(orbis, repo_root, tmp_path,
                                                                            monkeypatch):
    from orbis_dsl.language.packs.load import load_pack

    monkeypatch.setenv("ORBIS_CACHE_DIR", str(tmp_path))
    rules, _ = load_pack(repo_root / "examples/custom/pack")
    pack = TestClient(create_app(rules))
    kinds = {k["name"]: k for k in pack.get("/api/rules").json()["kinds"]}
    assert kinds["grove"]["title"] == "Sacred Grove"
    assert [(p["name"], p["type"], p["default"]) for p in kinds["grove"]["params"] if p["name"] == "bonus"] == [
        ("bonus", "int", 1)]
    assert "duel" in {v["name"] for v in pack.get("/api/rules").json()["variants"]}
    game = repo_root / "examples/custom/duel.orbisgame"
    cli = orbis("score", "--json", "--rules", "examples/custom/pack", game)
    assert pack.post("/api/score", content=game.read_bytes()).json() == json.loads(cli.stdout)
