"""`ag.function(jit_compile=True)` next to the plan, NumPy and `jax.jit`, in the same run.

1. Seed 004's fizzbuzz (`examples/fizzbuzz.py`'s loop, n=1000, stdout redirected): the plan,
   the jit, the same program in plain Python over NumPy int32 scalars, and `jax.jit` of a
   `fori_loop` computing the same words' codes (JAX cannot print from a compiled loop without
   a host callback per line, so its time is a floor that prints nothing).
2. The 8-op elementwise chain on 1e7 float32 values: the plan, the jit, NumPy reusing one
   buffer (`out=`), the `np.copyto` floor (one read, one write), and `jax.jit`.
3. The chain as the body of a `while` loop, 10 iterations on 1e6 float32 values: the plan,
   the jit (the loop runs on the plan, its body's chain compiled), and NumPy with two buffers.

Steady calls (first calls compile and are left out), best of several repeats, BLAS pinned to
one thread. JAX runs in this interpreter when it imports, else in the one given (it is never a
dependency; install it apart, e.g. `python3 -m venv /tmp/jax && /tmp/jax/bin/pip install jax`):

    python3 -m pip install ".[jit,bench]" && python3 benchmarks/jit.py [--quick] [--jax PYTHON]
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import subprocess
import sys
import timeit
import warnings
from typing import Callable

import numpy as np
from headline import headline
from programs import (
    chain,
    chain_loop,
    example_fizzbuzz,
    numpy_chain,
    numpy_chain_loop,
    numpy_fizzbuzz,
)
from threadpoolctl import threadpool_limits

import autograph as ag
from autograph.runtime.exec.jit import JitCompileWarning

JAX_SCRIPT = """
import sys, timeit, jax, jax.numpy as jnp
from jax import lax
size, repeat = int(sys.argv[1]), int(sys.argv[2])
def best(fn, number):
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number
@jax.jit
def fizzbuzz(n):
    def body(i, codes):
        code = jnp.where(i % 15 == 0, 3, jnp.where(i % 3 == 0, 1, jnp.where(i % 5 == 0, 2, 0)))
        return codes.at[i - 1].set(code)
    return lax.fori_loop(1, n + 1, body, jnp.zeros(1000, jnp.int32))
@jax.jit
def chain(x):
    y = jnp.sqrt(jnp.abs((x * 2.0 + 1.0) * (x * 2.0 + 1.0) - 3.0)) * 0.5
    return y + x
n = jnp.int32(1000)
x = jnp.asarray(jax.random.uniform(jax.random.PRNGKey(0), (size,), jnp.float32))
fizzbuzz(n).block_until_ready(); chain(x).block_until_ready()
print(best(lambda: fizzbuzz(n).block_until_ready(), 100),
      best(lambda: chain(x).block_until_ready(), 1))
"""


def best(fn: Callable[[], object], number: int, repeat: int) -> float:
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number


def jax_times(python: str | None, size: int, repeat: int) -> tuple[float, float] | None:
    """(fizzbuzz, chain) seconds under jax.jit, or None without JAX."""
    if importlib.util.find_spec("jax") is not None:
        python = sys.executable
    if python is None:
        return None
    out = subprocess.run([python, "-c", JAX_SCRIPT, str(size), str(repeat)], check=True,
                         capture_output=True, text=True).stdout.split()
    return float(out[0]), float(out[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1e6 elements, fewer repeats")
    parser.add_argument("--jax", metavar="PYTHON", help="an interpreter that has JAX")
    options = parser.parse_args()
    size, repeat = (1_000_000, 3) if options.quick else (10_000_000, 15)

    with threadpool_limits(1):
        ag.config.threading.set_intra_op_parallelism_threads(1)  # our kernels too: one thread
        fizzbuzz = example_fizzbuzz().python_function
        plan, jit = ag.function(fizzbuzz), ag.function(fizzbuzz, jit_compile=True)
        n = ag.constant(1000)
        with contextlib.redirect_stdout(io.StringIO()):
            plan(n), jit(n)
            t_numpy = best(lambda: numpy_fizzbuzz(1000), 1, repeat)
            t_plan = best(lambda: plan(n), 1, repeat)
            t_jit = best(lambda: jit(n), 100, repeat)
        print("fizzbuzz, n=1000, stdout redirected")
        table = [("NumPy (eager)", t_numpy), ("plan", t_plan), ("jit_compile=True", t_jit)]

        xs = np.random.default_rng(0).random(size, dtype=np.float32)
        x = ag.constant(xs)
        chain_plan, chain_jit = ag.function(chain), ag.function(chain, jit_compile=True)
        chain_plan(x), chain_jit(x)
        out = np.empty_like(xs)

        c_numpy = best(lambda: numpy_chain(xs, out), 1, repeat)
        c_copy = best(lambda: np.copyto(out, xs), 1, repeat)
        c_plan = best(lambda: chain_plan(x), 1, repeat)
        c_jit = best(lambda: chain_jit(x), 1, repeat)

        loop_size, iterations = size // 10, 10
        small = xs[:loop_size].copy()
        xl, count = ag.constant(small), ag.constant(iterations)
        loop_plan, loop_jit = ag.function(chain_loop), ag.function(chain_loop, jit_compile=True)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", JitCompileWarning)  # the While runs on the plan
            loop_plan(xl, count), loop_jit(xl, count)
        pair = (np.empty_like(small), np.empty_like(small))
        l_numpy = best(lambda: numpy_chain_loop(small, iterations, pair), 1, repeat)
        l_plan = best(lambda: loop_plan(xl, count), 1, repeat)
        l_jit = best(lambda: loop_jit(xl, count), 1, repeat)

    jax = jax_times(options.jax, size, repeat)
    if jax is not None:
        table.append(("jax.jit (no printing)", jax[0]))
    _print_table(table, t_numpy, t_jit)
    print(f"\n8-op elementwise chain, {size:.0e} float32")
    chain_table = [("np.copyto floor", c_copy), ("NumPy out=", c_numpy), ("plan", c_plan),
                   ("jit_compile=True", c_jit)]
    if jax is not None:
        chain_table.append(("jax.jit", jax[1]))
    _print_table(chain_table, c_copy, c_jit)
    print(f"\nthe chain as a while loop's body, {iterations} iterations, {loop_size:.0e} float32")
    _print_table([("NumPy out=", l_numpy), ("plan", l_plan), ("jit_compile=True", l_jit)],
                 l_numpy, l_jit)
    headline("fizzbuzz plan / NumPy", t_plan / t_numpy, target="<= 1.05")
    headline("fizzbuzz jit_compile / NumPy", t_jit / t_numpy)
    headline("8-op chain jit_compile / NumPy out=", c_jit / c_numpy)
    headline("chain loop jit_compile / NumPy out=", l_jit / l_numpy)
    if jax is not None:
        headline("fizzbuzz jit_compile / jax.jit", t_jit / jax[0])


def _print_table(table: list[tuple[str, float]], base: float, jit: float) -> None:
    print(f"  {'':24} {'ms/call':>10} {'/ first':>9} {'jit /':>9}")
    for name, seconds in table:
        print(f"  {name:24} {seconds * 1e3:10.4f} {seconds / base:9.2f} {jit / seconds:9.2f}")


if __name__ == "__main__":
    main()
