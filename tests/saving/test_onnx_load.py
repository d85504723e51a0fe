"""ag.onnx.load: ONNX models (ours, PyTorch's, hand-written ones) run on our runtime with the
outputs of the framework that made them."""

import inspect
import os
import pathlib
import sys

import numpy as np
import onnx
import onnxruntime
import pytest
from onnx import TensorProto, helper

import autograph as ag
from autograph.runtime.graph.func_graph import flatten
from autograph.runtime.saving.onnx.import_table import TABLE
from autograph.runtime.saving.onnx.onnx_module import onnx_type
from tests.saving import onnx_models
from tests.saving.onnx_cases import CASES, assert_same

DATA = pathlib.Path(__file__).parent / "data"


@pytest.fixture
def path(tmp_path):
    return str(tmp_path / "model.onnx")




def as_list(outputs):
    return list(outputs.values()) if isinstance(outputs, dict) else [outputs]


# PyTorch's outputs, printed by tests/saving/data/make_torch_models.py (torch 2.13.0+cpu).
TORCH_CNN_OUTPUT = np.array([
    [0.09660698, 0.1023496, 0.10183942, 0.07368945, 0.14685097,
     0.07798916, 0.055983234, 0.19457579, 0.04932435, 0.10079108],
    [0.105596185, 0.098968476, 0.12737413, 0.092267394, 0.14735435,
     0.09030339, 0.04824012, 0.15134312, 0.040294938, 0.09825785]], np.float32)
TORCH_MLP_OUTPUT = np.array([
    [0.27136657, 0.8573266, -0.112124756],
    [0.2671858, 0.8697101, -0.120923206],
    [0.26241916, 0.879169, -0.13235645]], np.float32)


def torch_cnn_input():  # as make_torch_models.cnn_inputs
    return np.linspace(-1.0, 1.0, 2 * 64, dtype=np.float32).reshape(2, 1, 8, 8) ** 3


def torch_mlp_input():  # as make_torch_models.mlp_inputs
    return np.cos(np.arange(18, dtype=np.float32)).reshape(3, 6)


def test_a_pytorch_cnn_gives_pytorchs_outputs():
    model = ag.onnx.load(DATA / "torch_cnn.onnx")
    np.testing.assert_allclose(model(torch_cnn_input()).numpy(), TORCH_CNN_OUTPUT,
                               rtol=1e-5, atol=1e-6)


def test_a_pytorch_cnn_takes_any_batch_size():
    model = ag.onnx.load(DATA / "torch_cnn.onnx")
    assert model.input_signature[0].shape.as_list() == [None, 1, 8, 8]
    np.testing.assert_allclose(model(torch_cnn_input()[1:]).numpy(), TORCH_CNN_OUTPUT[1:],
                               rtol=1e-5, atol=1e-6)


def test_a_pytorch_mlp_gives_pytorchs_outputs_for_an_input_by_name():
    model = ag.onnx.load(DATA / "torch_mlp.onnx")
    np.testing.assert_allclose(model(input=torch_mlp_input()).numpy(), TORCH_MLP_OUTPUT,
                               rtol=1e-5, atol=1e-6)


def test_a_loaded_model_runs_as_one_traced_function():
    model = ag.onnx.load(DATA / "torch_mlp.onnx")
    model(torch_mlp_input())
    model(torch_mlp_input()[:1])
    assert model.function.experimental_get_tracing_count() == 1
    ops = {op.type for op in model.function.get_concrete_function().graph.get_operations()}
    assert {"MatMul", "Tanh", "Sigmoid"} <= ops


HAND_WRITTEN = ["conv_net", "dynamic_flatten", "old_softmax", "branches", "loop", "counted_loop",
                "condition_loop", "loop_of_no_trips", "activations", "old_clip", "run_time_slices",
                "reductions_over_no_axes", "shape_ops", "old_split_and_unsqueeze", "math_ops",
                "old_log_softmax", "math_defaults", "softmax_of_opset_13",
                "old_softmax_by_default", "bool_reductions", "more_shape_ops",
                "old_slice_and_pad", "window_defaults", "more_array_ops", "more_math_defaults"]


@pytest.mark.parametrize("name", HAND_WRITTEN)
def test_a_hand_written_model_gives_onnxruntimes_outputs(name, path):
    proto, inputs = getattr(onnx_models, name)()
    onnx.save(proto, path)
    session = onnxruntime.InferenceSession(path, providers=["CPUExecutionProvider"])
    want = session.run(None, {i.name: x for i, x in zip(session.get_inputs(), inputs)})
    assert_same(as_list(ag.onnx.load(path)(*inputs)), want)


