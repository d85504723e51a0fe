"""Op names in graphs: every front-end passes `name` to its op, with TensorFlow's defaults.

Single-op functions name their op `name` (default: the op type, or the name TensorFlow's
function gives it); functions that create several ops put them in `name_scope(name)` and give
the last one the scope's name.
"""

import numpy as np
import pytest

import autograph as ag
from autograph.runtime.core.errors import InvalidArgumentError


@pytest.fixture
def graph():
    g = ag.Graph()
    with g.as_default():
        yield g


def _f32(shape=(2, 3), name="x"):
    return ag.placeholder(ag.float32, shape, name=name)


def _i32(shape=(2, 3), name="i"):
    return ag.placeholder(ag.int32, shape, name=name)


def _op_names(g):
    return [op.name for op in g.get_operations()]


# The name argument reaches the op ---------------------------------------------------------------
def test_name_names_the_op_and_its_output(graph):
    x, y = _f32(name="x"), _f32(name="y")
    total = ag.add(x, y, name="sum")
    assert (total.name, total.op.name, total.op.type) == ("sum:0", "sum", "AddV2")


def test_repeated_names_get_suffixes(graph):
    x = _f32()
    names = [ag.add(x, x, name="sum").name for _ in range(3)]
    assert names == ["sum:0", "sum_1:0", "sum_2:0"]


def test_names_inside_a_name_scope_are_prefixed(graph):
    x = _f32()
    with ag.name_scope("layer"):
        total = ag.add(x, x, name="sum")
        default = ag.multiply(x, x)
    assert (total.name, default.name) == ("layer/sum:0", "layer/Mul:0")


def test_nested_scopes_prefix_every_level(graph):
    x = _f32()
    with ag.name_scope("outer"), ag.name_scope("inner"):
        y = ag.reduce_sum(x, name="total")
    assert y.op.name == "outer/inner/total"


def test_names_are_ignored_eagerly():
    np.testing.assert_array_equal(ag.add([1, 2], 3, name="sum").numpy(), [4, 5])


# Every public function passes its name --------------------------------------------------------
def _m(shape=(2, 2)):
    return ag.placeholder(ag.float32, shape, name="m")


def _b(shape=(2, 3)):
    return ag.placeholder(ag.bool, shape, name="b")


def _s():
    return ag.placeholder(ag.string, [2], name="s")


