"""A loaded function's graph is the traced one: op for op, with the same names, inputs, control
inputs, attrs, devices, output types, source lines and nested branch and loop graphs."""

import math

import numpy as np
import pytest

import autograph as ag
from autograph.cli.graph_json import graph_to_json
from autograph.runtime.saving.saved_model.graph_codec import Decoder, Encoder


def _many_kinds(x):
    with ag.device("/CPU:0"):
        parts = ag.unstack(ag.concat([x, x * 2.0, x - 1.0], axis=0), num=6)
    total = ag.add_n(parts)
    with ag.control_dependencies([ag.no_op()]):
        total = ag.identity(total)
    if total > 0.0:
        total = total * ag.constant(np.arange(20, dtype=np.float32))
    else:
        total = total + ag.constant([math.inf, -math.inf, math.nan] + [0.0] * 17)
    i = ag.constant(0)
    while i < 3:
        total = total + ag.cast(i, ag.float32)
        i += 1
    word = ag.switch_case(i % 2, [lambda: ag.constant("even"), lambda: ag.constant(b"\xffodd")])
    return total, word


def _concrete_functions(tmp_path):
    module = ag.Module()
    module.f = ag.function(_many_kinds, input_signature=[ag.TensorSpec([2], ag.float32)])
    traced = module.f.get_concrete_function()
    ag.saved_model.save(module, str(tmp_path))
    return traced, ag.saved_model.load(str(tmp_path)).f.concrete_functions[0]


def _graphs(graph):
    yield graph
    for op in graph.get_operations():
        for value in op.attrs.values():
            for item in value if isinstance(value, (list, tuple)) else [value]:
                if hasattr(item, "get_operations"):
                    yield from _graphs(item)


def test_the_loaded_graph_equals_the_traced_graph(tmp_path):
    traced, loaded = _concrete_functions(tmp_path)
    assert graph_to_json(loaded.graph) == graph_to_json(traced.graph)


def test_every_op_keeps_its_source_line_arg_lengths_and_device(tmp_path):
    traced, loaded = _concrete_functions(tmp_path)
    pairs = list(zip(_graphs(traced.graph), _graphs(loaded.graph)))
    assert len(pairs) == 7  # the function; a cond's two branches, a loop's cond and body, a
    # case's two branches
    for before, after in pairs:
        assert (after.name, after.control_flow) == (before.name, before.control_flow)
        for old, new in zip(before.get_operations(), after.get_operations()):
            assert (new.source, new.input_arg_lengths, new.output_arg_lengths, new.device) == (
                old.source, old.input_arg_lengths, old.output_arg_lengths, old.device)
            assert [c.name for c in new.control_inputs] == [c.name for c in old.control_inputs]
    assert any(op.device for op in traced.graph.get_operations())
    assert any(op.control_inputs for op in traced.graph.get_operations())
    assert any(len(op.outputs) > 1 and op.output_arg_lengths == (len(op.outputs),)
               for op in traced.graph.get_operations())


def test_the_loaded_function_computes_what_the_traced_one_does(tmp_path):
    traced, loaded = _concrete_functions(tmp_path)
    for x in ([1.0, 2.0], [-5.0, 1.0]):
        want, got = traced(ag.constant(x)), loaded(ag.constant(x))
        np.testing.assert_array_equal(got[0].numpy(), want[0].numpy())
        assert got[1].numpy() == want[1].numpy()


@pytest.mark.parametrize("value", [
    None, True, 3, -2.5, math.inf, -math.inf, "text", b"\x00\xffbytes", [1, [2, "a"]],
    (None, 1), {"k": (1, 2), 3: [b"v"]}, ag.float64, np.float32(1.5), np.int64(-7),
    np.arange(6, dtype=np.int32).reshape(2, 3), np.arange(40, dtype=np.float64),
    np.array([True, False]), np.array([1 + 2j], np.complex64), np.array([], np.float32),
    np.array([b"a", b"\xffb"], dtype=object), np.array("ü", dtype=object),
], ids=lambda v: type(v).__name__)
def test_every_kind_of_attr_value_reads_back_as_written(value):
    encoder = Encoder({})
    doc = encoder.encode(value, "a test value")
    back = Decoder(encoder.arrays, [], "here").decode(doc)
    if isinstance(value, (np.ndarray, np.generic)):
        expected = np.asarray(value)
        if expected.dtype == object:
            expected = np.vectorize(lambda s: s.encode() if isinstance(s, str) else s,
                                    otypes=[object])(expected)
        assert back.dtype == expected.dtype and back.shape == expected.shape
        assert back.tolist() == expected.tolist()
    else:
        assert back == value and type(back) is type(value)