def test_several_outputs_come_back_as_a_dict_by_output_name(path):
    proto, inputs = onnx_models.conv_net()
    onnx.save(proto, path)
    outputs = ag.onnx.load(path)(*inputs)
    assert list(outputs) == ["y", "g", "s"]
    assert outputs["g"].shape.as_list() == [2, 4, 1, 1]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_an_exported_function_loads_back_with_its_outputs(case, path):
    f = ag.function(case.fn)
    model = ag.onnx.export(f, path, case.signature, case.opset)
    assert {node.op_type for node in model.graph.node} <= set(TABLE)
    want = [np.asarray(t) for t in flatten(f(*case.inputs))]
    assert_same(as_list(ag.onnx.load(path)(*case.inputs)), want)


def test_an_exported_keras_model_loads_back(path):
    ag.random.set_seed(5)
    keras_model = ag.keras.Sequential([ag.keras.Input((5,)), ag.keras.layers.Dense(
        4, activation="relu"), ag.keras.layers.Dense(2, activation="softmax")])
    ag.onnx.export(keras_model, path)
    x = np.linspace(-1, 1, 15, dtype=np.float32).reshape(3, 5)
    np.testing.assert_allclose(ag.onnx.load(path)(inputs=x).numpy(), keras_model(x).numpy(),
                               rtol=1e-5, atol=1e-6)


def onnx_op_types(graph, found):
    for node in graph.node:
        found.add(node.op_type)
        for attr in node.attribute:
            if attr.type == onnx.AttributeProto.GRAPH:
                onnx_op_types(attr.g, found)
    return found


def test_every_op_type_the_loader_runs_is_in_some_test_model(tmp_path):
    found = set()
    for name in HAND_WRITTEN:
        onnx_op_types(getattr(onnx_models, name)()[0].graph, found)
    for name in ("torch_cnn.onnx", "torch_mlp.onnx"):
        onnx_op_types(onnx.load(DATA / name).graph, found)
    for case in CASES:
        model = ag.onnx.export(ag.function(case.fn), tmp_path / "case.onnx", case.signature,
                               case.opset)
        onnx_op_types(model.graph, found)
    assert len(TABLE) > 80 and sorted(set(TABLE) - found) == []


def single_node_model(node, path, domain_opset=None):
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT,
                                                                          [2])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2])])
    opsets = [helper.make_opsetid("", 17)] + ([domain_opset] if domain_opset else [])
    onnx.save(helper.make_model(graph, opset_imports=opsets, ir_version=8), path)


def test_an_op_autograph_cannot_run_is_named_with_its_node(path):
    single_node_model(helper.make_node("Erf", ["x"], ["y"], name="erf_7"), path)
    with pytest.raises(ValueError) as raised:
        ag.onnx.load(path)
    assert str(raised.value) == ("ag.onnx.load: ONNX node 'erf_7' (Erf) is an ONNX op autograph "
                                 "cannot run; docs/onnx.md lists the ops it can.")


def test_an_op_inside_a_subgraph_is_checked_too(path):
    inner = helper.make_graph([helper.make_node("Erf", ["x"], ["e"], name="deep")], "then", [],
                              [helper.make_tensor_value_info("e", TensorProto.FLOAT, [2])])
    node = helper.make_node("If", ["c"], ["y"], name="branch", then_branch=inner,
                            else_branch=inner)
    graph = helper.make_graph(
        [node], "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2]),
                      helper.make_tensor_value_info("c", TensorProto.BOOL, [])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2])])
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)],
                                ir_version=8), path)
    with pytest.raises(ValueError) as raised:
        ag.onnx.load(path)
    assert str(raised.value) == ("ag.onnx.load: ONNX node 'deep' (Erf) (inside ONNX node "
                                 "'branch' (If)) is an ONNX op autograph cannot run; "
                                 "docs/onnx.md lists the ops it can.")


def test_an_op_of_another_domain_is_refused(path):
    node = helper.make_node("FusedGemm", ["x"], ["y"], name="fused", domain="com.microsoft")
    single_node_model(node, path, helper.make_opsetid("com.microsoft", 1))
    with pytest.raises(ValueError) as raised:
        ag.onnx.load(path)
    assert str(raised.value) == ("ag.onnx.load: ONNX node 'fused' (FusedGemm) is an op of "
                                 "domain 'com.microsoft'; autograph runs the standard ONNX ops "
                                 "only.")