# function name -> (call with name=n, the type of the op named n)
NAMED_CALLS = {
    "constant": (lambda n: ag.constant([1.0], name=n), "Const"),
    "fill": (lambda n: ag.fill([2], 1.0, name=n), "Fill"),
    "zeros": (lambda n: ag.zeros([2], name=n), "Fill"),
    "ones": (lambda n: ag.ones([2], name=n), "Fill"),
    "zeros_like": (lambda n: ag.zeros_like(_f32((None, 3)), name=n), "ZerosLike"),
    "zeros_like_known": (lambda n: ag.zeros_like(_f32(), name=n), "Fill"),  # TF: no input
    "ones_like": (lambda n: ag.ones_like(_f32((None, 3)), name=n), "OnesLike"),
    "range": (lambda n: ag.range(5, name=n), "Range"),
    "linspace": (lambda n: ag.linspace(0.0, 1.0, 3, name=n), "LinSpace"),
    "eye": (lambda n: ag.eye(2, name=n), "Eye"),
    "cast": (lambda n: ag.cast(_f32(), ag.int32, name=n), "Cast"),
    "identity": (lambda n: ag.identity(_f32(), name=n), "Identity"),
    "reshape": (lambda n: ag.reshape(_f32(), [-1], name=n), "Reshape"),
    "shape": (lambda n: ag.shape(_f32((None, 3)), name=n), "Shape"),
    "shape_known": (lambda n: ag.shape(_f32(), name=n), "Const"),  # TF: static shape, a Const
    "size": (lambda n: ag.size(_f32((None, 3)), name=n), "Size"),
    "rank": (lambda n: ag.rank(_f32(None), name=n), "Rank"),
    "expand_dims": (lambda n: ag.expand_dims(_f32(), 0, name=n), "ExpandDims"),
    "squeeze": (lambda n: ag.squeeze(_f32((1, 2)), name=n), "Squeeze"),
    "transpose": (lambda n: ag.transpose(_f32(), name=n), "Transpose"),
    "concat": (lambda n: ag.concat([_f32(), _f32()], 0, name=n), "ConcatV2"),
    "stack": (lambda n: ag.stack([_f32(), _f32()], name=n), "Pack"),
    "unstack": (lambda n: ag.unstack(_f32(), name=n)[0], "Unpack"),
    "split": (lambda n: ag.split(_f32(), 3, axis=1, name=n)[0], "Split"),
    "split sizes": (lambda n: ag.split(_f32(), [1, 2], axis=1, name=n)[0], "SplitV"),
    "tile": (lambda n: ag.tile(_f32(), [1, 2], name=n), "Tile"),
    "broadcast_to": (lambda n: ag.broadcast_to(_f32((3,)), [2, 3], name=n), "BroadcastTo"),
    "reverse": (lambda n: ag.reverse(_f32(), [0], name=n), "ReverseV2"),
    "pad": (lambda n: ag.pad(_f32(), [[1, 1], [0, 0]], name=n), "PadV2"),
    "pad reflect": (lambda n: ag.pad(_f32(), [[1, 1], [0, 0]], "REFLECT", name=n),
                    "MirrorPad"),
    "gather": (lambda n: ag.gather(_f32(), [1, 0], name=n), "GatherV2"),
    "gather_nd": (lambda n: ag.gather_nd(_f32(), [[0, 1]], name=n), "GatherNd"),
    "one_hot": (lambda n: ag.one_hot(_i32((2,)), 3, name=n), "OneHot"),
    "where": (lambda n: ag.where(_b(), name=n), "Where"),
    "where x y": (lambda n: ag.where(_b(), _f32(), 0.0, name=n), "SelectV2"),
    "boolean_mask": (lambda n: ag.boolean_mask(_f32(), _b(), name=n), "GatherV2"),
    "slice": (lambda n: ag.slice(_f32(), [0, 1], [1, 2], name=n), "Slice"),
    "strided_slice": (lambda n: ag.strided_slice(_f32(), [0], [1], name=n), "StridedSlice"),
    "add": (lambda n: ag.add(_f32(), 1.0, name=n), "AddV2"),
    "subtract": (lambda n: ag.subtract(_f32(), 1.0, name=n), "Sub"),
    "multiply": (lambda n: ag.multiply(_f32(), 2.0, name=n), "Mul"),
    "divide": (lambda n: ag.divide(_f32(), 2.0, name=n), "RealDiv"),
    "truediv": (lambda n: ag.truediv(_i32(), 2, name=n), "RealDiv"),
    "floordiv": (lambda n: ag.floordiv(_i32(), 2, name=n), "FloorDiv"),
    "mod": (lambda n: ag.mod(_i32(), 2, name=n), "FloorMod"),
    "pow": (lambda n: ag.pow(_f32(), 2.0, name=n), "Pow"),
    "maximum": (lambda n: ag.maximum(_f32(), 0.0, name=n), "Maximum"),
    "minimum": (lambda n: ag.minimum(_f32(), 0.0, name=n), "Minimum"),
    "equal": (lambda n: ag.equal(_f32(), 0.0, name=n), "Equal"),
    "not_equal": (lambda n: ag.not_equal(_f32(), 0.0, name=n), "NotEqual"),
    "less": (lambda n: ag.less(_f32(), 0.0, name=n), "Less"),
    "less_equal": (lambda n: ag.less_equal(_f32(), 0.0, name=n), "LessEqual"),
    "greater": (lambda n: ag.greater(_f32(), 0.0, name=n), "Greater"),
    "greater_equal": (lambda n: ag.greater_equal(_f32(), 0.0, name=n), "GreaterEqual"),
    "logical_and": (lambda n: ag.logical_and(_b(), True, name=n), "LogicalAnd"),
    "logical_or": (lambda n: ag.logical_or(_b(), True, name=n), "LogicalOr"),
    "logical_not": (lambda n: ag.logical_not(_b(), name=n), "LogicalNot"),
    "logical_xor": (lambda n: ag.math.logical_xor(_b(), True, name=n), "LogicalAnd"),
    "bitwise_and": (lambda n: ag.math.bitwise_and(_i32(), 1, name=n), "BitwiseAnd"),
    "bitwise_or": (lambda n: ag.math.bitwise_or(_i32(), 1, name=n), "BitwiseOr"),
    "bitwise_xor": (lambda n: ag.math.bitwise_xor(_i32(), 1, name=n), "BitwiseXor"),
    "invert": (lambda n: ag.math.invert(_i32(), name=n), "Invert"),
    "clip_by_value": (lambda n: ag.clip_by_value(_f32(), 0.0, 1.0, name=n), "ClipByValue"),
    "add_n": (lambda n: ag.add_n([_f32(), _f32()], name=n), "AddN"),
    "matmul": (lambda n: ag.matmul(_m(), _m(), name=n), "MatMul"),
    "matmul batched": (lambda n: ag.matmul(_m((3, 2, 2)), _m(), name=n), "BatchMatMulV2"),
    "einsum": (lambda n: ag.einsum("ij,jk->ik", _m(), _m(), name=n), "Einsum"),
    "tensordot": (lambda n: ag.tensordot(_m(), _m(), 1, name=n), "Einsum"),
    "reduce_sum": (lambda n: ag.reduce_sum(_f32(), name=n), "Sum"),
    "reduce_mean": (lambda n: ag.reduce_mean(_f32(), 0, name=n), "Mean"),
    "reduce_max": (lambda n: ag.reduce_max(_f32(), name=n), "Max"),
    "reduce_min": (lambda n: ag.reduce_min(_f32(), name=n), "Min"),
    "reduce_prod": (lambda n: ag.reduce_prod(_f32(), name=n), "Prod"),
    "reduce_any": (lambda n: ag.reduce_any(_b(), name=n), "Any"),
    "reduce_all": (lambda n: ag.reduce_all(_b(), name=n), "All"),
    "argmax": (lambda n: ag.argmax(_f32(), name=n), "ArgMax"),
    "argmin": (lambda n: ag.argmin(_f32(), name=n), "ArgMin"),
    "cumsum": (lambda n: ag.cumsum(_f32(), name=n), "Cumsum"),
    "softmax": (lambda n: ag.softmax(_f32(), name=n), "Softmax"),
    "random.uniform": (lambda n: ag.random.uniform([2], name=n), "RandomUniform"),
    "random.uniform int": (lambda n: ag.random.uniform([2], 0, 5, ag.int32, name=n),
                           "RandomUniformInt"),
    "random.normal": (lambda n: ag.random.normal([2], 1.0, 2.0, name=n), "AddV2"),
    "strings.join": (lambda n: ag.strings.join([_s(), "!"], name=n), "StringJoin"),
    "strings.length": (lambda n: ag.strings.length(_s(), name=n), "StringLength"),
}
UNARY = ["negative", "abs", "sign", "square", "sqrt", "rsqrt", "exp", "log", "log1p", "sin",
         "cos", "tanh", "sigmoid", "relu", "round", "floor", "ceil", "is_nan", "is_finite"]


