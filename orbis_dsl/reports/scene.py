"""A picture as plain data: rectangles, circles, strokes and text at absolute positions on a canvas.

The score sheets are drawn once, as a scene; `svg.py` writes a scene as SVG and `png.py` paints the same scene
with Pillow, so the two images cannot drift apart. Coordinates are in pixels of the SVG (the PNG may scale them);
a text's `y` is its baseline and `anchor` says which end of it `x` is, as in SVG.
"""

from __future__ import annotations

import hashlib
from typing import NamedTuple

FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
PAPER = "#faf7f0"
PNG_SCALE = 2  # a PNG is painted at twice the SVG's size, for phones (png.py; its bounds in images.py)

# How the usual colour names look on a table; any other colour a rule set declares gets a hue of its own.
_FILLS = {"red": "#c8372d", "yellow": "#e8b420", "orange": "#e8862a", "blue": "#2f6db5", "green": "#3b8c41",
          "white": "#f3efe3", "black": "#2b2b2b", "purple": "#7b4fa0", "brown": "#8a5a32", "grey": "#8c8c8c",
          "gray": "#8c8c8c", "pink": "#e07aa5", "cyan": "#2aa5b8"}
DESERT = "#cdb98a"


class Rect(NamedTuple):
    x: float
    y: float
    w: float
    h: float
    fill: str | None  # None: not filled
    stroke: str | None = None  # "#rrggbb", or "#rrggbbaa" for a translucent line
    stroke_width: float = 1
    rx: float = 0
    dashed: bool = False
    opacity: float = 1


class Circle(NamedTuple):
    cx: float
    cy: float
    r: float
    fill: str


class Stroke(NamedTuple):
    """Straight segments, each ((x1, y1), (x2, y2))."""

    segments: tuple
    color: str
    width: float = 1


class Text(NamedTuple):
    x: float
    y: float
    text: str
    size: int = 12
    bold: bool = False
    color: str = "#222"
    anchor: str = "start"  # start | middle | end
    opacity: float = 1


class Scene(NamedTuple):
    width: int
    height: int
    items: tuple  # Rect | Circle | Stroke | Text, painted in order
    background: str = PAPER


def fill_of(color: str | None) -> str:
    """A colour name as a tile's fill: hex for the usual names, an HSL hue of its own for any other."""
    if color is None:
        return DESERT
    if color in _FILLS:
        return _FILLS[color]
    hue = int(hashlib.sha256(color.encode()).hexdigest()[:4], 16) % 360
    return f"hsl({hue}, 55%, 45%)"


def ink_on(fill: str) -> str:
    """Dark text on light fills, white on dark ones."""
    if not fill.startswith("#"):
        return "#fff"
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#222" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#fff"


def short(name: str, most: int = 11) -> str:
    return name if len(name) <= most else name[:most - 1] + "…"


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points).replace("-", "−")
