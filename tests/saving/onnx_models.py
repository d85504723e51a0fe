"""Small ONNX models written with `onnx.helper`, in the style other frameworks export, for the
load tests: each is a `(model, inputs)` pair that onnxruntime and autograph both run."""

from __future__ import annotations

import numpy as np
from onnx import TensorProto, helper, numpy_helper

_RNG = np.random.default_rng(11)
FLOAT = TensorProto.FLOAT


def normal(*shape: int) -> np.ndarray:
    return _RNG.normal(size=shape).astype(np.float32)


def model(nodes, inputs, outputs, initializers=None, opset=17):
    """A model of `nodes`; `inputs`/`outputs` are `(name, shape)` float tensors (or
    value infos), `initializers` a dict of arrays."""
    def info(item):
        if isinstance(item, tuple):
            return helper.make_tensor_value_info(item[0], FLOAT, item[1])
        return item
    graph = helper.make_graph(
        nodes, "test", [info(i) for i in inputs], [info(o) for o in outputs],
        initializer=[numpy_helper.from_array(v, k) for k, v in (initializers or {}).items()])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)],
                             ir_version=8)


def conv_net():
    """Conv with pads, strides and bias; BatchNormalization; AveragePool with pads (both
    count_include_pad modes); MaxPool with pads; GlobalAveragePool; Flatten; Gemm."""
    nodes = [
        helper.make_node("Conv", ["x", "w", "b"], ["c"], pads=[1, 0, 1, 2], strides=[2, 1]),
        helper.make_node("BatchNormalization", ["c", "scale", "bias", "mean", "var"], ["n"],
                         epsilon=1e-3),
        helper.make_node("LeakyRelu", ["n"], ["r"], alpha=0.1),
        helper.make_node("AveragePool", ["r"], ["a0"], kernel_shape=[3, 3], pads=[1, 1, 1, 1]),
        helper.make_node("AveragePool", ["r"], ["a1"], kernel_shape=[3, 3], pads=[1, 1, 1, 1],
                         count_include_pad=1),
        helper.make_node("MaxPool", ["r"], ["m"], kernel_shape=[2, 2], strides=[2, 2],
                         pads=[0, 0, 1, 1]),
        helper.make_node("GlobalAveragePool", ["a0"], ["g"]),
        helper.make_node("Flatten", ["m"], ["f"]),
        helper.make_node("Gemm", ["f", "dense"], ["y"], transB=1, alpha=0.5),
        helper.make_node("Add", ["a1", "a0"], ["s"]),
    ]
    weights = {"w": normal(4, 2, 3, 3), "b": normal(4), "scale": normal(4), "bias": normal(4),
               "mean": normal(4), "var": np.abs(normal(4)) + 0.5, "dense": normal(3, 4 * 2 * 3)}
    outputs = [("y", ["batch", 3]), ("g", ["batch", 4, 1, 1]), ("s", ["batch", 4, 3, 6])]
    return model(nodes, [("x", ["batch", 2, 6, 6])], outputs, weights), [normal(2, 2, 6, 6)]


def dynamic_flatten():
    """PyTorch's `x.view(x.size(0), -1)`: Shape, Gather, Unsqueeze, Concat, Reshape; then
    Reshape's 0 (copy the dim), Squeeze/Unsqueeze, Transpose, Softmax, Sigmoid, Tanh."""
    int64 = TensorProto.INT64
    nodes = [
        helper.make_node("Shape", ["x"], ["shape"]),
        helper.make_node("Constant", [], ["zero"], value=helper.make_tensor("v", int64, [], [0])),
        helper.make_node("Gather", ["shape", "zero"], ["batch"], axis=0),
        helper.make_node("Constant", [], ["axes"],
                         value=helper.make_tensor("a", int64, [1], [0])),
        helper.make_node("Unsqueeze", ["batch", "axes"], ["batch1"]),
        helper.make_node("Constant", [], ["rest"], value=helper.make_tensor("r", int64, [1],
                                                                            [-1])),
        helper.make_node("Concat", ["batch1", "rest"], ["target"], axis=0),
        helper.make_node("Reshape", ["x", "target"], ["flat"]),
        helper.make_node("Constant", [], ["keep"],
                         value=helper.make_tensor("k", int64, [3], [0, 4, -1])),
        helper.make_node("Reshape", ["x", "keep"], ["kept"]),
        helper.make_node("Transpose", ["kept"], ["t"], perm=[0, 2, 1]),
        helper.make_node("Softmax", ["t"], ["soft"], axis=1),
        helper.make_node("Unsqueeze", ["flat", "axes"], ["u"]),
        helper.make_node("Squeeze", ["u", "axes"], ["sq"]),
        helper.make_node("Sigmoid", ["sq"], ["sig"]),
        helper.make_node("Tanh", ["soft"], ["y"]),
        helper.make_node("Cast", ["batch"], ["n"], to=TensorProto.FLOAT),
    ]
    outputs = [("sig", ["batch", 24]), ("y", ["batch", 6, 4]), ("n", [])]
    return model(nodes, [("x", ["batch", 4, 3, 2])], outputs), [normal(3, 4, 3, 2)]


