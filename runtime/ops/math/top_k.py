"""`ag.math.top_k` and `ag.math.in_top_k` (also in `ag.nn`), composed of `argmax` steps.

`top_k` takes the largest untaken element of each row `k` times: `k` steps of a few ops, fine
for the small `k` of classification metrics. Ties go to the lower index first, as in
TensorFlow.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.array.ops import one_hot, stack, where
from autograph.runtime.ops.control_flow.ops import Assert
from autograph.runtime.ops.creation.ops import cast, zeros_like
from autograph.runtime.ops.graph.ops import control_dependencies, name_scope
from autograph.runtime.ops.math.ops import (
    add,
    argmax,
    equal,
    greater,
    greater_equal,
    is_finite,
    less,
    logical_and,
    logical_not,
    logical_or,
    reduce_all,
    reduce_max,
    reduce_sum,
)


class TopKV2(NamedTuple):
    """What `top_k` returns, as TensorFlow's `TopKV2`."""

    values: Tensor
    indices: Tensor


def _lowest(dtype: Any) -> Any:
    if dtype.is_floating:
        return float("-inf")
    return np.iinfo(dtype.as_numpy_dtype).min


def top_k(input: Any, k: int = 1, sorted: bool = True,  # noqa: A002
          index_type: Any = "int32", name: str | None = None) -> TopKV2:
    """The `k` largest entries of each row (the last axis) and their indices, largest first.

    >>> values, indices = top_k([1.0, 4.0, 3.0, 4.0], k=3)
    >>> values.numpy(), indices.numpy()
    (array([4., 4., 3.], dtype=float32), array([1, 3, 2], dtype=int32))
    """
    with name_scope(name, "TopKV2"):
        x = convert_to_tensor(input)
        if not isinstance(k, int) or isinstance(k, bool) or k < 0:
            raise ValueError(f"ag.math.top_k: k must be a Python int >= 0, got {k!r}")
        if x.shape.rank is None or x.shape.rank < 1:
            raise ValueError(f"ag.math.top_k takes a tensor of rank >= 1, got shape {x.shape}")
        n = x.shape[-1]
        if n is not None and k > n:
            raise ValueError(f"ag.math.top_k: k={k} is larger than the last axis ({n})")
        if n is None:
            raise ValueError(f"ag.math.top_k needs the last axis known, got shape {x.shape}; "
                             f"give the function an input_signature with it")
        del sorted  # the entries come out sorted either way
        if k == 0:
            return TopKV2(x[..., :0], cast(x[..., :0], index_type))
        values, indices = [], []
        lowest = add(zeros_like(x), cast(_lowest(x.dtype), x.dtype))
        taken = cast(zeros_like(x), "bool")
        for _ in range(k):
            best = reduce_max(where(taken, lowest, x), -1, keepdims=True)
            # The first untaken position holding the best value (also when it is the lowest).
            candidates = logical_and(equal(x, best), logical_not(taken))
            index = argmax(cast(candidates, "int32"), -1)
            values.append(reduce_sum(best, -1))
            indices.append(cast(index, index_type))
            taken = logical_or(taken, one_hot(index, n, on_value=True, off_value=False,
                                              dtype="bool"))
        return TopKV2(stack(values, -1), stack(indices, -1))


def in_top_k(targets: Any, predictions: Any, k: int, name: str | None = None) -> Tensor:
    """Whether each row's target class is among its `k` highest predictions (ties count as
    in); False where the target's prediction is not finite, as in TensorFlow.

    >>> in_top_k([2, 0], [[0.1, 0.5, 0.4], [0.1, 0.5, 0.4]], k=2).numpy()
    array([ True, False])
    """
    function = "ag.math.in_top_k"
    with name_scope(name, "in_top_k"):
        predictions = convert_to_tensor(predictions)
        targets = convert_to_tensor(targets)
        if not predictions.dtype.is_floating or predictions.shape.rank != 2 \
                or predictions.shape[-1] is None:
            raise ValueError(f"{function}: predictions must be a float matrix [batch, classes] "
                             f"with the number of classes known, got {predictions.dtype.name} "
                             f"of shape {predictions.shape}")
        if targets.dtype.name not in ("int32", "int64"):
            raise TypeError(f"{function}: targets must be int32 or int64 class indices, got "
                            f"{targets.dtype.name}")
        n = predictions.shape[-1]
        check = Assert(reduce_all(logical_and(greater_equal(targets, 0),
                                              less(targets, cast(n, targets.dtype)))),
                       [f"{function}: every target must be in [0, {n}); targets:", targets])
        with control_dependencies([] if check is None else [check]):
            chosen = one_hot(targets, n, on_value=True, off_value=False, dtype="bool")
        target_value = reduce_sum(where(chosen, predictions, zeros_like(predictions)), -1,
                                  keepdims=True)
        above = reduce_sum(cast(greater(predictions, target_value), "int32"), -1)
        finite = is_finite(reduce_sum(target_value, -1))
        return logical_and(less(above, k), finite)
