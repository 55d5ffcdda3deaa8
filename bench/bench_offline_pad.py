"""The offline pad's size and time to first score, beside the server pad's in the same run.

Builds the pad (`orbis pad build`, into a temporary folder), serves both from one `orbis serve --offline`, and opens
each in Debian's Chromium at 390×844 with touch: the time from the page's start until a first game
(examples/terra-mystica/2p-basic.json) is scored, for the server pad (the server scores), the offline pad on its
first visit (Pyodide and the wheels downloaded), and the offline pad reloaded with the network cut (everything from
the service worker's cache). Also the stages of the offline pad's start (Pyodide, wheels, rules) and the build's
size. Run from the checkout: `python bench/bench_offline_pad.py [ROUNDS]`.

The machine is shared: compare the columns of one run, not runs of different moments.
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from serve.live_server import serving  # noqa: E402

from orbis_dsl.language.ruleset import base_rules  # noqa: E402
from orbis_dsl.serve.app import create_app  # noqa: E402
from orbis_dsl.serve.pad_build import build  # noqa: E402

GAME = (ROOT / "examples" / "terra-mystica" / "2p-basic.json").read_text(encoding="utf-8")
FIRST_SCORE = """async (body) => {
  const r = await fetch("/api/score", { method: "POST", body });
  if (r.status !== 200) throw new Error(await r.text());
  return performance.now();
}"""


def first_score(browser, url: str, cut_after_first: bool = False) -> tuple[float, dict | None]:
    """ms from the page's start to its first score (after a first visit, with the network cut, when asked)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    context.set_default_timeout(300_000)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("[data-game]")
    if cut_after_first:
        page.wait_for_function("() => window.orbisOffline?.offline")
        context.set_offline(True)
        page.reload()
        page.wait_for_selector("[data-game]")
    ms = page.evaluate(FIRST_SCORE, GAME)
    stages = page.evaluate("() => window.orbisOffline?.stages || null")
    context.close()
    return ms, stages


def main() -> None:
    from playwright.sync_api import sync_playwright

    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    with tempfile.TemporaryDirectory() as scratch:
        started = time.perf_counter()
        made = build(Path(scratch) / "pad")
        took = time.perf_counter() - started
        heavy = sorted(((p.stat().st_size, p.relative_to(made.folder).as_posix())
                        for p in made.folder.rglob("*") if p.is_file()), reverse=True)[:4]
        print(f"build: {made.bytes / 1e6:.1f} MB in {made.files} files, written in {took:.1f} s "
              f"(Pyodide {made.pyodide}); largest: " + ", ".join(f"{n} {s / 1e6:.1f} MB" for s, n in heavy))
        runs: dict[str, list[float]] = {"server pad": [], "offline pad, first visit": [],
                                        "offline pad, network cut": []}
        stages = []
        with serving(create_app(base_rules(), offline=made.folder)) as url, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            for _ in range(rounds):
                runs["server pad"].append(first_score(browser, url)[0])
                ms, staged = first_score(browser, url + "offline/")
                runs["offline pad, first visit"].append(ms)
                stages.append(staged)
                runs["offline pad, network cut"].append(first_score(browser, url + "offline/", True)[0])
            browser.close()
    print(f"time to first score, ms from the page's start ({rounds} rounds: best / median):")
    for label, values in runs.items():
        print(f"  {label:28} {min(values):8.0f} / {statistics.median(values):8.0f}")
    print("offline pad's start, ms since its worker began (first visit, each round): "
          + "; ".join(", ".join(f"{k} {v}" for k, v in s.items()) for s in stages if s))


if __name__ == "__main__":
    main()