def old_softmax():
    """Opset 11: Softmax over every axis from `axis` on, attribute axes of Unsqueeze."""
    nodes = [helper.make_node("Softmax", ["x"], ["s"], axis=1),
             helper.make_node("Unsqueeze", ["s"], ["y"], axes=[0, 3])]
    return model(nodes, [("x", [2, 3, 4])], [("y", [1, 2, 3, 1, 4])], opset=11), [normal(2, 3, 4)]


def branches():
    """If whose branches read outer values by name."""
    then_graph = helper.make_graph(
        [helper.make_node("Mul", ["x", "x"], ["t"])], "then", [],
        [helper.make_tensor_value_info("t", FLOAT, None)])
    else_graph = helper.make_graph(
        [helper.make_node("Sub", ["x", "w"], ["e"])], "else", [],
        [helper.make_tensor_value_info("e", FLOAT, None)])
    nodes = [
        helper.make_node("ReduceSum", ["x"], ["total"], keepdims=0),
        helper.make_node("Constant", [], ["zero"], value_float=0.0),
        helper.make_node("Greater", ["total", "zero"], ["positive"]),
        helper.make_node("If", ["positive"], ["y"], then_branch=then_graph,
                         else_branch=else_graph),
    ]
    return model(nodes, [("x", [3])], [("y", [3])], {"w": normal(3)}), [normal(3)]


def loop():
    """Loop with a trip count, a condition, a carried value and a scan output."""
    bool_ = TensorProto.BOOL
    body = helper.make_graph(
        [helper.make_node("Add", ["acc_in", "x"], ["acc_out"]),
         helper.make_node("Cast", ["i"], ["i_float"], to=FLOAT),
         helper.make_node("Mul", ["acc_out", "i_float"], ["scan"]),
         helper.make_node("ReduceMax", ["acc_out"], ["largest"], keepdims=0),
         helper.make_node("Constant", [], ["limit"], value_float=20.0),
         helper.make_node("Less", ["largest", "limit"], ["go_on"])],
        "body",
        [helper.make_tensor_value_info("i", TensorProto.INT64, []),
         helper.make_tensor_value_info("cond_in", bool_, []),
         helper.make_tensor_value_info("acc_in", FLOAT, [3])],
        [helper.make_tensor_value_info("go_on", bool_, []),
         helper.make_tensor_value_info("acc_out", FLOAT, [3]),
         helper.make_tensor_value_info("scan", FLOAT, [3])])
    nodes = [helper.make_node("Loop", ["trips", "start", "x"], ["final", "scans"], body=body)]
    inputs = [("x", [3]), helper.make_tensor_value_info("trips", TensorProto.INT64, []),
              helper.make_tensor_value_info("start", bool_, [])]
    return model(nodes, inputs, [("final", [3]), ("scans", ["trips", 3])]), [
        np.array([1.0, 2.0, 3.0], np.float32), np.array(10, np.int64), np.array(True)]


def _accumulating_body(condition_nodes, condition):
    """A Loop body adding `x` to the carried value, scanning it times the iteration number,
    and giving `condition` (made by `condition_nodes`) as its next condition."""
    bool_ = TensorProto.BOOL
    return helper.make_graph(
        [helper.make_node("Add", ["acc_in", "x"], ["acc_out"]),
         helper.make_node("Cast", ["i"], ["i_float"], to=FLOAT),
         helper.make_node("Mul", ["acc_out", "i_float"], ["scan"]), *condition_nodes],
        "body",
        [helper.make_tensor_value_info("i", TensorProto.INT64, []),
         helper.make_tensor_value_info("cond_in", bool_, []),
         helper.make_tensor_value_info("acc_in", FLOAT, [3])],
        [helper.make_tensor_value_info(condition, bool_, []),
         helper.make_tensor_value_info("acc_out", FLOAT, [3]),
         helper.make_tensor_value_info("scan", FLOAT, [3])])


