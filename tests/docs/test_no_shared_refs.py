"""No tracked file points at the rule documents outside the repository.

Users get the repository only, so a rule file, schema, module, test or page that sends them to the folder the
project's original rule texts were written in sends them nowhere. The project's own references are under
docs/rules/ (see docs/rules/README.md), and that is what everything cites.
"""

from __future__ import annotations

import re

from repo_files import read_text, tracked_files

# Written without the literal names so that this file does not match itself.
_OUTSIDE = "shared"
OUTSIDE_REFERENCE = re.compile(
    r"\.\./" + _OUTSIDE + r"|" + _OUTSIDE + r"/(?:orbis-rules|game-record|terra-mystica-rules|mondo-rules)")

# Folders allowed to cite the outside documents: none (rules/ cites docs/rules/ since the game folders).
EXEMPT: tuple[str, ...] = ()


def outside_references(files: list[str]) -> list[str]:
    """`path:line: text` for every line of a non-exempt file that cites the outside documents."""
    found = []
    for name in files:
        if name.startswith(EXEMPT):
            continue
        text = read_text(name)
        if text is None:  # deleted in the work tree but still in the index
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if OUTSIDE_REFERENCE.search(line):
                found.append(f"{name}:{number}: {line.strip()}")
    return found


def test_no_tracked_file_cites_the_outside_rule_documents():
    references = outside_references(tracked_files())
    assert not references, "cite docs/rules/… instead:\n" + "\n".join(references)


def test_the_pattern_catches_what_it_must_and_nothing_else():
    # The test above can only fail if the pattern matches the citations that really occurred.
    for cited in ("see ../" + _OUTSIDE + "/orbis-rules.md", "(" + _OUTSIDE + "/game-record.md)",
                  _OUTSIDE + "/terra-mystica-rules.md §B1", _OUTSIDE + "/mondo-rules.md", "../" + _OUTSIDE):
        assert OUTSIDE_REFERENCE.search(cited), cited
    for fine in ("docs/rules/orbis.md §5", "winner: most total, ties shared", "a shared win", "shared/style"):
        assert not OUTSIDE_REFERENCE.search(fine), fine


def test_nothing_is_exempt():
    assert EXEMPT == ()


def test_the_file_list_is_the_repository():
    files = tracked_files()
    assert "README.md" in files and "docs/rules/orbis.md" in files
    assert not any(name.startswith(".git/") for name in files)
