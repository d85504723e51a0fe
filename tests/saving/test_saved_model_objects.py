"""What an export records of objects and variables: names, paths, classes, shapes that may
vary, shared functions, and what it refuses."""

import json

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.saving.saved_model import files


class Holder(ag.Module):
    def __init__(self, name=None):
        super().__init__(name)
        self.layers = [ag.Variable([1.0, 2.0], name="w"), {"b": ag.Variable(0.5, name="ratio:b")}]
        self.sizes = ag.Variable([1, 2, 3], shape=ag.TensorShape([None]), name="sizes")
        self.anything = ag.Variable(1.0, shape=ag.TensorShape(None), name="anything")


def _content(tmp_path):
    return json.loads((tmp_path / files.MANIFEST).read_text())["content"]


def test_variables_are_recorded_with_their_paths_names_dtypes_and_shapes(tmp_path):
    ag.saved_model.save(Holder(), str(tmp_path))
    assert [(v["path"], v["name"], v["dtype"], v["shape"]) for v in
            _content(tmp_path)["variables"]] == [
        ("root/anything", "anything", "float32", None),
        ("root/layers/0", "w", "float32", [2]),
        ("root/layers/1/b", "ratio:b", "float32", []),
        ("root/sizes", "sizes", "int32", [None])]


def test_a_variable_name_with_a_colon_keeps_it(tmp_path):
    ag.saved_model.save(Holder(), str(tmp_path))
    assert ag.saved_model.load(str(tmp_path)).layers[1]["b"].name == "ratio:b:0"


def test_variables_whose_shape_may_vary_still_may_after_loading(tmp_path):
    ag.saved_model.save(Holder(), str(tmp_path))
    loaded = ag.saved_model.load(str(tmp_path))
    assert (loaded.sizes.shape.as_list(), loaded.anything.shape.rank) == ([None], None)
    loaded.sizes.assign([4, 5, 6, 7])
    loaded.anything.assign([[1.0, 2.0]])
    np.testing.assert_array_equal(loaded.sizes.numpy(), [4, 5, 6, 7])
    assert loaded.layers[0].shape.as_list() == [2]


def test_a_loaded_object_keeps_its_name_and_says_its_class(tmp_path):
    ag.saved_model.save(Holder(name="store"), str(tmp_path))
    loaded = ag.saved_model.load(str(tmp_path))
    assert (loaded.name, repr(loaded)) == ("store", "<LoadedObject of Holder 'store'>")
    with pytest.raises(TypeError, match="^The loaded Holder is not callable: no __call__ "
                                        "function was saved with it.$"):
        loaded(1.0)


def test_a_function_held_by_two_objects_is_saved_once(tmp_path):
    shared = ag.function(lambda x: x + 1.0, input_signature=[ag.TensorSpec([])])
    root = ag.Module()
    root.a, root.b = ag.Module(), ag.Module()
    root.a.f = root.b.f = shared
    ag.saved_model.save(root, str(tmp_path))
    assert len(_content(tmp_path)["functions"]) == 1
    loaded = ag.saved_model.load(str(tmp_path))
    assert loaded.a.f.concrete_functions[0] is loaded.b.f.concrete_functions[0]


def test_a_trace_taking_a_variable_as_an_argument_is_refused(tmp_path):
    module = ag.Module()
    module.v = ag.Variable([1.0])
    module.scale = ag.function(lambda variable: variable * 2.0)
    module.scale(module.v)
    with pytest.raises(ValueError, match=r"^ag.function 'root.scale' cannot be saved: a trace of "
                                         r"it takes a variable as an argument. Have it read the "
                                         r"variable from its object \(self.v\) instead.$"):
        ag.saved_model.save(module, str(tmp_path))


def test_saving_something_that_holds_no_state_names_what_it_takes(tmp_path):
    with pytest.raises(TypeError, match=r"^ag.saved_model.save takes an ag.Module, a Keras model "
                                        r"or layer, or an object with _trackable_children, got "
                                        r"Variable.$"):
        ag.saved_model.save(ag.Variable(1.0), str(tmp_path))


class TwoTraces(ag.Module):
    @ag.function
    def scale(self, x, factor=2):
        return x * factor


@pytest.fixture()
def two_traces(tmp_path):
    module = TwoTraces()
    module.scale(ag.constant([1.0, 2.0]))
    module.scale(ag.constant([[1]]), factor=3)
    ag.saved_model.save(module, str(tmp_path))
    return ag.saved_model.load(str(tmp_path)).scale


def test_get_concrete_function_picks_the_trace_specs_or_values_match(two_traces):
    first, second = two_traces.concrete_functions
    assert two_traces.get_concrete_function(ag.TensorSpec([2], ag.float32)) is first
    assert two_traces.get_concrete_function(ag.constant([[5]]), factor=3) is second
    with pytest.raises(TypeError, match="Could not find a saved trace of 'scale'"):
        two_traces.get_concrete_function()
    with pytest.raises(TypeError, match="Could not find a saved trace of 'scale'"):
        two_traces.get_concrete_function(ag.TensorSpec([2], ag.float32), factor=3)


def test_get_concrete_function_of_the_one_trace_needs_no_arguments(tmp_path):
    module = ag.Module()
    module.f = ag.function(lambda x: x, input_signature=[ag.TensorSpec([])])
    ag.saved_model.save(module, str(tmp_path))
    restored = ag.saved_model.load(str(tmp_path)).f
    assert restored.get_concrete_function() is restored.concrete_functions[0]


