"""Dataset.from_generator, and the errors of pipelines: TensorFlow 2.21 raises
InvalidArgumentError for a generator that raises or yields an element that does not match the
signature; we do too, naming the element, with the original error as the cause. (TensorFlow
traces `map` functions, so an error in one surfaces when `map` is called; ours run per element
eagerly, so the error names the element it happened on.)"""

import numpy as np
import pytest

import autograph as ag

D = ag.data.Dataset


def test_from_generator_with_output_signature():
    def gen():
        yield 1, [1.0, 2.0]
        yield 2, [3.0]
    sig = (ag.TensorSpec((), ag.int32), ag.TensorSpec((None,), ag.float32))
    ds = D.from_generator(gen, output_signature=sig)
    assert ds.element_spec == sig
    out = list(ds.as_numpy_iterator())
    assert out[0][0] == 1 and out[1][1].tolist() == [3.0]
    assert out[1][1].dtype == np.float32
    assert int(ds.cardinality()) == ag.data.UNKNOWN_CARDINALITY


def test_from_generator_with_output_types_and_shapes():
    ds = D.from_generator(lambda: iter([(1, [1.0, 2.0])]), output_types=(ag.int32, ag.float32),
                          output_shapes=((), (None,)))
    assert ds.element_spec == (ag.TensorSpec((), ag.int32), ag.TensorSpec((None,), ag.float32))


def test_from_generator_restarts_per_iteration_and_takes_args():
    ds = D.from_generator(lambda n: iter(range(n)), args=(3,),
                          output_signature=ag.TensorSpec((), ag.int64))
    assert [int(x) for x in ds] == [0, 1, 2] and [int(x) for x in ds] == [0, 1, 2]


def test_generator_that_raises_names_the_element():
    def gen():
        yield from (1, 2, 3)
        raise ValueError("boom")
    ds = D.from_generator(gen, output_signature=ag.TensorSpec((), ag.int32))
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        list(ds)
    assert e.value.message == (
        "The generator of Dataset.from_generator raised ValueError: boom while producing "
        "element 3.")
    assert isinstance(e.value.__cause__, ValueError)


def test_generator_element_of_the_wrong_shape():
    def gen():
        yield 1
        yield [1, 2]
    ds = D.from_generator(gen, output_signature=ag.TensorSpec((), ag.int32))
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        list(ds)
    assert e.value.message == ("Element 1 of the generator is [1, 2], of shape (2,), where an "
                               "element of shape () was expected.")


def test_generator_element_of_the_wrong_type():
    ds = D.from_generator(lambda: iter(["a"]), output_signature=ag.TensorSpec((), ag.int32))
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        list(ds)
    assert e.value.message.startswith(
        "Element 0 of the generator is 'a', which could not be converted to the expected type "
        "int32: Cannot convert 'a' to a tensor of dtype int32")


@pytest.mark.parametrize("wrong", [3, {"a": 1, "b": 2}], ids=["leaf", "dict"])
def test_generator_element_of_the_wrong_structure(wrong):
    sig = (ag.TensorSpec((), ag.int32), ag.TensorSpec((), ag.int32))
    ds = D.from_generator(lambda: iter([(1, 2), wrong]), output_signature=sig)
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        list(ds)
    assert e.value.message == (
        f"Element 1 of the generator is {wrong!r}, which does not match the expected structure "
        "(TensorSpec(shape=(), dtype=ag.int32, name=None), TensorSpec(shape=(), dtype=ag.int32, "
        "name=None)).")


@pytest.mark.parametrize("length, shown", [(78, "'" + "a" * 78 + "'"),
                                           (79, "'" + "a" * 76 + "...")], ids=["80", "81"])
def test_a_long_element_is_shortened_to_eighty_characters_in_errors(length, shown):
    ds = D.from_generator(lambda: iter(["a" * length]),
                          output_signature=ag.TensorSpec((), ag.int32))
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        list(ds)
    assert e.value.message.startswith(f"Element 0 of the generator is {shown}, which could not")


def test_map_function_that_raises_names_the_element():
    def f(x):
        if int(x) == 2:
            raise KeyError("no two")
        return x
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        list(D.range(5).map(f))
    assert e.value.message == (
        "The function of Dataset.map raised KeyError: 'no two' on element 2: 2.")
    assert isinstance(e.value.__cause__, KeyError)


def test_fused_map_that_raises_still_names_the_element():
    # elementwise, so it runs once per batch; the batch fails, then the per-element calls
    # find the element (TensorFlow: "Integer division by zero")
    ds = D.range(10).map(lambda x: 12 // (x - 5)).batch(4)
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match="Integer division by zero.* on element 5: 5"):
        list(ds)


def test_map_result_that_changes_dtype_is_an_error():
    def f(x):
        return x if int(x) == 0 else ag.cast(x, ag.float32)
    with pytest.raises(ag.errors.InvalidArgumentError, match="element 1"):
        list(D.range(3).map(f))


def test_flat_map_must_return_a_dataset():
    with pytest.raises(ag.errors.InvalidArgumentError, match="must return a Dataset"):
        list(D.range(2).flat_map(lambda x: x))


def test_a_map_function_that_needs_values_runs_on_the_first_element_for_its_structure():
    def f(x):
        if x.numpy() == 0:  # cannot be traced: it runs on element 0 to learn the structure
            raise KeyError("zero")
        return x
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        D.range(3).map(f).element_spec
    assert e.value.message == "The function of Dataset.map raised KeyError: 'zero' on element 0: 0."


def test_a_map_function_that_needs_values_on_an_empty_dataset_has_no_structure():
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        D.range(0).map(lambda x: x.numpy() + 1).element_spec
    assert e.value.message == (
        "Dataset.map: the function could not be traced and the dataset has no element to run "
        "it on, so the structure of its result is unknown.")


def test_a_map_result_of_another_structure_names_the_element():
    def f(x):
        return (x, x) if x.numpy() == 1 else x
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        list(D.range(3).map(f))
    assert e.value.message.startswith("The result of the Dataset.map function for element 1 is (")
    assert e.value.message.endswith(
        "which does not match the expected structure TensorSpec(shape=(), dtype=ag.int64, "
        "name=None).")


def test_a_filter_predicate_that_raises_names_the_element():
    def keep(x):
        if x.numpy() == 2:
            raise KeyError("two")
        return x > 0
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        list(D.range(3).filter(keep))
    assert e.value.message == (
        "The function of Dataset.filter raised KeyError: 'two' on element 2: 2.")


def test_a_filter_predicate_must_return_a_scalar_bool():
    # TensorFlow 2.21 refuses it when the dataset is built (ValueError "Invalid `predicate`").
    with pytest.raises(ag.errors.InvalidArgumentError) as e:
        list(D.range(3).filter(lambda x: x))
    assert e.value.message == (
        "The predicate of Dataset.filter must return a scalar bool; for element 0 it returned "
        "<ag.Tensor: shape=(), dtype=int64, numpy=0>.")
