"""Fixtures shared by all tests."""

import os
import tempfile

import pytest

import autograph as ag
from tests.op_testing import DEVICES
from tests.sim_device import sim_device  # noqa: F401 -- the simulated accelerator


@pytest.fixture(params=DEVICES)
def device(request):
    """Runs the test with ops placed on each device (strict: no CPU fallback): the CPU, the
    simulated accelerator (`tests/sim_device.py`), and a CUDA GPU where there is one."""
    if request.param == "SIM":
        request.getfixturevalue("sim_device")
    previous = ag.config.get_soft_device_placement()
    ag.config.set_soft_device_placement(False)
    try:
        with ag.device(f"/{request.param}:0"):
            yield request.param
    finally:
        ag.config.set_soft_device_placement(previous)


@pytest.fixture(scope="session", autouse=True)
def _bytecode_cache_for_subprocesses():
    """Python processes the tests start (the command line, the examples) share one bytecode
    cache, removed after the run: without it each one compiles the project from source where
    PYTHONDONTWRITEBYTECODE is set, about 0.5 s per process."""
    saved = {name: os.environ.get(name)
             for name in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    with tempfile.TemporaryDirectory(prefix="autograph-test-bytecode-") as cache:
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        os.environ["PYTHONPYCACHEPREFIX"] = cache
        try:
            yield
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


@pytest.fixture(autouse=True)
def _fresh_random_seed():
    """Each test starts from the same random state, so tests stay deterministic."""
    ag.random.set_seed(20261121)
    yield
