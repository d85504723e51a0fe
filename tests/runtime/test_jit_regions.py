"""Which ops a jit region may hold, and why the others run on the plan (module
runtime/exec/jit/regions.py): classified from graphs alone, without numba."""

import pytest

import autograph as ag
from autograph.runtime.exec.jit.regions import ELEMENTWISE, PLAN, SCALAR, classify


def _last_op(build, *specs):
    graph = ag.Graph()
    with graph.as_default():
        made = build(*[ag.placeholder(dtype, shape) for dtype, shape in specs])
    return getattr(made, "op", made)  # ag.print gives its op


@pytest.mark.parametrize("build, specs, expected", [
    (lambda x: ag.reduce_sum(x), [(ag.float32, [2, 3])], (ELEMENTWISE, None)),
    (lambda x: ag.reduce_sum(x, axis=[-1, 0]), [(ag.float32, [2, 3])], (ELEMENTWISE, None)),
    (lambda x: ag.reduce_sum(x), [(ag.int32, [3])], (ELEMENTWISE, None)),
    (lambda x: ag.reduce_max(x), [(ag.float64, [3])], (ELEMENTWISE, None)),
    (lambda x: ag.reduce_sum(x), [(ag.float32, [])], (PLAN, "Sum of part of a tensor")),
    (lambda x, a: ag.reduce_sum(x, axis=a), [(ag.float32, [3]), (ag.int32, [])],
     (PLAN, "Sum of part of a tensor")),
    (lambda x: ag.reduce_sum(x), [(ag.float64, [3])], (PLAN, "Sum of dtype float64")),
    (lambda x: ag.reduce_prod(x), [(ag.int32, [3])], (PLAN, "Prod of dtype int32")),
    (lambda x: ag.reduce_mean(x), [(ag.int32, [3])], (PLAN, "Mean of dtype int32")),
    (lambda x: ag.reduce_max(x), [(ag.float16, [3])], (PLAN, "Max of dtype float16")),
    (lambda x: ag.reduce_all(x), [(ag.bool, [3])], (PLAN, "All of a non-scalar value")),
    (lambda x: ag.reduce_sum(x, axis=0), [(ag.float32, [2, 3])],
     (PLAN, "Sum of part of a tensor")),
], ids=["sum", "sum over negative axes", "int sum", "float64 max", "sum of a scalar",
        "sum over axes fed", "float64 sum", "int prod", "int mean", "float16 max", "all",
        "sum over one axis"])
def test_a_reduction_of_every_element_joins_an_elementwise_region(build, specs, expected):
    assert classify(_last_op(build, *specs)) == expected


@pytest.mark.parametrize("build, specs, expected", [
    (lambda x, y: x * y, [(ag.float32, [3]), (ag.float32, [3])], (ELEMENTWISE, None)),
    (lambda x, y: x * y, [(ag.float32, []), (ag.float32, [])], (SCALAR, None)),
    (lambda x, y: x * y, [(ag.float32, [3]), (ag.float32, [2, 3])],
     (PLAN, "Mul of operands that broadcast")),
    (lambda x, y: x * y, [(ag.float32, None), (ag.float32, None)],
     (PLAN, "Mul of operands that broadcast")),
    (lambda x, y: x * y, [(ag.float32, [3]), (ag.float32, None)],
     (PLAN, "Mul of operands that broadcast")),
    (lambda x: ag.math.round(x), [(ag.int32, [3])], (PLAN, "Round of dtype int32")),
    (lambda x: ag.print(x), [(ag.int32, [])], (PLAN, "ag.print outside a loop or branch")),
    (lambda x: ag.abs(x), [(ag.float16, [3])], (PLAN, "Abs of dtype float16")),
    (lambda x: ag.cast(x, ag.int32), [(ag.float32, [3])],
     (PLAN, "Cast of a float to an integer or bool")),
    (lambda x: ag.cast(x, ag.bool), [(ag.float64, [3])],
     (PLAN, "Cast of a float to an integer or bool")),
    (lambda x: ag.cast(x, ag.float64), [(ag.float32, [3])], (ELEMENTWISE, None)),
    (lambda x: ag.cast(x, ag.float32), [(ag.int32, [3])], (ELEMENTWISE, None)),
    (lambda c, x: ag.where(c, x, -x), [(ag.bool, [3]), (ag.float32, [3])], (ELEMENTWISE, None)),
    (lambda c, x: ag.where(c, x, -x), [(ag.bool, [3]), (ag.float16, [3])],
     (PLAN, "SelectV2 of dtype float16")),
    (lambda x, y: ag.equal(x, y), [(ag.float32, [3]), (ag.float32, [3])], (ELEMENTWISE, None)),
], ids=["same shapes", "scalars", "broadcast", "unknown rank", "a vector and unknown rank",
        "round of ints", "print", "float16", "float to int", "float to bool", "float to float",
        "int to float", "select", "select of float16", "equal"])