def counted_loop():
    """PyTorch's `for` loop: a Loop with a trip count and no condition input, whose body
    passes its condition through."""
    body = _accumulating_body([helper.make_node("Identity", ["cond_in"], ["cond_out"])],
                              "cond_out")
    nodes = [helper.make_node("Loop", ["trips", "", "x"], ["final", "scans"], body=body)]
    inputs = [("x", [3]), helper.make_tensor_value_info("trips", TensorProto.INT64, [])]
    return model(nodes, inputs, [("final", [3]), ("scans", ["trips", 3])]), [
        np.array([1.0, -2.0, 0.5], np.float32), np.array(4, np.int64)]


def condition_loop():
    """A `while` loop: a Loop with a condition and no trip count."""
    body = _accumulating_body(
        [helper.make_node("ReduceSum", ["acc_out"], ["total"], keepdims=0),
         helper.make_node("Constant", [], ["limit"], value_float=30.0),
         helper.make_node("Less", ["total", "limit"], ["go_on"])], "go_on")
    nodes = [helper.make_node("Loop", ["", "start", "x"], ["final", "scans"], body=body)]
    inputs = [("x", [3]), helper.make_tensor_value_info("start", TensorProto.BOOL, [])]
    return model(nodes, inputs, [("final", [3]), ("scans", ["n", 3])]), [
        np.array([1.0, 2.0, 3.0], np.float32), np.array(True)]


def loop_of_no_trips():
    """A Loop whose trip count is 0: its carried value comes back as it went in, and its scan
    output is empty."""
    proto, (x, _, start) = loop()
    return proto, [x, np.array(0, np.int64), start]


def activations():
    """The activations and small ops other frameworks write as one node: Clip (bounds as
    inputs, one omitted), Elu, Softplus, HardSigmoid, LogSoftmax, Mean, Xor, inference
    Dropout (with its mask) and GlobalMaxPool."""
    scalar = [helper.make_tensor_value_info(name, FLOAT, []) for name in ("low", "high")]
    nodes = [
        helper.make_node("Clip", ["x", "low", "high"], ["clipped"]),
        helper.make_node("Clip", ["x", "", "high"], ["capped"]),
        helper.make_node("Elu", ["x"], ["elu"], alpha=0.5),
        helper.make_node("Softplus", ["x"], ["softplus"]),
        helper.make_node("HardSigmoid", ["x"], ["hard"], alpha=0.3, beta=0.4),
        helper.make_node("LogSoftmax", ["x"], ["log_soft"], axis=0),
        helper.make_node("Mean", ["x", "elu", "hard"], ["mean"]),
        helper.make_node("Constant", [], ["zero"], value_float=0.0),
        helper.make_node("Greater", ["x", "zero"], ["positive"]),
        helper.make_node("Greater", ["elu", "hard"], ["larger"]),
        helper.make_node("Xor", ["positive", "larger"], ["either"]),
        helper.make_node("Dropout", ["x"], ["dropped", "mask"]),
        helper.make_node("GlobalMaxPool", ["images"], ["pooled"]),
    ]
    outputs = [(name, [4, 3]) for name in ("clipped", "capped", "elu", "softplus", "hard",
                                           "log_soft", "mean", "dropped")]
    outputs += [helper.make_tensor_value_info(name, TensorProto.BOOL, [4, 3])
                for name in ("either", "mask")]
    outputs.append(("pooled", [2, 3, 1, 1]))
    x = normal(4, 3) * 3.0
    return model(nodes, [("x", [4, 3]), *scalar, ("images", [2, 3, 5, 5])], outputs), [
        x, np.array(-1.0, np.float32), np.array(1.5, np.float32), normal(2, 3, 5, 5)]


def old_clip():
    """Opset 6: Clip's bounds as attributes."""
    nodes = [helper.make_node("Clip", ["x"], ["y"], min=-0.5, max=0.25)]
    return model(nodes, [("x", [2, 3])], [("y", [2, 3])], opset=6), [normal(2, 3)]


