"""ag.onnx.export: the written models pass onnx.checker and onnxruntime computes what we do."""

import os
import pathlib

import numpy as np
import onnx
import onnxruntime
import pytest

import autograph as ag
from autograph.runtime.graph.func_graph import flatten
from autograph.runtime.saving.onnx import export as _  # noqa: F401  (fills EXPORT_TABLE)
from autograph.runtime.saving.onnx.export_table import TABLE as EXPORT_TABLE
from tests.saving.onnx_cases import CASES, A, assert_same

RNG = np.random.default_rng(0)
GOLDEN = pathlib.Path(__file__).resolve().parents[2] / "golden" / "onnx"


def run_onnxruntime(path, *inputs):
    session = onnxruntime.InferenceSession(path, providers=["CPUExecutionProvider"])
    return session.run(None, {i.name: x for i, x in zip(session.get_inputs(), inputs)})




def export_checked(f, path, *args, **kwargs):
    model = ag.onnx.export(f, path, *args, **kwargs)
    onnx.checker.check_model(onnx.load(path), full_check=True)
    return model


@pytest.fixture
def path(tmp_path):
    return str(tmp_path / "model.onnx")


def test_an_exported_file_gets_the_mode_the_umask_gives_new_files(path):
    umask = os.umask(0o022)
    os.umask(umask)
    ag.onnx.export(ag.function(lambda x: x + 1.0), path, [ag.TensorSpec([2])])
    assert os.stat(path).st_mode & 0o777 == 0o666 & ~umask
    assert os.listdir(os.path.dirname(path)) == ["model.onnx"]


@ag.function
def tensor_if(x):
    if ag.reduce_sum(x) > 0:
        y = x * 2.0
    else:
        y = -x
    return y


def test_a_tensor_if_becomes_an_onnx_if_that_takes_both_branches(path):
    model = export_checked(tensor_if, path, [ag.TensorSpec([None, 4])])
    assert "If" in [n.op_type for n in model.graph.node]
    for x in (np.abs(A), -np.abs(A)):
        assert_same(run_onnxruntime(path, x), [tensor_if(x)])


counter = ag.Variable(np.linspace(0.0, 1.0, 4, dtype=np.float32), name="step")


@ag.function
def tensor_while(x, n):
    i = ag.constant(0)
    y = x
    while i < n:
        y = y * 0.5 + counter
        i += 1
    return {"out": y, "count": i}


def test_a_tensor_while_becomes_an_onnx_loop_named_by_the_dicts_keys(path):
    model = export_checked(tensor_while, path, [ag.TensorSpec([None, 4]),
                                                ag.TensorSpec([], ag.int32)])
    assert "Loop" in [n.op_type for n in model.graph.node]
    assert [o.name for o in model.graph.output] == ["count", "out"]
    for n in (0, 1, 4):
        n = np.array(n, np.int32)
        want = tensor_while(A, n)
        assert_same(run_onnxruntime(path, A, n), [want["count"], want["out"]])


def test_inputs_take_the_arguments_names_and_none_dims_are_symbolic(path):
    model = export_checked(tensor_while, path, [ag.TensorSpec([None, 4]),
                                                ag.TensorSpec([], ag.int32)])
    x, n = model.graph.input
    assert (x.name, n.name) == ("x", "n")
    dims = x.type.tensor_type.shape.dim
    assert dims[0].dim_param == "x_dim_0" and dims[1].dim_value == 4


def test_variables_become_initializers_holding_their_values(path):
    model = export_checked(tensor_while, path, [ag.TensorSpec([None, 4]),
                                                ag.TensorSpec([], ag.int32)])
    [initializer] = model.graph.initializer
    assert initializer.name == "step"
    np.testing.assert_array_equal(onnx.numpy_helper.to_array(initializer), counter.numpy())


W1 = ag.Variable(RNG.normal(size=(4, 16)).astype(np.float32))
B1 = ag.Variable(RNG.normal(size=(16,)).astype(np.float32))
W2 = ag.Variable(RNG.normal(size=(16, 3)).astype(np.float32))


@ag.function(input_signature=[ag.TensorSpec([None, 4])])
def mlp(x):
    return ag.nn.softmax(ag.matmul(ag.nn.relu(ag.matmul(x, W1) + B1), W2))