def test_elementwise_ops_need_one_shape_and_a_dtype_their_template_takes(build, specs, expected):
    assert classify(_last_op(build, *specs)) == expected


@pytest.mark.parametrize("compare, shapes, expected", [
    (lambda x, y: x == y, ([3], [3]), (PLAN, "Equal with incompatible_shape_error=False")),
    (lambda x, y: x != y, ([3], [3]), (PLAN, "NotEqual with incompatible_shape_error=False")),
    (lambda x, y: x == y, ([3], []), (ELEMENTWISE, None)),
    (lambda x, y: x != y, ([], [3]), (ELEMENTWISE, None)),
], ids=["== of vectors", "!= of vectors", "== of a vector and a scalar",
        "!= of a scalar and a vector"])
def test_tensor_equality_compiles_when_one_side_is_a_scalar(compare, shapes, expected):
    # `==` in a function is Equal(incompatible_shape_error=False), which gives False for
    # shapes that do not broadcast, where the compiled loop could not
    specs = [ag.TensorSpec(shape, ag.float32) for shape in shapes]
    graph = ag.function(compare).get_concrete_function(*specs).graph
    (op,) = [op for op in graph.get_operations() if op.type in ("Equal", "NotEqual")]
    assert classify(op) == expected


def _control_flow_op(fn, spec):
    graph = ag.function(fn).get_concrete_function(spec).graph
    return next(op for op in graph.get_operations() if op.type in ("While", "Case"))


def prints_with_summarize_0(n):
    i = 0
    while i < n:
        ag.print(i, summarize=0)
        i += 1
    return i


def prints_a_float(n):
    i = 0.0
    while i < n:
        ag.print(i)
        i += 1.0
    return i


def prints_to_stderr(n):
    i = 0
    while i < n:
        ag.print(i, output_stream="stderr")
        i += 1
    return i


def case_of_scalars(n):
    return ag.switch_case(n, [lambda: n + 1, lambda: n * 2])


def case_with_a_vector_inside(n):
    return ag.switch_case(n, [lambda: n + 1, lambda: ag.reduce_sum(ag.fill([2], n))])


@pytest.mark.parametrize("fn, dtype, expected", [
    (prints_with_summarize_0, ag.int32, (PLAN, "StringFormat with summarize=0")),
    (prints_a_float, ag.float32, (PLAN, "ag.print of a float32 value (integers and bools only)")),
    (prints_to_stderr, ag.int32, (PLAN, "PrintV2 to 'stderr' (stdout only)")),
    (case_of_scalars, ag.int32, (SCALAR, None)),
    (case_with_a_vector_inside, ag.int32, (PLAN, "Const of a non-scalar value")),
])
def test_a_loop_or_case_is_scalar_when_everything_inside_is(fn, dtype, expected):
    assert classify(_control_flow_op(fn, ag.TensorSpec([], dtype))) == expected
