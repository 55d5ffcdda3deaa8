"""The binding rule of rule packs (issue 32, item 4): a pack replaces a declaration of the game it extends only by
one of the same sort and type, and every use follows it; anything else is an error located at the pack's
declaration that names the base game's.

The refused packs are in tests/corpus/packs/bindings/, one mistake each (each once crashed the compiler, checked
clean and scored wrong, or gave misleading errors at the base game's lines). Each states where its error is
(`# expect: LINE:COL`), a phrase of it (`# says: …`) and the base declaration it names (`# base: FILE:LINE:COL`,
or `none` for a record's own key); its stderr is kept as a snapshot.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "corpus" / "packs" / "bindings"
PACKS = sorted(p.name for p in CORPUS.glob("*.orbis"))
# A record of each game, scored under a refused pack: the pack's error is told before any record is read.
RECORDS = {"orbis": "examples/games/2p-first-game-new-box.json",
           "terra-mystica": "examples/terra-mystica/2p-basic.json", "mondo": "examples/mondo/grid-beginner-2p.json"}


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("ORBIS_CACHE_DIR", str(tmp_path / "cache"))


def stated(name: str) -> tuple[str, str, str, str]:
    """(where, phrase, base declaration, game) a corpus pack states."""
    text = (CORPUS / name).read_text(encoding="utf-8")
    where, says, base = (re.search(rf"^# {key}: (.+)$", text, re.MULTILINE) for key in ("expect", "says", "base"))
    assert where and says and base, f"{name} must state expect, says and base"
    game = re.search(r'^extends "([^"]+)"$', text, re.MULTILINE)
    return where.group(1), says.group(1), base.group(1), game.group(1) if game else "orbis"


def test_the_corpus_covers_every_crash_class():
    assert len(PACKS) >= 20
    assert {name.split("-", 1)[0] for name in PACKS} == {"orbis", "tm", "mondo"}


@pytest.mark.parametrize("name", PACKS)
def test_a_colliding_pack_is_refused_at_its_declaration_naming_the_base_one(orbis, name, snapshot):
    where, says, base, _ = stated(name)
    shown = f"tests/corpus/packs/bindings/{name}"
    result = orbis("check", "--rules", shown)
    assert result.exit_code == 2, result.stdout + result.stderr
    assert result.stdout == "" and "Traceback" not in result.stderr
    assert isinstance(result.exception, SystemExit)
    lines = result.stderr.splitlines()
    assert lines[0].startswith(f"{shown}:{where}: error: "), result.stderr
    assert re.match(r"^\s+\d+ \| ", lines[1]) and lines[2].strip().startswith("^")  # the pack's line, a caret
    told = "\n".join(line for line in lines if not re.match(r"^\s*\d+ \| ", line))
    assert says in told, result.stderr
    if base != "none":
        assert f"{base}: `" in lines[3], result.stderr  # the base declaration's place and text, in the hint
    assert result.stderr == snapshot


@pytest.mark.parametrize("name", PACKS)
def test_a_colliding_pack_scores_nothing(orbis, name):
    where, _, _, game = stated(name)
    shown = f"tests/corpus/packs/bindings/{name}"
    result = orbis("score", "--rules", shown, RECORDS[game])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"{shown}:{where}: error: ")


# ---- what still replaces, and is followed everywhere ---------------------------------------------------------


def scored(orbis, *args) -> dict:
    result = orbis("score", "--json", *args)
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def pack(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "pack.orbis"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("text", ["value levels = 2\n", "value board = 2\n", "value game = 2\n"])
def test_a_value_named_like_a_one_of_a_kind_declaration_is_only_a_value(orbis, tmp_path, text):
    """`value levels = 2` once replaced `levels 3` (one key for both) and gave 45 errors at the base tiles."""
    record = "examples/games/2p-first-game-new-box.json"
    assert orbis("check", "--rules", pack(tmp_path, text)).exit_code == 0
    assert scored(orbis, "--rules", pack(tmp_path, text), record)["players"] == scored(orbis, record)["players"]


def test_a_value_replaced_by_a_value_is_read_by_every_use(orbis, tmp_path):
    """The desert's `end: desert_penalty` and the Goddess of Idleness's `modify desert_penalty` read the pack's."""
    record = "examples/games/3p-idle-hands-deserts.json"
    base = {p["name"]: p for p in scored(orbis, record)["players"]}
    packed = {p["name"]: p for p in scored(orbis, "--rules", pack(tmp_path, "value desert_penalty = -3\n"),
                                           record)["players"]}
    assert any(p["deserts"] for p in base.values())
    # Sami and Theo: one face-down tile each, -1 then -3; Rosa holds the Goddess of Idleness (deserts cost 0)
    assert {n: p["deserts"] for n, p in base.items()} == {"Rosa": 0, "Sami": -1, "Theo": -1}
    assert {n: p["deserts"] for n, p in packed.items()} == {"Rosa": 0, "Sami": -3, "Theo": -3}


