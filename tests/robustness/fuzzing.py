"""What the robustness tests share: the fuzzing budget, hypothesis helpers, and `orbis` run in-process with a
crash told apart from a refusal. (Not a test module: pytest collects only test_*.py.)"""

from __future__ import annotations

import contextlib
import os
import traceback
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import event as _event
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context
from typer.testing import CliRunner

from orbis_dsl.cli.app import app

EXAMPLES = int(os.environ.get("ORBIS_FUZZ_EXAMPLES", "150"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.filter_too_much, HealthCheck.function_scoped_fixture])
RUNNER = CliRunner()

# Crashes already reported, (name, predicate on the exception); see docs/robustness.md. Empty: all fixed.
# An entry looks like ("surrogate in output", lambda e: isinstance(e, UnicodeEncodeError)).
KNOWN_CRASHES: tuple = ()


def rarely(n: int):
    """True about once in `n` draws (hypothesis favours small integers, so `integers(0, n) == 0` is not rare)."""
    return st.sampled_from([False] * (n - 1) + [True])


def event(label: str) -> None:
    """hypothesis.event, also callable from the plain (non-hypothesis) tests."""
    if currently_in_test_context():
        _event(label)


def invoke(args, cwd: Path):
    """`orbis ARGS…` in-process from `cwd`; the Result, crash or not."""
    with contextlib.chdir(cwd):
        return RUNNER.invoke(app, [str(a) for a in args])


def crash_of(result) -> BaseException | None:
    """The exception a run ended with, unless it is an exit (a refusal with its code is not a crash)."""
    error = result.exception
    if error is None or isinstance(error, SystemExit):
        return None
    return error


def known_crash(error: BaseException) -> str | None:
    for name, matches in KNOWN_CRASHES:
        if matches(error):
            return name
    return None


def crashed(result, what: str) -> bool:
    """True for a crash already known (counted as an event); raises for a new one; False when it did not crash."""
    error = crash_of(result)
    if error is None:
        return False
    name = known_crash(error)
    if name is not None:
        event(f"known bug: {name}")
        return True
    trace = "".join(traceback.format_exception(*result.exc_info))
    raise AssertionError(f"{what}: crashed (exit {result.exit_code}):\n{trace}")


def orbis_without_crash(cwd: Path, *args):
    """`orbis ARGS…` in-process from `cwd`, failing the test on any crash or printed traceback."""
    result = invoke(args, cwd)
    if crash_of(result) is not None:
        raise AssertionError(f"orbis {' '.join(map(str, args))} crashed:\n"
                             + "".join(traceback.format_exception(*result.exc_info)))
    assert "Traceback" not in result.stderr
    return result
