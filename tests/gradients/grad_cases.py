"""Gradient cases of the array, indexing, product and complex ops, written once for any module
with TensorFlow's names (`ag` or `tf`), so that TensorFlow's answers can be recorded
(`record_grad_cases.py`) and ours checked against them (`test_array_grad.py`,
`test_complex_grad.py`).

A case is a function of the module and its source tensors returning one tensor, and the
sources' values. Its answer is the gradient of the output, weighted by `weights(output)`, with
respect to each source. `BATCHED` cases also run in a graph whose sources have an unknown
first dim; `SECOND_ORDER` cases are differentiated twice under nested tapes.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

import numpy as np


class Case(NamedTuple):
    fn: Callable[..., Any]  # (module, *sources) -> output tensor
    sources: list[np.ndarray]


def values(*shape: int, offset: float = 0.0, dtype: Any = np.float32) -> np.ndarray:
    """Distinct, deterministic values of `shape` (no randomness, so any NumPy gives them)."""
    n = int(np.prod(shape))
    return (np.sin(np.arange(n) * 0.7 + 0.3 + offset) * 2.0).reshape(shape).astype(dtype)


def complex_values(*shape: int, offset: float = 0.0) -> np.ndarray:
    return (values(*shape, offset=offset).astype(np.complex64)
            + 1j * values(*shape, offset=offset + 1.0).astype(np.complex64))


def weights(shape: tuple, dtype: Any, phase: float = 0.2) -> np.ndarray:
    """The output gradient of a case: distinct values, complex for a complex output."""
    n = int(np.prod(shape))
    w = np.cos(np.arange(n) * 0.9 + phase).reshape(shape)
    if np.dtype(dtype).kind == "c":
        w = w + 1j * np.sin(np.arange(n) * 0.4).reshape(shape)
    return w.astype(dtype)


def _unstack(m: Any, x: Any) -> Any:
    parts = m.unstack(x, axis=1)
    return parts[0] * parts[2]


def _split_v(m: Any, x: Any) -> Any:
    parts = m.split(x, [1, 3, 2], axis=1)  # the middle part is unused: its gradient is zero
    return m.concat([parts[2], parts[0] * 3.0], axis=1)


def _select(m: Any, a: Any, b: Any) -> Any:
    condition = m.constant([[True, False, True], [False, False, True]])
    return m.where(condition, a, b)


ARRAY = {
    "reshape": Case(lambda m, x: m.reshape(x, [3, 4]), [values(2, 6)]),
    "reshape_inferred": Case(lambda m, x: m.reshape(x, [-1, 2]), [values(3, 4)]),
    "expand_dims": Case(lambda m, x: m.expand_dims(x, 1), [values(2, 3)]),
    "squeeze": Case(lambda m, x: m.squeeze(x, [1]), [values(3, 1, 2)]),
    "transpose": Case(lambda m, x: m.transpose(x, [2, 0, 1]), [values(2, 3, 4)]),
    "concat_last_axis": Case(lambda m, a, b: m.concat([a, b, a], axis=-1),
                             [values(2, 2), values(2, 3, offset=1.0)]),
    "concat_first_axis": Case(lambda m, a, b: m.concat([a, b], axis=0),
                              [values(2, 3), values(1, 3, offset=1.0)]),
    "stack": Case(lambda m, a, b: m.stack([a, b], axis=1), [values(2, 3), values(2, 3, offset=2)]),
    "unstack": Case(_unstack, [values(2, 3, 2)]),
    "split": Case(lambda m, x: m.split(x, 3, axis=1)[0] * m.split(x, 3, axis=1)[2],
                  [values(2, 6)]),
    "split_v": Case(_split_v, [values(2, 6)]),
    "tile": Case(lambda m, x: m.tile(x, [3, 2]), [values(2, 3)]),
    "broadcast_to": Case(lambda m, x: m.broadcast_to(x, [4, 2, 3]), [values(2, 1)]),
    "reverse": Case(lambda m, x: m.reverse(x, [0, 2]), [values(2, 3, 2)]),
    "pad_constant": Case(lambda m, x: m.pad(x, [[1, 0], [2, 3]], constant_values=1.5),
                         [values(2, 3)]),
    "pad_reflect": Case(lambda m, x: m.pad(x, [[1, 2], [2, 1]], mode="REFLECT"), [values(3, 4)]),
    "pad_symmetric": Case(lambda m, x: m.pad(x, [[2, 1], [0, 3]], mode="SYMMETRIC"),
                          [values(3, 4)]),
    "slice": Case(lambda m, x: m.slice(x, [1, 0], [2, -1]), [values(3, 4)]),
    "strided_slice_steps": Case(lambda m, x: x[1:, ::2], [values(3, 5)]),
    "strided_slice_reversed": Case(lambda m, x: x[::-2, 3:0:-1], [values(4, 5)]),
    "strided_slice_masks": Case(lambda m, x: x[..., 1, None, -3:], [values(2, 3, 4)]),
    "strided_slice_index": Case(lambda m, x: x[-1, :, 1], [values(3, 2, 4)]),
    "strided_slice_columns": Case(lambda m, x: x[:, 1:3], [values(3, 4)]),
    "gather": Case(lambda m, x: m.gather(x, [2, 0, 2, 3], axis=1), [values(2, 4)]),
    "gather_matrix_of_indices": Case(lambda m, x: m.gather(x, [[1, 1], [0, 2]]), [values(3, 2)]),
    "gather_batch_dims": Case(
        lambda m, x: m.gather(x, [[1, 0, 1], [2, 2, 0]], axis=1, batch_dims=1),
        [values(2, 3, 2)]),
    "gather_nd": Case(lambda m, x: m.gather_nd(x, [[1, 0], [2, 1], [1, 0]]), [values(3, 2, 2)]),
    "gather_nd_batch_dims": Case(
        lambda m, x: m.gather_nd(x, [[[1], [0]], [[2], [2]]], batch_dims=1), [values(2, 3, 2)]),
    "select": Case(_select, [values(2, 3), values(1, 3, offset=1.0)]),
    "fill": Case(lambda m, v: m.fill([2, 3], v), [np.float32(1.5)]),
    "placeholder_with_default": Case(
        lambda m, x: m.compat.v1.placeholder_with_default(x * 2.0, [2, 3]), [values(2, 3)]),
}

PRODUCTS = {
    "prod_with_zeros": Case(lambda m, x: m.reduce_prod(x, axis=1),
                            [np.array([[2, -3, 0.5], [4, 0, 5], [0, 3, 0]], np.float32)]),
    "prod_all_keepdims": Case(lambda m, x: m.reduce_prod(x, keepdims=True), [values(2, 3)]),
    "prod_negative_axis": Case(lambda m, x: m.reduce_prod(x, axis=[-1, 0]), [values(2, 3, 2)]),
    "einsum_matmul": Case(lambda m, a, b: m.einsum("ij,jk->ik", a, b),
                          [values(2, 3), values(3, 4, offset=1.0)]),
    "einsum_broadcast_ellipsis": Case(lambda m, a, b: m.einsum("...ij,...jk->...ik", a, b),
                                      [values(2, 2, 3), values(1, 3, 2, offset=1.0)]),
    "einsum_summed_out": Case(lambda m, a, b: m.einsum("ij,jk->i", a, b),
                              [values(2, 3), values(3, 2, offset=1.0)]),
    "einsum_sum_all": Case(lambda m, x: m.einsum("ij->", x), [values(2, 3)]),
    "einsum_transpose": Case(lambda m, x: m.einsum("ij->ji", x), [values(2, 3)]),
    "einsum_diagonal": Case(lambda m, x: m.einsum("ii->i", x), [values(3, 3)]),
    "einsum_trace_implicit": Case(lambda m, x: m.einsum("ii", x), [values(3, 3)]),
    "einsum_outer": Case(lambda m, a, b: m.einsum("i,j->ij", a, b),
                         [values(2), values(3, offset=1.0)]),
    "einsum_three_operands": Case(lambda m, a, b, c: m.einsum("ij,jk,kl->il", a, b, c),
                                  [values(2, 3), values(3, 2, offset=1.0),
                                   values(2, 2, offset=2.0)]),
    "einsum_ellipsis_in_the_middle": Case(lambda m, a: m.einsum("i...j->j...i", a),
                                          [values(2, 3, 2)]),
}

COMPLEX = {
    "conj": Case(lambda m, z: m.math.conj(z), [complex_values(2, 3)]),
    "real": Case(lambda m, z: m.math.real(z), [complex_values(2, 3)]),
    "imag": Case(lambda m, z: m.math.imag(z), [complex_values(2, 3)]),
    "complex": Case(lambda m, a, b: m.complex(a, b), [values(2, 3), values(1, 3, offset=1.0)]),
    "angle": Case(lambda m, z: m.math.angle(z), [complex_values(2, 3)]),
    "complex_abs": Case(lambda m, z: m.abs(z), [complex_values(2, 3)]),
    "complex_abs_at_zero": Case(lambda m, z: m.abs(z),
                                [np.array([0, 3 + 4j], np.complex64)]),
    "complex_product": Case(lambda m, a, b: m.math.real(m.einsum("ij,jk->ik", a, b)),
                            [complex_values(2, 3), complex_values(3, 2, offset=0.5)]),
    "complex_prod": Case(lambda m, z: m.math.imag(m.reduce_prod(z, axis=0)),
                         [complex_values(3, 2)]),
    "complex_pow": Case(lambda m, z, w: m.pow(z, w),
                        [complex_values(2, 3), complex_values(1, 3, offset=0.5)]),
    "complex_sigmoid_plus_tanh": Case(lambda m, z: m.sigmoid(z) + m.tanh(z * 0.5),
                                      [complex_values(2, 3) * 0.5]),
}

# Products of the ops' outputs: their gradients depend on the sources, so differentiating
# them again runs the gradients of the gradient functions.
NONLINEAR = {
    "gather_times_gather": Case(
        lambda m, x: m.gather(x, [2, 0, 2], axis=1) * m.gather(x, [1, 1, 0], axis=1),
        [values(2, 3)]),
    "strided_slice_times_strided_slice": Case(lambda m, x: x[::-2, 3:0:-1] * x[1::2, :3],
                                              [values(4, 5)]),
    "tile_times_reverse": Case(lambda m, x: m.tile(x, [2, 1]) * m.reverse(
        m.concat([x, x], 0), [0]), [values(2, 3)]),
    "mirror_pad_cubed": Case(lambda m, x: m.pad(x, [[1, 2], [2, 1]], mode="REFLECT") ** 3,
                             [values(3, 4)]),
    "gather_nd_times_slice": Case(lambda m, x: m.gather_nd(x, [[1, 0], [0, 2]]) * m.slice(
        x, [0, 1], [1, 2])[0], [values(2, 3)]),
    "einsum_rows_dot_themselves": Case(lambda m, x: m.einsum("ij,ij->i", x, x),
                                       [values(2, 3)]),
    "select_times_pad": Case(lambda m, a: m.where(m.constant([True, False, True]), a, a * a) *
                             m.pad(a[1:], [[1, 0]]), [values(3)]),
    "sigmoid_times_tanh": Case(lambda m, x: m.sigmoid(x) * m.tanh(x * 0.7), [values(2, 3)]),
}

CASES = {**ARRAY, **PRODUCTS, **NONLINEAR, **COMPLEX}

# Cases whose functions work on sources with an unknown first dim (the batch).
BATCHED = ["reshape_inferred", "expand_dims", "squeeze", "transpose", "concat_last_axis",
           "concat_first_axis", "stack", "unstack", "split", "split_v", "tile", "broadcast_to",
           "reverse", "pad_constant", "pad_reflect", "slice", "strided_slice_steps",
           "strided_slice_reversed", "strided_slice_masks", "strided_slice_index",
           "strided_slice_columns", "gather", "gather_matrix_of_indices", "gather_batch_dims",
           "gather_nd", "gather_nd_batch_dims", "select", "prod_with_zeros",
           "einsum_matmul", "einsum_broadcast_ellipsis", "einsum_summed_out", "einsum_sum_all",
           "complex", "complex_abs"]

# Cases differentiated twice: d/dx of sum(d/dx sum(weights * f(x)) * second_weights).
SECOND_ORDER = ["prod_all_keepdims", "prod_negative_axis", "einsum_matmul",
                "einsum_broadcast_ellipsis", "einsum_diagonal", *NONLINEAR, "complex_abs",
                "complex_product", "angle", "complex_sigmoid_plus_tanh"]


def np_dtype(t: Any) -> Any:
    """The NumPy dtype of a tensor of either module."""
    return getattr(t.dtype, "as_numpy_dtype", None) or t.dtype.np_dtype


def first_gradients(m: Any, case: Case, tape: Any, sources: list) -> list:
    """The gradients of `case` at `sources` (tensors of module `m`), under tape class `tape`."""
    with tape() as t:
        t.watch(sources)
        y = case.fn(m, *sources)
    w = m.constant(weights(tuple(y.shape), np_dtype(y)))
    return t.gradient(y, sources, output_gradients=w)


def second_gradients(m: Any, case: Case, tape: Any, sources: list) -> list:
    """The gradients of the first gradients, weighted and summed (nested tapes)."""
    with tape() as outer:
        outer.watch(sources)
        total = m.add_n([
            m.reduce_sum(m.math.real(g * m.constant(weights(tuple(g.shape), np_dtype(g),
                                                            phase=1.1))))
            for g in first_gradients(m, case, tape, sources)])
    return outer.gradient(total, sources)


def _decode(value: Any) -> np.ndarray | None:
    if value is None:
        return None
    if isinstance(value, dict):
        return np.asarray(value["real"]) + 1j * np.asarray(value["imag"])
    return np.asarray(value)


def expected(name: str, order: str = "first") -> list:
    """TensorFlow's recorded gradients of case `name` (`order`: "first" or "second")."""
    import json
    import pathlib
    recorded = json.loads((pathlib.Path(__file__).parent / "grad_expected.json").read_text())
    return [_decode(v) for v in recorded[name][order]]


def _dense_rows(slices: Any) -> np.ndarray:
    dense = np.zeros(np.asarray(slices.dense_shape), np.asarray(slices.values).dtype)
    np.add.at(dense, np.asarray(slices.indices), np.asarray(slices.values))
    return dense


def check(got: list, want: list, rtol: float = 2e-5, atol: float = 1e-6) -> None:
    """Our gradients against TensorFlow's: None where TensorFlow has None."""
    assert len(got) == len(want)
    for g, w in zip(got, want):
        if w is None:
            assert g is None
        else:
            if hasattr(g, "indices"):  # IndexedSlices (or a Session's IndexedSlicesValue):
                g = _dense_rows(g)     # compared as the tensor they stand for
            np.testing.assert_allclose(np.asarray(g), w, rtol=rtol, atol=atol)
