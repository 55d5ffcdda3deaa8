"""One offline build of the pad (`orbis pad build`) for the tests that need it. (Not a test module.)"""

from __future__ import annotations

import fcntl
from pathlib import Path

import pytest


def build_or_skip(folder: Path) -> Path:
    """The pad built into `folder`; skipped where the npm package pyodide is not installed (.ci/run installs it:
    `npm install` in orbis_dsl/serve)."""
    from orbis_dsl.serve.pad_build import BuildError, build, find_pyodide

    try:
        find_pyodide(None)
    except BuildError as error:
        pytest.skip(str(error))
    build(folder)
    return folder


def shared_build(folder: Path) -> Path:
    """The pad built once into `folder/build` for every pytest-xdist worker of this run (`folder` is in the run's
    own temporary folder, so a build is never reused across runs). The lock file makes the other workers wait for
    the first one's build; a `done` marker tells them it finished, and a skip is remembered as its reason."""
    folder.mkdir(parents=True, exist_ok=True)
    build_dir, done, skipped = folder / "build", folder / "done", folder / "skipped"
    with open(folder / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if skipped.exists():
            pytest.skip(skipped.read_text(encoding="utf-8"))
        if not done.exists():
            try:
                build_or_skip(build_dir)
            except pytest.skip.Exception as reason:
                skipped.write_text(str(reason), encoding="utf-8")
                raise
            done.touch()
    return build_dir
