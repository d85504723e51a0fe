"""A malformed graph in an export (one whose checksum was made to match) is one DataLossError
naming what is wrong, never a crash: each check of the graph reader, with its message."""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.saving.saved_model.graph_codec import Decoder

PLACEHOLDER = {"name": "x", "op": "Placeholder", "inputs": [],
               "attrs": {"dtype": {"dtype": "float32"}, "shape": {"tuple": []}},
               "outputs": [["float32", []]]}
IDENTITY = {"name": "y", "op": "Identity", "inputs": ["x:0"],
            "attrs": {"T": {"dtype": "float32"}}, "outputs": [["float32", []]]}


def _function(*nodes, **fields):
    return {"name": "f", "inputs": ["x:0"], "outputs": ["y:0"],
            "nodes": list(nodes) if nodes else [PLACEHOLDER, IDENTITY], **fields}


def _decoder(arrays=None, variables=()):
    return Decoder(arrays or {}, list(variables), "/exports/m")


def _message(decode):
    with pytest.raises(ag.errors.DataLossError) as caught:
        decode()
    text = str(caught.value)
    prefix = "The saved model at '/exports/m' cannot be loaded: "
    assert text.startswith(prefix) and text.endswith(".")
    return text[len(prefix):-1]


def test_a_well_formed_function_reads(tmp_path):
    graph = _decoder().decode_graph(_function(control_flow=True))
    assert [op.type for op in graph.get_operations()] == ["Placeholder", "Identity"]
    assert graph.control_flow and graph.returned_from == "f"
    assert graph.structured_outputs == graph.outputs == [graph.get_tensor_by_name("y:0")]


@pytest.mark.parametrize("doc, message", [
    ([], "a function is not a JSON object"),
    ({"nodes": []}, "a function's name is not a string"),
    ({"name": "f"}, "function 'f' has no node list"),
    (_function([1]), "a node of function 'f' is not a JSON object"),
    (_function({"op": "Identity"}), "a node's name is not a string"),
    (_function({"name": "n"}), "node 'n''s op is not a string"),
    (_function({**IDENTITY, "op": "EagerPyFunc"}),
     "node 'y' is a EagerPyFunc op, which is never loaded: ag.py_function runs a Python "
     "function, which an export cannot carry"),
    (_function(PLACEHOLDER, {**IDENTITY, "op": "Shell"}),
     "node 'y' uses the op 'Shell', which this autograph does not have. Import the module that "
     "registers it before loading, or load with the autograph version that saved it"),
    (_function(PLACEHOLDER, {**IDENTITY, "attrs": []}), "node 'y''s attrs are not a JSON object"),
    (_function(PLACEHOLDER, {**IDENTITY, "outputs": [["float32"]]}),
     "node 'y' has a malformed output type"),
    (_function(PLACEHOLDER, {**IDENTITY, "outputs": ["float32"]}),
     "node 'y' has a malformed output type"),
    (_function(PLACEHOLDER, {**IDENTITY, "name": "x"}), "two nodes of function 'f' are named 'x'"),
    (_function(PLACEHOLDER, {**IDENTITY, "control_inputs": ["later"]}),
     "function 'f' refers to the op 'later', which is not made before it"),
    (_function(PLACEHOLDER, {**IDENTITY, "control_inputs": [7]}),
     "a control input is not a string"),
    (_function(PLACEHOLDER, {**IDENTITY, "input_arg_lengths": [-1]}),
     "node 'y' has a malformed input_arg_lengths"),
    (_function(PLACEHOLDER, {**IDENTITY, "output_arg_lengths": [True]}),
     "node 'y' has a malformed output_arg_lengths"),
    (_function(PLACEHOLDER, {**IDENTITY, "inputs": ["z:0"]}),
     "function 'f' refers to the tensor 'z:0', which is not made before it"),
    (_function(PLACEHOLDER, {**IDENTITY, "inputs": ["x:1"]}),
     "function 'f' refers to the tensor 'x:1', which is not made before it"),
    (_function(PLACEHOLDER, {**IDENTITY, "inputs": ["x:one"]}),
     "function 'f' refers to the tensor 'x:one', which is not made before it"),
    (_function(PLACEHOLDER, {**IDENTITY, "inputs": [0]}), "a tensor's name is not a string"),
    (_function(PLACEHOLDER, {**IDENTITY, "outputs": [["float33", []]]}),
     "'float33' is not a dtype"),
    (_function(PLACEHOLDER, {**IDENTITY, "outputs": [[1, []]]}), "a dtype is not a string"),
    (_function(PLACEHOLDER, {**IDENTITY, "outputs": [["float32", [-1]]]}),
     "[-1] is not a shape"),
    (_function(PLACEHOLDER, {**IDENTITY, "outputs": [["float32", "2"]]}), "'2' is not a shape"),
    (_function(inputs="x:0"), "'x:0' is not a list"),
], ids=lambda v: v[:40] if isinstance(v, str) else "")
def test_a_malformed_function_names_what_is_wrong(doc, message):
    assert _message(lambda: _decoder().decode_graph(doc)) == message


