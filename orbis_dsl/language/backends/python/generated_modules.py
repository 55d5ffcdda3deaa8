"""`orbis compile` and `orbis compile --check`: which generated modules are stale, missing or orphaned, and writing
them (atomically; orphans deleted)."""

from __future__ import annotations

from pathlib import Path

import attrs

from orbis_dsl.common.files import write_atomic


@attrs.frozen
class CheckResult:
    stale: tuple[str, ...]
    missing: tuple[str, ...]
    orphaned: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not (self.stale or self.missing or self.orphaned)


def _header_line(text: str, prefix: str, lines: int = 8) -> str | None:
    return next((line for line in text.split("\n", lines)[:lines] if line.startswith(prefix)), None)


def compare(expected: dict[str, str], out_dir: Path) -> CheckResult:
    """Which modules differ from what the compiler writes now."""
    present = {p.name for p in out_dir.glob("*.py")} if out_dir.is_dir() else set()
    stale = tuple(n for n in expected if n in present and (out_dir / n).read_text(encoding="utf-8") != expected[n])
    missing = tuple(n for n in expected if n not in present)
    orphaned = tuple(sorted(present - set(expected)))
    return CheckResult(stale, missing, orphaned)


def write(expected: dict[str, str], out_dir: Path) -> list[str]:
    """Write changed modules, delete orphans; returns the names written or removed."""
    result = compare(expected, out_dir)
    for name in result.stale + result.missing:
        write_atomic(out_dir / name, expected[name])
    for name in result.orphaned:
        (out_dir / name).unlink()
    return list(result.stale + result.missing + result.orphaned)


def orphaned_folders(generated: Path, games: set[str]) -> list[str]:
    """Folders or modules of generated/ that belong to no game (a game removed or renamed)."""
    if not generated.is_dir():
        return []
    return sorted(p.name for p in generated.iterdir()
                  if p.name not in games and p.name != "__pycache__" and (p.is_dir() or p.suffix == ".py"))
