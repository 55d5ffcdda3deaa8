"""The `orbis` command's entry point, with a quick way in for the command people run most.

Importing typer (and the click it carries) costs more than reading and scoring a game, and `orbis score` of a
few files with nothing but score's own flags needs none of it: such a command line is run here, through the
same `run_score` as the full command. Anything else (another command, --help, --rules, an option this does
not know, a value that does not parse) goes to the full command line (cli.py), so help and usage errors come
from one place.
"""

from __future__ import annotations

import gc
import os
import re
import sys
from pathlib import Path

_FLAGS = {"--json": "as_json", "--explain": "explain", "--strict": "strict", "--boards": "boards"}
_JOBS = ("--jobs", "-j")
# What click strips from output that is not a terminal. A pattern, compiled by `re` (and kept in its cache) only
# when a text holds an escape: compiling it cost every `orbis score` a few tenths of a millisecond of start.
_ANSI = r"\033\[[;?0-9]*[a-zA-Z]"


def quick_score_args(args: list[str]) -> dict | None:
    """`score` arguments this entry runs itself, as run_score's keywords; None for anything else."""
    if not args or args[0] != "score":
        return None
    found: dict = {"files": [], "as_json": False, "explain": False, "strict": False, "jobs": None, "boards": False}
    rest = iter(args[1:])
    for arg in rest:
        if arg in _FLAGS:
            found[_FLAGS[arg]] = True
        elif arg in _JOBS or arg.startswith("--jobs="):
            value = arg.partition("=")[2] if "=" in arg else next(rest, "")
            # At most 9 digits (as literals.plain_count): int() refuses 4,300 and more with an exception.
            if not value.isascii() or not value.isdigit() or len(value) > 9 or int(value) < 1:
                return None
            found["jobs"] = int(value)
        elif arg.startswith("-"):
            return None
        else:
            found["files"].append(Path(arg))
    return found if found["files"] else None


def _writer(stream):
    plain = not stream.isatty()

    def say(text: str) -> None:
        if plain and "\033" in text:
            text = re.sub(_ANSI, "", text)
        stream.write(text + "\n")

    return say


def main() -> None:
    quick = quick_score_args(sys.argv[1:])
    if quick is None or os.environ.get("ORBIS_FULL_CLI"):
        from orbis_dsl.cli.app import main as full_cli

        full_cli()
        return
    # Loading the package makes no garbage worth a collection, yet its allocations set off a dozen or more (some
    # 3 ms of a 50 ms start); a batch keeps the collector off anyway and runs it itself (batch.collect_now).
    gc.disable()
    from orbis_dsl.cli.score import run_score
    from orbis_dsl.cli.streams import end_on_device_failure, is_device_failure, usable_standard_streams

    usable_standard_streams()
    try:
        code = run_score(pack=None, say=_writer(sys.stdout), say_error=_writer(sys.stderr), says_to_stdout=True,
                         **quick)
        sys.stdout.flush()
    except BrokenPipeError:  # `orbis score *.json --json | head`: the reader has all it wanted
        # Python flushes stdout once more at exit, which would fail again: point it at nothing (the recipe of
        # the signal module's documentation).
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = 1
    except KeyboardInterrupt:
        sys.stderr.write("\nAborted!\n")
        code = 1
    except OSError as error:  # a full disk under stdout
        if not is_device_failure(error):
            raise
        code = end_on_device_failure(error)
    # Everything the batch loaded and kept is freed as the process ends, but the collection Python runs at exit
    # walks it all first: some 25 ms of CPU after 2,000 files, a fiftieth of the batch (docs/performance.md,
    # batch7). Frozen, it walks nothing. (Python promises no finalizer for an object alive at exit either way.)
    gc.freeze()
    sys.exit(code)


if __name__ == "__main__":
    main()
