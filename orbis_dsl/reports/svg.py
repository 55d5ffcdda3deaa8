"""Score sheets as SVG images, to share with the table: `orbis score --svg FILE` and the pad's download.

A sheet is drawn once as a scene (`scene.py`; Orbis's in `orbis_scene.py`, the score-sheet games' in
`table_scene.py`) and written out here; `png.py` paints the same scene. Every text is escaped: player names and
titles are whatever the table typed.
"""

from __future__ import annotations

from html import escape

from orbis_dsl.reports.scene import FONT, Circle, Rect, Scene, Stroke, Text


def to_svg(scene: Scene) -> str:
    w, h = scene.width, scene.height
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
           f'font-family="{FONT}">',
           f'<rect width="{w}" height="{h}" fill="{scene.background}"/>']
    out += [_element(item) for item in scene.items]
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _element(item) -> str:
    if isinstance(item, Text):
        faded = f' opacity="{item.opacity}"' if item.opacity != 1 else ""
        return (f'<text x="{_n(item.x)}" y="{_n(item.y)}" font-size="{item.size}" '
                f'font-weight="{"bold" if item.bold else "normal"}" fill="{item.color}" '
                f'text-anchor="{item.anchor}"{faded}>{escape(item.text)}</text>')
    if isinstance(item, Rect):
        attrs = [f'x="{_n(item.x)}" y="{_n(item.y)}" width="{_n(item.w)}" height="{_n(item.h)}"']
        if item.rx:
            attrs.append(f'rx="{_n(item.rx)}"')
        attrs.append(f'fill="{item.fill or "none"}"')
        if item.stroke:
            attrs.append(f'stroke="{item.stroke}"')
            if item.stroke_width != 1:
                attrs.append(f'stroke-width="{_n(item.stroke_width)}"')
        if item.dashed:
            attrs.append('stroke-dasharray="4 3"')
        if item.opacity != 1:
            attrs.append(f'opacity="{item.opacity}"')
        return f'<rect {" ".join(attrs)}/>'
    if isinstance(item, Circle):
        return f'<circle cx="{_n(item.cx)}" cy="{_n(item.cy)}" r="{_n(item.r)}" fill="{item.fill}"/>'
    if isinstance(item, Stroke):
        path = "".join(f"M{_n(a[0])} {_n(a[1])}L{_n(b[0])} {_n(b[1])}" for a, b in item.segments)
        return f'<path d="{path}" stroke="{item.color}" stroke-width="{_n(item.width)}" fill="none"/>'
    raise TypeError(f"not a scene item: {item!r}")


def _n(value: float) -> str:
    """A coordinate to two decimals, without needless zeros: 359, 12.5. Rounded first, so that 358.999 is "359"
    (not "359.", which browsers refuse as a number) and -0.001 is "0"."""
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text