def run_time_slices():
    """PyTorch's `x[:, : x.size(1) // 2]` (Slice ends from Shape, with axes), a reversing
    Slice whose end is computed, and a Pad of pads computed from the input's shape, over
    chosen axes (opset 18)."""
    int64 = TensorProto.INT64

    def ints(name, values):
        return helper.make_node("Constant", [], [name],
                                value=helper.make_tensor(name, int64, [len(values)], values))
    nodes = [
        helper.make_node("Shape", ["x"], ["shape"]),
        ints("one", [1]), ints("two", [2]), ints("zero", [0]), ints("minus_one", [-1]),
        helper.make_node("Gather", ["shape", "one"], ["width"], axis=0),
        helper.make_node("Div", ["width", "two"], ["half"]),
        helper.make_node("Slice", ["x", "zero", "half", "one"], ["left"]),
        helper.make_node("Neg", ["width"], ["minus_width"]),
        helper.make_node("Sub", ["minus_width", "one"], ["before_first"]),
        helper.make_node("Slice", ["x", "minus_one", "before_first", "one", "minus_one"],
                         ["reversed"]),
        helper.make_node("Concat", ["half", "one"], ["pads"], axis=0),
        helper.make_node("Pad", ["x", "pads", "", "one"], ["padded"]),
    ]
    outputs = [("left", [2, 3]), ("reversed", [2, 6]), ("padded", [2, 10])]
    return model(nodes, [("x", [2, 6])], outputs, opset=18), [normal(2, 6)]


def reductions_over_no_axes():
    """Reductions whose axes input is computed (here: given) when the model runs and empty:
    over every axis, or none with noop_with_empty_axes (opset 18)."""
    nodes = [helper.make_node("ReduceSum", ["x", "axes"], ["all"], keepdims=1),
             helper.make_node("ReduceMax", ["x", "axes"], ["none"], keepdims=1,
                              noop_with_empty_axes=1)]
    inputs = [("x", [2, 3]), helper.make_tensor_value_info("axes", TensorProto.INT64, ["n"])]
    outputs = [("all", ["a", "b"]), ("none", ["c", "d"])]
    return model(nodes, inputs, outputs, opset=18), [normal(2, 3), np.zeros(0, np.int64)]


def _ints(name, values):
    return helper.make_node("Constant", [], [name], value=helper.make_tensor(
        name, TensorProto.INT64, [len(values)], values))