@pytest.mark.parametrize("function", NAMED_CALLS)
def test_function_passes_its_name_to_the_op(graph, function):
    call, op_type = NAMED_CALLS[function]
    result = call("given")
    assert (result.op.name, result.op.type) == ("given", op_type)


@pytest.mark.parametrize("function", UNARY)
def test_unary_function_passes_its_name_to_the_op(graph, function):
    result = getattr(ag.math, function)(_f32(), name="given")
    assert result.op.name == "given"


# Default names --------------------------------------------------------------------------------
@pytest.mark.parametrize("call, expected", [
    (lambda: ag.add(_f32(), 1.0), "AddV2"),
    (lambda: ag.reduce_sum(_f32()), "Sum"),
    (lambda: ag.reshape(_f32(), [-1]), "Reshape"),
    (lambda: ag.constant(1.0), "Const"),
    (lambda: ag.argmax(_f32()), "ArgMax"),
    (lambda: ag.cast(_f32(), ag.int32), "Cast"),
    (lambda: ag.strings.length(_s()), "StringLength"),
], ids=["add", "reduce_sum", "reshape", "constant", "argmax", "cast", "strings.length"])
def test_single_op_functions_default_to_the_op_type(graph, call, expected):
    assert call().op.name == expected


@pytest.mark.parametrize("call, expected", [
    (lambda: ag.transpose(_f32()), "transpose"),
    (lambda: ag.concat([_f32(), _f32()], 0), "concat"),
    (lambda: ag.stack([_f32(), _f32()]), "stack"),
    (lambda: ag.unstack(_f32())[1], "unstack"),
    (lambda: ag.split(_f32(), 3, axis=1)[0], "split"),
    (lambda: ag.floordiv(_i32(), 2), "floordiv"),
    (lambda: ag.truediv(_f32(), 2.0), "truediv"),
    (lambda: ag.divide(_f32(), 2.0), "truediv"),
    (lambda: ag.clip_by_value(_f32(), 0.0, 1.0), "clip_by_value"),
    (lambda: ag.one_hot(_i32((2,)), 3), "one_hot"),
    (lambda: ag.matmul(_m((3, 2, 2)), _m()), "MatMul"),
    (lambda: ag.tensordot(_m(), _m(), 1), "Tensordot"),
    (lambda: ag.zeros([2]), "zeros"),
    (lambda: ag.ones([2]), "ones"),
    (lambda: ag.zeros_like(_f32()), "zeros_like"),
    (lambda: ag.ones_like(_f32()), "ones_like"),
    (lambda: ag.range(3), "range"),
    (lambda: ag.boolean_mask(_f32(), _b()), "boolean_mask"),
    (lambda: ag.math.logical_xor(_b(), True), "LogicalXor"),
    (lambda: ag.random.uniform([2]), "random_uniform"),
    (lambda: ag.random.normal([2]), "random_normal"),
], ids=["transpose", "concat", "stack", "unstack", "split", "floordiv", "truediv", "divide",
        "clip_by_value", "one_hot", "matmul", "tensordot", "zeros", "ones", "zeros_like",
        "ones_like", "range", "boolean_mask", "logical_xor", "uniform", "normal"])