def test_a_restored_function_describes_itself_and_its_traces(two_traces):
    assert repr(two_traces) == "<RestoredFunction scale (2 traces)>"
    assert two_traces.__name__ == "scale"
    assert two_traces.pretty_printed_concrete_signatures() == (
        "scale(x, factor=2)\n  Args:\n    x: float32 Tensor, shape=(2,)\n  Returns:\n"
        "    float32 Tensor, shape=(2,)\n\n"
        "scale(x, factor=3)\n  Args:\n    x: int32 Tensor, shape=(1, 1)\n  Returns:\n"
        "    int32 Tensor, shape=(1, 1)")


def test_a_call_no_trace_serves_lists_the_traces(two_traces):
    with pytest.raises(TypeError) as caught:
        two_traces(ag.constant([1.0]))
    assert str(caught.value) == (
        "Could not find a saved trace of 'scale' to call with scale(float32 Tensor, "
        "shape=(1,)). Loaded functions run only the traces saved with them (there is no "
        "Python code to trace again); these were saved:\n"
        "  Option 1: scale(x, factor=2)\n  Option 2: scale(x, factor=3)")


@pytest.mark.parametrize("name, expected", [("store", "store"), ("not an identifier",
                                                                  "loaded_object"),
                                            (None, "loaded_object"), ("", "loaded_object")])
def test_a_loaded_object_takes_its_saved_name_when_it_is_an_identifier(name, expected):
    from autograph.runtime.saving.saved_model import LoadedObject
    assert LoadedObject("Holder", name).name == expected


def test_keyword_only_tensor_arguments_and_python_defaults_round_trip(tmp_path):
    module = ag.Module()

    @ag.function
    def scale(x, *, factor, n=2, label="a", flag=None, ratio=0.5):
        return x * factor * n + ratio

    module.scale = scale
    scale(ag.constant([1.0]), factor=ag.constant(3.0))
    ag.saved_model.save(module, str(tmp_path))
    restored = ag.saved_model.load(str(tmp_path)).scale
    np.testing.assert_array_equal(restored(ag.constant([2.0]), factor=ag.constant(1.0)).numpy(),
                                  [4.5])
    parameters = json.loads((tmp_path / files.MANIFEST).read_text())["content"]["functions"][0][
        "parameters"]
    assert parameters == [["x", "POSITIONAL_OR_KEYWORD"], ["factor", "KEYWORD_ONLY"],
                          ["n", "KEYWORD_ONLY", 2], ["label", "KEYWORD_ONLY", "a"],
                          ["flag", "KEYWORD_ONLY", None], ["ratio", "KEYWORD_ONLY", 0.5]]


@pytest.mark.parametrize("default", [float("nan"), float("inf"), (1,), [1]],
                         ids=["nan", "inf", "tuple", "list"])
def test_a_default_json_cannot_hold_is_left_out_and_its_traced_value_serves(tmp_path, default):
    module = ag.Module()
    module.f = ag.function(lambda x, extra=default: x + 1.0)
    module.f(ag.constant(1.0))
    ag.saved_model.save(module, str(tmp_path))
    parameters = json.loads((tmp_path / files.MANIFEST).read_text())["content"]["functions"][0][
        "parameters"]
    assert parameters == [["x", "POSITIONAL_OR_KEYWORD"], ["extra", "POSITIONAL_OR_KEYWORD"]]


def test_a_python_argument_an_export_cannot_hold_is_refused_naming_the_function(tmp_path):
    module = ag.Module()
    module.f = ag.function(lambda x, options: x + 1.0)
    module.f(ag.constant(1.0), {"mode": object()})
    with pytest.raises(ValueError, match=r"^ag.function 'root.f' cannot be saved: a value in the "
                                         r"arguments or results of root.f holds a object"):
        ag.saved_model.save(module, str(tmp_path))


def test_a_python_dict_key_an_export_cannot_hold_is_refused(tmp_path):
    module = ag.Module()
    module.f = ag.function(lambda x, options: x + 1.0)
    module.f(ag.constant(1.0), {frozenset([1]): 2})
    with pytest.raises(ValueError, match=r"a key in root.f holds a frozenset"):
        ag.saved_model.save(module, str(tmp_path))


def test_signature_names_must_be_text(tmp_path):
    module = ag.Module()
    module.f = ag.function(lambda x: x, input_signature=[ag.TensorSpec([])])
    with pytest.raises(ValueError, match=r"^Signature names must be strings, got 1.$"):
        ag.saved_model.save(module, str(tmp_path), signatures={1: module.f})


def test_a_signature_of_a_function_with_several_traces_asks_for_one(tmp_path):
    module = ag.Module()
    module.f = ag.function(lambda x: x)
    module.f(ag.constant(1.0))
    module.f(ag.constant([1, 2]))
    with pytest.raises(ValueError, match=r"^Signature 'serving_default': ag.function '<lambda>' "
                                         r"has 2 traces; give it an input_signature, or pass "
                                         r"one trace \(f.get_concrete_function\(ag.TensorSpec"
                                         r"\(...\)\)\).$"):
        ag.saved_model.save(module, str(tmp_path), signatures=module.f)


def test_a_signature_that_is_not_a_function_is_refused(tmp_path):
    with pytest.raises(ValueError, match=r"^Signature 'serving_default' must be an ag.function "
                                         r"with an input_signature or a concrete function "
                                         r"\(f.get_concrete_function\(...\)\), got 3.$"):
        ag.saved_model.save(ag.Module(), str(tmp_path), signatures=3)


def test_a_signature_must_return_tensors(tmp_path):
    module = ag.Module()
    module.v = ag.Variable(1.0)

    def set_value(x):
        module.v.assign(x)
    module.set = ag.function(set_value, input_signature=[ag.TensorSpec([])])
    with pytest.raises(ValueError, match=r"^Signature 'set' must return tensors \(or a dict of "
                                         r"them\); set_value returns None.$"):
        ag.saved_model.save(module, str(tmp_path), signatures={"set": module.set})
