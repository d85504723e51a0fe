"""Fixtures shared by all tests."""

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


@pytest.fixture(autouse=True)
def _fresh_random_seed():
    """Each test starts from the same random state, so tests stay deterministic."""
    ag.random.set_seed(20261121)
    yield
