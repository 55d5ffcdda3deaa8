"""The example rule pack in examples/custom/pack: it checks, its games score as worked out by hand, its errors
point into the pack, and an unchanged pack is compiled once.

Board geometry used in the arithmetic below (docs/rules/orbis.md §5): rows count from the bottom, positions
from the left; tile (r, i) rests on (r-1, i) and (r-1, i+1); its neighbours are (r, i±1), (r-1, i), (r-1, i+1),
(r+1, i-1) and (r+1, i). The game files list the top row first. A desert matches every colour, so it counts in
`color = X` tests.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "examples" / "custom" / "pack"
GAMES = ROOT / "examples" / "custom"


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("ORBIS_CACHE_DIR", str(tmp_path / "cache"))


def _scores(orbis, game: str) -> dict:
    result = orbis("score", "--rules", "examples/custom/pack", f"examples/custom/{game}", "--json")
    assert result.exit_code == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert report["warnings"] == [], report["warnings"]
    return report


def _player(report, name):
    return next(p for p in report["players"] if p["name"] == name)


def test_the_pack_checks_and_adds_what_it_says(orbis):
    result = orbis("check", "--rules", "examples/custom/pack")
    assert result.exit_code == 0, result.stderr
    # 5 base files + 5 pack files; 8 base kinds + 4; 10 base gods + 5 new (apprentice is replaced, not added)
    assert result.stdout.strip() == "ok: 10 files, 12 kinds, 15 gods, 4 variants, 65 tiles"
    listing = json.loads(orbis("rules", "--rules", "examples/custom/pack", "--json").stdout)
    kinds = {k["name"] for k in listing["kinds"]}
    gods = {g["name"]: g["title"] for g in listing["gods"]}
    assert {"grove", "aqueduct", "shrine"} <= kinds
    assert {"sage", "wanderer", "builder", "hermit"} <= set(gods)
    assert gods["apprentice"] == "Apprentice Goddess"
    duel = next(v for v in listing["variants"] if v["name"] == "duel")
    assert (duel["players"], duel["gods_revealed"], duel["tiles"]) == (2, 3, 37)


def test_the_pack_tile_list_keeps_every_count_of_the_base_list(orbis):
    """The pack replaces the tile list (six Sacred Stones became grove, aqueduct and shrine tiles, one of each
    with black stars); every count the base list respects is unchanged, so every variant stays playable."""
    from collections import Counter

    base = json.loads(orbis("rules", "--json").stdout)["tiles"]
    pack = json.loads(orbis("rules", "--rules", "examples/custom/pack", "--json").stdout)["tiles"]
    for key in (("level",), ("stars",), ("color",), ("level", "stars"), ("level", "color")):
        assert Counter(tuple(t[k] for k in key) for t in pack) == Counter(tuple(t[k] for k in key) for t in base)
    kinds = Counter(t["kind"] for t in pack)
    assert (kinds["grove"], kinds["aqueduct"], kinds["shrine"]) == (2, 2, 2)
    assert kinds["stone"] == Counter(t["kind"] for t in base)["stone"] - 6
    black = Counter(t["kind"] for t in pack if t["stars"] == "black")
    assert (black["grove"], black["aqueduct"], black["shrine"]) == (1, 1, 1)


def test_duel_scores_as_worked_out_by_hand(orbis):
    report = _scores(orbis, "duel.orbisgame")
    assert report["variant"] == "duel"
    ana, ben = _player(report, "Ana"), _player(report, "Ben")

    # Ana (Goddess of Wisdom). Bottom row: blue stone, blue proselytism, green proselytism, blue aqueduct 2,
    # white stone (mystic 2); row 2: blue aqueduct 3, green grove 2, blue aqueduct 2, white temple (mystic 5);
    # row 3: green grove 1, blue aqueduct 4, white shrine 3 (mystic 8); top: green stone 3, white stone (mystic 9).
    #   stones: 1 + 1 + 3 + 1                                                      = 6
    #   grove (2,2), bonus 2: green neighbours (1,3) proselytism and (3,1) grove -> 2 x 2   = 4
    #   grove (3,1), bonus 1: green neighbours (2,2) grove and (4,1) stone       -> 1 x 2   = 2
    #   aqueduct (1,4) cp 2: bottom row, no supports                             -> 2
    #   aqueduct (2,1) cp 3: rests on two blue tiles                             -> 2 x 3   = 6
    #   aqueduct (2,3) cp 2: rests on green + blue                               -> 2
    #   aqueduct (3,2) cp 4: rests on green grove + blue aqueduct                -> 4
    #   shrine cp 3: Ana has 4 white tiles, Ben 6 (4 white + 2 deserts)          -> 0
    #   regions: 6 + 4 + 2 + 2 + 6 + 2 + 4                                       = 26
    #   god: wisdom = mystic 2 + 5 + 8 + 9 = 24 > Ben's 14, the most             -> 4
    #   temple tokens (duel: 9, 3): Ana 1 icon, Ben 2 icons                      -> 3
    #   total: 26 + 0 + 4 + 3                                                    = 33
    assert (ana["regions"], ana["deserts"], ana["god"], ana["temple"], ana["total"]) == (26, 0, 4, 3, 33)

    # Ben (God of the Wastes: deserts earn +1). Bottom row: red stone 2, red proselytism, desert, white stone
    # (mystic 3), green grove 1; row 2: red stone 3, white temple 2 icons (mystic 6), white shrine 2 (mystic 4),
    # green grove 2; row 3: desert, white stone (mystic 1), green stone 2; top: red stone 4, green grove 3.
    #   stones: 2 + 1 + 3 + 1 + 2 + 4                                            = 13
    #   grove (1,5), bonus 1: green neighbours: (2,4) only                       -> 1
    #   grove (2,4), bonus 2: green neighbours (1,5) and (3,3)                   -> 2 x 2   = 4
    #   grove (4,2), bonus 3: green neighbours: (3,3) only                       -> 3
    #   shrine cp 2: 6 "white" tiles (4 + 2 deserts) is the most                 -> 2
    #   regions: 13 + 1 + 4 + 3 + 2                                              = 23
    #   deserts: 2 x (+1), the Wastes' modify                                    = +2
    #   god: the Wastes has no end clause                                        -> 0
    #   temple: 2 icons, first                                                   -> 9
    #   total: 23 + 2 + 0 + 9                                                    = 34
    assert (ben["regions"], ben["deserts"], ben["god"], ben["temple"], ben["total"]) == (23, 2, 0, 9, 34)
    assert report["winners"] == ["Ben"]


def test_night_scores_as_worked_out_by_hand(orbis):
    """The tutorial's capped god (min(2 x white tiles, 8)) and row-restricted Lighthouse (+2 from row 3 up)."""
    report = _scores(orbis, "night.orbisgame")
    ana, ben = _player(report, "Ana"), _player(report, "Ben")
    # Ana (The Stargazer). Lighthouses: row 1 and row 3 rest on no white tile: cancelled, and the row-3 one loses
    # its height bonus; row 2 rests on a white stone: 3 + 3 blue neighbours = 6; row 4: 3 + 2 (a blue
    # Lighthouse and a desert) + 2 for its height = 7. Stones 1 + 1 + 1 + 2 + 2 + 3 + 1 = 11.
    #   regions: 6 + 7 + 11                                                       = 24
    #   one desert                                                                = -1
    #   god: four white face-up tiles, 2 x 4 = 8, at the cap                       -> 8
    #   temple tokens (duel: 9, 3): Ana 1 icon, Ben 2                             -> 3
    #   total: 24 - 1 + 8 + 3                                                     = 34
    assert (ana["regions"], ana["deserts"], ana["god"], ana["temple"], ana["total"]) == (24, -1, 8, 3, 34)
    # Ben (God of Technology): fewest deserts (0 against 1) -> 3; temple 9; regions 24.
    assert (ben["regions"], ben["deserts"], ben["god"], ben["temple"], ben["total"]) == (24, 0, 3, 9, 36)
    assert report["winners"] == ["Ben"]