def shape_ops():
    """The shape ops' options (opset 18): Constant's list forms; Reshape with 0s (copy the
    input's dim) in a shape known and one computed, longer than the input's rank; Flatten at
    the default, a negative and the first axis, over unknown dims; Shape's start and end;
    Squeeze of every 1; Split by sizes, into uneven parts and into even ones; Gather of
    negative indices, known and computed; Expand of bools; ConstantOfShape's default."""
    int64, bool_ = TensorProto.INT64, TensorProto.BOOL
    nodes = [
        helper.make_node("Constant", [], ["floats"], value_floats=[0.5, -1.5, 2.0, 3.0]),
        helper.make_node("Constant", [], ["one"], value_int=1),
        helper.make_node("Constant", [], ["ints"], value_ints=[2, -1]),
        helper.make_node("Reshape", ["x", "ints"], ["by_ints"]),
        _ints("copy_first", [0, -1]),
        helper.make_node("Reshape", ["x", "copy_first"], ["copied"]),
        helper.make_node("Shape", ["x"], ["shape"], start=1, end=3),
        helper.make_node("Concat", ["copy_first", "shape"], ["longer"], axis=0),
        _ints("keep", [0, 0, 0, 1]),
        helper.make_node("Reshape", ["x", "keep"], ["longer_known"]),
        helper.make_node("Div", ["shape", "shape"], ["ones"]),
        helper.make_node("Concat", ["keep", "ones"], ["computed"], axis=0),
        helper.make_node("Reshape", ["x", "computed"], ["longer_computed"]),
        helper.make_node("Flatten", ["x"], ["flat"]),
        helper.make_node("Flatten", ["x"], ["flat_last"], axis=-1),
        helper.make_node("Flatten", ["x"], ["flat_all"], axis=0),
        helper.make_node("Flatten", ["y"], ["flat_unknown"], axis=1),
        helper.make_node("Flatten", ["z"], ["flat_known_outer"], axis=1),
        helper.make_node("Shape", ["x"], ["middle"], start=1, end=2),
        helper.make_node("Shape", ["x"], ["last_two"], start=-2),
        helper.make_node("Shape", ["x"], ["first_two"], end=-1),
        helper.make_node("Squeeze", ["longer_known"], ["squeezed"]),
        helper.make_node("Split", ["x", "sizes"], ["part_a", "part_b"], axis=2),
        helper.make_node("Split", ["x"], ["even_a", "even_b"], axis=2, num_outputs=2),
        helper.make_node("Split", ["x"], ["third_a", "third_b", "third_c"], axis=1,
                         num_outputs=3),
        helper.make_node("Gather", ["x", "back"], ["from_end"], axis=1),
        helper.make_node("Gather", ["x", "picks"], ["picked"], axis=2),
        helper.make_node("Expand", ["flags", "shape"], ["spread"]),
        helper.make_node("ConstantOfShape", ["shape"], ["zeros"]),
        helper.make_node("Add", ["floats", "zeros"], ["filled"]),
    ]
    ints = [_ints("sizes", [1, 3]), _ints("back", [-1, 0])]
    inputs = [("x", [2, 3, 4]), ("y", ["a", 3, "b"]), ("z", [2, 3, "b"]),
              helper.make_tensor_value_info("picks", int64, [2]),
              helper.make_tensor_value_info("flags", bool_, [1])]
    outputs = [("by_ints", [2, 12]), ("copied", [2, 12]), ("longer_known", [2, 3, 4, 1]),
               ("longer_computed", [2, 3, 4, 1, 1, 1]), ("flat", [2, 12]),
               ("flat_last", [6, 4]), ("flat_all", [1, 24]), ("flat_unknown", ["a", "c"]),
               ("squeezed", [2, 3, 4]), ("part_a", [2, 3, 1]), ("part_b", [2, 3, 3]),
               ("even_a", [2, 3, 2]), ("even_b", [2, 3, 2]), ("third_a", [2, 1, 4]),
               ("third_b", [2, 1, 4]), ("third_c", [2, 1, 4]), ("from_end", [2, 2, 4]),
               ("picked", [2, 3, 2]), helper.make_tensor_value_info("spread", bool_, [3, 4]),
               ("filled", [3, 4]), ("flat_known_outer", [2, "c"]),
               *(helper.make_tensor_value_info(name, int64, [n]) for name, n in (
                   ("middle", 1), ("last_two", 2), ("first_two", 2)))]
    return model(ints + nodes, inputs, outputs, opset=18), [
        normal(2, 3, 4), normal(2, 3, 5), normal(2, 3, 2), np.array([3, -4], np.int64),
        np.array([True])]


def old_split_and_unsqueeze():
    """Opset 11: Split's sizes and Unsqueeze's axes (negative ones too) as attributes, and a
    Split into as many even parts as it has outputs."""
    nodes = [helper.make_node("Split", ["x"], ["a", "b"], axis=1, split=[1, 2]),
             helper.make_node("Unsqueeze", ["b"], ["y"], axes=[-1, 0]),
             helper.make_node("Split", ["x"], ["top", "bottom"])]
    outputs = [("a", [2, 1]), ("y", [1, 2, 2, 1]), ("top", [1, 3]), ("bottom", [1, 3])]
    return model(nodes, [("x", [2, 3])], outputs, opset=11), [
        normal(2, 3)]


