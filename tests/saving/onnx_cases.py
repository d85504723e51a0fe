"""Small functions that exercise the ONNX exporter's op table, each with inputs: the export
tests run them through onnxruntime, the load tests back through our runtime."""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

import numpy as np

import autograph as ag

_RNG = np.random.default_rng(7)
A = _RNG.normal(size=(3, 4)).astype(np.float32)
B = _RNG.normal(size=(4, 5)).astype(np.float32)
INTS = _RNG.integers(-9, 9, size=(3, 4)).astype(np.int32)
IMAGES = _RNG.normal(size=(2, 8, 8, 1)).astype(np.float32)
CUBES = _RNG.normal(size=(2, 4, 4)).astype(np.float32)
FILTER = _RNG.normal(size=(3, 3, 1, 2)).astype(np.float32)
# nonzero, of both signs, against INTS's both signs: floor division and modulo differ there
DIVISORS = (_RNG.integers(1, 6, size=(3, 4)) * _RNG.choice([-1, 1], size=(3, 4))).astype(
    np.int32)


def assert_same(got: list, want: list) -> None:
    """Outputs of one shape, equal as numbers (to float32's precision) or as strings (bytes
    or str)."""
    assert len(got) == len(want)
    for a, b in zip(got, want):
        a, b = np.asarray(a), np.asarray(b)
        assert a.shape == b.shape
        if a.dtype.kind in "OSU" or b.dtype.kind in "OSU":
            def as_bytes(x):
                return [v.encode() if isinstance(v, str) else bytes(v) for v in x.ravel()]
            assert (a.shape, as_bytes(a)) == (b.shape, as_bytes(b))
        else:
            np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


def spec(*shape: Any, dtype: Any = ag.float32) -> Any:
    return ag.TensorSpec(list(shape), dtype)


class Case(NamedTuple):
    name: str
    fn: Callable
    signature: list
    inputs: tuple
    opset: int | None = None


def _math(x):
    return [ag.exp(x), ag.math.log1p(ag.abs(x)), ag.math.rsqrt(ag.abs(x) + 1.0),
            ag.square(x), ag.tanh(x), ag.sigmoid(x), ag.floor(x), ag.math.ceil(x),
            ag.round(x * 3.0), ag.sign(x), ag.sin(x), ag.cos(x), ag.maximum(x, 0.1),
            ag.minimum(x, 0.1), ag.pow(ag.abs(x), 1.5), x / 3.0, x - 1.0,
            ag.clip_by_value(x, -0.5, 0.5), ag.math.floordiv(x, 0.3),
            ag.math.floormod(x, 0.3), ag.sqrt(ag.abs(x)), ag.math.log(ag.abs(x) + 1.0),
            ag.negative(x), ag.nn.relu(x), ag.add_n([x, x, x]), ag.cast(x, ag.int32)]


