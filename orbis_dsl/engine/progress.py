"""Progress of a long run on stderr: games done, games per second, time left.

    1,200/5,000 games  43.1 games/s  ETA 1m28s

On a terminal the line is rewritten in place (at most twice a second); elsewhere (a log file, CI) a new line is
written at most every ten seconds. Nothing is written until the run has lasted that long, so a short run stays
silent, and the last line is always written when a run that showed progress ends. The clock is a parameter so
that tests can drive it without waiting.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO


class Progress:
    """Counts finished games; `advance(n)` after each batch, `close()` at the end."""

    def __init__(self, total: int, stream: TextIO | None = None, clock: Callable[[], float] = time.monotonic,
                 every: float | None = None, what: str = "games"):
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.clock = clock
        self.live = bool(getattr(self.stream, "isatty", lambda: False)())
        self.every = every if every is not None else (0.5 if self.live else 10.0)
        self.what = what
        self.done = 0
        self.start = clock()
        self.last = self.start  # when a line was last written (the start: none yet)
        self.shown = False
        self.shown_done = -1  # the count the last line showed

    def advance(self, n: int = 1) -> None:
        self.done += n
        now = self.clock()
        if now - self.last >= self.every:
            self._write(now)

    def close(self) -> None:
        if self.shown:
            if self.shown_done != self.done:
                self._write(self.clock())
            if self.live:
                self.stream.write("\n")
            self.stream.flush()

    def line(self, now: float) -> str:
        elapsed = max(now - self.start, 1e-9)
        rate = self.done / elapsed
        left = self.total - self.done
        eta = format_duration(left / rate) if rate > 0 else "?"
        speed = f"{rate:,.1f} {self.what}/s" if rate >= 1 else f"{rate * 60:,.1f} {self.what}/min"
        return f"{self.done:,}/{self.total:,} {self.what}  {speed}  ETA {eta}"

    def _write(self, now: float) -> None:
        self.last = now
        self.shown = True
        self.shown_done = self.done
        text = self.line(now)
        self.stream.write(f"\r{text}\033[K" if self.live else text + "\n")
        self.stream.flush()


def format_duration(seconds: float) -> str:
    """'8s', '1m28s', '2h05m'."""
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds}s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes}m{seconds:02d}s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m"
