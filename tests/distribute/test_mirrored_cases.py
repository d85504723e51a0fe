"""The MirroredStrategy cases of `mirrored_cases.py`, run here with two replicas (the CPU and
the simulated device) and compared with TensorFlow 2.21's answers with two CPUs
(`mirrored_expected.json`)."""

import json
import pathlib

import numpy as np
import pytest

import autograph as ag
from tests.distribute.mirrored_cases import CASES

EXPECTED = json.loads((pathlib.Path(__file__).parent / "mirrored_expected.json").read_text())


def _same(got, expected, where="answer"):
    if isinstance(expected, dict):
        assert isinstance(got, dict) and sorted(got) == sorted(expected), f"{where}: {got!r}"
        for key in expected:
            _same(got[key], expected[key], f"{where}[{key!r}]")
    elif isinstance(expected, list):
        assert isinstance(got, list) and len(got) == len(expected), f"{where}: {got!r}"
        for i, (g, e) in enumerate(zip(got, expected)):
            _same(g, e, f"{where}[{i}]")
    elif isinstance(expected, str) and where.endswith("['message']"):
        # A message shows a tensor's repr, which names the library.
        assert got == expected.replace("tf.Tensor(", "ag.Tensor("), f"{where}: {got!r}"
    elif isinstance(expected, (bool, str)) or expected is None:
        assert got == expected, f"{where}: {got!r} != {expected!r}"
    else:
        np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-6, err_msg=where)


@pytest.fixture
def strategy(sim_device):
    return ag.distribute.MirroredStrategy(["/cpu:0", "/device:SIM:0"])


@pytest.mark.parametrize("name", sorted(CASES))
def test_mirrored_strategy_gives_tensorflows_answer(name, strategy):
    _same(CASES[name](ag, strategy), EXPECTED["cases"][name])
