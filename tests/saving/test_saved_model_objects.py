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
