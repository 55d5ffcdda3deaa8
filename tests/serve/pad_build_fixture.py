"""One offline build of the pad (`orbis pad build`) for the tests that need it. (Not a test module.)"""

from __future__ import annotations

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
