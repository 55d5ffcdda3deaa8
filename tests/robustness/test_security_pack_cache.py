"""Issue 15, items 2 and 4: the pack cache.

Item 2: `load_pack` imported `<cache>/<key>/__init__.py` whenever it existed; anyone who can read a pack can
compute the key, and nothing checked the owner, the mode or a hash, so with ORBIS_CACHE_DIR on a shared folder
another user's module ran, and appending to a cached module ran too. Item 4: the key missed includes the text
scanner did not see (same line as a declaration, after a BOM, an escaped path), left out the grammar, and a
damaged or read-only cache gave a traceback every time.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path

import pytest
from robustness.hostile import ROOT, orbis, other_uid, second_user

GAME = ROOT / "examples" / "custom" / "duel.orbisgame"
PAYLOAD = "\nimport os as _os\n_os.mkdir({marker!r})\n"


@pytest.fixture
def pack(tmp_path) -> Path:
    folder = tmp_path / "pack"
    shutil.copytree(ROOT / "examples" / "custom" / "pack", folder)
    return folder


def _score(tmp_path: Path, pack: Path, cache: Path):
    return orbis(tmp_path, "score", "--rules", pack, GAME, "--json", env={"ORBIS_CACHE_DIR": str(cache)})


def _entry(cache: Path) -> Path:
    from orbis_dsl.language.packs.cache import LARK_FOLDER

    (entry,) = [p for p in cache.iterdir() if p.is_dir() and p.name != LARK_FOLDER]
    return entry


def _plant(cache: Path, pack: Path, marker: Path, owner: int | None = None) -> None:
    """What an attacker who can write `cache` leaves there: the pack's entry, at the key anyone can compute,
    with a module that creates `marker`, and a manifest whose hashes match (so only ownership can tell)."""
    from orbis_dsl.language.packs import cache as pack_cache
    from orbis_dsl.language.packs import load as packs

    key = packs.pack_key(pack)
    compiled = packs.compile_pack(pack)
    modules = dict(compiled.modules)
    modules["__init__.py"] += PAYLOAD.format(marker=str(marker))
    sources = {str(p): packs.source_digest(p) for p in compiled.sources.paths.values()}
    entry = cache / key
    entry.mkdir(parents=True)
    for name, text in modules.items():
        (entry / name).write_text(text, encoding="utf-8")
    manifest = {"format": pack_cache.FORMAT, "key": key,
                "modules": {n: pack_cache.sha256(t.encode()) for n, t in modules.items()}, "sources": sources}
    (entry / pack_cache.MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    if owner is not None:
        for path in (cache, entry, *entry.iterdir()):
            os.chown(path, owner, -1)


def _assert_safe_run(result, marker: Path, warned: str | None = None) -> None:
    code, stdout, stderr = result
    assert "Traceback" not in stderr, stderr
    assert not marker.exists(), "a module someone else wrote in the cache was run"
    assert code == 0, stderr
    assert json.loads(stdout)["winners"] == ["Ben"]
    if warned is not None:
        assert warned in stderr and "compiled in memory" in stderr, stderr


# ---- item 2: whose cache ------------------------------------------------------------------------------------

def test_the_cache_is_created_private(tmp_path, pack):
    cache = tmp_path / "cache"
    _assert_safe_run(_score(tmp_path, pack, cache), tmp_path / "RAN")
    entry = _entry(cache)
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700 and stat.S_IMODE(entry.stat().st_mode) == 0o700
    assert all(stat.S_IMODE(p.stat().st_mode) & 0o077 == 0 for p in entry.iterdir())


def test_a_cache_written_by_a_second_user_is_not_run(tmp_path, pack):
    with second_user() as user:
        cache, marker = tmp_path / "shared-cache", tmp_path / "RAN"
        _plant(cache, pack, marker, owner=user.pw_uid)
        _assert_safe_run(_score(tmp_path, pack, cache), marker, warned="belongs to another user")


def test_a_cache_folder_owned_by_another_uid_is_not_run(tmp_path, pack):
    if os.geteuid() != 0:
        pytest.skip("giving a folder to another uid needs root (the mode checks below run without it)")
    cache, marker = tmp_path / "cache", tmp_path / "RAN"
    _plant(cache, pack, marker, owner=other_uid())
    _assert_safe_run(_score(tmp_path, pack, cache), marker, warned="belongs to another user")


@pytest.mark.parametrize("mode", [0o777, 0o1777, 0o770, 0o722])
def test_a_shared_cache_folder_is_not_run(tmp_path, pack, mode):
    cache, marker = tmp_path / "cache", tmp_path / "RAN"
    _plant(cache, pack, marker)
    cache.chmod(mode)
    _assert_safe_run(_score(tmp_path, pack, cache), marker, warned="writable by other users")


def test_a_module_owned_by_another_uid_inside_our_cache_is_not_run(tmp_path, pack):
    if os.geteuid() != 0:
        pytest.skip("giving a file to another uid needs root")
    cache, marker = tmp_path / "cache", tmp_path / "RAN"
    _plant(cache, pack, marker)
    os.chown(_entry(cache) / "__init__.py", other_uid(), -1)
    _assert_safe_run(_score(tmp_path, pack, cache), marker)


def test_a_group_writable_module_is_not_run(tmp_path, pack):
    cache, marker = tmp_path / "cache", tmp_path / "RAN"
    _plant(cache, pack, marker)
    cache.chmod(0o700)
    (_entry(cache) / "__init__.py").chmod(0o666)
    _assert_safe_run(_score(tmp_path, pack, cache), marker)


def test_code_appended_to_a_cached_module_is_not_run(tmp_path, pack):
    cache, marker = tmp_path / "cache", tmp_path / "RAN"
    _assert_safe_run(_score(tmp_path, pack, cache), marker)
    entry = _entry(cache)
    for module in [p for p in entry.glob("*.py")]:
        with module.open("a", encoding="utf-8") as file:
            file.write(PAYLOAD.format(marker=str(marker)))
    _assert_safe_run(_score(tmp_path, pack, cache), marker)
    assert not any("mkdir" in p.read_text(encoding="utf-8") for p in entry.glob("*.py")), "not recompiled"


def test_a_symlinked_module_is_not_followed(tmp_path, pack):
    cache, marker = tmp_path / "cache", tmp_path / "RAN"
    _assert_safe_run(_score(tmp_path, pack, cache), marker)
    entry = _entry(cache)
    evil = tmp_path / "evil.py"
    evil.write_text((entry / "__init__.py").read_text(encoding="utf-8") + PAYLOAD.format(marker=str(marker)))
    (entry / "__init__.py").unlink()
    (entry / "__init__.py").symlink_to(evil)
    _assert_safe_run(_score(tmp_path, pack, cache), marker)


# ---- item 4: stale or damaged entries -----------------------------------------------------------------------

@pytest.mark.parametrize("main", [
    'include "extra.orbis" value bonus_points = 1\n',           # on the line of a declaration
    '\ufeffinclude "extra.orbis"\n',                              # after a byte order mark
    'include "ex\\x74ra.orbis"\n',                                # an escaped path
    'value bonus_points = 1 include "extra.orbis"\n',
])
def test_editing_an_include_the_old_scanner_missed_recompiles(tmp_path, main):
    cache, pack = tmp_path / "cache", tmp_path / "pack"
    pack.mkdir()
    (pack / "main.orbis").write_text(main, encoding="utf-8")  # a one-file pack: only includes bring extra.orbis
    (pack / "extra.orbis").write_text('god extra "Old Title" {\n  end: 1\n}\n', encoding="utf-8")
    pack = pack / "main.orbis"
    first = orbis(tmp_path, "rules", "--rules", pack, "--json", env={"ORBIS_CACHE_DIR": str(cache)})
    assert first[0] == 0, first[2]
    assert "Old Title" in first[1]
    (pack.parent / "extra.orbis").write_text('god extra "New Title" {\n  end: 1\n}\n', encoding="utf-8")
    second = orbis(tmp_path, "rules", "--rules", pack, "--json", env={"ORBIS_CACHE_DIR": str(cache)})
    assert second[0] == 0, second[2]
    assert "New Title" in second[1] and "Old Title" not in second[1]


def test_the_key_covers_the_grammar_and_the_version(tmp_path, pack, monkeypatch):
    from orbis_dsl.language.packs import load as packs

    key = packs.pack_key(pack)
    grammar = tmp_path / "rules.lark"
    grammar.write_text(packs.grammar_path("rules.lark").read_text(encoding="utf-8") + "\n// changed\n")
    monkeypatch.setattr(packs, "grammar_path", lambda name: grammar)
    assert packs.pack_key(pack) != key
    monkeypatch.undo()
    monkeypatch.setattr(packs, "_package_version", lambda: "99.0")
    assert packs.pack_key(pack) != key


@pytest.mark.parametrize("damage", ["delete a module", "delete the manifest", "empty a module",
                                    "garble the manifest"])
def test_a_damaged_entry_is_compiled_again(tmp_path, pack, damage):
    cache = tmp_path / "cache"
    _assert_safe_run(_score(tmp_path, pack, cache), tmp_path / "RAN")
    entry = _entry(cache)
    module = sorted(p for p in entry.glob("*.py") if p.name != "__init__.py")[0]
    if damage == "delete a module":
        module.unlink()
    elif damage == "delete the manifest":
        (entry / "manifest.json").unlink()
    elif damage == "empty a module":
        module.write_text("")
    else:
        (entry / "manifest.json").write_text("{not json")
    for _ in range(2):  # repaired on the first run, used on the second
        _assert_safe_run(_score(tmp_path, pack, cache), tmp_path / "RAN")
    assert module.is_file() and module.stat().st_size > 0


def test_a_cache_path_that_is_no_folder_falls_back_to_memory(tmp_path, pack):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    _assert_safe_run(_score(tmp_path, pack, blocker), tmp_path / "RAN", warned="cache")
    _assert_safe_run(_score(tmp_path, pack, blocker / "below"), tmp_path / "RAN", warned="cache")


def test_a_read_only_cache_falls_back_to_memory(tmp_path, pack):
    if os.geteuid() == 0:
        pytest.skip("root writes into read-only folders (the file-in-the-way case above covers the fallback)")
    cache = tmp_path / "cache"
    cache.mkdir(mode=0o500)
    _assert_safe_run(_score(tmp_path, pack, cache), tmp_path / "RAN", warned="cannot write")