def test_an_unsupported_attribute_is_a_clear_error(path):
    single_node_model(helper.make_node("ArgMax", ["x"], ["y"], name="last",
                                       select_last_index=1), path)
    with pytest.raises(ValueError, match=r"^ag\.onnx\.load: ONNX node 'last' \(ArgMax\) uses "
                                         r"select_last_index=1, which autograph does not run\.$"):
        ag.onnx.load(path)


def test_an_input_computed_at_run_time_where_a_constant_is_needed_is_named(path):
    node = helper.make_node("Unsqueeze", ["x", "axes"], ["y"], name="grow")
    graph = helper.make_graph([node], "g", [
        helper.make_tensor_value_info("x", TensorProto.FLOAT, [2]),
        helper.make_tensor_value_info("axes", TensorProto.INT64, [1])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 2])])
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)],
                                ir_version=8), path)
    with pytest.raises(ValueError, match=r"^ag\.onnx\.load: ONNX node 'grow' \(Unsqueeze\) takes "
                                         r"its axes from a value computed at run time; autograph "
                                         r"needs it known when the model is loaded\.$"):
        ag.onnx.load(path)


def test_an_error_of_our_op_names_the_onnx_node_without_a_name(path):
    graph = helper.make_graph([helper.make_node("MatMul", ["x", "w"], ["y"])], "g", [
        helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3]),
        helper.make_tensor_value_info("w", TensorProto.FLOAT, [4, 5])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 5])])
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)],
                                ir_version=8), path)
    with pytest.raises(ag.errors.InvalidArgumentError,
                       match=r"^ag\.onnx\.load: an ONNX MatMul node: Matrix size-incompatible"):
        ag.onnx.load(path)


def test_string_constants_load_as_string_tensors(path):
    nodes = [helper.make_node("Constant", [], ["one"], value_string="a"),
             helper.make_node("Constant", [], ["two"], value_strings=["b", "cd"])]
    graph = helper.make_graph(nodes, "g", [], [
        helper.make_tensor_value_info("one", TensorProto.STRING, []),
        helper.make_tensor_value_info("two", TensorProto.STRING, [2])])
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)],
                                ir_version=8), path)
    outputs = ag.onnx.load(path)()
    assert outputs["one"].numpy() == b"a"
    assert list(outputs["two"].numpy()) == [b"b", b"cd"]


@pytest.mark.parametrize("element_type, name", [(TensorProto.BFLOAT16, "BFLOAT16"),
                                                (999, "999")])
def test_an_input_of_an_element_type_we_lack_is_named(element_type, name, path):
    graph = helper.make_graph([helper.make_node("Identity", ["x"], ["y"])], "g",
                              [helper.make_tensor_value_info("x", element_type, [2])],
                              [helper.make_tensor_value_info("y", element_type, [2])])
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)],
                                ir_version=8), path)
    with pytest.raises(TypeError, match=f"^ag\\.onnx\\.load: input 'x': ONNX element type {name} "
                                        f"has no autograph dtype\\.$"):
        ag.onnx.load(path)


def test_without_the_onnx_package_loading_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "onnx", None)
    with pytest.raises(ImportError) as raised:
        ag.onnx.load(DATA / "torch_mlp.onnx")
    assert str(raised.value) == ('ONNX export and import need the onnx package: pip install '
                                 '"autograph-dataflow[onnx]" (or pip install onnx).')


def test_a_string_value_has_onnxs_string_element_type():
    assert onnx_type(ag.string) == TensorProto.STRING
    assert onnx_type(ag.float32) == TensorProto.FLOAT