def math_ops():
    """The math ops' options (opset 17): integer Div and Mod of both signs, C's fmod for
    integers and floats, Reciprocal, IsInf one-sided, Where, Max/Min/Sum of one and three
    inputs, Mean, LeakyRelu's default slope, MatMul of vectors, Gemm with transA, alpha and a
    scaled C, ArgMax's default keepdims, CumSum exclusive and reversed, Einsum."""
    int32 = TensorProto.INT32
    nodes = [
        helper.make_node("Div", ["i", "j"], ["quotient"]),
        helper.make_node("Mod", ["i", "j"], ["modulo"]),
        helper.make_node("Mod", ["i", "j"], ["c_modulo"], fmod=1),
        helper.make_node("Mod", ["x", "y"], ["float_modulo"], fmod=1),
        helper.make_node("Reciprocal", ["y"], ["inverse"]),
        helper.make_node("Div", ["x", "zero"], ["infinite"]),
        helper.make_node("IsInf", ["infinite"], ["plus_inf"], detect_negative=0),
        helper.make_node("IsInf", ["infinite"], ["minus_inf"], detect_positive=0),
        helper.make_node("Greater", ["x", "y"], ["larger"]),
        helper.make_node("Where", ["larger", "x", "y"], ["chosen"]),
        helper.make_node("Max", ["x"], ["max_one"]),
        helper.make_node("Min", ["x", "y", "inverse"], ["min_three"]),
        helper.make_node("Sum", ["x", "y", "inverse"], ["sum_three"]),
        helper.make_node("Mean", ["x", "y"], ["mean"]),
        helper.make_node("LeakyRelu", ["x"], ["leaky"]),
        helper.make_node("MatMul", ["v", "v"], ["dot"]),
        helper.make_node("MatMul", ["v", "m"], ["row"]),
        helper.make_node("MatMul", ["m", "v"], ["column"]),
        helper.make_node("Gemm", ["m", "m", "c"], ["gemm"], transA=1, alpha=0.5, beta=2.0),
        helper.make_node("ArgMax", ["x"], ["top"], axis=-1),
        helper.make_node("CumSum", ["x", "axis"], ["running"], exclusive=1, reverse=1),
        helper.make_node("Einsum", ["m", "m"], ["traced"], equation="ij,ji->i"),
    ]
    initializers = {"zero": np.zeros(1, np.float32), "axis": np.array(1, np.int64),
                    "c": normal(3)}
    ints = [helper.make_tensor_value_info(n, int32, [2, 4]) for n in ("i", "j")]
    inputs = [("x", [2, 4]), ("y", [2, 4]), *ints, ("v", [3]), ("m", [3, 3])]
    int_outputs = [helper.make_tensor_value_info(n, int32, [2, 4])
                   for n in ("quotient", "modulo", "c_modulo")]
    bool_outputs = [helper.make_tensor_value_info(n, TensorProto.BOOL, [2, 4])
                    for n in ("plus_inf", "minus_inf")]
    outputs = [*int_outputs, *bool_outputs, *((n, [2, 4]) for n in (
        "float_modulo", "inverse", "chosen", "max_one", "min_three", "sum_three", "mean",
        "leaky", "running")), ("dot", []), ("row", [3]), ("column", [3]), ("gemm", [3, 3]),
        helper.make_tensor_value_info("top", TensorProto.INT64, [2, 1]), ("traced", [3])]
    x = normal(2, 4) * 3.0
    x[0, 0] = 0.0  # 0 / 0 is NaN, neither infinity
    y = np.abs(normal(2, 4)) + 0.5
    i = np.array([[7, -7, 7, -7], [9, -9, 0, 5]], np.int32)
    j = np.array([[2, 2, -2, -2], [4, 4, 3, -5]], np.int32)
    return model(nodes, inputs, outputs, initializers), [x, y, i, j, normal(3), normal(3, 3)]


def old_log_softmax():
    """Opset 11: LogSoftmax over all axes from `axis` on, of an input whose dims are not
    known when the model is loaded."""
    nodes = [helper.make_node("LogSoftmax", ["x"], ["y"], axis=1)]
    return model(nodes, [("x", ["a", "b", "c"])], [("y", ["a", "b", "c"])], opset=11), [
        normal(2, 3, 4)]


