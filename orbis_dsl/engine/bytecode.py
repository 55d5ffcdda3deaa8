"""Whether this interpreter's bytecode is the one the engine's readers of compiled handlers were written for.

`tile_fixed.py` and `measure_sum.py` classify handlers by their instructions, by name (`LOAD_ATTR`, `STORE_FAST`,
...), as CPython 3.11 writes them. Other versions add instructions those readers do not know: 3.13's
`STORE_FAST_STORE_FAST` rebinds a name without a `STORE_FAST`, so a reader looking for one would call a rebound
tile argument untouched. Rather than trust a reader on code it was not written for, they classify nothing there:
every tile is then weighed afresh each turn, which is slower and, by construction, the same game.
(`place_free.py` reads only a code object's names, which every version keeps alike, and runs everywhere.)
"""

from __future__ import annotations

import sys

READABLE = sys.implementation.name == "cpython" and sys.version_info[:2] == (3, 11)
