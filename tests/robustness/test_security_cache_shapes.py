"""Issue 35, F14: a `manifest.json` nested thousands deep in the user's own pack cache raised RecursionError on
every later run, and the entry was never rebuilt. A damaged entry of any shape (deep nesting, wrong types, garbage
bytes) is now stale: the pack is compiled again and the entry written afresh, used on the next run."""

from __future__ import annotations

import json
import shutil

import pytest
from robustness.hostile import ROOT

from orbis_dsl.language.packs import cache as pack_cache
from orbis_dsl.language.packs.load import load_pack, pack_key, source_digest

PACK = ROOT / "examples" / "custom" / "pack"


@pytest.fixture
def cached(tmp_path, monkeypatch):
    """The example pack compiled once into a fresh cache: (pack, its entry's folder)."""
    pack = tmp_path / "pack"
    shutil.copytree(PACK, pack)
    monkeypatch.setenv("ORBIS_CACHE_DIR", str(tmp_path / "cache"))
    rules, compiled = load_pack(pack)
    assert rules is not None and compiled is not None
    entry = tmp_path / "cache" / pack_key(pack)
    assert pack_cache.read_entry(entry, pack_key(pack), source_digest) is not None
    return pack, entry


def _good(entry):
    return json.loads((entry / pack_cache.MANIFEST).read_text(encoding="utf-8"))


SHAPES = {
    "nested 100,000 deep": lambda good: "[" * 100_000 + "]" * 100_000,
    "an object nested 50,000 deep": lambda good: '{"a":' * 50_000 + "1" + "}" * 50_000,
    "modules nested deep": lambda good: json.dumps({**good, "modules": 0})[:-1].replace(
        '"modules": 0', '"modules": ' + "[" * 30_000 + "]" * 30_000) + "}",
    "a list": lambda good: "[1, 2, 3]",
    "a string": lambda good: '"orbis-pack-cache/1"',
    "null": lambda good: "null",
    "modules a list": lambda good: json.dumps({**good, "modules": list(good["modules"])}),
    "a module's digest a number": lambda good: json.dumps({**good, "modules": {n: 1 for n in good["modules"]}}),
    "sources a string": lambda good: json.dumps({**good, "sources": "everything"}),
    "a source's digest null": lambda good: json.dumps({**good, "sources": {p: None for p in good["sources"]}}),
    "the key a number": lambda good: json.dumps({**good, "key": 7}),
    "an extra key": lambda good: json.dumps({**good, "extra": {}}),
    "a module named ../x.py": lambda good: json.dumps({**good, "modules": {"../x.py": "0" * 64}}),
    "garbage bytes": lambda good: b"\xff\xfe\x00garbage\x80",
    "NaN": lambda good: json.dumps({**good, "key": float("nan")}),
    "empty": lambda good: "",
}


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_damaged_manifest_of_any_shape_is_rebuilt(cached, shape):
    pack, entry = cached
    damaged = SHAPES[shape](_good(entry))
    manifest = entry / pack_cache.MANIFEST
    (manifest.write_bytes if isinstance(damaged, bytes) else manifest.write_text)(damaged)
    assert pack_cache.read_entry(entry, pack_key(pack), source_digest) is None
    rules, compiled = load_pack(pack)  # compiled again, and the entry written afresh...
    assert rules is not None and compiled is not None and not compiled.diagnostics
    rules, compiled = load_pack(pack)  # ...which the next run uses
    assert rules is not None and compiled is None


@pytest.mark.parametrize("damage", [b"", b"\xff\xfe garbage", b"[" * 100_000])
def test_a_damaged_module_is_rebuilt(cached, damage):
    pack, entry = cached
    (entry / "__init__.py").write_bytes(damage)
    assert load_pack(pack)[1] is not None and load_pack(pack)[1] is None
