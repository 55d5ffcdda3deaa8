"""CPU time (user + system) of whole commands, alternated round by round, as the performance notes compare starts.

    python bench/cpu_alternated.py RUNS 'LABEL::COMMAND' ...

Each command runs once as a warm-up (bytecode, file cache), then RUNS rounds of all of them in turn; prints the
median and best CPU of each. CPU rather than wall: the machines these run on are shared, and their load moves the
wall time far more than the CPU a process uses. PYTHONDONTWRITEBYTECODE is removed, as bench_scoring.py does.
"""

from __future__ import annotations

import os
import resource
import shlex
import statistics
import subprocess
import sys


def cpu_of(command: list[str], env: dict[str, str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, env=env, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    runs = int(sys.argv[1])
    commands = [(label, shlex.split(command)) for label, _, command in (a.partition("::") for a in sys.argv[2:])]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for _, command in commands:
        cpu_of(command, env)
    times: dict[str, list[float]] = {label: [] for label, _ in commands}
    for _ in range(runs):
        for label, command in commands:
            times[label].append(cpu_of(command, env))
    for label, found in times.items():
        print(f"{label:<40} median {statistics.median(found) * 1000:6.1f} ms  best {min(found) * 1000:6.1f} ms")


if __name__ == "__main__":
    main()
