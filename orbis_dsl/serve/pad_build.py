"""`orbis pad build DIR`: the scoring pad as static files that need no server, for any static host or `orbis serve
--offline DIR`. The pad's own pages (static/), a shim that answers their /api/ requests in the browser (offline/),
Pyodide (from the npm package `pyodide`), and wheels: the project's and the pure-Python ones its scorer imports.
A service worker keeps every file, so once opened the pad works with no network, and a manifest makes it an
installable web app.

The build is checked, not trusted: each Pyodide file it needs must be there, each wheel must be pure Python.
Errors are values (BuildError), the CLI prints them.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
from importlib import metadata
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).parent
STATIC = HERE / "static"
OFFLINE = HERE / "offline"
# Where `npm install` in orbis_dsl/serve (package.json, as .ci/run does) puts Pyodide.
DEFAULT_PYODIDE = HERE / "node_modules" / "pyodide"
# What of the npm package Pyodide loads: the loader (pyodide.js, which imports pyodide.asm.mjs), the
# interpreter compiled to WebAssembly, the standard library, and the list of packages it knows.
PYODIDE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
# The project's dependencies the scorer may import in the browser: lark (the rules language's parser, for a rule set
# whose modules generated/ does not hold current; the notation has a line reader of its own) and attrs. Not typer,
# rich, pygments (the command line and the terminal), jinja2 (the rules compiler: the wheel carries the compiled
# modules), nor the server's libraries.
RUNTIME_DEPENDENCIES = ("lark", "attrs")
MARKER = "build.json"  # in a folder `orbis pad build` wrote, so that a rebuild may replace it


class BuildError(Exception):
    """Why the build could not be made, in a sentence for the command line."""


class Built(NamedTuple):
    folder: Path
    files: int
    bytes: int
    wheels: list[str]
    pyodide: str  # its version


def find_pyodide(folder: Path | None) -> Path:
    """The folder of the npm package `pyodide`: the one given, else orbis_dsl/serve/node_modules/pyodide, else
    ./node_modules/pyodide. Each file the pad needs must be in it."""
    candidates = [folder] if folder is not None else [DEFAULT_PYODIDE, Path.cwd() / "node_modules" / "pyodide"]
    for candidate in candidates:
        if candidate.is_dir() and all((candidate / name).is_file() for name in PYODIDE_FILES):
            return candidate
    where = folder if folder is not None else " or ".join(str(c) for c in candidates)
    missing = [] if folder is None or not folder.is_dir() else [n for n in PYODIDE_FILES if not (folder / n).is_file()]
    lacking = f" (it lacks {', '.join(missing)})" if missing else ""
    raise BuildError(f"Pyodide is not in {where}{lacking}: run `npm install` in {HERE} (its package.json names "
                     "the npm package `pyodide`), or give --pyodide DIR, a folder of the npm package")


def _pyodide_version(folder: Path) -> str:
    try:
        return json.loads((folder / "package.json").read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        return "unknown"


def project_wheel(out: Path, given: Path | None) -> Path:
    """The project's wheel: the one given, else built from the source checkout with `pip wheel --no-deps`."""
    if given is not None:
        if not given.is_file() or not given.name.startswith("orbis_dsl-") or given.suffix != ".whl":
            raise BuildError(f"--wheel {given}: expected the project's wheel (orbis_dsl-….whl)")
        return Path(shutil.copy2(given, out / given.name))
    root = HERE.parents[1]
    if not (root / "pyproject.toml").is_file():
        raise BuildError("the project's source is not here to build its wheel from: give --wheel FILE")
    with tempfile.TemporaryDirectory() as scratch:
        _pip("wheel", "--no-deps", "--quiet", "--wheel-dir", scratch, str(root))
        made = sorted(Path(scratch).glob("orbis_dsl-*.whl"))
        if not made:
            raise BuildError("pip wheel made no wheel of the project")
        return Path(shutil.copy2(made[-1], out / made[-1].name))


def dependency_wheels(out: Path, cache: Path, wheels: Path | None) -> list[Path]:
    """The runtime dependencies' wheels, at the versions installed here (so the browser runs what the CLI runs):
    from `wheels` when given, else from `cache`, else downloaded into it with `pip download`."""
    found = []
    for name in RUNTIME_DEPENDENCIES:
        version = metadata.version(name)
        pattern = f"{name.replace('-', '_')}-{version}-*.whl"
        folders = [wheels] if wheels is not None else [cache]
        hits = [w for folder in folders for w in sorted(folder.glob(pattern))] if folders[0].is_dir() else []
        if not hits and wheels is None:
            cache.mkdir(parents=True, exist_ok=True)
            _pip("download", "--no-deps", "--only-binary=:all:", "--quiet", "--dest", str(cache),
                 f"{name}=={version}")
            hits = sorted(cache.glob(pattern))
        if not hits:
            raise BuildError(f"no wheel of {name} {version} in {folders[0]}")
        if not hits[0].name.endswith("-none-any.whl"):
            raise BuildError(f"{hits[0].name} is not pure Python: Pyodide cannot load it")
        found.append(Path(shutil.copy2(hits[0], out / hits[0].name)))
    return found