def test_a_device_or_source_that_is_not_text_is_dropped():
    node = {**IDENTITY, "device": 3, "source": ["a.py", 1]}
    op = _decoder().decode_graph(_function(PLACEHOLDER, node)).get_operation_by_name("y")
    assert (op.device, op.source) == ("", "")


@pytest.mark.parametrize("doc, message", [
    ({"a": 1, "b": 2}, "{'a': 1, 'b': 2} is not a value this format writes"),
    ({"lambda": "x"}, "'lambda' is not a kind of value this format writes"),
    ({"dict": [[1]]}, "a dict value is malformed"),
    ({"float": "1.5"}, "'1.5' is not a float this format writes"),
    ({"bytes": "!!"}, "a bytes value is not base64"),
    ({"bytes": 5}, "bytes is not a string"),
    ({"tensor": {"dtype": "float32", "shape": [2], "array": 5}}, "an array key is not a string"),
    ({"tensor": []}, "a tensor value is malformed"),
    ({"tensor": {"dtype": "float32", "shape": None}}, "a tensor value has no full shape"),
    ({"tensor": {"dtype": "float32", "shape": [None]}}, "a tensor value has no full shape"),
    ({"tensor": {"dtype": "resource", "shape": [], "variable": 1}},
     "a variable handle refers to variable 1, which the export does not hold"),
    ({"tensor": {"dtype": "resource", "shape": [], "variable": -1}},
     "a variable handle refers to variable -1, which the export does not hold"),
    ({"tensor": {"dtype": "resource", "shape": [2], "variable": 0}},
     "a variable handle refers to variable 0, which the export does not hold"),
    ({"tensor": {"dtype": "string", "shape": [2], "value": ["YQ=="]}},
     "a string tensor has the wrong number of values"),
    ({"tensor": {"dtype": "variant", "shape": [], "value": []}},
     "a tensor value has dtype 'variant', which this format never writes"),
    ({"tensor": {"dtype": "float32", "shape": [2], "array": "c9"}},
     "the constant 'c9' is missing or has another dtype or shape than the graph says"),
    ({"tensor": {"dtype": "float64", "shape": [2], "array": "c0"}},
     "the constant 'c0' is missing or has another dtype or shape than the graph says"),
    ({"tensor": {"dtype": "float32", "shape": [3], "array": "c0"}},
     "the constant 'c0' is missing or has another dtype or shape than the graph says"),
    ({"tensor": {"dtype": "int32", "shape": [2], "value": [1]}},
     "an inline tensor value is malformed"),
    ({"tensor": {"dtype": "int32", "shape": [1], "value": ["1"]}},
     "an inline tensor value is malformed"),
    ({"tensor": {"dtype": "int8", "shape": [1], "value": [300]}},
     "an inline tensor value does not fit its dtype"),
], ids=lambda v: v[:40] if isinstance(v, str) else "")
def test_a_malformed_value_names_what_is_wrong(doc, message):
    decoder = _decoder({"c0": np.zeros(2, np.float32)}, [ag.Variable(1.0)])
    assert _message(lambda: decoder.decode(doc)) == message


def test_a_variable_handle_reads_the_loaded_variable():
    variable = ag.Variable([1.0, 2.0])
    handle = _decoder(variables=[variable]).decode(
        {"tensor": {"dtype": "resource", "shape": [], "variable": 0}})
    assert handle.shape == () and handle[()] is variable.handle.numpy()


def test_string_tensors_read_as_bytes_in_their_shape():
    strings = _decoder().decode({"tensor": {"dtype": "string", "shape": [2, 1],
                                            "value": ["YQ==", "/w=="]}})
    assert strings.shape == (2, 1) and strings.tolist() == [[b"a"], [b"\xff"]]