def test_trio_scores_as_worked_out_by_hand(orbis):
    report = _scores(orbis, "trio.orbisgame")
    assert report["variant"] == "3p"
    cleo, dev, eve = (_player(report, n) for n in ("Cleo", "Dev", "Eve"))

    # Cleo (God of Builders: 4 when the best Sacred Stone is worth 4 or more).
    #   stones: bottom 2 + 1 + 1 + 1, row 2 5 + 2 + 1, row 3 3 + 2 + 1, top 4    = 23
    #   aqueduct (2,4) cp 3: rests on yellow proselytism + blue stone            -> 3
    #   regions 26; one desert -1; god: best stone 5 >= 4 -> 4; no temple       -> 26 - 1 + 4 + 0 = 29
    assert (cleo["regions"], cleo["deserts"], cleo["god"], cleo["temple"], cleo["total"]) == (26, -1, 4, 0, 29)

    # Dev (The Hermit: 3 for the fewest red tiles).
    #   stones: (1,1) 1, (1,3) 2, (1,5) 1, (2,1) 2, (3,1) 3, (3,2) 2, (4,2) 3    = 14
    #   grove (1,2) bonus 2: green (1,1), (2,1), (2,2)                           -> 2 x 3   = 6
    #   grove (2,2) bonus 1: green (2,1), (1,2), (3,1)                           -> 3
    #   grove (4,1) bonus 1: green (3,1)                                         -> 1
    #   aqueduct (2,3) cp 4: rests on two blue tiles                             -> 8
    #   shrine cp 2: Dev 4 white tiles, Eve 6 (5 + a desert)                     -> 0
    #   regions: 14 + 6 + 3 + 1 + 8                                              = 32
    #   god: red tiles Cleo 5 (4 + a desert), Dev 0, Eve 5 (4 + a desert)        -> 3
    #   temple (3p: 9, 4, 2): Eve 2 icons, Dev 1, Cleo none                      -> 4
    #   total: 32 + 0 + 3 + 4                                                    = 39
    assert (dev["regions"], dev["deserts"], dev["god"], dev["temple"], dev["total"]) == (32, 0, 3, 4, 39)

    # Eve (Apprentice Goddess, replaced by the pack: 3 instead of the base game's 2).
    #   stones: bottom 1 + 1 + 3, row 2 2 + 2 + 2, row 3 1 + 3, top 2 + 5        = 22
    #   shrine (2,1) cp 4: 6 "white" tiles, the most                              -> 4
    #   regions 26; one desert -1; god 3; temple 9                               -> 26 - 1 + 3 + 9 = 37
    assert (eve["regions"], eve["deserts"], eve["god"], eve["temple"], eve["total"]) == (26, -1, 3, 9, 37)
    assert report["winners"] == ["Dev"]


