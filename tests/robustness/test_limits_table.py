"""The limits table of docs/robustness.md ("Limits") against the code (issue 35, item 2): each row's constant has
the documented value, the file that tests it exists, and every input's number is fed just past its limit (and,
where that is cheap, at it): refused with a located message that names the limit. A limit changed in the code but
not in the table, or a row whose bound is gone, fails here."""

from __future__ import annotations

import importlib
import json
import re
import shutil
from pathlib import Path

import pytest
from robustness.hostile import ROOT
from typer.testing import CliRunner

DOC = ROOT / "docs" / "robustness.md"


def _rows() -> dict[str, tuple[str, int, str]]:
    """constant → (input, limit, tested-by file), from the table under '## Limits'."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Limits", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        m = re.fullmatch(r"\| (.+?) \| .+? \| ([\d,]+) \| `([\w.]+)` \| `([\w/.]+)` \|", line)
        if m:
            rows[m.group(3)] = (m.group(1), int(m.group(2).replace(",", "")), m.group(4))
    return rows


ROWS = _rows()


def _value(constant: str):
    module, _, name = constant.rpartition(".")
    return getattr(importlib.import_module(module), name)


def test_the_table_is_there():
    assert len(ROWS) >= 20, sorted(ROWS)


@pytest.mark.parametrize("constant", sorted(ROWS))
def test_each_limit_is_the_codes(constant):
    _, limit, tested_by = ROWS[constant]
    assert _value(constant) == limit, f"{constant} is {_value(constant)!r}, the table says {limit:,}"
    assert (ROOT / tested_by).is_file(), tested_by


# ---- the probes: what each input says just past its limit (and at it) ------------------------------------------

def _pack_messages(tmp_path: Path, text: str) -> list[str]:
    from orbis_dsl.language.packs.load import compile_pack

    folder = tmp_path / f"pack{len(list(tmp_path.iterdir()))}"
    folder.mkdir()
    (folder / "pack.orbis").write_text(text, encoding="utf-8")
    return [f"{Path(d.span.file).name}:{d.span.line}: {d.message}" if d.span else d.message
            for d in compile_pack(folder).diagnostics if d.severity == "error"]


def _parse_messages(text: str) -> list[str]:
    from orbis_dsl.language.syntax.parse import parse_rule_file

    return [f"{d.span.line}: {d.message}" for d in parse_rule_file(text, "x.orbis").diagnostics]


def _record_messages(text: str) -> list[str]:
    from orbis_dsl.language.ruleset import base_rules
    from orbis_dsl.records.orbis.json_reader import read_json_text

    return [d.message for d in read_json_text(text, "game.json", base_rules())[1]]


def _sweep_messages(tmp_path: Path, text: str) -> list[str]:
    from orbis_dsl.engine.sweep_spec import read_spec

    (tmp_path / "grid.toml").write_text(text, encoding="utf-8")
    return [f"{d.span.line}: {d.message}" if d.span else d.message
            for d in read_spec(tmp_path / "grid.toml", "grid.toml").diagnostics]


def _grid_pack(tmp_path: Path, shape: str) -> Path:
    pack = tmp_path / f"mondo-{len(list(tmp_path.iterdir()))}"
    shutil.copytree(ROOT / "rules" / "mondo", pack)
    game = pack / "game.orbis"
    game.write_text(game.read_text(encoding="utf-8").replace("shape: 2, 4, 6, 6, 4, 2", f"shape: {shape}"),
                    encoding="utf-8")
    return pack


def _check_messages(pack: Path) -> list[str]:
    from orbis_dsl.language.check.checker import check
    from orbis_dsl.language.syntax.sources import load_sources

    sources, diags = load_sources([pack])
    return [d.message for d in diags + check(sources)[1] if d.severity == "error"]


def _doubling(n: int) -> str:
    lets = ["let a0 = cp + 1"] + [f"let a{i} = a{i - 1} + a{i - 1}" for i in range(1, n)]
    return 'kind k "K" {\n  param cp: int\n' + "".join(f"  {x}\n" for x in lets) + f"  end: a{n - 1}\n}}\n"


def _calls(n: int) -> str:
    """A chain of n functions, each calling the one before twice (2^n copies, were calls written out)."""
    defs = ["def f0(x: int): int = x + 1"] + [f"def f{i}(x: int): int = f{i - 1}(x) + f{i - 1}(x)" for i in range(1, n)]
    return "\n".join(defs) + f'\ngod chain "Chain" {{\n  end: f{n - 1}(1)\n}}\n'


def _scans(n: int) -> str:
    expr = "1"
    for _ in range(n):
        expr = f"count(tiles where {expr} > 0)"
    return f'god nest "Nested" {{\n  end: {expr}\n}}\n'


def probe_source_bytes(tmp_path, limit):
    at, over = _parse_messages("#" * limit), _parse_messages("#" * (limit + 1))
    return at, over, "1:"


def probe_depth(tmp_path, limit):
    # levels of the syntax tree, the declaration's own among them: a few fewer signs than the limit reach it
    deep = lambda n: 'god g "G" {\n  end: ' + "-" * n + "1\n}\n"  # noqa: E731
    return _parse_messages(deep(limit - 10)), _parse_messages(deep(limit + 1)), "2:"


def probe_rule_digits(tmp_path, limit):
    return _parse_messages(f"value v = {'9' * limit}\n"), _parse_messages(f"value v = {'9' * (limit + 1)}\n"), "1:"


def probe_quantity(tmp_path, limit):
    rich = 'kind rich "Rich" {{\n  when taken: gain {} any\n}}\n'
    at, over = _pack_messages(tmp_path, rich.format(limit)), _pack_messages(tmp_path, rich.format(limit + 1))
    return at, over, "pack.orbis:2"


def probe_expression(tmp_path, limit):
    # `max(1, 1, …)` of n ones is n + 1 parts as written (not nested: the parser's depth bound stays far off);
    # doubling lets cost their own size, however many copies writing them out would make
    wide = lambda n: 'god g "G" {\n  end: max(' + ", ".join(["1"] * n) + ")\n}\n"  # noqa: E731
    at = _pack_messages(tmp_path, wide(limit - 1)) + _pack_messages(tmp_path, _doubling(40))
    return at, _pack_messages(tmp_path, wide(limit)), "pack.orbis:2"


def probe_let_depth(tmp_path, limit):
    # a chain of lets, each reading the one before twice (2^n copies written out): `end:` reads n + 1 deep
    return (_pack_messages(tmp_path, _doubling(limit)), _pack_messages(tmp_path, _doubling(limit + 1)),
            f"pack.orbis:{limit + 4}")


def probe_call_depth(tmp_path, limit):
    # f0 … f(limit-1) is a chain of `limit` functions; one more is refused at the call closing it (f1's, line 2)
    return _pack_messages(tmp_path, _calls(limit)), _pack_messages(tmp_path, _calls(limit + 1)), "pack.orbis:2"


def probe_scans(tmp_path, limit):
    return (_pack_messages(tmp_path, _scans(limit)), _pack_messages(tmp_path, _scans(limit + 1)),
            "pack.orbis:2")


def probe_grid(tmp_path, limit):
    # rows centred on the widest: 20 rows of 20 is the limit; one row more of 2 passes it
    at = _check_messages(_grid_pack(tmp_path, ", ".join(["20"] * (limit // 20))))
    over = _check_messages(_grid_pack(tmp_path, ", ".join(["20"] * (limit // 20) + ["2"])))
    return [m for m in at if "cells" in m], over, ""


def probe_record_bytes(tmp_path, limit):
    record = json.loads((ROOT / "examples/games/2p-first-game-new-box.json").read_text(encoding="utf-8"))
    text = json.dumps(record)
    pad = lambda n: text[:-1] + ', "title": "' + "x" * (n - len(text) - 13) + '"}'  # noqa: E731
    record.pop("title")
    text = json.dumps(record)
    assert len(pad(limit)) == limit
    return _record_messages(pad(limit)), _record_messages(pad(limit + 1)), ""


def probe_json_digits(tmp_path, limit):
    record = (ROOT / "examples/games/2p-first-game-new-box.json").read_text(encoding="utf-8")
    at = record.replace('"worshippers": 0', '"worshippers": ' + "0" * (limit - 1) + "1", 1)
    over = record.replace('"worshippers": 0', '"worshippers": ' + "1" * (limit + 1), 1)
    return [m for m in _record_messages(at) if "digits" in m], _record_messages(over), ""


def probe_game_file(tmp_path, limit):
    from orbis_dsl.language.syntax.rule_files import ReadRefused, read_rule_text

    (tmp_path / "at.json").write_bytes(b" " * limit)
    (tmp_path / "over.json").write_bytes(b" " * (limit + 1))
    read_rule_text(tmp_path / "at.json", limit)
    with pytest.raises(ReadRefused) as refused:
        read_rule_text(tmp_path / "over.json", limit)
    return [], [refused.value.message], ""


def probe_picture_side(tmp_path, limit):
    from orbis_dsl.reports.images import picture_problem
    from orbis_dsl.reports.scene import Scene

    at = picture_problem(Scene(100, limit, ()), "svg")
    return [at] if at else [], [picture_problem(Scene(limit + 1, 100, ()), "svg")], ""


def probe_png_pixels(tmp_path, limit):
    from orbis_dsl.reports.images import PNG_SCALE, picture_problem
    from orbis_dsl.reports.scene import Scene

    side = limit // (PNG_SCALE * PNG_SCALE)  # scene pixels: a 1-high strip of exactly the limit's pixels
    strip = lambda n: Scene(10_000, n // 10_000, ())  # noqa: E731
    at = picture_problem(strip(side), "png")
    return [at] if at else [], [picture_problem(strip(side + 10_000), "png")], ""


def probe_spec_bytes(tmp_path, limit):
    at = _sweep_messages(tmp_path, 'variants = ["2p"]\n' + "#" * (limit - 19) + "\n")
    return at, _sweep_messages(tmp_path, "#" * (limit + 1)), ""


def probe_spec_depth(tmp_path, limit):
    nest = lambda n: 'variants = ["2p"]\nx = ' + "[" * n + "]" * n + "\n"  # noqa: E731
    at = [m for m in _sweep_messages(tmp_path, nest(limit)) if "nest" in m]
    return at, _sweep_messages(tmp_path, nest(limit + 1)), "2:"


def probe_spec_games(tmp_path, limit):
    return (_sweep_messages(tmp_path, f'games = {limit}\nvariants = ["2p"]\n'),
            _sweep_messages(tmp_path, f'games = {limit + 1}\nvariants = ["2p"]\n'), "1:")


def probe_spec_cells(tmp_path, limit):
    values = lambda n: "[" + ", ".join(str(i) for i in range(n)) + "]"  # noqa: E731
    # an unknown option: counted first, so past the limit that is the only message
    at = [m for m in _sweep_messages(tmp_path, f'games = 1\n[options]\nnope = {values(limit)}\n') if "cells" in m]
    return at, _sweep_messages(tmp_path, f'games = 1\n[options]\nnope = {values(limit + 1)}\n'), "2:"


def probe_sweep_games(tmp_path, limit):
    variants = lambda n: ", ".join(['"2p"'] * n)  # noqa: E731
    cells = limit // 100_000
    return (_sweep_messages(tmp_path, f"games = 100000\nvariants = [{variants(cells)}]\n"),
            _sweep_messages(tmp_path, f"games = 100000\nvariants = [{variants(cells + 1)}]\n"), "1:")


def probe_simulate_games(tmp_path, limit):
    from orbis_dsl.cli.engine import make_app

    result = CliRunner().invoke(make_app(), ["simulate", "--games", str(limit + 1)])
    assert result.exit_code == 2
    return [], [result.stderr], ""


def probe_cache_module(tmp_path, limit):
    import os

    from orbis_dsl.language.packs.cache import _read_private

    path = tmp_path / "module.py"
    with open(path, "wb") as file:
        file.truncate(limit + 1)  # sparse: nothing is written
    os.chmod(path, 0o600)
    with pytest.raises(ValueError) as refused:
        _read_private(path)
    return [], [str(refused.value)], ""


INPUTS = {
    "orbis_dsl.language.syntax.parse.MAX_SOURCE_BYTES": probe_source_bytes,
    "orbis_dsl.language.syntax.parse.MAX_DEPTH": probe_depth,
    "orbis_dsl.language.syntax.literals.MAX_DIGITS": probe_rule_digits,
    "orbis_dsl.language.syntax.literals.MAX_QUANTITY": probe_quantity,
    "orbis_dsl.language.check.bounds.MAX_EXPRESSION_NODES": probe_expression,
    "orbis_dsl.language.check.bounds.MAX_LET_DEPTH": probe_let_depth,
    "orbis_dsl.language.check.bounds.MAX_CALL_DEPTH": probe_call_depth,
    "orbis_dsl.language.check.bounds.MAX_NESTED_SCANS": probe_scans,
    "orbis_dsl.language.check.grid.MAX_GRID_CELLS": probe_grid,
    "orbis_dsl.records.json_text.MAX_RECORD_BYTES": probe_record_bytes,
    "orbis_dsl.records.json_text.MAX_DIGITS": probe_json_digits,
    "orbis_dsl.records.inputs.MAX_GAME_FILE_BYTES": probe_game_file,
    "orbis_dsl.reports.images.MAX_PICTURE_SIDE": probe_picture_side,
    "orbis_dsl.reports.images.MAX_PNG_PIXELS": probe_png_pixels,
    "orbis_dsl.engine.sweep_spec.MAX_SPEC_BYTES": probe_spec_bytes,
    "orbis_dsl.engine.sweep_spec.MAX_SPEC_DEPTH": probe_spec_depth,
    "orbis_dsl.engine.sweep_spec.MAX_GAMES": probe_spec_games,
    "orbis_dsl.engine.sweep_spec.MAX_CELLS": probe_spec_cells,
    "orbis_dsl.engine.sweep_spec.MAX_SWEEP_GAMES": probe_sweep_games,
    "orbis_dsl.engine.simulate.MAX_GAMES": probe_simulate_games,
    "orbis_dsl.language.packs.cache._MAX_MODULE_BYTES": probe_cache_module,
}
# What the pad and the Dask backend bound for the peers they meet: their own tests (the table's last column)
# run real servers; here only their values are checked.
SERVICES = {"orbis_dsl.serve.connections.MAX_CONNECTIONS", "orbis_dsl.serve.connections.PER_CLIENT",
            "orbis_dsl.serve.connections.HEADER_DEADLINE", "orbis_dsl.serve.connections.REQUEST_DEADLINE",
            "orbis_dsl.engine.sweep.DASK_TIMEOUT"}


def test_every_row_is_probed_or_a_service():
    assert set(ROWS) == set(INPUTS) | SERVICES


def _named(limit: int) -> tuple[str, ...]:
    return (f"{limit:,}", str(limit)) if limit < 10_000 else (f"{limit:,}",)


@pytest.mark.parametrize("constant", sorted(INPUTS))
def test_each_input_is_refused_just_past_its_limit_naming_it(tmp_path, constant):
    limit = ROWS[constant][1]
    at, over, place = INPUTS[constant](tmp_path, limit)
    assert at == [], f"at its limit of {limit:,}: {at}"
    assert over, f"past its limit of {limit:,}: nothing refused"
    assert any(any(f"at most {n}" in m or f"more than {n}" in m for n in _named(limit)) for m in over), over
    assert all(m.startswith(place) for m in over), over
    assert not any("Traceback" in m for m in over)


@pytest.mark.parametrize("shape", ["4000000", "500000, 500000, 500000, 500000"])
def test_a_grid_of_millions_of_cells_is_refused_before_it_is_laid_out(tmp_path, monkeypatch, shape):
    """Issue 35, F2: `shape: 4000000` took 48 s and 1.06 GB to check; four rows of 500,000 checked clean, then
    scoring took 126 s and `orbis rules --schema` printed 73 MB."""
    from orbis_dsl.language.check import grid as check_grid

    def never(shape):
        raise AssertionError("the grid was laid out")

    monkeypatch.setattr(check_grid, "layout", never)
    messages = _check_messages(_grid_pack(tmp_path, shape))
    assert any("a grid has at most 400 cells; this shape has" in m for m in messages), messages
