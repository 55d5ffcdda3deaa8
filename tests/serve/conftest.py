"""The scoring pad's server and a phone-sized page of headless Chromium, for the browser tests (one of each per
test module), and the pad's offline build (one for the session). The libraries are imported inside the fixtures:
the API tests in this folder need none of them."""

from __future__ import annotations

import os
import shutil

import pytest
from serve.live_server import serving

# Debian's `chromium` package, never a downloaded browser; the browser tests skip where there is none.
CHROMIUM = os.environ.get("ORBIS_CHROMIUM") or next(
    (path for name in ("chromium", "chromium-browser") if (path := shutil.which(name))), None)
STEP_WAIT = 15_000  # ms: the most Playwright waits for one element before the test fails (not a timing check)


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """One offline build of the pad (`orbis pad build`) for every test that reads or serves it (test_pad_build.py,
    test_browser_offline.py, test_api_sheets.py): it is only read, and building it takes seconds. Under
    pytest-xdist each worker has a session of its own, so the workers share one build in the run's common
    temporary folder, the first to get there building it under a lock."""
    from serve.pad_build_fixture import build_or_skip, shared_build

    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        return build_or_skip(tmp_path_factory.mktemp("pad") / "build")
    return shared_build(tmp_path_factory.getbasetemp().parent / "pad-shared")


@pytest.fixture(scope="module")
def pad_url():
    pytest.importorskip("uvicorn")
    from orbis_dsl.language.ruleset import base_rules
    from orbis_dsl.serve.app import create_app

    with serving(create_app(base_rules())) as url:
        yield url


@pytest.fixture(scope="module")
def page(pad_url):
    playwright_api = pytest.importorskip("playwright.sync_api")
    if CHROMIUM is None:
        pytest.skip("no Chromium installed (apt-get install chromium)")
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        context = browser.new_context(viewport={"width": 390, "height": 844}, accept_downloads=True)
        context.set_default_timeout(STEP_WAIT)
        tab = context.new_page()
        tab.goto(pad_url)
        yield tab
        browser.close()