def test_an_mlp_runs_in_onnxruntime_for_any_batch_size(path):
    export_checked(mlp, path)
    for batch in (1, 5):
        x = RNG.normal(size=(batch, 4)).astype(np.float32)
        assert_same(run_onnxruntime(path, x), [mlp(x)])


KERNEL = ag.Variable(RNG.normal(size=(3, 3, 1, 4)).astype(np.float32))
DENSE = ag.Variable(RNG.normal(size=(4 * 4 * 4, 10)).astype(np.float32))


@ag.function(input_signature=[ag.TensorSpec([None, 8, 8, 1])])
def cnn(images):
    y = ag.nn.relu(ag.nn.conv2d(images, KERNEL, strides=1, padding="SAME"))
    y = ag.nn.max_pool2d(y, 2, 2, "VALID")
    return ag.nn.softmax(ag.matmul(ag.reshape(y, [-1, 4 * 4 * 4]), DENSE))


def test_a_cnn_runs_in_onnxruntime_with_nhwc_moved_to_nchw(path):
    model = export_checked(cnn, path)
    ops = [n.op_type for n in model.graph.node]
    assert {"Conv", "MaxPool", "Transpose", "Reshape", "Softmax"} <= set(ops)
    images = RNG.normal(size=(3, 8, 8, 1)).astype(np.float32)
    assert_same(run_onnxruntime(path, images), [cnn(images)])


def keras_model():
    ag.random.set_seed(3)
    return ag.keras.Sequential([
        ag.keras.Input((8, 8, 1)), ag.keras.layers.Conv2D(3, 3, activation="relu"),
        ag.keras.layers.MaxPooling2D(), ag.keras.layers.Flatten(),
        ag.keras.layers.Dropout(0.5), ag.keras.layers.Dense(5, activation="softmax")])


def test_a_keras_sequential_model_exports_its_inference_call(path):
    model = keras_model()
    proto = export_checked(model, path)
    assert proto.graph.input[0].type.tensor_type.shape.dim[0].dim_param  # any batch size
    images = RNG.normal(size=(4, 8, 8, 1)).astype(np.float32)
    assert_same(run_onnxruntime(path, images), [model(images, training=False)])


def test_a_keras_functional_model_exports_for_its_input(path):
    inputs = ag.keras.Input((6,))
    outputs = ag.keras.layers.Dense(2)(ag.keras.layers.Dense(8, activation="relu")(inputs))
    model = ag.keras.Model(inputs, outputs)
    export_checked(model, path)
    x = RNG.normal(size=(3, 6)).astype(np.float32)
    assert_same(run_onnxruntime(path, x), [model(x)])


def test_a_keras_model_exports_for_the_input_signature_given(path):
    model = ag.keras.Sequential([ag.keras.layers.Dense(2)])
    export_checked(model, path, [ag.TensorSpec([None, 4])])
    assert_same(run_onnxruntime(path, A), [model(A)])


def test_a_keras_model_takes_one_spec(path):
    model = ag.keras.Sequential([ag.keras.layers.Dense(2)])
    with pytest.raises(ValueError) as raised:
        ag.onnx.export(model, path, [ag.TensorSpec([None, 4])] * 2)
    assert str(raised.value) == ("ag.onnx.export: a Keras model takes one argument (a list or "
                                 "dict of specs for several inputs); input_signature has 2 "
                                 "entries.")