def test_a_member_replaces_a_value_declared_as_a_member_of_its_set(orbis, tmp_path):
    """`value home = black` over Terra Mystica's `value home: terrains` is a replacement of the same sort and type
    (a member of terrains); it was refused as "str, not NoneType". Every faction gives its own home, so the scores
    are the base game's. A member of another set, or a number, is refused (the corpus above)."""
    record = "examples/terra-mystica/2p-basic.json"
    text = 'extends "terra-mystica"\nvalue home = black\n'
    assert orbis("check", "--rules", pack(tmp_path, text)).exit_code == 0
    assert scored(orbis, "--rules", pack(tmp_path, text), record)["players"] == scored(orbis, record)["players"]


def test_a_let_replaced_by_a_let_of_its_type_is_read_by_every_use(orbis, tmp_path):
    """The base game's network lets read the pack's `shipping_reach`: with shipping off (a reach of -1), Bo's
    network no longer crosses the river and falls from first (18 points) to third (6); Ann and Cy, tied second
    (12 + 6 split: 9 each), are now tied first (18 + 12 split: 15 each)."""
    record = "examples/terra-mystica/3p-map-shipping-bridge.tmgame"
    text = 'extends "terra-mystica"\nlet shipping_reach = -1\n'
    base = {p["name"]: p["network"] for p in scored(orbis, record)["players"]}
    packed = {p["name"]: p["network"] for p in scored(orbis, "--rules", pack(tmp_path, text), record)["players"]}
    assert base == {"Ann": 9, "Bo": 18, "Cy": 9}
    assert packed == {"Ann": 15, "Bo": 6, "Cy": 15}


def test_a_fact_replaced_by_one_of_its_type_may_change_its_range(orbis, tmp_path):
    text = 'extends "terra-mystica"\nfact vp "VP on the score track": int 0..9999\n'
    record = "examples/terra-mystica/2p-basic.json"
    assert scored(orbis, "--rules", pack(tmp_path, text), record)["players"] == scored(orbis, record)["players"]


def test_a_kind_parameter_of_the_same_type_elsewhere_is_fine(orbis, tmp_path):
    text = 'kind shrine "Shrine" {\n  param icons: int\n  end: icons\n}\n'
    assert orbis("check", "--rules", pack(tmp_path, text)).exit_code == 0


def test_two_kinds_of_one_rule_set_give_a_parameter_one_type(check_rules):
    """Not only a pack: `sum(n of tiles …)` reads `n` off every tile, so two kinds cannot disagree on it."""
    text = ('kind one "One" {\n  param n: int\n  end: n\n}\n'
            'kind two "Two" {\n  param n: color\n  end: 1\n}\n')
    model, diags, shown = check_rules(text)
    assert model is None
    (diag,) = [d for d in diags if d.is_error]
    assert (diag.span.file, diag.span.line, diag.span.column) == (shown, 7, 9)
    assert diag.message.startswith("parameter 'n' is a colour here, but kind one's parameter 'n' is a number")
    assert diag.hint.startswith(f"kind one's is declared at {shown}:3:9")


def test_a_top_level_let_named_like_a_fact_is_refused_in_one_file_too(tmp_path):
    from orbis_dsl.language.check.checker import check
    from orbis_dsl.language.syntax.sources import load_sources

    path = tmp_path / "game.orbis"
    path.write_text('game "g" "G" {\n  record "g/1"\n  report "g-score/1"\n}\nfact vp "VP": int\nlet vp = 500\n'
                    'score s "S": vp\nwinner: most total, ties shared\n', encoding="utf-8")
    sources, _ = load_sources([path])
    model, diags = check(sources)
    assert model is None
    (diag,) = [d for d in diags if d.is_error]
    assert diag.message == "top-level let 'vp' is already declared as a fact" and diag.span.line == 6


def test_a_replacing_let_may_use_the_pack_s_own_lets_above_it(orbis, tmp_path):
    """It stands where the base game's let stood (the base lets below it read it), and the pack's lets it uses
    stand before it; a cycle through the base game's lets is refused at the pack."""
    record = "examples/terra-mystica/3p-map-shipping-bridge.tmgame"
    text = 'extends "terra-mystica"\nlet off = -1\nlet far = off\nlet shipping_reach = far\n'
    assert {p["name"]: p["network"] for p in scored(orbis, "--rules", pack(tmp_path, text), record)["players"]} \
        == {"Ann": 15, "Bo": 6, "Cy": 15}  # as `let shipping_reach = -1`
    cycle = orbis("check", "--rules", pack(tmp_path, 'extends "terra-mystica"\nlet shipping_reach = network_on_map\n'))
    assert cycle.exit_code == 2 and "pack.orbis:2:22: error: 'network_on_map' is declared below" in cycle.stderr
