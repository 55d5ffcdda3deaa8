"""The browser and the phone for the whole games typed into the pad with a finger: one Chromium per test file,
so that the three games, each over a minute on a loaded core, run on different workers (`--dist loadfile`).

Skipped only when no Chromium is installed (CI installs one, see .ci/run), or axe-core is not (`npm ci` in
tests/serve/axe, which .ci/run does).
"""

from __future__ import annotations

import pytest
from serve.finger_flow import VIEWS
from serve.pad_driver import AXE

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
playwright_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def browser(pad_url):
    from serve.conftest import CHROMIUM

    if CHROMIUM is None:
        pytest.skip("no Chromium installed (apt-get install chromium)")
    if not AXE.exists():
        pytest.skip("axe-core is not installed (npm ci in tests/serve/axe)")
    with playwright_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture(params=list(VIEWS), ids=list(VIEWS))
def phone(request, browser, pad_url):
    from serve.conftest import STEP_WAIT

    context = browser.new_context(viewport=VIEWS[request.param], has_touch=True, is_mobile=True,
                                  accept_downloads=True)
    context.set_default_timeout(STEP_WAIT)
    page = context.new_page()
    page.goto(pad_url)
    page.wait_for_selector('[data-game="orbis"]')
    yield page
    context.close()
