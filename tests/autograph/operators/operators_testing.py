"""Helpers for the operator tests: run a function on Python values, eager tensors, in a graph.

Functions under test are written as the converter writes them: nested body functions taking
and returning their state, passed to the `ag__` operators.
"""

import numpy as np

import autograph as ag
from autograph.runtime.graph.func_graph import flatten, is_composite, pack_sequence_as
from autograph.runtime.graph.tensor import Tensor


def eager(fn, *args):
    """`fn` on eager tensors made from `args`; tensors in the result as NumPy values."""
    return to_numpy(fn(*[ag.convert_to_tensor(a) for a in args]))


def graph_run(fn, *args, dynamic=True):
    """`fn` built on placeholders in a new graph, then run once with `args` fed.

    Placeholders have unknown dimensions when `dynamic` (so nothing depends on the sizes at
    build time); TensorArrays in the result are stacked; Python values are returned as they
    are. Returns (result, graph).
    """
    arrays = [np.asarray(ag.convert_to_tensor(a).numpy()) for a in args]
    graph = ag.Graph()
    with graph.as_default():
        feeds = [ag.placeholder(ag.as_dtype(a.dtype) if a.dtype != object else ag.string,
                                [None] * a.ndim if dynamic else a.shape) for a in arrays]
        result = fn(*feeds)
        leaves = [x.stack() if is_composite(x) else x for x in flatten(result)]
    graph.lint()
    tensors = [x for x in leaves if isinstance(x, Tensor)]
    with ag.Session(graph=graph) as sess:
        values = iter(sess.run(tensors, dict(zip(feeds, arrays))))
    out = [next(values) if isinstance(x, Tensor) else x for x in leaves]
    return pack_sequence_as(result, out), graph


def to_numpy(result):
    leaves = [x.stack() if is_composite(x) else x for x in flatten(result)]
    return pack_sequence_as(result, [x.numpy() if isinstance(x, Tensor) else x
                                     for x in leaves])


def assert_same(actual, expected):
    """Equal structures with equal leaves (NumPy-compared, dtypes of arrays ignored)."""
    actual_leaves, expected_leaves = flatten(actual), flatten(expected)
    assert len(actual_leaves) == len(expected_leaves), (actual, expected)
    for a, e in zip(actual_leaves, expected_leaves):
        np.testing.assert_allclose(np.asarray(a, dtype=float), np.asarray(e, dtype=float),
                                   rtol=1e-6)


def op_types(graph):
    return [op.type for op in graph.get_operations()]
