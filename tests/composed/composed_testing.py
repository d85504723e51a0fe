"""Runs a composed function (`ag.nn.gelu`, ...) eagerly and in a graph against TensorFlow's answer.

A case holds the function's path from `ag`, its arguments (NumPy arrays become tensors, other
values are passed as they are), its keyword arguments and the answer TensorFlow 2.21 (CPU) gave
for the same call: `(values, dtype)`, or a tuple of them for a function returning several.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest

import autograph as ag

MODES = ["eager", "graph"]
inf, nan = float("inf"), float("nan")  # as the recorded answers spell them


@dataclasses.dataclass
class Case:
    id: str
    path: str
    args: list
    kwargs: dict
    expected: tuple
    rtol: float = 1e-6
    atol: float = 1e-7

    def param(self) -> Any:
        return pytest.param(self, id=self.id)


def A(values: Any, dtype: str) -> np.ndarray:  # noqa: N802  (short: the tables use it a lot)
    """A NumPy array argument, made a tensor when the case runs."""
    return np.array(values, dtype=dtype)


def lookup(path: str) -> Any:
    value = ag
    for part in path.split("."):
        value = getattr(value, part)
    return value


def run(case: Case, mode: str) -> Any:
    """The function's result, eagerly or as a traced `ag.function` whose arguments are the
    case's arrays."""
    fn = lookup(case.path)
    arrays = _flatten(case.args, np.ndarray)

    def call(*tensors: Any) -> Any:
        return fn(*_rebuild(case.args, iter(tensors)), **case.kwargs)

    tensors = [ag.constant(a) for a in arrays]
    if mode == "eager":
        return call(*tensors)
    traced = ag.function(call)
    result = traced(*tensors)
    assert traced.experimental_get_tracing_count() == 1
    return result


def _flatten(values: Any, kind: type) -> list:
    """The `kind` leaves of `values` (nested lists and tuples), in order."""
    if isinstance(values, (list, tuple)):
        return [leaf for v in values for leaf in _flatten(v, kind)]
    return [values] if isinstance(values, kind) else []


def _rebuild(values: Any, tensors: Any) -> Any:
    """`values` with each array replaced by the next of `tensors`."""
    if isinstance(values, (list, tuple)):
        return type(values)(_rebuild(v, tensors) for v in values)
    return next(tensors) if isinstance(values, np.ndarray) else values


def check(case: Case, mode: str, rtol: float | None = None) -> None:
    """Runs `case` and compares with its recorded answer (to `rtol`, when given, instead of
    the case's own tolerance)."""
    result = run(case, mode)
    several = isinstance(case.expected[0], tuple)
    expected = case.expected if several else (case.expected,)
    results = _flatten(result, ag.Tensor) if several else [result]
    assert len(results) == len(expected)
    for actual, (values, dtype) in zip(results, expected):
        assert isinstance(actual, ag.Tensor), f"expected a Tensor, got {type(actual).__name__}"
        assert actual.dtype.name == dtype, f"dtype {actual.dtype.name}, TensorFlow: {dtype}"
        values = np.array(values, dtype=dtype)
        assert actual.shape.as_list() == list(values.shape)
        np.testing.assert_allclose(actual.numpy(), values, rtol=rtol or case.rtol,
                                   atol=case.atol)
