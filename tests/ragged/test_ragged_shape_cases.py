"""The shape cases of `shape_cases.py` (`DynamicRaggedShape`, `RowPartition`, uniform row
lengths), run here and compared with what TensorFlow 2.21 showed.
"""


import pytest

import autograph as ag
from tests.ragged import shape_cases
from tests.ragged.showing import ported, show

DIFFERENCES = {  # case -> (why, what we show)
    "tf.reshape(tf.range(7), tf.shape(tf.ragged.constant([[1], [2, 3]])))": (
        "the message is this project's dense reshape message, where TensorFlow names its "
        "kernel's function node",
        "InvalidArgumentError: Cannot reshape a tensor with 7 elements to shape (3,), which "
        "has 3 elements. [Op:Reshape]"),
}

CHECKED = {  # case -> (why, the error we raise where TensorFlow does not check)
    "D(row_partitions=[R.from_row_lengths([5, 3, 2])], inner_shape=[9, 8])": (
        "TensorFlow accepts a shape whose partitions and inner shape disagree (unless "
        "validate=True); a known mismatch is an error here",
        "ValueError: the number of values of the last row partition (10) must equal "
        "inner_shape[0] (9)."),
    "D(row_partitions=[R.from_row_lengths([5, 3, 2])], inner_shape=[])": (
        "TensorFlow fails with an IndexError from inside its constructor; this says what is "
        "wrong",
        "ValueError: inner_shape must have at least one dimension when there are row "
        "partitions: its first is the number of values."),
}



@pytest.fixture(scope="module")
def namespace():
    found = {"tf": ag}
    exec(shape_cases.SETUP, found)
    return found


@pytest.mark.parametrize("case", [c for c in shape_cases.CASES
                                  if c not in DIFFERENCES and c not in CHECKED])
def test_the_case_shows_what_tensorflow_shows(namespace, case):
    assert show(case, namespace) == ported(shape_cases.TENSORFLOW[case])


@pytest.mark.parametrize("case", sorted(DIFFERENCES))
def test_the_case_differs_from_tensorflow_only_in_its_message(namespace, case):
    why, ours = DIFFERENCES[case]
    shown = show(case, namespace)
    assert shown.split(":")[0] == shape_cases.TENSORFLOW[case].split(":")[0], why
    assert shown == ours, why


@pytest.mark.parametrize("case", sorted(CHECKED))
def test_a_shape_tensorflow_does_not_check_is_an_error(namespace, case):
    why, ours = CHECKED[case]
    shown = show(case, namespace)
    assert shown != ported(shape_cases.TENSORFLOW[case]), why
    assert shown == ours, why