def test_a_corrupt_file_is_one_clear_error(path):
    single_node_model(helper.make_node("Relu", ["x"], ["y"]), path)
    data = pathlib.Path(path).read_bytes()
    pathlib.Path(path).write_bytes(data[: len(data) // 2] + b"\xff\xfe" * 8)
    with pytest.raises(ValueError) as raised:
        ag.onnx.load(path)
    assert str(raised.value).startswith(f"ag.onnx.load: {path!r} is not a valid ONNX model (")
    assert str(raised.value).endswith(").")


def test_a_file_of_another_format_is_not_an_onnx_model(path):
    pathlib.Path(path).write_text("import os\nos.system('echo never run')\n")
    with pytest.raises(ValueError) as raised:
        ag.onnx.load(path)
    assert str(raised.value).startswith(f"ag.onnx.load: {path!r} is not a valid ONNX model (")


def test_a_missing_file_is_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError) as raised:
        ag.onnx.load(tmp_path / "absent.onnx")
    assert str(raised.value) == f"ag.onnx.load: no file at {str(tmp_path / 'absent.onnx')!r}."


def test_calls_name_their_mistakes():
    model = ag.onnx.load(DATA / "torch_mlp.onnx")
    mistakes = [((), {"x": torch_mlp_input()}, "has no input 'x'; its inputs are input."),
                ((), {}, "is missing input(s) input."),
                ((torch_mlp_input(),) * 2, {}, "takes 1 inputs (input), got 2."),
                ((torch_mlp_input(),), {"input": torch_mlp_input()}, "got input 'input' twice.")]
    for args, kwargs, message in mistakes:
        with pytest.raises(TypeError) as raised:
            model(*args, **kwargs)
        assert str(raised.value) == f"<LoadedModel 'torch_mlp.onnx' (ONNX opset 17)> {message}"


def test_the_fixtures_stay_small():
    for name in ("torch_cnn.onnx", "torch_mlp.onnx"):
        assert os.path.getsize(DATA / name) < 20_000


def _info(name, shape, element_type=TensorProto.FLOAT):
    return helper.make_tensor_value_info(name, element_type, shape)


def _weights(*shape):
    return np.ones(shape, np.float32)


# (node, its inputs, its outputs, initializers, opset, what the message says it uses); a
# node reading "r" reads a value of unknown rank, which an Expand (_ANY_RANK) makes first.
ANY_RANK = ([_info("x", [6]), _info("shape", ["n"], TensorProto.INT64)], [_info("y", ["o"])],
            {}, 17)
_ANY_RANK = helper.make_node("Expand", ["x", "shape"], ["r"])
UNSUPPORTED = [
    (helper.make_node("Conv", ["x", "w"], ["y"], name="n", auto_pad="SAME_LOWER"),
     [_info("x", [1, 1, 4, 4])], [_info("y", [1, 1, 4, 4])], {"w": _weights(1, 1, 3, 3)}, 17,
     "auto_pad SAME_LOWER"),
    (helper.make_node("Conv", ["x", "w"], ["y"], name="n"), [_info("x", [1, 1, 4])],
     [_info("y", [1, 1, 2])], {"w": _weights(1, 1, 3)}, 17,
     "an input of rank 3 (autograph runs the 2-D form, NCHW)"),
    (helper.make_node("Conv", ["x", "w"], ["y"], name="n", group=2),
     [_info("x", [1, 2, 4, 4])], [_info("y", [1, 2, 2, 2])], {"w": _weights(2, 1, 3, 3)}, 17,
     "group=2 (grouped convolution)"),
    (helper.make_node("MaxPool", ["x"], ["y"], name="n", kernel_shape=[2, 2], ceil_mode=1),
     [_info("x", [1, 1, 5, 5])], [_info("y", [1, 1, 3, 3])], {}, 17, "ceil_mode=1"),
    (helper.make_node("MaxPool", ["x"], ["y"], name="n", kernel_shape=[2, 2], dilations=[2, 2]),
     [_info("x", [1, 1, 5, 5])], [_info("y", [1, 1, 3, 3])], {}, 17, "dilated pooling"),
    (helper.make_node("MaxPool", ["x"], ["y", "where"], name="n", kernel_shape=[2, 2]),
     [_info("x", [1, 1, 4, 4])],
     [_info("y", [1, 1, 3, 3]), _info("where", [1, 1, 3, 3], TensorProto.INT64)], {}, 17,
     "the Indices output"),
    (helper.make_node("BatchNormalization", ["x", "s", "b", "m", "v"], ["y"], name="n",
                      training_mode=1),
     [_info("x", [2, 3])], [_info("y", [2, 3])],
     {k: _weights(3) for k in "sbmv"}, 17, "training mode (batch statistics)"),
    (helper.make_node("BatchNormalization", ["x", "s", "b", "m", "v"], ["y", "mean", ""],
                      name="n"),
     [_info("x", [2, 3])], [_info("y", [2, 3]), _info("mean", [3])],
     {k: _weights(3) for k in "sbmv"}, 15, "training mode (batch statistics)"),
    (helper.make_node("Dropout", ["x", "ratio", "t"], ["y"], name="n"),
     [_info("x", [2, 3])], [_info("y", [2, 3])],
     {"ratio": np.array(0.5, np.float32), "t": np.array(True)}, 17,
     "training mode (random dropout)"),
    (helper.make_node("Pad", ["x", "p"], ["y"], name="n", mode="edge"),
     [_info("x", [2, 3])], [_info("y", [4, 5])], {"p": np.ones(4, np.int64)}, 17,
     "mode 'edge'"),
    (helper.make_node("GlobalAveragePool", ["r"], ["y"], name="n"), *ANY_RANK,
     "an input of unknown rank"),
    (helper.make_node("BatchNormalization", ["r", "s", "b", "m", "v"], ["y"], name="n"),
     ANY_RANK[0], ANY_RANK[1], {k: _weights(3) for k in "sbmv"}, 17,
     "an input of unknown rank"),
    (helper.make_node("Flatten", ["r"], ["y"], name="n"), *ANY_RANK, "an input of unknown rank"),
    (helper.make_node("Softmax", ["r"], ["y"], name="n"), ANY_RANK[0], ANY_RANK[1], {}, 11,
     "an input of unknown rank (before opset 13)"),
    (helper.make_node("Reshape", ["x", "shape"], ["y"], name="n"),
     [_info("x", [2, 3]), _info("shape", ["n"], TensorProto.INT64)], [_info("y", ["o"])], {},
     17, "a shape of unknown length with allowzero=0"),
    (helper.make_node("Split", ["x"], ["a", "b"], name="n", axis=0),
     [_info("x", ["n", 3])], [_info("a", ["o", 3]), _info("b", ["p", 3])], {}, 17,
     "an equal split of an axis of unknown size"),
    (helper.make_node("Pad", ["r", "pads"], ["y"], name="n"),
     [*ANY_RANK[0], _info("pads", [2], TensorProto.INT64)], ANY_RANK[1], {}, 17,
     "an input of unknown rank"),
    (helper.make_node("Slice", ["x", "starts", "ends"], ["y"], name="n"),
     [_info("x", [6]), _info("starts", ["n"], TensorProto.INT64),
      _info("ends", ["n"], TensorProto.INT64)], [_info("y", ["o"])], {}, 17,
     "bounds of unknown length without axes"),
    (helper.make_node("ReduceSum", ["r", "axes"], ["y"], name="n"),
     [*ANY_RANK[0], _info("axes", [1], TensorProto.INT64)], ANY_RANK[1], {}, 17,
     "axes computed at run time over an input of unknown rank"),
    (helper.make_node("Constant", [], ["y"], name="n", sparse_value=helper.make_sparse_tensor(
        onnx.numpy_helper.from_array(np.ones(1, np.float32)),
        onnx.numpy_helper.from_array(np.zeros(1, np.int64)), [3])),
     [], [_info("y", [3])], {}, 17, "a constant given as ['sparse_value']"),
]


@pytest.mark.parametrize("node, inputs, outputs, initializers, opset, what", UNSUPPORTED,
                         ids=[f"{u[0].op_type}-{u[5]}" for u in UNSUPPORTED])
def test_an_option_autograph_does_not_run_is_named_with_its_node(
        node, inputs, outputs, initializers, opset, what, path):
    nodes = [_ANY_RANK, node] if "r" in node.input else [node]
    graph = helper.make_graph(nodes, "g", inputs, outputs, initializer=[
        onnx.numpy_helper.from_array(v, k) for k, v in initializers.items()])
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)],
                                ir_version=8), path)
    with pytest.raises(ValueError) as raised:
        ag.onnx.load(path)
    assert str(raised.value) == (f"ag.onnx.load: ONNX node 'n' ({node.op_type}) uses {what}, "
                                 f"which autograph does not run.")


