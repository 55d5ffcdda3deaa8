"""The pad's API without a server (serve/offline.py, what the offline build runs in Pyodide) answers every request as
`orbis serve` does, on every bundled example of the three games; it needs none of the libraries Pyodide lacks; and
POST /api/bgstats, the pad's "Export to BG Stats", on both."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote

import pytest

from orbis_dsl.serve.offline import handle

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted([*(ROOT / "examples" / "games").iterdir(), ROOT / "examples" / "quickstart-4p.orbisgame",
                   *(p for p in (ROOT / "examples" / "terra-mystica").iterdir() if p.suffix in (".json", ".tmgame")),
                   *(ROOT / "examples" / "mondo").glob("*.json")])
NAMES = [p.relative_to(ROOT).as_posix() for p in EXAMPLES]
REQUESTS = [("POST", "/api/score", {}), ("POST", "/api/check", {}), ("POST", "/api/import", {"name": "game.json"}),
            *(("POST", "/api/export", {"to": to}) for to in ("json", "text", "svg", "png")),
            ("POST", "/api/bgstats", {"date": "2026-12-03T20:15", "location": "Club"}),
            ("POST", "/api/bgstats", {"date": "2026-12-03T20:15", "as": "link"})]


@pytest.fixture(scope="module")
def client():
    testclient = pytest.importorskip("starlette.testclient")
    from orbis_dsl.language.ruleset import base_rules
    from orbis_dsl.serve.app import create_app

    return testclient.TestClient(create_app(base_rules()))


def _same(server, offline: dict, png_missing: bool) -> None:
    status = offline["status"]
    if png_missing and status == 501:  # the server has Pillow, the browser draws the PNG itself
        return
    assert server.status_code == status
    assert server.headers["content-type"].split(";")[0] == offline["media"].split(";")[0]
    if offline["filename"]:
        assert server.headers["content-disposition"] == f'attachment; filename="{offline["filename"]}"'
    body = offline["body"]
    assert server.content == (body if isinstance(body, bytes) else body.encode("utf-8"))


@pytest.mark.parametrize("name", NAMES)
def test_every_request_of_every_example_is_answered_as_the_server_does(client, name):
    text = (ROOT / name).read_text(encoding="utf-8")
    for method, path, query in REQUESTS:
        if path == "/api/export" and query["to"] == "png":
            offline = handle(method, path, query, text)
            assert offline["status"] in (200, 501)
            continue
        server = client.request(method, path, params=query, content=text.encode("utf-8"))
        _same(server, handle(method, path, query, text), png_missing=False)


@pytest.mark.parametrize("game", [None, "orbis", "terra-mystica", "mondo", "mondoo"])
def test_the_games_and_each_games_rules_are_the_servers(client, game):
    query = {} if game is None else {"game": game}
    _same(client.get("/api/rules", params=query), handle("GET", "/api/rules", query), False)
    _same(client.get("/api/games"), handle("GET", "/api/games", {}), False)


def _allowed_sorted(body: dict) -> dict:
    """The methods a 405 lists, in order (Starlette lists them from a set, in any order)."""
    message = body["errors"][0]["message"]
    head, _, allowed = message.partition("(it takes ")
    if allowed:
        message = head + "(it takes " + ", ".join(sorted(allowed.rstrip(")").split(", "))) + ")"
    return {"errors": [{**body["errors"][0], "message": message}]}


def test_refusals_are_the_servers_too(client):
    for method, path in (("GET", "/api/nothing"), ("GET", "/api/score"), ("POST", "/api/games")):
        offline = handle(method, path, {}, "")
        server = client.request(method, path)
        assert server.status_code == offline["status"]
        assert _allowed_sorted(server.json()) == _allowed_sorted(json.loads(offline["body"]))
    assert handle("POST", "/api/score", {}, "x" * 300_000)["status"] == 413
    for broken in ("{", "game mondo\nnonsense"):
        _same(client.post("/api/score", content=broken), handle("POST", "/api/score", {}, broken), False)


# Pyodide has none of these (nor can it have the server's): the scorer must not import them.
ABSENT_IN_THE_BROWSER = ("typer", "click", "rich", "uvicorn", "starlette", "jinja2", "pygments", "PIL",
                         "multiprocessing", "concurrent")


def test_the_scorer_runs_without_the_libraries_pyodide_lacks():
    script = f"""
import sys
for name in {ABSENT_IN_THE_BROWSER!r}:
    sys.modules[name] = None  # as if not installed: importing it fails, find_spec says None