def test_human_report_names_the_winner(orbis):
    result = orbis("score", "--rules", "examples/custom/pack", "examples/custom/duel.orbisgame",
                   "examples/custom/trio.orbisgame")
    assert result.exit_code == 0, result.stderr
    assert "Winner: Ben" in result.stdout and "Winner: Dev" in result.stdout


def test_without_the_pack_the_games_do_not_read(orbis):
    """The games need the pack: the base game knows no grove, sage or duel."""
    result = orbis("score", "examples/custom/duel.orbisgame")
    assert result.exit_code == 2
    assert "duel.orbisgame" in result.stderr


# ---- errors point into the pack ---------------------------------------------------------------------------


BROKEN = """\
# A god with a mistake on line 4, column 23.
god miser "The Miser" {
  let stones = count(tiles where kind = stone)
  end: 2 if stones >= treshold
}
"""


@pytest.fixture
def broken_pack(tmp_path, monkeypatch):
    pack = tmp_path / "badpack"
    pack.mkdir()
    (pack / "fine.orbis").write_text('god patient "Patience" {\n  end: 1\n}\n', encoding="utf-8")
    (pack / "miser.orbis").write_text(BROKEN, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return pack


def _run(*args):
    from typer.testing import CliRunner

    from orbis_dsl.cli.app import app

    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.mark.parametrize("command", [("check", "--rules", "badpack"), ("rules", "--rules", "badpack"),
                                     ("score", "--rules", "badpack", "game.orbisgame")])
def test_an_error_in_a_pack_points_at_the_pack_file_and_line(broken_pack, command):
    result = _run(*command)
    assert result.exit_code == 2
    first = result.stderr.splitlines()[0]
    assert first.startswith("badpack/miser.orbis:4:23: error: unknown name 'treshold'"), result.stderr
    assert "  end: 2 if stones >= treshold" in result.stderr  # the pack's own source line, with a caret
    assert ".py" not in result.stderr and "generated" not in result.stderr and "Traceback" not in result.stderr


def test_a_syntax_error_in_a_pack_points_at_the_pack_file_and_line(tmp_path, monkeypatch):
    pack = tmp_path / "typo"
    pack.mkdir()
    (pack / "gods.orbis").write_text("# line 1\n\ngod tidy {\n  end 1\n}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = _run("check", "--rules", "typo")
    assert result.exit_code == 2
    assert result.stderr.startswith("typo/gods.orbis:4:7: error:"), result.stderr


# ---- the cache ------------------------------------------------------------------------------------------


def test_an_unchanged_pack_is_compiled_once(tmp_path, monkeypatch):
    import shutil

    from orbis_dsl.language.packs import load as packs

    pack = tmp_path / "pack"
    shutil.copytree(PACK, pack)
    calls = []
    real = packs.compile_pack

    def counting(path):
        calls.append(path)
        if len(calls) > 1:
            raise AssertionError("the pack was compiled again although nothing changed")
        return real(path)

    monkeypatch.setattr(packs, "compile_pack", counting)
    first, compiled = packs.load_pack(pack)
    assert first is not None and compiled is not None and len(calls) == 1
    second, compiled_again = packs.load_pack(pack)  # from the cache: compile_pack would raise
    assert compiled_again is None and len(calls) == 1
    assert set(second.kinds) == set(first.kinds) and set(second.gods) == set(first.gods)
    assert second.gods["apprentice"].title == "Apprentice Goddess"

    # a changed pack is compiled again
    monkeypatch.setattr(packs, "compile_pack", real)
    with (pack / "gods.orbis").open("a", encoding="utf-8") as handle:
        handle.write('\ngod latecomer "The Latecomer" {\n  end: 1\n}\n')
    third, compiled_third = packs.load_pack(pack)
    assert compiled_third is not None and "latecomer" in third.gods


def test_scoring_twice_reuses_the_cache(orbis, tmp_path, monkeypatch):
    from orbis_dsl.language.packs import load as packs

    assert orbis("score", "--rules", "examples/custom/pack", "examples/custom/duel.orbisgame").exit_code == 0
    monkeypatch.setattr(packs, "compile_pack", lambda path: (_ for _ in ()).throw(AssertionError("recompiled")))
    result = orbis("score", "--rules", "examples/custom/pack", "examples/custom/duel.orbisgame", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["winners"] == ["Ben"]


# ---- simulation, when the engine's command is there ---------------------------------------------------------


def _has(command: str) -> bool:
    from orbis_dsl.cli.app import app

    names = {c.name or c.callback.__name__ for c in app.registered_commands}
    names |= {g.name for g in getattr(app, "registered_groups", [])}
    return command in names


@pytest.mark.skipif(not _has("simulate"), reason="`orbis simulate` is not registered")
def test_a_short_simulation_under_the_pack_meets_the_new_kinds(orbis, tmp_path):
    """Six random games of the pack's own variant: they finish, the pack's new tiles are played, and the scorer
    agrees with the engine on every game."""
    records = tmp_path / "records"
    result = orbis("simulate", "--rules", "examples/custom/pack", "--variant", "duel", "--games", "6",
                   "--seed", "3", "--records", records, "--json")
    assert result.exit_code == 0, result.stdout + result.stderr
    summary = json.loads(result.stdout)
    assert summary["games"] == 6 and summary["variant"] == "duel"
    pack_gods = {"love", "oceans", "fire", "nature", "harvests", "apprentice", "idleness", "technology", "balance",
                 "death", "sage", "wanderer", "builder", "hermit", "stargazer"}
    assert set(summary["win_rate_by_god"]) <= pack_gods
    games = sorted(records.glob("game-*[0-9].json"))
    assert len(games) == 6
    played = {tile.get("kind") for g in games for p in json.loads(g.read_text())["players"]
              for row in p["pyramid"] for tile in row}
    assert played & {"grove", "aqueduct", "shrine"}
    for game in games[:3]:
        engine = json.loads(game.with_suffix(".score.json").read_text())
        scored = orbis("score", "--rules", "examples/custom/pack", game, "--json")
        assert scored.exit_code == 0, scored.stderr
        ours = json.loads(scored.stdout)
        assert [p["total"] for p in ours["players"]] == [p["total"] for p in engine["players"]]


@pytest.mark.skipif(not _has("variant"), reason="`orbis variant check` is not registered")
def test_every_variant_of_the_pack_can_be_played(orbis):
    result = orbis("variant", "check", "--rules", "examples/custom/pack")
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "ok: variant duel: 2 players, 3 gods revealed" in result.stdout
