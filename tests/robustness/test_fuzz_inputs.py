"""Issue 35, item 6: mutation fuzzers of sweep specs, the Dask address, the pad's HTTP requests and the pack
cache's files (the targets and their oracles are in `fuzz_inputs.py`; `bench/fuzz_budget.py` runs the same
targets for a time budget). Budget: ORBIS_FUZZ_EXAMPLES examples per property (150 by default)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from robustness.fuzz_inputs import CacheFiles, DaskAddresses, PadRequests, SweepSpecs
from robustness.fuzzing import FUZZ, event


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz-inputs")


def _fuzz(target, rng) -> None:
    value = target.generate(rng)
    event(target.run(value))


@FUZZ
@given(rng=st.randoms(use_true_random=False))
def test_sweep_specs(folder, rng):
    _fuzz(SweepSpecs(folder), rng)


@FUZZ
@given(rng=st.randoms(use_true_random=False))
def test_dask_addresses(folder, rng):
    pytest.importorskip("distributed")
    _fuzz(DaskAddresses(folder), rng)


@pytest.fixture(scope="module")
def pad(folder):
    pytest.importorskip("starlette")
    return PadRequests(folder)


@FUZZ
@given(rng=st.randoms(use_true_random=False))
def test_pad_requests(pad, rng):
    _fuzz(pad, rng)


@pytest.fixture(scope="module")
def cache(folder):
    return CacheFiles(folder)


@FUZZ
@given(rng=st.randoms(use_true_random=False))
def test_cache_files(cache, rng):
    _fuzz(cache, rng)