def _integers(x, y):
    return [x // y, x % y, x * y, x + y, x & y, x | y, x ^ y, ~x]


def _compare(x):
    return [x > 0, x >= 0, x < 0, x <= 0, ag.equal(x, 0.5), ag.not_equal(x, 0.5),
            ag.logical_and(x > 0, x < 1), ag.logical_or(x > 0, x < -1), ag.logical_not(x > 0),
            ag.math.is_nan(x), ag.math.is_finite(x), ag.where(x > 0, x, 0.0)]


def _reduce(x):
    return [ag.reduce_sum(x, 1), ag.reduce_mean(x, 0, keepdims=True), ag.reduce_max(x),
            ag.reduce_min(x, [0, 1]), ag.reduce_prod(x, -1), ag.reduce_any(x > 1, 1),
            ag.reduce_all(x > -5), ag.argmax(x, 1), ag.argmin(x, 0, output_type=ag.int32),
            ag.cumsum(x, 1), ag.math.cumsum(x, 0, exclusive=True, reverse=True),
            ag.reduce_all(x > 0, 1), ag.reduce_sum(x, []), ag.einsum("ij, kj -> ik", x, x)]


def _reduce_at_run_time(x, axis, axes):
    return [ag.reduce_sum(x, axis), ag.reduce_max(x, axis, keepdims=True),
            ag.reduce_any(x > 0, axis), ag.reduce_mean(x, axes, keepdims=True)]


def _products(x, y):
    return [ag.matmul(x, y), ag.matmul(y, x, transpose_a=True, transpose_b=True),
            ag.einsum("ij,jk->ik", x, y), ag.nn.bias_add(x, ag.constant([1., 2., 3., 4.])),
            ag.nn.softmax(x)]


def _shapes(x):
    return [ag.reshape(x, [2, -1]), ag.shape(x), ag.size(x), ag.rank(x), ag.transpose(x),
            ag.expand_dims(x, -1), ag.squeeze(ag.expand_dims(x, 1), 1), ag.concat([x, x], 0),
            ag.stack([x, x], 1), ag.unstack(x, axis=1)[2], ag.split(x, 2, axis=1)[1],
            ag.split(x, [1, 3], axis=1)[1], ag.gather(x, [2, 0], axis=1), ag.tile(x, [2, 1]),
            ag.broadcast_to(x[0], [5, 4]), ag.pad(x, [[1, 0], [0, 2]], constant_values=7.0),
            ag.pad(x, [[1, 1], [2, 2]], mode="REFLECT"), ag.fill([2, 3], 1.5),
            ag.zeros_like(x), ag.ones_like(x), ag.range(0, 10, 3), ag.one_hot([0, 2, 1], 3),
            ag.reverse(x, [1]), ag.reverse(x, [0, 1]), ag.slice(x, [1, 1], [-1, 2]), x[1:, ::2],
            x[:, 1], x[..., None, 1:3], x[-1], ag.where(x > 0),
            ag.split(x, [0, -1], axis=1)[1], ag.squeeze(ag.expand_dims(x, 0)),
            ag.slice(x, [1, 0], [0, -1]), ag.slice(x, [0, 2], [2, 1]), x[1:, ..., None],
            x[None, 1, ...], x[..., None, 2], x[None, :, None, ::2], x[-1, None],
            x[None, ..., ::-1, None], x[None, None, 1], x[None, 1:, None, 2]]


def _no_rows(x):  # a 0 in a target shape is a dim of size 0, not a copy of the input's dim
    return ag.reshape(x, [4, 0])


SCALE = ag.Variable([0.5, -1.0, 2.0, 1.0], name="scale")


def _dynamic_shapes(x, m, dims):  # shapes not known when traced, so not folded
    any_rank = ag.reshape(x, ag.gather(ag.shape(x), dims))
    with ag.control_dependencies([ag.no_op()]):
        scaled = ag.stop_gradient(x) * SCALE
    counts = ag.cast(ag.size(x) + ag.rank(any_rank), ag.float32)
    return [scaled + counts, ag.shape(x), ag.shape(x, out_type=ag.int64), ag.ones_like(x),
            ag.split(x, [0, 3], axis=0)[1], m[:, 1:, ::2], m[1:, :, 2],
            ag.matmul(m, m), ag.matmul(m, m, transpose_a=True),
            ag.matmul(m, m[:, :3], transpose_b=True), ag.matmul(x, x, transpose_b=True)]


def _run_time_bounds(x, begin, size, paddings, n):  # bounds known only when the model runs
    return [ag.slice(x, begin, [-1, 2]), ag.slice(x, [0, 1], size), ag.pad(x, paddings),
            ag.split(x, [1, -1], axis=1)[1], x[::-1, -1], x[1::-2], ag.tile(x, [n, 1]),
            ag.fill([n, 2], 0.5), ag.range(n), ag.broadcast_to(x[:1], [n, 4]), x[n:, :n],
            x[n], x[n - 3], x[::-1, n - 1], x[n:][:, None, ::2]]


def _strings(words):
    return [ag.equal(words, "yes"), ag.not_equal(words, ag.constant(["no", "no", "yes"])),
            words]


def _unknown_rank_loop(x, dims):  # a loop variable of unknown rank in the ONNX Loop body
    y = ag.reshape(x, dims)
    y = ag.while_loop(lambda i, y: i < 3, lambda i, y: (i + 1, y * 2.0), [0, y])[1]
    return ag.reshape(y, [-1])


def _windows(x):
    y = ag.nn.conv2d(x, ag.constant(FILTER), strides=1, padding="SAME")
    y = ag.nn.max_pool2d(y, 2, 2, "VALID")
    z = ag.nn.avg_pool2d(y, 3, 2, "SAME")
    w = ag.nn.conv2d(x, ag.constant(FILTER), strides=2, padding=[[0, 0], [1, 0], [0, 1],
                                                                 [0, 0]])
    channels_first = ag.transpose(x, [0, 3, 1, 2])
    c = ag.nn.conv2d(channels_first, ag.constant(FILTER), 1, "VALID", data_format="NCHW")
    return [z, w, c, ag.nn.conv2d(x, ag.constant(FILTER), 1, "SAME", dilations=2),
            ag.nn.conv2d(x, ag.constant(FILTER), 1, "SAME", dilations=[1, 3, 2, 1]),
            ag.nn.conv2d(x, ag.constant(FILTER), [1, 2, 3, 1], "SAME", dilations=2),
            ag.nn.conv2d(x, ag.constant(FILTER[:2, :2]), 4, "SAME", dilations=2),
            ag.nn.max_pool2d(c, 2, [1, 1, 2, 1], "SAME", data_format="NCHW"),
            ag.nn.conv2d(channels_first, ag.constant(FILTER), 1, "SAME", data_format="NCHW",
                         dilations=[1, 1, 2, 2]),
            ag.nn.max_pool2d(c, 2, 2, "VALID", data_format="NCHW"),
            ag.nn.avg_pool2d(c, 3, 1, "SAME", data_format="NCHW"),
            ag.nn.bias_add(c, ag.constant([0.5, -1.0]), data_format="NCHW")]


def _dilated_over_any_size(images):  # stride 1: SAME pads by the kernel's reach alone
    return ag.nn.conv2d(images, ag.constant(FILTER), 1, "SAME", dilations=[1, 2, 3, 1])


def _switch(x, i):
    return ag.switch_case(i, [lambda: x + 1.0, lambda: x * 2.0, lambda: -x])


def _switch_of_two(x, i):
    return ag.switch_case(i, [lambda: x + 1.0, lambda: x * 2.0])


def _switch_of_one(x, i):
    return ag.switch_case(i, [lambda: x + 1.0])


def _nested_loop(x, n):
    total = ag.zeros_like(x)
    for i in ag.range(n):
        if i % 2 == 0:
            total += x
        else:
            total -= 0.5 * x
    return total


def _growing(x):
    return ag.while_loop(lambda i, y: i < 3, lambda i, y: (i + 1, ag.concat([y, y[:1]], 0)),
                         [0, x], shape_invariants=[ag.TensorShape([]),
                                                   ag.TensorShape([None, 4])])


def _cond_tuple(x):
    return ag.cond(ag.reduce_mean(x) > 0, lambda: (x, x * 2.0), lambda: (x * 3.0, x))


CASES = [
    Case("math", _math, [spec(None, 4)], (A,)),
    Case("integers", _integers, [spec(3, 4, dtype=ag.int32)] * 2, (INTS, DIVISORS)),
    Case("compare", _compare, [spec(None, 4)], (A,)),
    Case("reduce", _reduce, [spec(None, 4)], (A,)),
    Case("reduce_opset_17", _reduce, [spec(None, 4)], (A,), 17),
    Case("reduce_at_run_time", _reduce_at_run_time,
         [spec(None, 4), spec(dtype=ag.int32), spec(2, dtype=ag.int32)],
         (A, np.array(1, np.int32), np.array([0, 1], np.int32)), 18),
    Case("products", _products, [spec(None, 4), spec(4, 5)], (A, B)),
    Case("shapes", _shapes, [spec(3, 4)], (A,)),
    Case("no_rows", _no_rows, [spec(None, 4)], (np.zeros((0, 4), np.float32),)),
    Case("dynamic_shapes", _dynamic_shapes,
         [spec(None, 4), spec(None, 4, 4), spec(None, dtype=ag.int32)],
         (A, CUBES, np.array([0, 1], np.int32))),
    Case("run_time_bounds", _run_time_bounds,
         [spec(3, 4), spec(2, dtype=ag.int32), spec(2, dtype=ag.int32),
          spec(2, 2, dtype=ag.int32), spec(dtype=ag.int32)],
         (A, np.array([1, 0], np.int32), np.array([2, 0], np.int32),
          np.array([[1, 0], [2, 1]], np.int32), np.array(2, np.int32))),
    Case("strings", _strings, [spec(3, dtype=ag.string)],
         (np.array(["yes", "no", "maybe"], object),), 19),
    Case("unknown_rank_loop", _unknown_rank_loop, [spec(None, 4), spec(None, dtype=ag.int32)],
         (A, np.array([4, 3], np.int32))),
    Case("dilated_over_any_size", _dilated_over_any_size, [spec(None, None, None, 1)],
         (IMAGES,)),
    Case("windows", _windows, [spec(None, 8, 8, 1)], (IMAGES,)),
    *(Case(f"switch_{i}", _switch, [spec(None, 4), spec(dtype=ag.int32)],
           (A, np.array(i, np.int32))) for i in (-1, 0, 1, 2, 5)),
    *(Case(f"switch_of_two_{i}", _switch_of_two, [spec(None, 4), spec(dtype=ag.int32)],
           (A, np.array(i, np.int32))) for i in (0, 1, 7)),
    Case("switch_of_one", _switch_of_one, [spec(None, 4), spec(dtype=ag.int32)],
         (A, np.array(3, np.int32))),
    Case("nested_loop", _nested_loop, [spec(None, 4), spec(dtype=ag.int32)],
         (A, np.array(5, np.int32))),
    Case("growing_loop", _growing, [spec(None, 4)], (A,)),
    Case("cond_tuple", _cond_tuple, [spec(None, 4)], (A,)),
]
