"""Colour words a rule file may name for drawing (a hex map's `player colors by …`), and how each is shown:
a background with the text colour that stays readable on it, on dark and light terminals alike.

The backgrounds are mid-tones: never the terminal's own black or white, so a cell stands out from either
background; rich lowers them to 256 or 16 colours where a terminal has no true colour.
"""

from __future__ import annotations

# name -> (background, text)
SHOWN = {
    "yellow": ("#e8c547", "black"),
    "brown": ("#8b5a2b", "white"),
    "black": ("#3c3c3c", "white"),
    "blue": ("#2f6fc0", "white"),
    "green": ("#2a9d3a", "white"),
    "gray": ("#a0a0a0", "black"),
    "grey": ("#a0a0a0", "black"),
    "red": ("#c0282d", "white"),
    "orange": ("#e07b24", "black"),
    "purple": ("#9a3fb0", "white"),
    "white": ("#dcdcdc", "black"),
    "cyan": ("#2aa6b8", "white"),
}


def style(name: str) -> str:
    """The rich style of a colour word (one of SHOWN)."""
    background, text = SHOWN[name]
    return f"bold {text} on {background}"