def test_nan_reads_back_as_nan():
    encoder = Encoder({})
    assert encoder.encode(math.nan, "x") == {"float": "nan"}
    assert math.isnan(Decoder({}, [], "here").decode({"float": "nan"}))


def test_only_ops_with_list_args_write_their_arg_lengths(tmp_path):
    module = ag.Module()
    module.f = ag.function(lambda x: ag.concat(ag.unstack(x), axis=0) + 1.0,
                           input_signature=[ag.TensorSpec([2, 3])])
    graph = Encoder({}).encode_graph(module.f.get_concrete_function().graph, "f")
    lengths = {node["op"]: (node.get("input_arg_lengths"), node.get("output_arg_lengths"))
               for node in graph["nodes"]}
    assert lengths["Unpack"] == (None, [2]) and lengths["ConcatV2"] == ([2, 1], None)
    assert lengths["AddV2"] == lengths["Placeholder"] == (None, None)


def test_a_function_without_a_control_flow_field_reads_as_a_function():
    doc = Encoder({}).encode_graph(ag.function(lambda x: x).get_concrete_function(
        ag.TensorSpec([])).graph, "f")
    assert doc["control_flow"] is False
    del doc["control_flow"]
    assert Decoder({}, [], "here").decode_graph(doc).control_flow is False


def test_a_node_without_a_source_has_none():
    doc = Encoder({}).encode_graph(ag.function(lambda x: x).get_concrete_function(
        ag.TensorSpec([])).graph, "f")
    for node in doc["nodes"]:
        node.pop("source", None)
    graph = Decoder({}, [], "here").decode_graph(doc)
    assert [op.source for op in graph.get_operations()] == ["", ""]


def test_long_values_are_cut_to_sixty_characters_in_messages():
    from autograph.runtime.saving.saved_model.graph_codec import _short
    assert _short("a" * 58) == repr("a" * 58)
    assert _short("a" * 59) == "'" + "a" * 56 + "..."


def test_an_unknown_variable_handle_is_described_by_repr_by_default():
    variable = ag.Variable(1.0, name="lost")
    encoder = Encoder({})
    encoder._function = "f"
    with pytest.raises(ValueError, match=r"it reads the variable <ResourceHandle 'lost' "):
        encoder.encode(np.array(variable.handle.numpy(), dtype=object), "attr")


def test_a_namedtuple_attr_is_refused_not_written_as_a_tuple():
    import collections
    encoder = Encoder({})
    encoder._function = "f"
    with pytest.raises(ValueError, match=r"holds a Point \(Point\(x=1\)\)"):
        encoder.encode(collections.namedtuple("Point", "x")(1), "attr")


def test_small_numeric_arrays_are_inline_and_others_go_to_the_constants_file():
    encoder = Encoder({})
    assert "value" in encoder.encode(np.zeros(16, np.float32), "x")["tensor"]
    assert "array" in encoder.encode(np.zeros(17, np.float32), "x")["tensor"]
    assert "array" in encoder.encode(np.array([1.0, math.nan]), "x")["tensor"]
    assert "array" in encoder.encode(np.array([1j]), "x")["tensor"]
    assert list(encoder.arrays) == ["c0", "c1", "c2"]


def test_an_attr_value_an_export_cannot_carry_names_the_op_and_line():
    with pytest.raises(ValueError, match=r"ag.function 'f' cannot be saved: attr 'fn' of op "
                                         r"'Op' holds a function \(<function test_an_attr"
                                         r".*\.\.\.\), which an export cannot carry\.$"):
        encoder = Encoder({})
        encoder._function = "f"
        encoder.encode(lambda: 0, "attr 'fn' of op 'Op'")


def test_a_tensor_of_python_objects_is_refused():
    encoder = Encoder({})
    encoder._function = "f"
    with pytest.raises(ValueError, match=r"^ag.function 'f' cannot be saved: attr 'value' of op "
                                         r"'Const' is a tensor of Python objects \(\[1\]\), "
                                         r"which an export cannot carry\.$"):
        encoder.encode(np.array([[1], 2], dtype=object), "attr 'value' of op 'Const'")
