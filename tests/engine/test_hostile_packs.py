"""Rule packs that check clean and once crashed or hung the engine (found by fuzzing packs on 2026-12-02): a trade
that gets as many worshippers as it gives, an amount that works out below one, `destroy … any`."""

from __future__ import annotations

import pytest

from orbis_dsl.engine.simulate import load_rules, run
from orbis_dsl.language.packs.load import compile_pack

PACKS = {
    "a trade of 1 for 5": 'resource worshippers "worshipper" {\n  per color\n  limit 10\n  trade 1 for 5\n}\n',
    "a trade of 1 for 1": 'resource worshippers "worshipper" {\n  per color\n  limit 10\n  trade 1 for 1\n}\n',
    "a toll of -1": 'value toll = -1\ngod love "Goddess of Love" {\n  when taken: pay toll any else mark cancelled\n'
                    '  end: 1\n}\n',
    "a destruction of -1": 'value harm = -1\ngod rage "God of Rage" {\n'
                           '  when taken: destroy harm red from market else mark cancelled\n  end: 1\n}\n',
}


@pytest.fixture
def pack(tmp_path, monkeypatch):
    monkeypatch.setenv("ORBIS_CACHE_DIR", str(tmp_path / "cache"))

    def write(text: str) -> str:
        path = tmp_path / "pack.orbis"
        path.write_text(text, encoding="utf-8")
        return f"pack:{path}"
    return write


@pytest.mark.parametrize("name", sorted(PACKS))
@pytest.mark.parametrize(("players", "policy"), [(2, "random"), (4, "greedy"), (2, "greedy,random")])
def test_a_pack_that_checks_plays_to_the_end(pack, name, players, policy):
    source = pack(PACKS[name])
    results = run(f"{players}p", 12, 7, policy.split(",") * (players // len(policy.split(","))), rules_source=source)
    assert len(results) == 12 and all(len(r["players"]) == players for r in results)


def test_destroying_any_colour_is_refused_by_the_checker(tmp_path, monkeypatch):
    monkeypatch.setenv("ORBIS_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "pack.orbis"
    path.write_text('god rage "God of Rage" {\n  when taken: destroy 1 any from market else mark cancelled\n'
                    '  end: 1\n}\n', encoding="utf-8")
    messages = [d.message for d in compile_pack(path).diagnostics if d.is_error]
    assert messages == ["'destroy' names the colour it destroys: 'any' is for 'pay'"]
    with pytest.raises(ValueError, match="'any' is for 'pay'"):
        load_rules(f"pack:{path}")


def test_an_award_for_each_member_is_refused_in_a_game_of_tiles(tmp_path, monkeypatch):
    """It checked clean over Orbis, then `score` crashed calling its measure without a member."""
    monkeypatch.setenv("ORBIS_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "pack.orbis"
    path.write_text("set shapes: a\naward relic for each s in shapes {\n  measure: 1\n}\n", encoding="utf-8")
    errors = [(d.message, d.span.line, d.span.column) for d in compile_pack(path).diagnostics if d.is_error]
    assert errors == [("award 'relic' is one award 'for each' member of a set, which only games scored from score "
                       "sheets hand out", 2, 13)]


def test_a_market_of_no_tiles_is_refused(tmp_path, monkeypatch):
    """`market 0` checked clean and changed nothing: the base game's 9 stayed."""
    monkeypatch.setenv("ORBIS_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "pack.orbis"
    path.write_text("market 0\n", encoding="utf-8")
    errors = [(d.message, d.span.line) for d in compile_pack(path).diagnostics if d.is_error]
    assert errors == [("the market must show at least 1 tile", 1)]
