"""A record's score sheet as an image, whichever game it is: the scene, then SVG text or PNG bytes."""

from __future__ import annotations

from orbis_dsl.reports.scene import PNG_SCALE, Scene


def sheet_scene(report, record, rules) -> Scene:
    """Orbis's pyramids, or a score-sheet game's table."""
    from orbis_dsl.runtime.sheet_types import SheetRecord

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


# Bounds on a picture (docs/robustness.md, "Limits"): the scene grows with the players and the board a rule set
# declares, and a variant of 680 players once made a 1608 × 230,068 PNG in 13.7 s and 1.5 GB.
MAX_PICTURE_SIDE = 20_000  # SVG pixels on either side (a four-player sheet is about 800 × 1,000)
MAX_PNG_PIXELS = 32_000_000  # pixels of the PNG, drawn at twice the size: about 100 MB while it is painted


class PictureTooLarge(ValueError):
    """A score sheet past the bounds: its message says how large it would be and the limit."""


def picture_problem(scene: Scene, kind: str) -> str | None:
    """Why the scene is too large to draw as `kind`, or None."""
    if max(scene.width, scene.height) > MAX_PICTURE_SIDE:
        return (f"the score sheet would be {scene.width:,} × {scene.height:,} pixels; a picture is at most "
                f"{MAX_PICTURE_SIDE:,} on a side (a table of so many players or tiles is not drawn)")
    pixels = scene.width * PNG_SCALE * scene.height * PNG_SCALE
    if kind == "png" and pixels > MAX_PNG_PIXELS:
        return (f"the PNG would have {pixels:,} pixels ({scene.width * PNG_SCALE:,} × {scene.height * PNG_SCALE:,}); "
                f"a PNG has at most {MAX_PNG_PIXELS:,} (draw it as SVG instead)")
    return None


def draw(report, record, rules, kind: str) -> str | bytes:
    """`kind` svg → SVG text; png → PNG bytes (Pillow needed: ask `png_missing()` first). PictureTooLarge for a
    sheet past the bounds, before any of it is painted."""
    scene = sheet_scene(report, record, rules)
    problem = picture_problem(scene, kind)
    if problem is not None:
        raise PictureTooLarge(problem)
    if kind == "png":
        from orbis_dsl.reports.png import to_png

        return to_png(scene)
    from orbis_dsl.reports.svg import to_svg

    return to_svg(scene)
