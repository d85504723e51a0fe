"""The programs several benchmarks time: seed 004's fizzbuzz, an 8-op elementwise chain and a
loop of it, each with its NumPy version.

Imported by the benchmark scripts that sit next to it (run as files, their folder is on the path).
"""

from __future__ import annotations

import importlib.util
import pathlib
from typing import Any, Callable

import numpy as np

import autograph as ag

ROOT = pathlib.Path(__file__).resolve().parent.parent


def example_fizzbuzz() -> Callable[[Any], Any]:
    """`examples/fizzbuzz.py`'s `ag.function` (its Python prints run while tracing only)."""
    spec = importlib.util.spec_from_file_location("fizzbuzz_example",
                                                  ROOT / "examples" / "fizzbuzz.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.fizzbuzz


def numpy_fizzbuzz(n: int) -> None:
    """The same program, eagerly over NumPy int32 scalars."""
    for i in range(1, n + 1):
        i = np.int32(i)
        if i % 15 == 0:
            print("fizzbuzz")
        elif i % 3 == 0:
            print("fizz")
        elif i % 5 == 0:
            print("buzz")
        else:
            print(i)


def chain(x: Any) -> Any:
    """x*2, +1, square, -3, abs, sqrt, *0.5, +x: eight elementwise ops."""
    y = x * 2.0
    y = y + 1.0
    y = y * y
    y = y - 3.0
    y = ag.abs(y)
    y = ag.sqrt(y)
    y = y * 0.5
    return y + x


def numpy_chain(x: np.ndarray, out: np.ndarray) -> np.ndarray:
    """The chain in NumPy, op by op into `out`."""
    np.multiply(x, 2.0, out=out)
    np.add(out, 1.0, out=out)
    np.multiply(out, out, out=out)
    np.subtract(out, 3.0, out=out)
    np.abs(out, out=out)
    np.sqrt(out, out=out)
    np.multiply(out, 0.5, out=out)
    return np.add(out, x, out=out)


def chain_loop(x: Any, n: Any) -> Any:
    """The chain `n` times in a `while` loop: its body's eight ops, each iteration."""
    i = 0
    while i < n:
        x = chain(x)
        i += 1
    return x


def numpy_chain_loop(x: np.ndarray, n: int, buffers: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """The loop in NumPy, each iteration's chain into one of two buffers (`numpy_chain`)."""
    current, spare = buffers
    numpy_chain(x, current)
    for _ in range(n - 1):
        numpy_chain(current, spare)
        current, spare = spare, current
    return current