from orbis_dsl.serve.offline import handle
for path in {[str(p) for p in EXAMPLES]!r}:
    text = open(path, encoding="utf-8").read()
    for method, route, query in {REQUESTS!r}:
        answer = handle(method, route, query, text)
        assert answer["status"] in (200, 501), (path, route, answer["body"][:300])
for game in ("orbis", "terra-mystica", "mondo"):
    assert handle("GET", "/api/rules", {{"game": game}})["status"] == 200
print("ok", sorted(m for m in sys.modules if m.split(".")[0] in ("lark", "attrs", "attr")))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.startswith("ok")


# ---- POST /api/bgstats -----------------------------------------------------------------------------------------


def test_the_pads_bgstats_file_has_the_schemas_shape_and_the_clis_scores(client, orbis):
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((ROOT / "schemas" / "bgstats-1.schema.json").read_text(encoding="utf-8"))
    names = ["examples/games/2p-first-game-new-box.json", "examples/terra-mystica/2p-basic.json",
             "examples/mondo/counts-advanced-3p-counts-as-active.json"]
    plays = [{"record": json.loads((ROOT / n).read_text(encoding="utf-8")), "date": "2026-12-03T20:15",
              "minutes": 40 + i, "location": "Club"} for i, n in enumerate(names)]
    answer = client.post("/api/bgstats", content=json.dumps({"plays": plays, "me": "Ann"}))
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-disposition"] == 'attachment; filename="bgstats-plays.json"'
    made = answer.json()
    jsonschema.Draft202012Validator(schema).validate(made)
    players = {p["id"]: p["name"] for p in made["players"]}
    assert made["userInfo"]["meRefId"] == next(i for i, n in players.items() if n == "Ann")
    games = {g["id"]: g["name"] for g in made["games"]}
    by_game = {games[play["gameRefId"]]: play for play in made["plays"]}
    assert len(by_game) == 3
    for name, game in zip(names, ("Orbis", "Terra Mystica", "Mondo"), strict=True):
        play = by_game[game]
        report = json.loads(orbis("score", "--json", name).stdout)
        assert [(players[s["playerRefId"]], int(s["score"]), s["rank"], s["winner"]) for s in play["playerScores"]] \
            == [(p["name"], p["total"], p["place"], p["winner"]) for p in report["players"]]
    # the same play exported alone, later, is the same play for BG Stats
    alone = client.post("/api/bgstats?date=2027-01-01T10:00", content=(ROOT / names[1]).read_bytes()).json()
    assert alone["plays"][0]["uuid"] == by_game["Terra Mystica"]["uuid"]
    assert alone["plays"][0]["playDate"] == "2027-01-01 10:00:00"


def test_the_pads_bgstats_link_and_its_refusals(client):
    text = (ROOT / "examples/mondo/counts-beginner-2p.json").read_text(encoding="utf-8")
    answer = client.post("/api/bgstats?as=link&date=2026-12-03T20:15", content=text)
    assert answer.status_code == 200
    link = answer.json()["link"]
    data = json.loads(unquote(link.split("data=", 1)[1]))
    assert data["sourcePlayId"] == answer.json()["play"] and data["game"]["name"] == "Mondo"
    bad_date = client.post("/api/bgstats?date=tomorrow", content=text)
    assert bad_date.status_code == 400 and "YYYY-MM-DD" in bad_date.json()["errors"][0]["message"]
    broken = client.post("/api/bgstats", content='{"format": "mondo-rounds/1", "game": "mondo"}')
    assert broken.status_code == 422 and broken.json()["errors"][0]["rendered"]
    two = json.dumps({"plays": [{"record": text}, {"record": text}]})
    assert client.post("/api/bgstats?as=link", content=two).status_code == 400
    assert client.post("/api/bgstats", content='{"plays": 3}').status_code == 400


def test_every_api_route_of_the_server_is_answered_offline_too():
    """A route added to the server (app.py) and not here would fail only in the offline pad: this says so first."""
    pytest.importorskip("starlette")
    from orbis_dsl.language.ruleset import base_rules
    from orbis_dsl.serve.app import create_app
    from orbis_dsl.serve.offline import GOTTEN, POSTED

    routes = create_app(base_rules()).app.routes
    served = {(r.path, "POST" in r.methods) for r in routes if getattr(r, "path", "").startswith("/api/")}
    assert served == {(p, True) for p in POSTED} | {(p, False) for p in GOTTEN}
