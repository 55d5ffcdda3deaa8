"""A scene (`scene.py`) painted as a PNG with Pillow: the same picture as its SVG, at twice the size for phones.

Pillow is an optional extra (`orbis-dsl[png]`; the pad's `[serve]` extra brings it too): this module is imported
only when a PNG is asked for. Text uses DejaVu Sans where the system has it (the SVG names it first), else
Pillow's own scalable font. Dashed outlines are drawn solid: Pillow has no dashes.
"""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageColor, ImageDraw, ImageFont

from orbis_dsl.reports.scene import PNG_SCALE, Circle, Rect, Scene, Stroke, Text

SCALE = PNG_SCALE
# No glyph of a text font is narrower than this part of its size: a text is cut to the characters that could
# fit across the image, since Pillow lays out the whole string however little of it shows (a 200 kB player
# name took 3.8 s).
_NARROWEST_GLYPH = 0.2
_ANCHORS = {"start": "ls", "middle": "ms", "end": "rs"}  # left, middle or right end, on the baseline


def to_png(scene: Scene, scale: int = SCALE) -> bytes:
    image = Image.new("RGB", (scene.width * scale, scene.height * scale), _rgba(scene.background))
    pen = ImageDraw.Draw(image, "RGBA")  # RGBA: translucent colours blend with what lies beneath
    for item in scene.items:
        _paint(pen, _fitted(item, scene.width), scale)
    out = io.BytesIO()
    image.save(out, format="PNG")  # optimize=True took five times as long for 4 % fewer bytes
    return out.getvalue()


def _fitted(item, width: float):
    """A text item cut to the characters that could fit across the picture (each at least _NARROWEST_GLYPH of
    its size wide); anything else as it is."""
    if not isinstance(item, Text):
        return item
    most = int(width / (_NARROWEST_GLYPH * max(item.size, 1))) + 1
    return item if len(item.text) <= most else item._replace(text=item.text[:most])


def _paint(pen: ImageDraw.ImageDraw, item, k: int) -> None:
    if isinstance(item, Rect):
        box = (item.x * k, item.y * k, (item.x + item.w) * k, (item.y + item.h) * k)
        pen.rounded_rectangle(box, radius=item.rx * k, fill=_rgba(item.fill, item.opacity),
                              outline=_rgba(item.stroke, item.opacity),
                              width=max(1, round(item.stroke_width * k)) if item.stroke else 0)
    elif isinstance(item, Circle):
        pen.ellipse(((item.cx - item.r) * k, (item.cy - item.r) * k, (item.cx + item.r) * k,
                     (item.cy + item.r) * k), fill=_rgba(item.fill))
    elif isinstance(item, Stroke):
        for (x1, y1), (x2, y2) in item.segments:
            pen.line((x1 * k, y1 * k, x2 * k, y2 * k), fill=_rgba(item.color), width=max(1, round(item.width * k)))
    elif isinstance(item, Text):
        pen.text((item.x * k, item.y * k), item.text, fill=_rgba(item.color, item.opacity),
                 font=_font(item.size * k, item.bold), anchor=_ANCHORS[item.anchor])
    else:
        raise TypeError(f"not a scene item: {item!r}")


def _rgba(color: str | None, opacity: float = 1) -> tuple[int, int, int, int] | None:
    if color is None:
        return None
    rgba = ImageColor.getrgb(color)  # "#rgb", "#rrggbbaa", "hsl(…)" alike
    r, g, b = rgba[:3]
    alpha = rgba[3] if len(rgba) == 4 else 255
    return r, g, b, round(alpha * opacity)


@lru_cache(maxsize=32)
def _font(size: int, bold: bool):
    for name in (("DejaVuSans-Bold.ttf", "DejaVuSans.ttf") if bold else ("DejaVuSans.ttf",)):
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size)