def _pip(*args: str) -> None:
    done = subprocess.run([sys.executable, "-m", "pip", *args], capture_output=True, text=True)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise BuildError(f"pip {args[0]} failed: {last}")


def _index_html() -> str:
    """The pad's page, its links made relative (so the build works in any folder of a host) and the offline
    pieces added: the manifest, the shim before the pad's own scripts, the status line's style."""
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    page = re.sub(r'(href|src)="/static/', r'\1="static/', page)
    hooks = ('<link rel="manifest" href="manifest.json">\n  <link rel="icon" href="offline/icon.svg">\n'
             '  <link rel="stylesheet" href="offline/offline.css">\n  <script src="offline/shim.js"></script>\n  ')
    first_script = page.index("<script")
    return page[:first_script] + hooks + page[first_script:]


MANIFEST = {
    "name": "Orbis scoring pad", "short_name": "Scoring pad",
    "description": "Score Orbis, Terra Mystica and Mondo at the table, with no computer and no network.",
    "start_url": "./", "scope": "./", "display": "standalone", "orientation": "any",
    "background_color": "#ffffff", "theme_color": "#3b2f5c",
    "icons": [{"src": "offline/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}],
}


def _clear(folder: Path, force: bool) -> None:
    if folder.exists() and not folder.is_dir():
        raise BuildError(f"{folder} is a file, not a folder")
    if folder.is_dir() and any(folder.iterdir()):
        if not (folder / MARKER).is_file() and not force:
            raise BuildError(f"{folder} is not empty and not a pad build: give --force to replace what is in it")
        shutil.rmtree(folder)
    folder.mkdir(parents=True, exist_ok=True)


def build(folder: Path, pyodide: Path | None = None, wheel: Path | None = None, wheels: Path | None = None,
          force: bool = False, cache: Path | None = None) -> Built:
    """Write the offline pad into `folder` (replacing an earlier build there)."""
    try:
        return _build(folder, find_pyodide(pyodide), wheel, wheels, force, cache)
    except OSError as error:  # a folder that cannot be written, a disk full
        where = f" {error.filename}" if error.filename else ""
        raise BuildError(f"cannot write the build{where}: {error.strerror or error}") from None


def _build(folder: Path, source: Path, wheel: Path | None, wheels: Path | None, force: bool,
           cache: Path | None) -> Built:
    cache = cache or _wheel_cache()
    with tempfile.TemporaryDirectory() as scratch:  # everything made first, then the folder replaced
        staged = Path(scratch) / "pad"
        shutil.copytree(STATIC, staged / "static")
        shutil.copytree(OFFLINE, staged / "offline", ignore=shutil.ignore_patterns("sw.js"))
        (staged / "pyodide").mkdir()
        for name in PYODIDE_FILES:
            shutil.copy2(source / name, staged / "pyodide" / name)
        (staged / "wheels").mkdir()
        made = [project_wheel(staged / "wheels", wheel), *dependency_wheels(staged / "wheels", cache, wheels)]
        names = [w.name for w in made]
        (staged / "wheels" / "index.json").write_text(json.dumps({"wheels": names}, indent=2) + "\n")
        (staged / "index.html").write_text(_index_html(), encoding="utf-8")
        (staged / "manifest.json").write_text(json.dumps(MANIFEST, indent=2) + "\n", encoding="utf-8")
        files = sorted(p.relative_to(staged).as_posix() for p in staged.rglob("*") if p.is_file())
        version = _version_of(staged, files)
        cached = ["./", *(f for f in files if f != "index.html"), "sw.js"]
        worker = (OFFLINE / "sw.js").read_text(encoding="utf-8")
        worker = worker.replace("__VERSION__", version).replace("__FILES__", json.dumps(cached, indent=2))
        (staged / "sw.js").write_text(worker, encoding="utf-8")
        total = sum((staged / f).stat().st_size for f in [*files, "sw.js"])
        (staged / MARKER).write_text(json.dumps({
            "version": version, "pyodide": _pyodide_version(source), "wheels": names, "bytes": total,
            "files": len(files) + 1}, indent=2) + "\n", encoding="utf-8")
        _clear(folder, force)
        for item in staged.iterdir():
            shutil.move(str(item), folder / item.name)
    return Built(folder, len(files) + 2, total, names, _pyodide_version(source))


def _version_of(folder: Path, files: list[str]) -> str:
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode())
        digest.update(hashlib.sha256((folder / name).read_bytes()).digest())
    return digest.hexdigest()[:16]


def _wheel_cache() -> Path:
    """The user's cache of downloaded wheels ($ORBIS_CACHE_DIR, else the platform's cache folder)."""
    import os

    root = os.environ.get("ORBIS_CACHE_DIR")
    if root:
        return Path(root) / "pad-wheels"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "orbis-dsl" / "pad-wheels"
