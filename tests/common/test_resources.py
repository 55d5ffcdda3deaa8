"""How a file is named in messages (display_path): as a person would type it, relative to the working directory
when it lies below it, with links and `..` resolved."""

from __future__ import annotations

import os
from pathlib import Path

from orbis_dsl.common.resources import display_path


def test_a_path_is_shown_relative_to_the_working_directory_when_it_lies_below_it(tmp_path, monkeypatch):
    (tmp_path / "here" / "games").mkdir(parents=True)
    (tmp_path / "elsewhere").mkdir()
    for name in ("here/a.json", "here/games/b.json", "elsewhere/c.json"):
        (tmp_path / name).write_text("{}")
    (tmp_path / "here" / "outside").symlink_to(tmp_path / "elsewhere")
    (tmp_path / "here" / "link.json").symlink_to(tmp_path / "here" / "games" / "b.json")
    monkeypatch.chdir(tmp_path / "here")
    assert display_path(Path("a.json")) == "a.json"
    assert display_path(Path("games/b.json")) == os.path.join("games", "b.json")
    assert display_path(Path("./games/../a.json")) == "a.json"
    assert display_path(tmp_path / "here" / "games" / "b.json") == os.path.join("games", "b.json")
    assert display_path(Path("link.json")) == os.path.join("games", "b.json")  # a link: where it leads
    assert display_path(Path("outside/c.json")) == "outside/c.json"  # a folder leading out: as given
    assert display_path(tmp_path / "elsewhere" / "c.json") == str(tmp_path / "elsewhere" / "c.json")
    assert display_path(Path("missing.json")) == "missing.json"
    assert display_path(Path("..")) == ".."