def test_functions_with_tensorflow_default_names(graph, call, expected):
    assert call().op.name == expected


def test_outputs_of_a_named_split_are_numbered(graph):
    parts = ag.split(_f32(), 3, axis=1, name="parts")
    assert [p.name for p in parts] == ["parts:0", "parts:1", "parts:2"]


# Functions of several ops: a scope, and the scope's name on the last op -----------------------
def test_truediv_of_integers_casts_inside_its_scope(graph):
    ag.truediv(_i32(), 2, name="ratio")
    assert _op_names(graph)[1:] == ["ratio/Const", "ratio/Cast", "ratio/Cast_1", "ratio"]


def test_a_taken_composite_name_makes_a_unique_scope(graph):
    x = _i32()
    first, second = ag.truediv(x, x, name="d"), ag.truediv(x, x, name="d")
    assert (first.op.name, second.op.name) == ("d", "d_1")
    assert second.op.inputs[0].op.name == "d_1/Cast"


def test_logical_xor_builds_four_ops_in_its_scope(graph):
    ag.math.logical_xor(_b(), _b(), name="xor")
    ops = [(op.name, op.type) for op in graph.get_operations()[2:]]
    assert ops == [("xor/LogicalOr", "LogicalOr"), ("xor/LogicalAnd", "LogicalAnd"),
                   ("xor/LogicalNot", "LogicalNot"), ("xor", "LogicalAnd")]


def test_boolean_mask_ops_live_in_its_scope(graph):
    result = ag.boolean_mask(_f32(), _b(), name="picked")
    inner = [n for n in _op_names(graph) if n not in ("x", "b", "picked")]
    assert result.op.name == "picked" and inner
    assert all(n.startswith("picked/") for n in inner)


def test_zeros_like_of_another_dtype_names_its_cast(graph):
    result = ag.zeros_like(_f32((None, 3)), dtype=ag.int32, name="z")
    assert (result.op.type, result.op.inputs[0].op.name) == ("Cast", "z/ZerosLike")


def test_random_uniform_scales_inside_its_scope(graph):
    result = ag.random.uniform([2], -1.0, 1.0, name="noise")
    assert (result.op.name, result.op.type) == ("noise", "AddV2")
    assert {"noise/RandomUniform", "noise/Mul"} <= set(_op_names(graph))


def test_random_uniform_without_scaling_names_the_random_op(graph):
    result = ag.random.uniform([2], name="u")
    assert (result.op.name, result.op.type) == ("u", "RandomUniform")


def test_composite_scope_nests_in_the_enclosing_scope(graph):
    with ag.name_scope("layer"):
        result = ag.truediv(_i32(), 2)
    assert result.op.name == "layer/truediv"
    assert result.op.inputs[0].op.name == "layer/truediv/Cast"