class Doubling(ag.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = ag.keras.layers.Dense(3)

    def call(self, inputs):
        return 2.0 * self.dense(inputs)


def test_a_subclassed_keras_model_exports_for_the_shape_of_its_first_call(path):
    model = Doubling()
    model(A[:1])
    export_checked(model, path)
    assert_same(run_onnxruntime(path, A), [model(A)])


def test_an_unbuilt_keras_model_asks_for_an_input_signature(path):
    model = ag.keras.Sequential([ag.keras.layers.Dense(2)])
    with pytest.raises(ValueError) as raised:
        ag.onnx.export(model, path)
    assert str(raised.value) == (
        f"ag.onnx.export: Keras model {model.name!r} has no input shape yet; build it "
        f"(model.build((None, ...)) or a first call), or pass "
        f"input_signature=[ag.TensorSpec((None, ...))].")


def test_a_concrete_function_exports_as_traced(path):
    concrete = ag.function(lambda x: x * 3.0).get_concrete_function(ag.TensorSpec([2, 4]))
    model = export_checked(concrete, path)
    assert model.graph.input[0].type.tensor_type.shape.dim[0].dim_value == 2
    assert_same(run_onnxruntime(path, A[:2]), [A[:2] * 3.0])


def test_a_function_traced_once_exports_that_trace(path):
    f = ag.function(lambda x: x + 1.0)
    f(A)
    export_checked(f, path)
    assert_same(run_onnxruntime(path, A), [A + 1.0])


def test_a_function_traced_twice_is_ambiguous(path):
    f = ag.function(lambda x: x + 1.0)
    f(A)
    f(A[0])
    with pytest.raises(ValueError) as raised:
        ag.onnx.export(f, path)
    assert str(raised.value) == (
        f"ag.onnx.export: {f!r} has 2 traces, so which to export is ambiguous; pass "
        f"input_signature, or export f.get_concrete_function(...). Its traces:\n"
        f"{f.pretty_printed_concrete_signatures()}")


def test_a_function_never_traced_needs_an_input_signature(path):
    with pytest.raises(ValueError, match=r"^ag\.onnx\.export: .* has not been traced; pass "
                                         r"input_signature=\[ag\.TensorSpec\(\.\.\.\), "
                                         r"\.\.\.\] for its arguments\.$"):
        ag.onnx.export(ag.function(lambda x: x), path)


def test_a_python_function_exports_for_its_input_signature(path):
    export_checked(lambda x: x - 1.0, path, [ag.TensorSpec([None, 4])])
    assert_same(run_onnxruntime(path, A), [A - 1.0])


def test_a_python_function_needs_an_input_signature(path):
    with pytest.raises(ValueError) as raised:
        ag.onnx.export(lambda x: x, path)
    assert str(raised.value) == ("ag.onnx.export: exporting a Python function needs "
                                 "input_signature=[ag.TensorSpec(...), ...] for its arguments.")


def test_a_concrete_function_takes_no_input_signature(path):
    concrete = ag.function(lambda x: x).get_concrete_function(ag.TensorSpec([2]))
    with pytest.raises(ValueError) as raised:
        ag.onnx.export(concrete, path, [ag.TensorSpec([2])])
    assert str(raised.value) == ("ag.onnx.export: a ConcreteFunction is traced already; pass "
                                 "input_signature with the ag.function instead.")


def test_a_value_that_is_no_function_cannot_export(path):
    with pytest.raises(TypeError) as raised:
        ag.onnx.export(3, path)
    assert str(raised.value) == ("ag.onnx.export exports an ag.function, a ConcreteFunction or "
                                 "a Keras model, got 3.")


@pytest.mark.parametrize("opset", [13, onnx.defs.onnx_opset_version()])
def test_the_oldest_and_newest_opsets_export(opset, path):
    model = export_checked(lambda x: x * 2.0, path, [ag.TensorSpec([2])], opset=opset)
    assert model.opset_import[0].version == opset


@pytest.mark.parametrize("opset", [12, onnx.defs.onnx_opset_version() + 1, True, "17", 17.0])
def test_an_opset_out_of_range_or_not_an_int_is_refused(opset, path):
    with pytest.raises(ValueError) as raised:
        ag.onnx.export(lambda x: x, path, [ag.TensorSpec([2])], opset=opset)
    assert str(raised.value) == (
        f"ag.onnx.export: opset must be an int from 13 to {onnx.defs.onnx_opset_version()} "
        f"(the newest the installed onnx knows), got {opset!r}.")


def source_of_py_function(x):
    return ag.py_function(np.sin, [x], ag.float32)


def test_an_op_without_onnx_mapping_names_its_type_and_source_line(path):
    with pytest.raises(ValueError) as caught:
        ag.onnx.export(ag.function(source_of_py_function), path, [ag.TensorSpec([2])])
    message = str(caught.value)
    assert "EagerPyFunc op" in message and "has no ONNX mapping" in message
    assert "test_onnx_export.py:" in message
    assert "`return ag.py_function(np.sin, [x], ag.float32)`" in message
    assert not os.path.exists(path)


def test_a_variable_update_cannot_export(path):
    def bump(x):
        counter.assign_add(ag.ones([4]))
        return x
    with pytest.raises(ValueError, match="AssignAddVariableOp .* cannot change variables"):
        ag.onnx.export(ag.function(bump), path, [ag.TensorSpec([4])])


def test_an_op_needing_a_later_opset_says_which(path):
    f = ag.function(lambda x, y: x & y)
    signature = [ag.TensorSpec([3], ag.int32)] * 2
    with pytest.raises(ValueError) as raised:
        ag.onnx.export(f, path, signature, opset=17)
    assert str(raised.value).startswith("ag.onnx.export: BitwiseAnd op 'and' (made at ")
    assert str(raised.value).endswith(") needs ONNX opset 18 or later, and the export asked for "
                                      "opset 17; pass opset=18 (or higher).")
    model = export_checked(f, path, signature, opset=18)
    assert model.opset_import[0].version == 18


def test_an_output_of_unknown_rank_is_refused(path):
    f = ag.function(lambda x, shape: ag.reshape(x, shape))
    with pytest.raises(ValueError) as raised:
        ag.onnx.export(f, path, [ag.TensorSpec([None]), ag.TensorSpec([None], ag.int32)])
    assert str(raised.value) == (
        "ag.onnx.export: output 'output_0' has an unknown rank, and an ONNX model's inputs and "
        "outputs need one; give the function an input_signature of known ranks, or reshape "
        "the value to a shape of known length.")


def test_an_input_of_unknown_rank_is_refused(path):
    with pytest.raises(ValueError, match=r"^ag\.onnx\.export: input 'x' has an unknown rank"):
        ag.onnx.export(lambda x: x + 1, path, [ag.TensorSpec(None, ag.int32)])


def test_a_variable_argument_is_refused(path):
    f = ag.function(lambda v: v.read_value() * 2.0)
    concrete = f.get_concrete_function(counter)
    with pytest.raises(ValueError) as raised:
        ag.onnx.export(concrete, path)
    name = concrete.inputs[0].op.name
    assert str(raised.value) == (
        f"ag.onnx.export: {concrete.name} takes a variable as argument {name!r}; read the "
        f"variable inside the function instead (ONNX inputs are tensors).")


def test_an_input_returned_as_it_is_and_an_output_returned_twice_get_their_own_names(path):
    def twice(x):
        doubled = x * 2.0
        return x, doubled, doubled
    model = export_checked(twice, path, [ag.TensorSpec([4])])
    assert [o.name for o in model.graph.output] == ["output_0", "output_1", "output_2"]
    assert_same(run_onnxruntime(path, A[0]), [A[0], A[0] * 2.0, A[0] * 2.0])


def test_nested_outputs_are_named_by_their_key_paths(path):
    def nested(x):
        doubled = x * 2.0
        return {"logits": x, "extra": {"scale": doubled}, "pair": [doubled, x + 1.0]}
    model = export_checked(nested, path, [ag.TensorSpec([4])])
    assert [o.name for o in model.graph.output] == ["extra_scale", "logits", "pair_0",
                                                     "pair_1"]


def test_an_output_under_an_empty_key_is_named_output(path):
    model = export_checked(lambda x: {"": x + 1.0}, path, [ag.TensorSpec([4])])
    assert [o.name for o in model.graph.output] == ["output"]


def test_an_opset_out_of_range_is_refused(path):
    with pytest.raises(ValueError, match="opset must be an int from 13 to"):
        ag.onnx.export(mlp, path, opset=12)


def test_the_default_opset_is_18(path):
    assert ag.onnx.export(mlp, path).opset_import[0].version == 18


def test_a_failed_export_leaves_the_file_that_was_there(path):
    with open(path, "wb") as f:
        f.write(b"before")
    with pytest.raises(ValueError):
        ag.onnx.export(ag.function(source_of_py_function), path, [ag.TensorSpec([2])])
    with open(path, "rb") as f:
        assert f.read() == b"before"
    assert os.listdir(os.path.dirname(path)) == ["model.onnx"]


def test_a_missing_folder_is_a_clear_error(tmp_path):
    path = str(tmp_path / "no" / "model.onnx")
    with pytest.raises(FileNotFoundError) as raised:
        ag.onnx.export(mlp, path)
    assert str(raised.value) == f"ag.onnx.export: the folder of {path!r} does not exist."


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_the_op_table_agrees_with_onnxruntime(case, path):
    f = ag.function(case.fn)
    export_checked(f, path, case.signature, case.opset)
    want = [np.asarray(t) for t in flatten(f(*case.inputs))]
    assert_same(run_onnxruntime(path, *case.inputs), want)


def op_types(graph, found):
    """The op types of `graph` and of the functions its ops hold (branches, loop bodies)."""
    for op in graph.get_operations():
        found.add(op.type)
        for value in op.attrs.values():
            for function in value if isinstance(value, (list, tuple)) else [value]:
                if hasattr(function, "get_operations"):
                    op_types(function, found)
    return found


def test_every_op_type_the_exporter_converts_runs_in_some_case():
    found = set()
    for case in CASES:
        op_types(ag.function(case.fn).get_concrete_function(*case.signature).graph, found)
    assert len(EXPORT_TABLE) > 90 and sorted(set(EXPORT_TABLE) - found) == []


def outline(graph, indent=""):
    """The names, op types, dtypes and shapes of an ONNX graph and its subgraphs, as text."""
    def value(info):
        tensor = info.type.tensor_type
        dims = ",".join(d.dim_param or str(d.dim_value) if d.HasField("dim_value") or
                        d.dim_param else "?" for d in tensor.shape.dim)
        shape = f"[{dims}]" if tensor.HasField("shape") else "[unknown rank]"
        return f"{info.name}: {onnx.TensorProto.DataType.Name(tensor.elem_type)}{shape}"
    lines = [f"{indent}graph {graph.name}({', '.join(map(value, graph.input))}) -> "
             f"({', '.join(map(value, graph.output))})"]
    for node in graph.node:
        named = "" if node.name == node.output[0] else f"[{node.name}] "
        lines.append(f"{indent}  {named}{', '.join(node.output)} = "
                     f"{node.op_type}({', '.join(node.input)})")
        for attr in node.attribute:
            if attr.type == onnx.AttributeProto.GRAPH:
                lines.append(f"{indent}    {attr.name}:")
                lines.append(outline(attr.g, indent + "      "))
    return "\n".join(lines)


@ag.function(input_signature=[ag.TensorSpec([None, 4]), ag.TensorSpec([], ag.int32)])
def control_flow(x, i):
    left, right = ag.split(x, 2, axis=1)  # an op of two outputs
    x = ag.concat([right, left], 1)
    y = ag.switch_case(i, [lambda: x + 1.0, lambda: x * 2.0, lambda: -x])
    y = ag.switch_case(i, [lambda: y - 1.0])  # one branch: written inline
    if ag.reduce_sum(y) > 0:
        y = y * 2.0
    with ag.name_scope("count"):
        n = ag.constant(0)
        while n < i:
            y = y + x
            n += 1
    return y


def test_exported_control_flow_names_each_value_after_its_op_and_branch(path, golden):
    model = export_checked(control_flow, path)
    golden.check(outline(model.graph) + "\n",
                 GOLDEN / "control_flow.expected.txt")


def test_a_branch_returning_a_variable_handle_cannot_export(path):
    other = ag.Variable([1.0, 2.0, 3.0, 4.0])

    def choose(p):
        return ag.cond(p, lambda: counter.handle, lambda: other.handle)
    with pytest.raises(ValueError, match=r"^ag\.onnx\.export: If op 'cond' \(made at .*\) returns "
                                         r"a variable handle; ONNX values are tensors only\.$"):
        ag.onnx.export(ag.function(choose), path, [ag.TensorSpec([], ag.bool)])


def test_a_loop_changing_a_variable_handle_cannot_export(path):
    other = ag.Variable([1.0, 2.0, 3.0, 4.0])

    def swap(n):
        return ag.while_loop(lambda i, h: i < n, lambda i, h: (i + 1, ag.cond(
            i > 0, lambda: counter.handle, lambda: other.handle)), [0, other.handle])[0]
    with pytest.raises(ValueError, match=r"^ag\.onnx\.export: While op 'while' \(made at .*\) "
                                         r"changes a variable handle in its loop; ONNX values "
                                         r"are tensors only\.$"):
        ag.onnx.export(ag.function(swap), path, [ag.TensorSpec([], ag.int32)])


def _assign(x):
    counter.assign(x)


def _assign_add(x):
    counter.assign_add(x)


def _assign_sub(x):
    counter.assign_sub(x)


def _print(x):
    ag.print(ag.constant("step"))  # a string tensor alone is printed without formatting


def _print_tensor(x):
    ag.print(x)


def _assert(x):
    ag.debugging.Assert(ag.reduce_all(x > 0), [x])


def _numpy_function(x):
    ag.numpy_function(np.sin, [x], ag.float32)


def _py_function(x):
    ag.py_function(np.sin, [x], ag.float32)


def _stateless_numpy_function(x):
    ag.numpy_function(np.sin, [x], ag.float32, stateful=False)


WHY_NOT = [
    ("AssignVariableOp", _assign, "an ONNX model cannot change variables"),
    ("AssignAddVariableOp", _assign_add, "an ONNX model cannot change variables"),
    ("AssignSubVariableOp", _assign_sub, "an ONNX model cannot change variables"),
    ("PrintV2", _print, "an ONNX model has no side effects such as printing"),
    ("StringFormat", _print_tensor,
     "ONNX has no string formatting, which ag.print and ag.strings.format make"),
    ("Assert", _assert, "an ONNX model has no asserts"),
    ("PyFunc", _numpy_function, "Python code cannot run inside an ONNX model"),
    ("EagerPyFunc", _py_function, "Python code cannot run inside an ONNX model"),
    ("PyFuncStateless", _stateless_numpy_function, "Python code cannot run inside an ONNX model"),
]


@pytest.mark.parametrize("op_type, make, why", WHY_NOT, ids=[w[0] for w in WHY_NOT])
def test_an_op_with_no_onnx_form_says_why(op_type, make, why, path):
    def step(x):
        make(x)
        return x + 1.0
    with pytest.raises(ValueError, match=f"^ag\\.onnx\\.export: {op_type} op .* has no ONNX "
                                         f"mapping \\({why}\\)\\. docs/onnx\\.md lists the ops "
                                         f"that export; compute this with those, or keep it out "
                                         f"of the exported function\\.$"):
        ag.onnx.export(ag.function(step, autograph=False), path, [ag.TensorSpec([4])])


def test_an_op_made_by_code_without_a_file_is_named_by_its_place_only(path):
    namespace = {"ag": ag, "np": np}
    exec("def sine(x):\n    return ag.py_function(np.sin, [x], ag.float32)\n", namespace)
    with pytest.raises(ValueError, match=r"^ag\.onnx\.export: EagerPyFunc op '\w+' \(made at "
                                         r"<string>:2\) has no ONNX mapping \(Python"):
        ag.onnx.export(ag.function(namespace["sine"], autograph=False), path,
                       [ag.TensorSpec([4])])


def _gather_in_batches(x, indices):
    return ag.gather(x, indices, batch_dims=1)


def _symmetric_pad(x):
    return ag.pad(x, [[1, 1], [1, 1]], mode="SYMMETRIC")


def _split_unknown_axis(x):
    return ag.split(x, 2, axis=0)[0]


def _split_rest_of_unknown_axis(x):
    return ag.split(x, [1, -1], axis=0)[0]


def _ellipsis_of_unknown_rank(x, dims):
    return ag.reshape(x, dims)[..., 0]


def _permutation_at_run_time(x, permutation):
    return ag.transpose(x, permutation)


def _expand_at_run_time(x, axis):
    return ag.expand_dims(x, axis)


def _concat_at_run_time(x, axis):
    return ag.concat([x, x], axis)


def _split_at_run_time(x, axis):
    return ag.split(x, 2, axis=axis)[0]


def _split_sizes_at_run_time(x, sizes):
    return ag.split(x, sizes, axis=1)[0]


def _split_axis_at_run_time(x, axis):
    return ag.split(x, [1, 3], axis=axis)[0]


def _gather_at_run_time(x, axis):
    return ag.gather(x, [0], axis=axis)


def _reverse_at_run_time(x, axis):
    return ag.reverse(x, axis)


def _steps_at_run_time(x, steps):
    return ag.strided_slice(x, [0], [3], steps)


def _transposed_product_of_unknown_rank(x, dims):
    return ag.matmul(ag.reshape(x, dims), x, transpose_a=True)


def _channels_first_bias_of_unknown_rank(x, dims):
    return ag.nn.bias_add(ag.reshape(x, dims), [1.0, 2.0], data_format="NCHW")


def _dilated_strided_same_of_unknown_size(images):
    return ag.nn.conv2d(images, np.ones((3, 3, 1, 2), np.float32), 2, "SAME", dilations=2)


def _argmax_at_run_time(x, axis):
    return ag.argmax(x, axis)


def _split_rest_of_unknown_rank(x, dims):
    return ag.split(ag.reshape(x, dims), [1, -1], axis=0)[0]


AXIS = ag.TensorSpec([], ag.int32)
CANNOT_EXPORT = [
    (_expand_at_run_time, [ag.TensorSpec([3, 4]), AXIS], "ExpandDims op 'ExpandDims'",
     "has an axis computed at run time; ONNX needs it known when the model is written."),
    (_concat_at_run_time, [ag.TensorSpec([3, 4]), AXIS], "ConcatV2 op 'concat'",
     "has an axis computed at run time; ONNX needs it known when the model is written."),
    (_split_at_run_time, [ag.TensorSpec([4, 4]), AXIS], "Split op 'split'",
     "has an axis computed at run time; ONNX needs it known when the model is written."),
    (_split_sizes_at_run_time, [ag.TensorSpec([3, 4]), ag.TensorSpec([2], ag.int32)],
     "SplitV op 'split'", "has a list of sizes computed at run time; ONNX needs it known "
                          "when the model is written."),
    (_split_axis_at_run_time, [ag.TensorSpec([4, 4]), AXIS], "SplitV op 'split'",
     "has an axis computed at run time; ONNX needs it known when the model is written."),
    (_gather_at_run_time, [ag.TensorSpec([3, 4]), AXIS], "GatherV2 op 'GatherV2'",
     "has an axis computed at run time; ONNX needs it known when the model is written."),
    (_reverse_at_run_time, [ag.TensorSpec([3, 4]), ag.TensorSpec([1], ag.int32)],
     "ReverseV2 op 'ReverseV2'", "has an axis computed at run time; ONNX needs it known when "
                                 "the model is written."),
    (_steps_at_run_time, [ag.TensorSpec([3, 4]), ag.TensorSpec([1], ag.int32)],
     "StridedSlice op 'StridedSlice'", "has a step computed at run time; ONNX needs it known "
                                        "when the model is written."),
    (_transposed_product_of_unknown_rank,
     [ag.TensorSpec([4, 4]), ag.TensorSpec([None], ag.int32)], "Reshape op 'Reshape'",
     "gives a tensor of unknown rank that a matrix product transposes."),
    (_channels_first_bias_of_unknown_rank,
     [ag.TensorSpec([2, 2]), ag.TensorSpec([None], ag.int32)], "BiasAdd op 'BiasAdd/BiasAdd'",
     "adds a channels-first bias to a tensor of unknown rank."),
    (_dilated_strided_same_of_unknown_size, [ag.TensorSpec([None, None, None, 1])],
     "Conv2D op 'Conv2D/Conv2D'", "pads a dilated convolution SAME over a size not known when the "
                           "model is written, which onnxruntime cannot run; give the input a "
                           "known spatial shape, or use strides of 1."),
    (_argmax_at_run_time, [ag.TensorSpec([3, 4]), AXIS], "ArgMax op 'ArgMax'",
     "has an axis computed at run time; ONNX needs it known when the model is written."),
    (_split_rest_of_unknown_rank, [ag.TensorSpec([None, 4]), ag.TensorSpec([None], ag.int32)],
     "SplitV op 'split'", "infers a size (-1) along an axis of unknown size."),

    (_gather_in_batches, [ag.TensorSpec([3, 4]), ag.TensorSpec([3, 2], ag.int32)],
     "GatherV2 op 'GatherV2'", "has batch_dims; ONNX Gather has none."),
    (_symmetric_pad, [ag.TensorSpec([3, 4])], "MirrorPad op 'MirrorPad'",
     "pads in mode SYMMETRIC; ONNX Pad reflects (REFLECT) but has no SYMMETRIC mode."),
    (_split_unknown_axis, [ag.TensorSpec([None, 4])], "Split op 'split'",
     "splits an axis of unknown size."),
    (_split_rest_of_unknown_axis, [ag.TensorSpec([None, 4])], "SplitV op 'split'",
     "infers a size (-1) along an axis of unknown size."),
    (_ellipsis_of_unknown_rank, [ag.TensorSpec([None, 4]), ag.TensorSpec([None], ag.int32)],
     "StridedSlice op 'strided_slice'", "slices with `...` a tensor of unknown rank."),
    (_permutation_at_run_time, [ag.TensorSpec([3, 4]), ag.TensorSpec([2], ag.int32)],
     "Transpose op 'transpose'", "has a permutation computed at run time; ONNX needs it "
                                 "known when the model is written."),
]


@pytest.mark.parametrize("fn, signature, op, why", CANNOT_EXPORT,
                         ids=[c[0].__name__.strip("_") for c in CANNOT_EXPORT])
def test_an_op_onnx_cannot_express_names_itself_its_line_and_why(fn, signature, op, why, path):
    with pytest.raises(ValueError) as raised:
        ag.onnx.export(fn, path, signature)
    message = str(raised.value)
    assert message.startswith(f"ag.onnx.export: {op} (made at {__file__}:")
    assert message.endswith(f"`) {why}")
    assert not os.path.exists(path)


def test_comparing_strings_needs_opset_19(path):
    def is_yes(word):
        return ag.equal(word, "yes")
    with pytest.raises(ValueError) as raised:
        ag.onnx.export(is_yes, path, [ag.TensorSpec([3], ag.string)])
    message = str(raised.value)
    assert message.startswith("ag.onnx.export: Equal op 'Equal' (made at ")
    assert message.endswith("compares strings, which ONNX's Equal does from opset 19; pass "
                            "opset=19 (or higher).")


def test_a_variable_read_twice_is_one_initializer(path):
    def twice(x):
        return x * counter + counter
    model = export_checked(twice, path, [ag.TensorSpec([4])])
    assert [i.name for i in model.graph.initializer] == ["step"]
    assert_same(run_onnxruntime(path, A[0]), [A[0] * counter.numpy() + counter.numpy()])


def test_an_op_with_no_onnx_form_and_no_known_reason_says_what_to_do(path):
    def lengths(words):
        return ag.strings.length(words)
    with pytest.raises(ValueError) as raised:
        ag.onnx.export(lengths, path, [ag.TensorSpec([2], ag.string)])
    message = str(raised.value)
    assert message.startswith("ag.onnx.export: StringLength op 'StringLength' (made at ")
    assert message.endswith("`return ag.strings.length(words)`) has no ONNX mapping. "
                            "docs/onnx.md lists the ops that export; compute this with those, "
                            "or keep it out of the exported function.")


def test_a_loop_variable_of_unknown_rank_is_declared_without_a_shape(path):
    case = next(c for c in CASES if c.name == "unknown_rank_loop")
    model = export_checked(case.fn, path, case.signature)
    loop = next(n for n in model.graph.node if n.op_type == "Loop")
    body = next(a.g for a in loop.attribute if a.name == "body")
    declared = [i.type.tensor_type.HasField("shape") for i in body.input]
    assert declared == [True, True, True, False]  # iteration, condition, counter, the value


def test_a_mean_over_axes_computed_at_run_time_needs_opset_18(path):
    def mean(x, axis):
        return ag.reduce_mean(x, axis)
    with pytest.raises(ValueError) as raised:
        ag.onnx.export(mean, path, [ag.TensorSpec([3, 4]), ag.TensorSpec([], ag.int32)],
                       opset=17)
    assert str(raised.value).startswith("ag.onnx.export: Mean op 'Mean' (made at ")
    assert str(raised.value).endswith("`return ag.reduce_mean(x, axis)`) reduces over axes "
                                      "computed at run time, which ONNX's ReduceMean takes from "
                                      "opset 18; pass opset=18.")
