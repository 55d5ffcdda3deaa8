"""The suite's own set-up (tests/conftest.py): the order in which pytest-xdist hands out the test files."""

from __future__ import annotations

from types import SimpleNamespace

from conftest import HEAVY_FIRST, ROOT, heavy_first


def test_every_heavy_file_listed_exists():
    assert [name for name in HEAVY_FIRST if not (ROOT / name).is_file()] == []
    assert len(set(HEAVY_FIRST)) == len(HEAVY_FIRST)


def test_heavy_files_go_first_and_each_file_stays_together_in_order():
    def item(nodeid):
        return SimpleNamespace(nodeid=nodeid)

    light, busy = "tests/a/test_light.py", "tests/a/test_busy.py"
    items = [item(f"{light}::t1"), item(f"{busy}::t1"), item(f"{HEAVY_FIRST[1]}::t1"), item(f"{busy}::t2"),
             item(f"{HEAVY_FIRST[0]}::t[1]"), item(f"{HEAVY_FIRST[0]}::t[2]"), item(f"{busy}::t3")]
    assert [i.nodeid for i in heavy_first(items)] == [
        f"{HEAVY_FIRST[0]}::t[1]", f"{HEAVY_FIRST[0]}::t[2]", f"{HEAVY_FIRST[1]}::t1",
        f"{busy}::t1", f"{busy}::t2", f"{busy}::t3", f"{light}::t1"]