def math_defaults():
    """The math ops with their attributes left out, as Keras' default values (opset 17):
    IsInf, Elu, HardSigmoid, LeakyRelu, ArgMax, CumSum, Gemm (alpha 2, no beta) with a C,
    Softmax and LogSoftmax (the last axis); Clip with only a lower bound; MatMul of a batch
    of matrices and a vector, and the other way round; a reduction over no axes (a constant
    list) with noop_with_empty_axes."""
    nodes = [
        helper.make_node("Div", ["x", "zero"], ["infinite"]),
        helper.make_node("IsInf", ["infinite"], ["inf"]),
        helper.make_node("Elu", ["x"], ["elu"]),
        helper.make_node("HardSigmoid", ["x"], ["hard"]),
        helper.make_node("LeakyRelu", ["x"], ["leaky"]),
        helper.make_node("ArgMax", ["x"], ["top"]),
        helper.make_node("CumSum", ["x", "axis"], ["running"]),
        helper.make_node("Gemm", ["m", "m", "c"], ["gemm"], alpha=2.0),
        helper.make_node("Softmax", ["cube"], ["soft"]),
        helper.make_node("LogSoftmax", ["cube"], ["log_soft"]),
        helper.make_node("Clip", ["x", "low"], ["floored"]),
        helper.make_node("MatMul", ["cube", "v"], ["batch_column"]),
        helper.make_node("MatMul", ["v", "cube"], ["batch_row"]),
        helper.make_node("ReduceSum", ["x", "none"], ["kept"], noop_with_empty_axes=1),
    ]
    initializers = {"zero": np.zeros(1, np.float32), "axis": np.array(0, np.int64),
                    "c": normal(3), "low": np.array(-0.5, np.float32),
                    "none": np.zeros(0, np.int64)}
    inputs = [("x", [2, 4]), ("m", [3, 3]), ("cube", [2, 3, 3]), ("v", [3])]
    outputs = [helper.make_tensor_value_info("inf", TensorProto.BOOL, [2, 4]),
               *((n, [2, 4]) for n in ("elu", "hard", "leaky", "running", "floored", "kept")),
               helper.make_tensor_value_info("top", TensorProto.INT64, [1, 4]),
               ("gemm", [3, 3]), ("soft", [2, 3, 3]), ("log_soft", [2, 3, 3]),
               ("batch_column", [2, 3]), ("batch_row", [2, 3])]
    x = normal(2, 4) * 3.0
    x[0, 0] = 0.0
    return model(nodes, inputs, outputs, initializers), [x, normal(3, 3), normal(2, 3, 3),
                                                         normal(3)]


def softmax_of_opset_13():
    """Opset 13, the first whose Softmax works along one axis (default the last)."""
    nodes = [helper.make_node("Softmax", ["x"], ["y"])]
    return model(nodes, [("x", [2, 3, 4])], [("y", [2, 3, 4])], opset=13), [normal(2, 3, 4)]


def old_softmax_by_default():
    """Opset 11: Softmax without an axis flattens from axis 1 on; from axis 2, the last."""
    nodes = [helper.make_node("Softmax", ["x"], ["y"]),
             helper.make_node("Softmax", ["x"], ["z"], axis=2)]
    return model(nodes, [("x", [2, 3, 4])], [("y", [2, 3, 4]), ("z", [2, 3, 4])], opset=11), [
        normal(2, 3, 4)]


def bool_reductions():
    """Opset 20 reduces bools with ReduceMax (any) and ReduceMin (all), kept dims or not."""
    bool_ = TensorProto.BOOL
    nodes = [helper.make_node("ReduceMax", ["x"], ["any"], keepdims=0),
             helper.make_node("ReduceMin", ["x"], ["all"])]
    graph = helper.make_graph(nodes, "bools", [helper.make_tensor_value_info("x", bool_, [2, 3])],
                              [helper.make_tensor_value_info("any", bool_, []),
                               helper.make_tensor_value_info("all", bool_, [1, 1])])
    proto = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 20)], ir_version=9)
    return proto, [np.array([[True, False, True], [True, True, True]])]


def more_shape_ops():
    """Pad with a constant value input, over chosen axes, of unequal before and after;
    Gather of known indices without negatives and of negative ones into an axis of unknown
    size; Unsqueeze of a scalar at -1; Squeeze of one axis of several of size 1 (opset 18)."""
    nodes = [
        _ints("pads", [1, 0, 2, 3]), _ints("one_axis", [1]), _ints("few", [0, 2]),
        _ints("negative", [-1]), _ints("first", [0]), _ints("last", [-1]),
        helper.make_node("Constant", [], ["seven"], value_float=7.0),
        helper.make_node("Pad", ["x", "pads", "seven"], ["padded"]),
        _ints("side", [2, 1]),
        helper.make_node("Pad", ["x", "side", "seven", "one_axis"], ["padded_axis"]),
        helper.make_node("Gather", ["x", "few"], ["columns"], axis=1),
        helper.make_node("Gather", ["y", "negative"], ["last_row"], axis=0),
        helper.make_node("ReduceSum", ["x"], ["total"], keepdims=0),
        helper.make_node("Unsqueeze", ["total", "last"], ["lifted"]),
        helper.make_node("Squeeze", ["ones", "first"], ["one_squeezed"]),
    ]
    inputs = [("x", [2, 3]), ("y", ["n", 3]), ("ones", [1, 3, 1])]
    outputs = [("padded", [5, 6]), ("padded_axis", [2, 6]), ("columns", [2, 2]),
               ("last_row", [1, 3]), ("lifted", [1]), ("one_squeezed", [3, 1])]
    return model(nodes, inputs, outputs, opset=18), [normal(2, 3), normal(4, 3),
                                                     normal(1, 3, 1)]


