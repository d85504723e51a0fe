"""A numeric gradient checker: the Jacobians that gradients give against central differences.

`compute_gradient(f, x)` does what TensorFlow's `tf.test.compute_gradient` does: for `y =
f(*x)` it returns, per argument, the theoretical Jacobian (one backward pass of a
`GradientTape` per element of `y`) and the numerical one (`(f(x + delta) - f(x - delta)) / (2 *
delta)` per element of the argument), each a 2-D NumPy array of `y_size` rows and `x_size`
columns. A complex tensor counts as twice as many reals (real and imaginary parts).

One deliberate difference: the numerical Jacobian is computed in float64 (complex128) where `f`
accepts arguments cast up to it, since differences in float32 or float16 lose most of their
digits; where `f` does not (no float64 kernel, a dtype fixed by an attr), it is computed in the
arguments' own dtypes, as TensorFlow always does. The theoretical Jacobian always uses the
arguments' own dtypes, since that is the gradient being checked.

>>> import autograph as ag
>>> theoretical, numerical = compute_gradient(lambda x: x * x, [[1.0, 2.0]])
>>> theoretical[0]
array([[2., 0.],
       [0., 4.]], dtype=float32)
>>> bool(max_error(theoretical, numerical) < 1e-6)
True
"""

from __future__ import annotations

import math
from typing import Any, Callable, Sequence

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.errors import OpError
from autograph.runtime.gradients.backprop import UnconnectedGradients
from autograph.runtime.gradients.tape import GradientTape
from autograph.runtime.graph.graph import building_graph
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.creation.ops import constant

# A step exactly representable in binary floating point, as TensorFlow's default: it adds no
# rounding of its own to the perturbed values.
DEFAULT_DELTA = 1.0 / 1024
_UPCAST = {"float16": np.float64, "float32": np.float64,  # the wider ones stay as they are
           "complex64": np.complex128}


def compute_gradient(f: Callable[..., Any], x: Sequence[Any],
                     delta: float | None = None) -> tuple[tuple[np.ndarray, ...],
                                                          tuple[np.ndarray, ...]]:
    """The theoretical and numerical Jacobians of `f` with respect to each of `x`.

    Args:
        f: a function of `len(x)` tensors returning one floating or complex tensor.
        x: the arguments, a list or tuple of tensors or values convertible to tensors; each
            must be floating or complex (close over the others in `f`).
        delta: the perturbation of the central differences (default 1/1024).

    Returns:
        `(theoretical, numerical)`: two tuples with one 2-D array per argument, of `y_size`
        rows and `x_size` columns (doubled for complex values).

    Raises:
        ValueError: `x` is not a list or tuple, an argument or `f`'s result is not floating or
            complex, a gradient has another shape or dtype than its argument, or `f` has an
            empty result whose gradients are not zeros.
        TypeError: `f` does not return one tensor.
        RuntimeError: called while a graph is being built (it runs `f` eagerly).
    """
    if not isinstance(x, (list, tuple)):
        raise ValueError(f"compute_gradient: `x` must be a list or tuple of the arguments of "
                         f"`f` (values convertible to tensors), not a {type(x).__name__}.")
    if building_graph() is not None:
        raise RuntimeError("compute_gradient runs `f` eagerly many times: call it outside "
                           "ag.function and graph building.")
    delta = DEFAULT_DELTA if delta is None else float(delta)
    if not delta > 0:
        raise ValueError(f"compute_gradient: delta must be positive, got {delta}.")
    xs = [convert_to_tensor(v) for v in x]
    for i, t in enumerate(xs):
        if not _perturbable(t.dtype):
            raise ValueError(f"compute_gradient: argument {i} is a {t.dtype.name} tensor; only "
                             f"floating and complex arguments can be differentiated. Close "
                             f"over it in `f` instead of passing it in `x`.")
    theoretical, y_shape = _theoretical_jacobians(f, xs)
    values = _cast_up_if_accepted(f, [np.array(t.numpy()) for t in xs], y_shape)
    numerical = _numerical_jacobians(f, values, delta)
    return theoretical, numerical


def max_error(grad1: Sequence[np.ndarray], grad2: Sequence[np.ndarray]) -> float:
    """The largest elementwise gap between two lists of Jacobians of matching shapes.

    >>> max_error([np.ones((2, 2))], [np.full((2, 2), 1.5)])
    0.5
    """
    error = 0.0
    for a, b in zip(grad1, grad2):
        a, b = np.asarray(a), np.asarray(b)
        if a.shape != b.shape:
            raise ValueError(f"max_error: Jacobians of shapes {a.shape} and {b.shape} cannot "
                             f"be compared.")
        if a.size:
            error = max(error, float(np.max(np.abs(a.astype(np.float64) - b))))
    return error


def _perturbable(dtype: dtypes.DType) -> bool:
    return dtype.is_floating or dtype.is_complex