def _save_graph(graph, path, opset=17, ir_version=8):
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)],
                                ir_version=ir_version), path)


def test_input_names_become_python_parameter_names(path):
    names = ["input.1", "2", "class", "a-b", "a_b", "a.b"]
    _save_graph(helper.make_graph([helper.make_node("Sum", names, ["y"])], "my-net",
                                  [_info(n, [2]) for n in names], [_info("y", [2])]), path)
    model = ag.onnx.load(path)
    assert [spec.name for spec in model.function.input_signature] == [
        "input_1", "input_2", "input_class", "a_b", "a_b_1", "a_b_2"]
    assert list(inspect.signature(model.function.python_function).parameters) == [
        "input_1", "input_2", "input_class", "a_b", "a_b_1", "a_b_2"]
    assert model.function.get_concrete_function().name == "my_net"
    assert model.input_names == names


def test_an_old_model_listing_its_initializers_as_inputs_takes_only_the_others(path):
    graph = helper.make_graph([helper.make_node("Add", ["x", "w"], ["y"])], "old",
                              [_info("x", [2]), _info("w", [2])], [_info("y", [2])],
                              initializer=[onnx.numpy_helper.from_array(
                                  np.array([1.0, 2.0], np.float32), "w")])
    _save_graph(graph, path, opset=8, ir_version=3)
    model = ag.onnx.load(path)
    assert model.input_names == ["x"]
    np.testing.assert_array_equal(model([1.0, 1.0]).numpy(), [2.0, 3.0])


