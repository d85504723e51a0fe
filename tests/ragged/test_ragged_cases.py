"""The ragged cases of `cases.py`, run here and compared with what TensorFlow 2.21 showed.

Where the error message is ours (the project's conversion and check messages say more than
TensorFlow's assertions do) the case is in `DIFFERENCES` with the reason, and the test checks
the error type and our message.
"""


import pytest

import autograph as ag
from tests.ragged import cases
from tests.ragged.showing import ported, show

DIFFERENCES = {  # case -> (why, what we show)
    "tf.strings.unicode_decode([b'a\\xff'], 'UTF-8', errors='strict')": (
        "the message says what is invalid and how to accept it, where TensorFlow names its "
        "kernel's function node",
        "InvalidArgumentError: input is not valid UTF-8: 'utf-8' codec can't decode byte 0xff "
        "in position 1: invalid start byte. Pass errors='replace' or 'ignore' to accept it. "
        "[Op:UnicodeDecode]"),
}



@pytest.fixture(scope="module")
def namespace():
    found = {"tf": ag}
    exec(cases.SETUP, found)
    return found


@pytest.mark.parametrize("case", [c for c in cases.CASES
                                  if c not in DIFFERENCES])
def test_the_case_shows_what_tensorflow_shows(namespace, case):
    assert show(case, namespace) == ported(cases.TENSORFLOW[case])


@pytest.mark.parametrize("case", sorted(DIFFERENCES))
def test_the_case_differs_from_tensorflow_only_in_its_message(namespace, case):
    why, ours = DIFFERENCES[case]
    shown = show(case, namespace)
    theirs = cases.TENSORFLOW[case]
    assert shown.split(":")[0] == theirs.split(":")[0], why
    assert shown == ours, why
