"""Issue 32, item 5: each `let` is one node that every read refers to, and the compiler works it out once per
handler call (`backends/python/handlers.py`, `runtime.support.let`), as the interpreter does: no expansion cap
is needed.

The oracles are independent of the code under test: a chain of 40 lets that each read the one before twice is
scored against the number worked out here from the record (2^39 times a count of its tiles); lets that trace
(comparisons, `among`), lets read inside a count over players (one value per counted player) and a let read
only when a guard holds are scored against the same rules with every let written out by hand, which must give
the same totals, reasons and explanations; and the interpreter must agree with the compiled handlers on all of
it. Sizes are counted (lines, functions), never timed.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from orbis_dsl.language.backends.interpret.rules import build_rules
from orbis_dsl.language.ruleset import base_rules, rules_from_modules
from orbis_dsl.runtime.game_record import GameRecord, PlayerRecord, TileRecord
from orbis_dsl.runtime.scoring import score_game

CHAIN = 40


def chain_god(n: int) -> str:
    """A god whose points are `l{n-1}`: each let reads the one before twice, 2^(n-1) copies of `l0` written out."""
    lets = ["let l0 = count(tiles where color = red) + 1"] + [f"let l{i} = l{i - 1} + l{i - 1}" for i in range(1, n)]
    body = "".join(f"  {line}\n" for line in lets)
    return f'god chain "Chain" {{\n{body}  end: l{n - 1}\n}}\n'


# Lets that add to the `why` (comparisons, `among`), read twice; a let read inside a count over players (the
# counted player's, one value each); a let read only while a guard holds.
LETS = {
    "deserts": "count(tiles where desert)",
    "many": "count(tiles where color = blue) >= 2",
    "top": "deserts is most among players",
    "few": "deserts <= 1",
    "pair": "count(tiles where color = red) + count(tiles where color = green)",
}
READS = """\
  end: 3 if many or many
  end: 2 if top and (top or many)
  end: count(players where their few and (their few or their deserts = my deserts))
  end: 5 if cancelled and few
  end: deserts + deserts unless many
  end: pair * 2 - pair