def test_a_sequence_input_is_refused(path):
    sequence = helper.make_tensor_sequence_value_info("s", TensorProto.FLOAT, [2])
    _save_graph(helper.make_graph([helper.make_node("Identity", ["x"], ["y"])], "g",
                                  [_info("x", [2]), sequence], [_info("y", [2])]), path)
    with pytest.raises(ValueError) as raised:
        ag.onnx.load(path)
    assert str(raised.value) == ("ag.onnx.load: input 's' is not a tensor; autograph runs "
                                 "models of tensor inputs.")


def test_a_model_without_the_standard_opset_is_refused(path):
    graph = helper.make_graph([], "g", [_info("x", [2])], [_info("x", [2])])
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("com.example", 1)],
                                ir_version=8), path)
    with pytest.raises(ValueError) as raised:
        ag.onnx.load(path)
    assert str(raised.value) == "ag.onnx.load: the model imports no standard ONNX opset."


_INT = TensorProto.INT64
RUN_TIME_VALUES = [  # (node, its inputs, its outputs, what it needs known)
    (helper.make_node("Split", ["x", "sizes"], ["a", "b"], name="n"),
     [_info("x", [4]), _info("sizes", [2], _INT)], [_info("a", [1]), _info("b", [3])],
     "split sizes"),
    (helper.make_node("Slice", ["x", "starts", "ends", "", "steps"], ["y"], name="n"),
     [_info("x", [4]), *(_info(k, [1], _INT) for k in ("starts", "ends", "steps"))],
     [_info("y", [2])], "steps"),
    (helper.make_node("OneHot", ["i", "depth", "values"], ["y"], name="n"),
     [_info("i", [2], _INT), _info("depth", [], _INT), _info("values", [2])],
     [_info("y", [2, 3])], "depth"),
    (helper.make_node("Dropout", ["x", "ratio", "training"], ["y"], name="n"),
     [_info("x", [2]), _info("ratio", []), _info("training", [], TensorProto.BOOL)],
     [_info("y", [2])], "training mode"),
    (helper.make_node("CumSum", ["x", "axis"], ["y"], name="n"),
     [_info("x", [2, 3]), _info("axis", [], _INT)], [_info("y", [2, 3])], "axis"),
]


@pytest.mark.parametrize("node, inputs, outputs, what", RUN_TIME_VALUES,
                         ids=[r[0].op_type for r in RUN_TIME_VALUES])
def test_a_value_needed_when_loading_but_computed_at_run_time_is_named(
        node, inputs, outputs, what, path):
    _save_graph(helper.make_graph([node], "g", inputs, outputs), path)
    with pytest.raises(ValueError) as raised:
        ag.onnx.load(path)
    assert str(raised.value) == (
        f"ag.onnx.load: ONNX node 'n' ({node.op_type}) takes its {what} from a value computed "
        f"at run time; autograph needs it known when the model is loaded.")


@pytest.mark.parametrize("args, kwargs, message", [
    (([1.0, 2.0],) * 3, {}, "takes 2 inputs (a, b), got 3."),
    ((), {"c": [1.0, 2.0]}, "has no input 'c'; its inputs are a, b."),
    ((), {}, "is missing input(s) a, b."),
], ids=["too many", "unknown name", "missing"])
def test_call_mistakes_list_the_inputs_of_a_model_of_two(args, kwargs, message, path):
    _save_graph(helper.make_graph([helper.make_node("Add", ["a", "b"], ["y"])], "g",
                                  [_info("a", [2]), _info("b", [2])], [_info("y", [2])]), path)
    with pytest.raises(TypeError) as raised:
        ag.onnx.load(path)(*args, **kwargs)
    assert str(raised.value) == f"<LoadedModel 'model.onnx' (ONNX opset 17)> {message}"