def _call(f: Callable[..., Any], args: Sequence[Any]) -> Tensor:
    y = f(*args)
    if not isinstance(y, Tensor):
        raise TypeError(f"compute_gradient: `f` must return one tensor, got "
                        f"{type(y).__name__}; check each output with a function of its own.")
    if not _perturbable(y.dtype):
        raise ValueError(f"compute_gradient: `f` returned a {y.dtype.name} tensor; only "
                         f"floating and complex results have gradients.")
    return y


def _dims(t: Tensor) -> list[int]:
    """An eager tensor's shape, which is always fully known."""
    return [int(d) for d in t.shape.as_list() if d is not None]


def _real_size(shape: Sequence[int], dtype: dtypes.DType) -> int:
    return math.prod(shape) * (2 if dtype.is_complex else 1)


def _as_reals(value: Any) -> np.ndarray:
    """`value`'s elements flattened, a complex element as its real and imaginary parts."""
    flat = np.ascontiguousarray(value).reshape(-1)
    return flat.view(flat.real.dtype) if np.iscomplexobj(flat) else flat


def _theoretical_jacobians(f: Callable[..., Any], xs: list[Tensor]
                           ) -> tuple[tuple[np.ndarray, ...], list[int]]:
    """The Jacobians from one backward pass per element of `f`'s result, and its shape."""
    with GradientTape(persistent=True) as tape:
        tape.watch(xs)
        y = _call(f, xs)
    y_shape = _dims(y)
    y_size = _real_size(y_shape, y.dtype)
    jacobians = [np.zeros((y_size, _real_size(_dims(t), t.dtype)), t.dtype.real_dtype.np_dtype)
                 for t in xs]
    y_real = y.dtype.real_dtype.np_dtype
    for row in range(max(y_size, 1)):  # an empty result still runs once: its grads must be 0
        seed = np.zeros(y_size, y_real)
        if y_size:
            seed[row] = 1
        seed_tensor = constant(seed.view(y.dtype.np_dtype).reshape(y_shape))
        grads = tape.gradient(y, xs, output_gradients=seed_tensor,
                              unconnected_gradients=UnconnectedGradients.ZERO)
        for i, (t, g) in enumerate(zip(xs, grads)):
            if g.dtype != t.dtype:
                raise ValueError(f"compute_gradient: the gradient of argument {i} is a "
                                 f"{g.dtype.name} tensor, but the argument is {t.dtype.name}.")
            value = np.asarray(g.numpy())
            if list(value.shape) != _dims(t):
                raise ValueError(f"compute_gradient: the gradient of argument {i} has shape "
                                 f"{list(value.shape)}, but the argument has shape {_dims(t)}.")
            if y_size:
                jacobians[i][row, :] = _as_reals(value)
            elif np.any(value):
                raise ValueError(f"compute_gradient: `f`'s result is empty, but the gradient "
                                 f"of argument {i} is not zero: {value}.")
    return tuple(jacobians), y_shape


def _numerical_jacobians(f: Callable[..., Any], values: list[np.ndarray],
                         delta: float) -> tuple[np.ndarray, ...]:
    """The Jacobians by central differences, perturbing `values` (NumPy arrays) in place."""
    def evaluate() -> np.ndarray:
        y = _call(f, [convert_to_tensor(v) for v in values])
        return _as_reals(np.asarray(y.numpy())).astype(np.float64)

    jacobians = []
    for value in values:
        flat = value.reshape(-1).view(value.real.dtype) if value.size else value.reshape(-1)
        jacobian: np.ndarray | None = None
        for col in range(flat.size):
            original = flat[col]
            flat[col] = original + delta
            y_pos = evaluate()
            flat[col] = original - delta
            y_neg = evaluate()
            flat[col] = original
            if jacobian is None:
                jacobian = np.zeros((y_pos.size, flat.size), np.float64)
            jacobian[:, col] = (y_pos - y_neg) / (2 * delta)
        if jacobian is None:  # an empty argument: no columns
            jacobian = np.zeros((evaluate().size, 0), np.float64)
        jacobians.append(jacobian)
    return tuple(jacobians)


def _cast_up_if_accepted(f: Callable[..., Any], values: list[np.ndarray],
                         y_shape: list[int]) -> list[np.ndarray]:
    """`values` cast up to float64 / complex128 where `f` accepts them and returns a result
    of the same shape (`y_shape`); else `values` themselves."""
    up = [v.astype(_UPCAST.get(v.dtype.name, v.dtype)) for v in values]
    if all(u.dtype == v.dtype for u, v in zip(up, values)):
        return values
    try:
        wide = _call(f, [convert_to_tensor(v) for v in up])
    except (OpError, TypeError, ValueError):  # no kernel for float64, or a dtype pinned in f
        return values
    return up if wide.shape.as_list() == y_shape else values
