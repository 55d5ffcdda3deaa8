"""`orbis pad build DIR` (serve/pad_build.py): every file the offline pad needs, each kept by its service worker,
the page's links relative and the offline hooks in it, pure-Python wheels that carry the scorer; clear errors when
Pyodide is missing or the folder is someone else's; `orbis serve --offline` serves only a build."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import pytest


def _files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def test_the_service_worker_keeps_every_file_of_the_build(built):
    worker = (built / "sw.js").read_text(encoding="utf-8")
    cached = json.loads(re.search(r"const FILES = (\[.*?\]);", worker, re.S).group(1))
    assert set(cached) == (_files(built) - {"index.html", "build.json"}) | {"./"}
    info = json.loads((built / "build.json").read_text(encoding="utf-8"))
    assert f'const VERSION = "{info["version"]}"' in worker
    assert info["bytes"] == sum((built / f).stat().st_size for f in _files(built) - {"build.json"})


def test_pyodides_files_and_the_pads_pages_are_there(built):
    from orbis_dsl.serve.pad_build import PYODIDE_FILES, STATIC

    files = _files(built)
    assert {f"pyodide/{name}" for name in PYODIDE_FILES} <= files
    assert {f"static/{p.name}" for p in STATIC.iterdir()} <= files
    assert {"offline/shim.js", "offline/worker.js", "offline/icon.svg", "manifest.json"} <= files


def test_the_page_has_relative_links_and_the_shim_before_the_pads_scripts(built):
    page = (built / "index.html").read_text(encoding="utf-8")
    assert '"/static/' not in page
    scripts = re.findall(r'<script[^>]*src="([^"]+)"', page)
    assert scripts[0] == "offline/shim.js" and "static/app.js" in scripts
    assert '<link rel="manifest" href="manifest.json">' in page
    manifest = json.loads((built / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone" and manifest["icons"]


def test_the_wheels_are_pure_python_and_carry_the_scorer_and_its_compiled_rules(built):
    listed = json.loads((built / "wheels" / "index.json").read_text(encoding="utf-8"))["wheels"]
    assert set(listed) == {p.name for p in (built / "wheels").glob("*.whl")}
    assert all(name.endswith("-py3-none-any.whl") for name in listed)
    assert {name.split("-")[0] for name in listed} == {"orbis_dsl", "lark", "attrs"}
    project = next(built / "wheels" / n for n in listed if n.startswith("orbis_dsl-"))
    inside = set(zipfile.ZipFile(project).namelist())
    assert "orbis_dsl/serve/offline.py" in inside
    assert any(n.startswith("orbis_dsl/_bundled/generated/terra_mystica/") for n in inside)
    assert not any("node_modules" in n for n in inside)


def test_a_missing_pyodide_is_a_clear_error(orbis, tmp_path):
    empty = tmp_path / "nothing"
    empty.mkdir()
    result = orbis("pad", "build", tmp_path / "out", "--pyodide", empty)
    assert result.exit_code == 2
    assert "Pyodide is not in" in result.stderr and "npm install" in result.stderr
    assert "pyodide.asm.wasm" in result.stderr
    assert not (tmp_path / "out").exists()


def test_a_folder_that_is_not_a_build_is_not_replaced(orbis, tmp_path, built):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me", encoding="utf-8")
    result = orbis("pad", "build", mine, "--pyodide", built / "pyodide", "--wheel",
                   next((built / "wheels").glob("orbis_dsl-*.whl")), "--wheels", built / "wheels")
    assert result.exit_code == 2 and "not a pad build" in result.stderr
    assert (mine / "notes.txt").read_text(encoding="utf-8") == "keep me"


def test_a_build_replaces_an_earlier_build(orbis, tmp_path, built):
    out = tmp_path / "again"
    args = ["pad", "build", out, "--pyodide", built / "pyodide", "--wheel",
            next((built / "wheels").glob("orbis_dsl-*.whl")), "--wheels", built / "wheels"]
    assert orbis(*args).exit_code == 0
    (out / "stale.txt").write_text("old", encoding="utf-8")
    result = orbis(*args)
    assert result.exit_code == 0, result.stderr
    assert re.match(r"wrote .*: \d+ files, [\d.]+ MB \(Pyodide ", result.stdout)
    assert not (out / "stale.txt").exists()


def test_serve_offline_serves_only_a_build(orbis, tmp_path, built, monkeypatch):
    pytest.importorskip("uvicorn")
    result = orbis("serve", "--offline", tmp_path)
    assert result.exit_code == 2 and "is not a build of the pad" in result.stderr
    calls = []
    monkeypatch.setattr("orbis_dsl.serve.run", lambda rules, host, port, offline=None: calls.append(offline))
    monkeypatch.setattr("orbis_dsl.serve.unusable_address", lambda host, port: None)
    result = orbis("serve", "--offline", built)
    assert result.exit_code == 0, result.stderr
    assert calls == [built] and "http://localhost:8000/offline/" in result.stdout


def test_the_build_is_served_at_offline_with_a_policy_that_lets_pyodide_compile(built):
    testclient = pytest.importorskip("starlette.testclient")
    from orbis_dsl.language.ruleset import base_rules
    from orbis_dsl.serve.app import create_app

    client = testclient.TestClient(create_app(base_rules(), offline=built))
    page = client.get("/offline/")
    assert page.status_code == 200 and "offline/shim.js" in page.text
    assert "'wasm-unsafe-eval'" in page.headers["content-security-policy"]
    assert page.headers["x-content-type-options"] == "nosniff"
    assert client.get("/offline/pyodide/pyodide.asm.wasm").headers["content-type"] == "application/wasm"
    assert client.get("/offline/pyodide/pyodide.asm.mjs").headers["content-type"].startswith("text/javascript")
    assert "wasm-unsafe-eval" not in client.get("/").headers["content-security-policy"]  # the server pad's own


def test_a_place_that_cannot_hold_a_build_is_a_sentence_not_a_traceback(orbis, tmp_path, built):
    a_file = tmp_path / "a-file"
    a_file.write_text("", encoding="utf-8")
    args = ["--pyodide", built / "pyodide", "--wheel", next((built / "wheels").glob("orbis_dsl-*.whl")),
            "--wheels", built / "wheels"]
    result = orbis("pad", "build", a_file, *args)
    assert result.exit_code == 2 and "is a file, not a folder" in result.stderr
    result = orbis("pad", "build", a_file / "inside", *args)
    assert result.exit_code == 2 and result.stderr.startswith("error: cannot write the build")
    assert "Traceback" not in result.stderr
