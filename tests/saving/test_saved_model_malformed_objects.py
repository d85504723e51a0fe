"""A malformed object, variable or function entry in an export (checksums made to match) is one
DataLossError naming what is wrong: each check of the loader, with its message."""

import copy

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.saving.saved_model import files
from autograph.runtime.saving.saved_model.load import _Loader


class Shifter(ag.Module):
    def __init__(self):
        super().__init__()
        self.v = ag.Variable([1.0, 2.0], name="v")
        self.names = ag.Variable(["a", "bc"], name="names")

    @ag.function(input_signature=[ag.TensorSpec([2], ag.float32)])
    def shift(self, x):
        return x + self.v


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    directory = tmp_path_factory.mktemp("export")
    ag.saved_model.save(Shifter(), str(directory))
    return files.read_export(str(directory))


def _load(saved, edit=None, edit_arrays=None):
    content, arrays = copy.deepcopy(saved[0]), {k: dict(v) for k, v in saved[1].items()}
    if edit is not None:
        edit(content)
    if edit_arrays is not None:
        edit_arrays(arrays)
    return _Loader(content, arrays, "/exports/m").load()


def _message(saved, edit=None, edit_arrays=None):
    with pytest.raises(ag.errors.DataLossError) as caught:
        _load(saved, edit, edit_arrays)
    text = str(caught.value)
    prefix = "The saved model at '/exports/m' cannot be loaded: "
    assert text.startswith(prefix)
    return text[len(prefix):-1]


def _function(content):
    return content["functions"][0]


def test_the_unedited_content_loads_strings_included(saved):
    loaded = _load(saved)
    assert loaded.names.numpy().tolist() == [b"a", b"bc"]
    np.testing.assert_array_equal(loaded.shift([1.0, 1.0]).numpy(), [2.0, 3.0])