# Operators --------------------------------------------------------------------------------------
@pytest.mark.parametrize("expression, expected", [
    (lambda x, i, b: x + 1.0, "add"),
    (lambda x, i, b: 1.0 - x, "sub"),
    (lambda x, i, b: x * 2.0, "mul"),
    (lambda x, i, b: x / 2.0, "truediv"),
    (lambda x, i, b: i / 2, "truediv"),
    (lambda x, i, b: i // 2, "floordiv"),
    (lambda x, i, b: i % 2, "mod"),
    (lambda x, i, b: x ** 2.0, "pow"),
    (lambda x, i, b: -x, "Neg"),
    (lambda x, i, b: abs(x), "Abs"),
    (lambda x, i, b: x < 1.0, "Less"),
    (lambda x, i, b: ~b, "LogicalNot"),
    (lambda x, i, b: b & b, "and"),
    (lambda x, i, b: b ^ b, "xor"),
    (lambda x, i, b: i | 1, "or"),
    (lambda x, i, b: x[0], "strided_slice"),
    (lambda x, i, b: x[:, 1:], "strided_slice"),
], ids=["add", "rsub", "mul", "truediv", "truediv int", "floordiv", "mod", "pow", "neg", "abs",
        "less", "invert", "and", "xor", "or", "getitem", "getitem slice"])
def test_operator_op_names(graph, expression, expected):
    result = expression(_f32(), _i32(), _b())
    assert result.op.name == expected


def test_matmul_operator_is_named_matmul_op(graph):
    assert (_m() @ _m()).op.name == "matmul"


def test_getitem_with_tensor_index_packs_inside_its_scope(graph):
    result = _f32()[ag.constant(1)]
    packs = [op.name for op in graph.get_operations() if op.type == "Pack"]
    assert result.op.name == "strided_slice"
    assert packs == ["strided_slice/stack", "strided_slice/stack_1", "strided_slice/stack_2"]


def test_repeated_operators_get_suffixes(graph):
    x = _f32()
    assert [(x * 2.0).op.name for _ in range(2)] == ["mul", "mul_1"]


# constant: one Const op, its value computed on the host -----------------------------------------
def test_constant_with_shape_is_one_const_op(graph):
    c = ag.constant([1, 2, 3, 4], shape=(2, 2), name="c")
    assert [(op.name, op.type) for op in graph.get_operations()] == [("c", "Const")]
    assert c.shape == ag.TensorShape([2, 2])
    np.testing.assert_array_equal(c.op.get_attr("value"), [[1, 2], [3, 4]])


def test_constant_fills_its_shape_from_one_value(graph):
    c = ag.constant(7.0, shape=[2, 3])
    np.testing.assert_array_equal(c.op.get_attr("value"), np.full((2, 3), 7.0, np.float32))


def test_constant_of_an_eager_tensor_is_cast_on_the_host():
    value = ag.convert_to_tensor([1.9, -1.9])
    g = ag.Graph()
    with g.as_default():
        c = ag.constant(value, dtype=ag.int32, name="c")
    assert [op.type for op in g.get_operations()] == ["Const"] and c.dtype == ag.int32
    np.testing.assert_array_equal(ag.Session(graph=g).run(c), [1, -1])


def test_constant_value_runs_in_a_session(graph):
    c = ag.constant([[1.5], [2.5]], dtype=ag.float64, name="c")
    value = ag.Session(graph=graph).run(c)
    np.testing.assert_array_equal(value, np.array([[1.5], [2.5]]))
    assert value.dtype == np.float64


def test_constant_of_a_symbolic_tensor_is_a_type_error(graph):
    with pytest.raises(TypeError, match=r"x:0 is a symbolic tensor.*ag\.identity"):
        ag.constant(_f32(), name="c")


def test_constant_with_too_few_values_for_its_shape_is_a_type_error(graph):
    with pytest.raises(TypeError, match="3 elements cannot have shape"):
        ag.constant([1, 2, 3], shape=[2, 2])


def test_constant_cast_of_strings_is_refused():
    strings = ag.convert_to_tensor(["a"])
    with ag.Graph().as_default():
        with pytest.raises(InvalidArgumentError, match="Cast from string to int32"):
            ag.constant(strings, ag.int32)