def old_slice_and_pad():
    """Opsets before 10 and 11: Slice's bounds (with and without axes) and Pad's pads and
    value as attributes."""
    nodes = [helper.make_node("Slice", ["x"], ["cut"], starts=[1, -2], ends=[100, 3]),
             helper.make_node("Slice", ["x"], ["cut_axis"], starts=[1], ends=[3], axes=[1]),
             helper.make_node("Pad", ["x"], ["padded"], pads=[0, 1, 2, 0], value=1.5)]
    outputs = [("cut", [1, 1]), ("cut_axis", [2, 2]), ("padded", [4, 5])]
    return model(nodes, [("x", [2, 4])], outputs, opset=9), [normal(2, 4)]


def window_defaults():
    """Conv and the pools with their attributes left out (strides 1, no padding), and with
    auto_pad VALID."""
    nodes = [helper.make_node("Conv", ["x", "w"], ["plain"]),
             helper.make_node("Conv", ["x", "w"], ["valid"], auto_pad="VALID", strides=[2, 1]),
             helper.make_node("MaxPool", ["x"], ["max"], kernel_shape=[2, 3]),
             helper.make_node("AveragePool", ["x"], ["mean"], kernel_shape=[3, 2],
                              auto_pad="VALID")]
    outputs = [("plain", [1, 2, 4, 3]), ("valid", [1, 2, 2, 3]), ("max", [1, 1, 5, 3]),
               ("mean", [1, 1, 4, 4])]
    return model(nodes, [("x", [1, 1, 6, 5])], outputs, {"w": normal(2, 1, 3, 3)}), [
        normal(1, 1, 6, 5)]


def more_array_ops():
    """Shape from a start to the end; Pad of two inputs; OneHot of a matrix of indices (one
    negative) at the default and at a middle axis; NonZero of numbers; Dropout given only a
    ratio (opset 18)."""
    int64 = TensorProto.INT64
    nodes = [
        helper.make_node("Shape", ["x"], ["tail"], start=1),
        _ints("pads", [1, 0, 0, 2]),
        helper.make_node("Pad", ["x", "pads"], ["padded"]),
        _ints("depth", [3]),
        helper.make_node("Constant", [], ["off_on"], value_floats=[-1.0, 5.0]),
        helper.make_node("OneHot", ["i", "depth", "off_on"], ["last"]),
        helper.make_node("OneHot", ["i", "depth", "off_on"], ["middle"], axis=1),
        helper.make_node("NonZero", ["x"], ["where"]),
        helper.make_node("Constant", [], ["ratio"], value_float=0.5),
        helper.make_node("Dropout", ["x", "ratio"], ["kept"]),
    ]
    inputs = [("x", [2, 3]), helper.make_tensor_value_info("i", int64, [2, 2])]
    outputs = [helper.make_tensor_value_info("tail", int64, [1]), ("padded", [3, 5]),
               ("last", [2, 2, 3]), ("middle", [2, 3, 2]),
               helper.make_tensor_value_info("where", int64, [2, "n"]), ("kept", [2, 3])]
    x = np.array([[0.0, 0.5, 1.0], [2.0, 0.0, -0.5]], np.float32)
    return model(nodes, inputs, outputs, opset=18), [x, np.array([[0, 2], [-1, 1]], np.int64)]


def more_math_defaults():
    """BatchNormalization at its default epsilon (over small variances, where it shows);
    Gemm without alpha; ReduceSum keeping dims by default (opset 15)."""
    nodes = [helper.make_node("BatchNormalization", ["x", "s", "b", "m", "v"], ["y"]),
             helper.make_node("Gemm", ["a", "a", "c"], ["g"], beta=0.5),
             helper.make_node("ReduceSum", ["x"], ["total"])]
    weights = {"s": normal(3), "b": normal(3), "m": normal(3),
               "v": np.array([1e-5, 2e-5, 1e-4], np.float32), "c": normal(2)}
    outputs = [("y", [2, 3, 2]), ("g", [2, 2]), ("total", [1, 1, 1])]
    return model(nodes, [("x", [2, 3, 2]), ("a", [2, 2])], outputs, weights, opset=15), [
        normal(2, 3, 2), normal(2, 2)]
