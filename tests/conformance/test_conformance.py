"""Runs every conformance program under autograph and compares with TensorFlow's answers.

expected.json holds what TensorFlow 2 returned for each program (see record.py). Where
autograph deliberately does better (harness.DELIBERATE says why), the reference is TensorFlow's
eager run of the same program, from expected_eager.json. Programs that
autograph does not yet match are listed in XFAIL with what differs; the marks are strict, so a
fix makes its entry fail until it is removed here.
"""
import json
import pathlib

import numpy as np
import pytest

import autograph as ag
from tests.conformance import harness

HERE = pathlib.Path(__file__).parent
EXPECTED = json.loads((HERE / "expected.json").read_text())
EXPECTED_EAGER = json.loads((HERE / "expected_eager.json").read_text())
PROGRAMS = harness.collect()

# program -> what differs from TensorFlow today.
XFAIL = {
    # Errors of another type than TensorFlow's.
    # Loop and branch state.
    # Missing API.
}


def _compare(actual, expected, where: str) -> None:
    assert actual.keys() == expected.keys(), f"{where}: got {actual}, TensorFlow gave {expected}"
    if "seq" in expected:
        assert len(actual["seq"]) == len(expected["seq"]), f"{where}: length differs"
        for i, (a, e) in enumerate(zip(actual["seq"], expected["seq"])):
            _compare(a, e, f"{where}[{i}]")
    elif "map" in expected:
        assert actual["map"].keys() == expected["map"].keys(), f"{where}: keys differ"
        for k in expected["map"]:
            _compare(actual["map"][k], expected["map"][k], f"{where}[{k!r}]")
    elif "value" in expected:
        assert actual["dtype"] == expected["dtype"], f"{where}: dtype differs"
        if expected["dtype"] == "string":
            assert actual["value"] == expected["value"], f"{where}: strings differ"
        else:
            np.testing.assert_allclose(
                np.asarray(actual["value"], dtype=float),
                np.asarray(expected["value"], dtype=float),
                rtol=1e-6, atol=1e-6, err_msg=where)
    else:
        assert actual == expected, f"{where}: got {actual}, TensorFlow gave {expected}"


def _params():
    for name in sorted(PROGRAMS):
        marks = []
        if name in XFAIL:
            marks.append(pytest.mark.xfail(strict=True, reason=XFAIL[name]))
        yield pytest.param(name, marks=marks, id=name)


def test_every_program_has_a_recorded_answer():
    assert sorted(PROGRAMS) == sorted(EXPECTED)
    assert sorted(EXPECTED_EAGER) == sorted(harness.DELIBERATE)


@pytest.mark.parametrize("name", list(_params()))
def test_program_matches_tensorflow(name):
    expected = EXPECTED_EAGER[name] if name in harness.DELIBERATE else EXPECTED[name]
    _compare(harness.run(PROGRAMS[name], ag), expected, name)