@pytest.mark.parametrize("edit, message", [
    (lambda c: c.pop("variables"), "the manifest has no variables list"),
    (lambda c: c["variables"].__setitem__(0, "v"), "variable 0 is malformed"),
    (lambda c: c["variables"][0].pop("name"), "variable 0 is malformed"),
    (lambda c: c["variables"][0].update(trainable=1), "variable 0 is malformed"),
    (lambda c: c["variables"][0].update(dtype="float64"),
     "variable 'names' is saved as |S2, not float64"),
    (lambda c: c["variables"][1].update(dtype="float64"),
     "variable 'v' is saved as float32, not float64"),
    (lambda c: c["variables"][1].update(shape=[3]), "variable 'v' has shape (2,), not (3,)"),
    (lambda c: c["variables"][1].update(shape=[2, None]),
     "variable 'v' has shape (2,), not (2, None)"),
    (lambda c: c["variables"][1].pop("shape"), "variable 1 is malformed"),
    (lambda c: c["functions"].__setitem__(0, []), "a function entry is malformed"),
    (lambda c: _function(c).update(parameters=[["x", "BAD"]]),
     "function 'shift' has a malformed parameter ['x', 'BAD']"),
    (lambda c: _function(c).update(parameters=[["1x", "POSITIONAL_OR_KEYWORD"]]),
     "function 'shift' has a malformed parameter ['1x', 'POSITIONAL_OR_KEYWORD']"),
    (lambda c: _function(c).update(parameters=[["class", "POSITIONAL_OR_KEYWORD"]]),
     "function 'shift' has a malformed parameter ['class', 'POSITIONAL_OR_KEYWORD']"),
    (lambda c: _function(c).update(parameters=[["x", "POSITIONAL_OR_KEYWORD", 1, 2]]),
     "function 'shift' has a malformed parameter ['x', 'POSITIONAL_OR_KEYWORD', 1, 2]"),
    (lambda c: _function(c).update(parameters=[["x", "KEYWORD_ONLY"],
                                               ["y", "POSITIONAL_OR_KEYWORD"]]),
     "function 'shift''s parameters are malformed (wrong parameter order: keyword-only "
     "parameter before positional or keyword parameter)"),
    (lambda c: _function(c).update(args={"tuple": [{"input": 0}]}),
     "function 'shift' has malformed arguments"),
    (lambda c: c["variables"][1].update(dtype="string"),
     "variable 'v' is saved as float32, not string"),
    (lambda c: _function(c).update(parameters=[]),
     "function 'shift''s arguments do not fit its parameters (Cannot call shift(): too many "
     "positional arguments)"),
    (lambda c: _function(c).update(args=[{"input": 3}]),
     "an input refers to entry 3, which does not exist"),
    (lambda c: _function(c).update(args=[], kwargs={"dict": [["x", {"input": 4}]]}),
     "an input refers to entry 4, which does not exist"),
    (lambda c: _function(c).update(parameters=[[3, "POSITIONAL_OR_KEYWORD"]]),
     "function 'shift' has a malformed parameter [3, 'POSITIONAL_OR_KEYWORD']"),
    (lambda c: _function(c).update(outputs={"dict": [["a"]]}),
     "a dict in a function's arguments or results is malformed"),
    (lambda c: _function(c).update(outputs={"namedtuple": []}), "a namedtuple is malformed"),
    (lambda c: _function(c).update(outputs={"namedtuple": {"fields": [], "values": []}}),
     "a namedtuple has no name"),
    (lambda c: _function(c).update(outputs={"namedtuple": {"name": "P", "fields": ["1"],
                                                           "values": [1]}}),
     "the namedtuple 'P' is malformed"),
    (lambda c: _function(c).update(outputs={"namedtuple": {"name": "P", "fields": ["a"],
                                                           "values": []}}),
     "the namedtuple 'P' is malformed"),
    (lambda c: c["objects"][0].update(kind="lambda"), "an object has the unknown kind 'lambda'"),
    (lambda c: c["objects"][1].update(variable=9),
     "an object refers to entry 9, which does not exist"),
    (lambda c: c["objects"].__setitem__(0, 3), "an object has the unknown kind None"),
    (lambda c: c["objects"][0]["children"].append(["x"]), "an object's child is malformed"),
    (lambda c: c["objects"][0]["children"].append([1, 1]), "an object's child is malformed"),
    (lambda c: c["objects"][0]["children"].append(["x", 99]),
     "child 'x' refers to entry 99, which does not exist"),
    (lambda c: c["objects"][0]["functions"].append(["g"]), "an object's function is malformed"),
    (lambda c: c["objects"][0]["functions"].append([1, [0]]),
     "an object's function is malformed"),
    (lambda c: c["objects"][0]["functions"].append(["g", [5]]),
     "function 'g' refers to entry 5, which does not exist"),
    (lambda c: c.update(root=1), "the root object is missing"),
    (lambda c: c.update(root="0"), "the root object is missing"),
    (lambda c: c.update(root=len(c["objects"])), "the root object is missing"),
    (lambda c: c["objects"][0]["children"].append(["x", len(c["objects"])]),
     "child 'x' refers to entry 3, which does not exist"),
    (lambda c: c.update(signatures=[]), "the signatures are not a JSON object"),
    (lambda c: c.update(signatures={"serving_default": 7}),
     "signature 'serving_default' refers to entry 7, which does not exist"),
], ids=lambda v: v[:40] if isinstance(v, str) else "")
def test_a_malformed_entry_names_what_is_wrong(saved, edit, message):
    assert _message(saved, edit) == message


def test_a_missing_variable_value_names_the_variable(saved):
    assert _message(saved, edit_arrays=lambda a: a["variables"].pop("v1")) == (
        "the value of variable 'v' is missing")


def test_a_namedtuple_result_reads_back(saved):
    def edit(content):
        _function(content)["outputs"] = {"namedtuple": {
            "name": "Pair", "fields": ["a", "b"],
            "values": [{"output": "Identity:0"}, {"tuple": [1, "x"]}]}}
    result = _load(saved, edit).shift([0.0, 0.0])
    assert type(result).__name__ == "Pair" and result.b == (1, "x")
    np.testing.assert_array_equal(result.a.numpy(), [1.0, 2.0])


def test_an_object_without_a_class_or_name_loads_as_a_plain_object(saved):
    def edit(content):
        del content["objects"][0]["class"], content["objects"][0]["name"]
    assert repr(_load(saved, edit)) == "<LoadedObject of object 'loaded_object'>"


def test_a_loaded_functions_dict_results_are_specs_without_names(saved):
    def edit(content):
        _function(content)["outputs"] = {"dict": [["shifted", {"output": "Identity:0"}]]}
    spec = _load(saved, edit).shift.concrete_functions[0].structured_outputs["shifted"]
    assert (spec.name, spec.shape.as_list()) == (None, [2])
