"""`ag.debugging.assert_shapes`: sizes by number or by symbol across tensors, checked now where
known and by `Assert` ops where not. Expected messages are TensorFlow 2.21's."""

import numpy.testing as npt
import pytest

import autograph as ag

assert_shapes = ag.debugging.assert_shapes


def test_shapes_that_agree_pass():
    assert assert_shapes([(ag.zeros([10, 3]), ("N", "Q")), (ag.ones([10, 7]), ("N", "D")),
                          (ag.Variable([1.0, 2.0, 3.0]), ("Q",)), (1.0, ())]) is None


def test_a_symbol_with_two_sizes_names_the_tensor_that_set_it():
    with pytest.raises(ValueError) as e:
        assert_shapes([(ag.zeros([2, 3]), ("N", "D")), (ag.zeros([3]), ("N",))])
    assert str(e.value) == ("Specified by tensor shape=(2, 3) dtype=float32 dimension 0.  Tensor "
                            "shape=(3,) dtype=float32 dimension 0 must have size 2.  Received "
                            "size 3, shape (3,)")


def test_an_explicit_size_that_differs():
    with pytest.raises(ValueError) as e:
        assert_shapes([(ag.zeros([2, 3]), (2, 4))])
    assert str(e.value) == ("Specified explicitly.  Tensor shape=(2, 3) dtype=float32 dimension "
                            "1 must have size 4.  Received size 3, shape (2, 3)")


def test_a_one_entry_shape_takes_rank_zero_or_one():
    assert assert_shapes([(ag.zeros([]), [])]) is None
    with pytest.raises(ValueError) as e:
        assert_shapes([(ag.zeros([2, 3]), ("N",))])
    assert str(e.value) == "Tensor  must have rank in (0, 1).  Received rank 2, shape (2, 3)"


def test_a_leading_ellipsis_checks_the_innermost_dimensions():
    assert assert_shapes([(ag.zeros([2, 3, 4]), (..., "D")), (ag.zeros([4]), ("D",))]) is None
    with pytest.raises(ValueError) as e:
        assert_shapes([(ag.zeros([2, 3, 4]), ("*", "D")), (ag.zeros([3]), ("D",))])
    assert str(e.value) == ("Specified by tensor shape=(2, 3, 4) dtype=float32 dimension -1.  "
                            "Tensor shape=(3,) dtype=float32 dimension 0 must have size 4.  "
                            "Received size 3, shape (3,)")


def test_an_ellipsis_after_the_first_entry_is_refused():
    with pytest.raises(ValueError) as e:
        assert_shapes([(ag.zeros([2, 3, 4]), ("D", ...))])
    assert str(e.value) == ("Tensor shape=(2, 3, 4) dtype=float32 specified shape index 1.  "
                            "Symbol `...` or `*` for a variable number of unspecified dimensions "
                            "is only allowed as the first entry")


def test_a_shape_that_is_not_iterable_is_refused():
    with pytest.raises(ValueError, match="Specified shape must be an iterable.*Received "
                                         "specified shape: 3"):
        assert_shapes([(ag.zeros([2]), 3)])


def test_none_and_dot_take_any_size():
    assert assert_shapes([(ag.zeros([2, 5]), (None, "."))]) is None


def test_a_dict_of_graph_tensors_is_accepted():
    with ag.Graph().as_default():
        x = ag.compat.v1.placeholder(ag.float32, [2, 5])
        assert assert_shapes({x: ("N", 5)}).type == "NoOp"  # settled while building


@ag.function(input_signature=[ag.TensorSpec([None, 2], ag.float32),
                              ag.TensorSpec([None], ag.float32)])
def same_batch(x, y):
    assert_shapes([(x, ("N", 2)), (y, ("N",))])
    return x


def test_sizes_unknown_while_tracing_are_checked_when_the_function_runs():
    npt.assert_equal(same_batch(ag.zeros([3, 2]), ag.zeros([3])).numpy().shape, (3, 2))
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        same_batch(ag.zeros([3, 2]), ag.zeros([4]))
    assert str(e.value).endswith("assertion failed: [] [Specified by tensor x:0 dimension 0] "
                                 "[Tensor y:0 dimension] [0] [must have size] [3] "
                                 "[Received shape: ] [4]")


@ag.function(input_signature=[ag.TensorSpec(None, ag.float32)])
def two_columns(x):
    assert_shapes([(x, ("N", 2))])
    return x


def test_a_rank_unknown_while_tracing_is_checked_before_the_sizes():
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        two_columns(ag.zeros([3]))
    assert str(e.value).endswith("assertion failed: [] [Tensor x:0 must have rank] [2] "
                                 "[Received shape: ] [3]")
    with pytest.raises(ag.errors.InvalidArgumentError, match=r"\[Specified explicitly\] "
                                                             r"\[Tensor x:0 dimension\] \[1\]"):
        two_columns(ag.zeros([3, 3]))