"""


def reads_god(written_out: bool) -> str:
    """The god reading `LETS`, as lets or with each let written out at every read (the meaning the language gives a
    let: its expression where it is read)."""
    if not written_out:
        lets = "".join(f"  let {name} = {expr}\n" for name, expr in LETS.items())
        return f'god reads "Reads" {{\n{lets}{READS}}}\n'
    body = READS
    for _ in LETS:  # (a let may read the ones above it)
        for name, expr in LETS.items():
            body = re.sub(rf"\b((?:my|their) )?{name}\b",
                          lambda m, expr=expr: f"{m.group(1) or ''}({expr})", body)
    return f'god reads "Reads" {{\n{body}}}\n'


def _compile(tmp_path: Path, text: str, name: str):
    from orbis_dsl.language.packs.load import compile_pack

    folder = tmp_path / name
    folder.mkdir()
    (folder / "pack.orbis").write_text(text, encoding="utf-8")
    compiled = compile_pack(folder)
    assert [d.message for d in compiled.diagnostics if d.severity == "error"] == []
    return compiled


@pytest.fixture(scope="module")
def packs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("lets")
    with_lets = _compile(tmp, chain_god(CHAIN) + reads_god(False), "lets")
    by_hand = _compile(tmp, reads_god(True), "by_hand")
    return {
        "compiled": rules_from_modules(with_lets.modules, "let_pack"),
        "interpreted": build_rules(with_lets.model),
        "by_hand": rules_from_modules(by_hand.modules, "let_pack_by_hand"),
        "modules": with_lets.modules,
    }


def _tile(tile, cancelled) -> TileRecord:
    params = {k: v for k, v in tile.params.items() if v is not None}
    return TileRecord(kind=tile.kind, color=tile.color, params=params, cancelled=cancelled, level=tile.level,
                      stars=tile.stars)


def random_game(rng: random.Random, gods: list[str]) -> GameRecord:
    base = base_rules()
    players = []
    for i, god in enumerate(gods):
        rows = tuple(tuple(TileRecord(desert=True) if rng.random() < 0.25 else
                           _tile(rng.choice(base.tiles), rng.choice([None, False, True])) for _ in range(width))
                     for width in base.settings.board)
        players.append(PlayerRecord(f"P{i + 1}", god, rng.randint(0, 4), rows, god_cancelled=rng.random() < 0.4))
    return GameRecord(tuple(players), None, {})


def _lines(report, god_title: str) -> list:
    return [[(line.where, line.what, line.cp, line.why) for line in p.lines if god_title in line.where + line.what]
            for p in report.players]


def _reasons(report) -> list:
    """Each line with its reasons; a count's label (the words of its condition as written, which name a let by
    its name) is left out."""
    return [[(line.where, line.what, line.cp, re.sub(r"players that (?:are|is) .* = ", "players that … = ", line.why))
             for line in p.lines] for p in report.players]


def test_forty_lets_each_read_twice_score_their_hand_worked_value(packs):
    for seed in range(20):
        rng = random.Random(seed)
        game = random_game(rng, ["chain", rng.choice(["love", None]), None][:rng.randint(2, 3)])
        report = score_game(packs["compiled"], game)
        holder = game.players[0]
        if holder.god_cancelled:
            continue
        reds = sum(1 for row in holder.pyramid for t in row if t.desert or t.color == "red")  # (a desert is any colour)
        expected = (reds + 1) * 2 ** (CHAIN - 1)  # l0 doubled 39 times
        chain = [line for line in report.players[0].lines if line.cp == expected]
        assert chain, (seed, [(line.what, line.cp) for line in report.players[0].lines])
        assert report.to_json() == score_game(packs["interpreted"], game).to_json(), seed


def test_lets_score_as_if_written_out_at_every_read_with_the_same_reasons(packs):
    """Totals, lines, reasons and explanations are those of the same god with each let written out by hand: a
    let's reasons are given again at each read, in order, and a let read behind a guard gives none when the
    guard fails."""
    seen_reasons = set()
    for seed in range(150):
        rng = random.Random(seed)
        game = random_game(rng, ["reads"] * rng.randint(2, 4))
        ours = score_game(packs["compiled"], game)
        theirs = score_game(packs["by_hand"], game)
        assert [p.total for p in ours.players] == [p.total for p in theirs.players], seed
        assert _reasons(ours) == _reasons(theirs), seed
        assert ours.to_json() == score_game(packs["interpreted"], game).to_json(), seed
        seen_reasons |= {line.why for p in ours.players for line in p.lines}
    # the games reached the cases: a comparison's reasons given twice, and `among`'s
    joined = "\n".join(str(w) for w in seen_reasons)
    assert "most among players" in joined
    assert re.search(r"(\d+ tiles? that (?:is|are) blue[^;]*\(needs at least 2\)); \1", joined), joined[:2000]
    # a let explained inside arithmetic is bracketed as its expression needs
    assert re.search(r"^\(\d+ tiles? that (?:is|are) red or desert \+ \d+ tiles? that (?:is|are) green or desert\) \* 2"
                     r" - \(\d+ ", joined, re.MULTILINE), joined[:2000]


def _handler(modules: dict[str, str], name: str) -> str:
    text = next(text for text in modules.values() if f"def {name}(" in text)
    handler = text[text.index(f"def {name}("):]
    return handler[:handler.index("\n\n")]


# A let worked out once in a handler: a local assigned before the statements (read on every path, adding no
# reasons) or a function called at its reads.
_WORKED_OUT = re.compile(r"^ +(let\d+_l\d+ = |def _let\d+_l\d+\()", re.MULTILINE)


def test_the_module_grows_linearly_and_every_line_fits(tmp_path, packs):
    """Lines of the module per let in the chain: 20 lets more cost the same as the 20 before (a let written out
    at each read would double it with each let)."""
    sizes = {}
    for n in (10, 20, 40):
        for guarded in (False, True):  # read on every path (locals), or behind a guard (functions)
            text = chain_god(n)
            if guarded:
                text = text.replace(f"end: l{n - 1}", f"end: if cancelled then 0 else l{n - 1}")
            handler = _handler(_compile(tmp_path, text, f"chain{n}{guarded}").modules, "_god_chain_end_0")
            sizes[n, guarded] = len(handler.splitlines())
            # each let once (each is read twice; behind the guard, the last one is read once, where it is read)
            assert len(_WORKED_OUT.findall(handler)) == n - guarded
            assert ("def _let" in handler) == guarded
            assert max(map(len, handler.splitlines())) <= 120
    for guarded in (False, True):
        assert sizes[40, guarded] - sizes[20, guarded] == 2 * (sizes[20, guarded] - sizes[10, guarded])
        assert sizes[40, guarded] < 5 * CHAIN
    for text in packs["modules"].values():
        assert max(map(len, text.splitlines())) <= 120


def test_a_let_read_once_is_written_where_it_is_read(tmp_path):
    """No function for a let read once (its expression stands at its read, as before lets were shared)."""
    text = 'god once "Once" {\n  let reds = count(tiles where color = red)\n  end: if cancelled then 0 else reds\n}\n'
    handler = _handler(_compile(tmp_path, text, "once").modules, "_god_once_end_0")
    assert "_let" not in handler and "count" not in handler and "n0.color == 'red'" in handler


def _read_once_chain(n: int) -> str:
    lets = ["let c0 = count(tiles where color = red)"] + [f"let c{i} = c{i - 1} + 1" for i in range(1, n)]
    return ('god long "Long" {\n' + "".join(f"  {x}\n" for x in lets)
            + f"  end: if cancelled then 0 else c{n - 1}\n}}\n")


def test_a_chain_of_lets_read_once_is_split_into_functions(tmp_path):
    """64 lets each read once, each adding one: written where each is read they would make one expression as
    large as them all; past `INLINED_NODES` a let gets a function. The compiled and interpreted scores are the
    count worked out here."""
    compiled = _compile(tmp_path, _read_once_chain(64), "long")
    handler = _handler(compiled.modules, "_god_long_end_0")
    assert handler.count("    def _let") == 1
    assert max(map(len, handler.splitlines())) <= 120
    game = random_game(random.Random(1), ["long", None])
    reds = sum(1 for row in game.players[0].pyramid for t in row if t.desert or t.color == "red")
    expected = 0 if game.players[0].god_cancelled else reds + 63
    for rules in (rules_from_modules(compiled.modules, "let_pack_long"), build_rules(compiled.model)):
        lines = [line.cp for line in score_game(rules, game).players[0].lines if line.where == "god"]
        assert lines == [expected]


def test_a_chain_of_more_than_64_lets_is_refused_where_it_is_read(tmp_path):
    from orbis_dsl.language.packs.load import compile_pack

    folder = tmp_path / "deep"
    folder.mkdir()
    (folder / "pack.orbis").write_text(_read_once_chain(65), encoding="utf-8")
    errors = [d for d in compile_pack(folder).diagnostics if d.severity == "error"]
    assert [(d.span.line, d.message) for d in errors] == [
        (67, "this expression reads a chain of more than 64 lets, each reading the next")]


def test_a_long_chain_of_lets_ranked_among_players_in_a_tiles_clause_checks(tmp_path):
    """`X is most among players` in a tile's clause: the checker follows X's lets to find a read of the tile
    (refused there), each let once in each context, so 40 lets that each read the one before twice check at
    once; and a tile read at the chain's root is still found, through every let."""
    lets = [f"  let l{i} = l{i - 1} + l{i - 1}\n" for i in range(1, CHAIN)]
    kind = ('kind tall "Tall" {\n  let l0 = ROOT\n' + "".join(lets)
            + f"  end: 1 if l{CHAIN - 1} is most among players\n}}\n")
    _compile(tmp_path, kind.replace("ROOT", "count(n in tiles where n.color = red)"), "among")
    from orbis_dsl.language.packs.load import compile_pack

    folder = tmp_path / "among_tile"
    folder.mkdir()
    around = kind.replace("ROOT", "count(n in neighbours where n.color = red)")
    (folder / "pack.orbis").write_text(around, encoding="utf-8")
    errors = [d for d in compile_pack(folder).diagnostics if d.severity == "error"]
    assert len(errors) == 1 and "the tile being scored" in errors[0].message, [d.message for d in errors]
    assert errors[0].span.line == CHAIN + 2  # at the `end:` clause, naming the let it reads
