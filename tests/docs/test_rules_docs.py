"""The rules references under docs/rules/ hold what is cited from them, and agree with the data they restate.

- Every citation "docs/rules/PAGE §N" (or "§N-§M") in a tracked file names a page that exists and sections it has.
- Section numbers run 1, 2, 3 … with no gap or repeat, so a citation can never land between two sections.
- The Terra Mystica base map, kept in its page as data, has the counts its sources give.
- The Orbis record's key tables (docs/rules/orbis.md §10) require exactly what schemas/orbis-game-1 requires.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from docs.rule_citations import GAMES, MARK, used_by_line, uses
from repo_files import read_text, tracked_files

ROOT = Path(__file__).resolve().parents[2]
RULES_DOCS = ROOT / "docs" / "rules"
PAGES = sorted(p for p in RULES_DOCS.glob("*.md") if p.name != "README.md")

_CITATION = re.compile(r"docs/rules/(?P<page>[\w-]+\.md)(?P<sections>(?:\s*[,\-–]?\s*§\d+)*)")


def sections(page: Path) -> list[int]:
    return [int(n) for n in re.findall(r"^## §(\d+) ", page.read_text(encoding="utf-8"), re.M)]


def section_text(page: Path, number: int) -> str:
    text = page.read_text(encoding="utf-8")
    start = text.index(f"\n## §{number} ")
    end = text.find("\n## §", start + 1)
    return text[start:] if end < 0 else text[start:end]


def citations() -> list[tuple[str, str, list[int]]]:
    found = []
    for name in tracked_files():
        text = read_text(name)
        if text is None:
            continue
        for m in _CITATION.finditer(text):
            found.append((name, m["page"], [int(n) for n in re.findall(r"§(\d+)", m["sections"])]))
    return found


def test_there_are_three_pages_and_an_index():
    assert [p.name for p in PAGES] == ["mondo.md", "orbis.md", "terra-mystica.md"]
    index = (RULES_DOCS / "README.md").read_text(encoding="utf-8")
    assert all(f"]({p.name})" in index for p in PAGES)


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_sections_are_numbered_from_one_without_gaps(page):
    numbers = sections(page)
    assert numbers == list(range(1, len(numbers) + 1))


def test_every_citation_names_an_existing_page_and_section():
    found = citations()
    assert any(page == "orbis.md" and numbers for _, page, numbers in found), "the pattern finds no citation at all"
    bad = []
    for where, page, numbers in found:
        path = RULES_DOCS / page
        if not path.is_file():
            bad.append(f"{where}: no page docs/rules/{page}")
            continue
        missing = set(numbers) - set(sections(path))
        if missing:
            bad.append(f"{where}: docs/rules/{page} has no section {sorted(missing)}")
    assert not bad, "\n".join(bad)


def test_the_terra_mystica_base_map_has_the_published_counts():
    text = (RULES_DOCS / "terra-mystica.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- data: terra-mystica base map -->\n```\n(.*?)```", text, re.S)
    assert block, "the base map block is marked `<!-- data: terra-mystica base map -->`"
    rows = [line.split() for line in block[1].splitlines()]
    assert [row[0] for row in rows] == list("ABCDEFGHI")
    assert [len(row) - 1 for row in rows] == [13, 12] * 4 + [13]
    cells = Counter(cell for row in rows for cell in row[1:])
    assert cells.pop(".") == 36
    assert cells == {terrain: 11 for terrain in "YUKBGSR"}


def _backticked_names(cell: str) -> set[str]:
    """The key names a table cell lists: backticked words not inside parentheses (those explain a value)."""
    return set(re.findall(r"`([a-z_]+)`", re.sub(r"\([^)]*\)", "", cell)))


def _tables(text: str, first_header: str) -> list[list[list[str]]]:
    """The body rows of every Markdown table whose first column is headed `first_header`, in order."""
    lines = text.splitlines()
    tables = []
    for start, line in enumerate(lines):
        if not line.startswith(f"| {first_header} |"):
            continue
        rows = []
        for row in lines[start + 2:]:
            if not row.startswith("|"):
                break
            rows.append([cell.strip() for cell in row.strip().strip("|").split("|")])
        tables.append(rows)
    return tables


def _required(rows: list[list[str]]) -> set[str]:
    return {_backticked_names(row[0]).pop() for row in rows if row[1] == "yes"}


def test_the_record_tables_require_what_the_schema_requires():
    schema = json.loads((ROOT / "schemas" / "orbis-game-1.schema.json").read_text(encoding="utf-8"))
    record = section_text(RULES_DOCS / "orbis.md", 10)
    top, player = _tables(record, "key")
    assert _required(top) == set(schema["required"])
    assert _required(player) == set(schema["$defs"]["player"]["required"])
    (kind_table,) = _tables(record, "`kind`")
    kinds = {}
    for row in kind_table:
        kinds[_backticked_names(row[0]).pop()] = _backticked_names(row[1])
    assert set(kinds) == set(schema["$defs"]["face_up"]["properties"]["kind"]["enum"])
    for kind, required in kinds.items():
        assert required == set(schema["$defs"][kind]["required"]) - {"kind"}, kind


@pytest.mark.parametrize("page", sorted(GAMES), ids=sorted(GAMES))
def test_every_section_a_score_or_check_cites_says_what_uses_it(page):
    """A player reading a section sees which of the rule files' scores and checks rest on it (issue 31): each
    section the comments above a `score`, an award, a tile kind, a god or a check cite ends with a line naming
    them (tests/docs/rule_citations.py reads the citations; the line is the one it writes)."""
    game = GAMES[page]
    cited = uses(game)
    assert cited, f"rules/{game}/ cites no section of docs/rules/{page}"
    for number, items in cited.items():
        assert used_by_line(game, items) in section_text(RULES_DOCS / page, number), f"{page} §{number}"
    stray = [n for n in sections(RULES_DOCS / page) if n not in cited and MARK in section_text(RULES_DOCS / page, n)]
    assert not stray, f"{page}: sections no rule file cites say they are used: {stray}"
