"""`ag.compat.v1.Dimension`, `dimension_value` and `dimension_at_index`: TensorFlow 1's sizes,
with the answers TensorFlow 2.21 gives."""

import pytest

import autograph as ag

D = ag.compat.v1.Dimension


@pytest.mark.parametrize("value, expected", [
    (lambda: D(3), "Dimension(3)"), (lambda: D(None), "Dimension(None)"),
    (lambda: D(3) + 2, "Dimension(5)"), (lambda: 2 + D(3), "Dimension(5)"),
    (lambda: D(None) + 1, "Dimension(None)"), (lambda: D(5) - D(2), "Dimension(3)"),
    (lambda: D(3) * 4, "Dimension(12)"), (lambda: D(7) // 2, "Dimension(3)"),
    (lambda: D(7) % 3, "Dimension(1)"), (lambda: D(3) == 3, "True"),
    (lambda: D(None) == 3, "None"), (lambda: D(3) != 4, "True"), (lambda: D(3) < 4, "True"),
    (lambda: D(None) < 4, "None"), (lambda: int(D(3)), "3"), (lambda: [1, 2, 3, 4][D(2)], "3"),
    (lambda: D(3).value, "3"), (lambda: D(3).merge_with(None), "Dimension(3)"),
    (lambda: D(3).is_compatible_with(None), "True"), (lambda: bool(D(0)), "False"),
    (lambda: ag.compat.v1.dimension_value(D(3)), "3"),
    (lambda: ag.compat.v1.dimension_value(4), "4"),
    (lambda: ag.compat.v1.dimension_at_index(ag.TensorShape([2, None]), 1), "Dimension(None)"),
    (lambda: f"{D(3)}|{D(None)}", "'3|?'"),
])
def test_answers_are_tensorflows(value, expected):
    assert repr(value()) == expected


@pytest.mark.parametrize("call, error, message", [
    (lambda: D(3).merge_with(4), ValueError, "Dimensions 3 and 4 are not compatible"),
    (lambda: D(-1), ValueError, "Dimension -1 must be >= 0"),
    (lambda: D(3.5), TypeError, "Dimension value must be integer or None or have an __index__ "
                                "method, got value '3.5' with type '<class 'float'>'"),
    (lambda: hash(D(3)), TypeError, "unhashable type: 'Dimension'"),
])
def test_errors_are_tensorflows(call, error, message):
    with pytest.raises(error) as e:
        call()
    assert str(e.value) == message


def test_a_tensor_shape_takes_dimensions():
    assert ag.TensorShape([D(2), D(None)]).as_list() == [2, None]
