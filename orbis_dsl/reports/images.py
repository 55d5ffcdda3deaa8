"""A record's score sheet as an image, whichever game it is: the scene, then SVG text or PNG bytes."""

from __future__ import annotations

from orbis_dsl.reports.scene import Scene


def sheet_scene(report, record, rules) -> Scene:
    """Orbis's pyramids, or a score-sheet game's table."""
    from orbis_dsl.runtime.sheet import SheetRecord

    if isinstance(record, SheetRecord):
        from orbis_dsl.reports.table_scene import table_scene

        return table_scene(report, record, rules)
    from orbis_dsl.reports.orbis_scene import orbis_scene

    return orbis_scene(report, record, rules)


def png_missing() -> str | None:
    """Why no PNG can be made here (Pillow is not installed), or None."""
    import importlib.util

    if importlib.util.find_spec("PIL") is None:
        return "a PNG needs Pillow: pip install 'orbis-dsl[png]'"
    return None


def draw(report, record, rules, kind: str) -> str | bytes:
    """`kind` svg → SVG text; png → PNG bytes (Pillow needed: ask `png_missing()` first)."""
    scene = sheet_scene(report, record, rules)
    if kind == "png":
        from orbis_dsl.reports.png import to_png

        return to_png(scene)
    from orbis_dsl.reports.svg import to_svg

    return to_svg(scene)
