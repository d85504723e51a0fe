"""`autograph profile`: run a function under the profiler; print where its time goes.

The function is called through `ag.function` once to trace and plan it, then `--steps` more
times under the profiler. The arguments are either ARGs (Python literals, as `autograph run`
takes them) or `--signature`, from which random inputs are made (seeded: the same every run).
It prints the time per call, the path of the Chrome trace it wrote (open it in
ui.perfetto.dev, chrome://tracing or TensorBoard) and the ops with the longest total time,
each with the user's line that made it.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

import autograph as ag
from autograph.cli.common import UserError, as_ag_function, error_message, formatter, load_function
from autograph.cli.run import parse_arguments
from autograph.cli.signature import bind_signature, parse_signature
from autograph.runtime.summary import profiler

EPILOG = """\
Inputs made from --signature: floats from a standard normal distribution, integers from 0 to
9, bools at random; every dimension must have a size. ARGs are Python literals as for
`autograph run`. The module is imported to find FUNC, so its top-level code runs.

example:
  autograph profile examples/collatz.py:collatz_steps 27 --steps 20
  autograph profile model.py:train_step --signature "x: float32[256, 784], y: int32[256]"
"""


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Adds `profile` to the command line's subcommands."""
    parser = commands.add_parser(
        "profile", help="run a function under the profiler and print its slowest ops",
        description="Call FILE.py:FUNC through ag.function under the profiler; write a Chrome "
                    "trace and print the ops with the longest total time.",
        epilog=EPILOG, formatter_class=formatter())
    parser.add_argument("target", metavar="FILE.py:FUNC", help="the function to profile")
    parser.add_argument("args", nargs="*", metavar="ARG", help="a Python literal, or NAME=LITERAL")
    parser.add_argument("--signature", "-s", default="", metavar="SIGNATURE",
                        help="make random inputs of these specs, e.g. 'x: float32[8, 3]'")
    parser.add_argument("--steps", type=int, default=10, help="calls profiled (default 10)")
    parser.add_argument("--logdir", default="logs",
                        help="where the trace goes (default ./logs, as TensorBoard reads it)")
    parser.add_argument("--top", type=int, default=15, help="ops shown (default 15)")
    parser.set_defaults(handler=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Profiles the calls and prints the summary; returns 0."""
    if args.steps < 1 or args.top < 1:
        raise UserError("--steps and --top must be at least 1")
    if args.signature.strip() and args.args:
        raise UserError("give either ARGs or --signature, not both")
    path, name, func = load_function(args.target)
    function = as_ag_function(func)
    if args.signature.strip():
        specs = bind_signature(function.python_function, parse_signature(args.signature))
        positional: list[Any] = []
        keywords = random_inputs(specs)
    else:
        positional, keywords = parse_arguments(args.args)
    try:
        function(*positional, **keywords)  # traced and planned, not profiled
        profiler.start(args.logdir)
        try:
            began = time.perf_counter()
            for step in range(args.steps):
                with profiler.Trace(name, step_num=step):
                    function(*positional, **keywords)
            elapsed = time.perf_counter() - began
        finally:
            trace = profiler.stop()
    except Exception as e:  # the user's function failed while tracing or running
        raise UserError(f"{path}: {name} failed: {error_message(e)}") from None
    assert trace is not None
    events = profiler.read_trace(trace)
    rows = profiler.op_table(events)
    print(f"{name}: {args.steps} calls profiled after one that traced it, "
          f"{elapsed / args.steps * 1000:.3f} ms per call (with the profiler's own cost)")
    print(f"trace: {trace}  (ui.perfetto.dev, chrome://tracing or TensorBoard open it)")
    print(profiler.format_table(rows[:args.top], sum(r.total_us for r in rows)))
    return 0


def random_inputs(specs: dict[str, Any]) -> dict[str, Any]:
    """A tensor for each spec, drawn with a fixed seed.

    >>> random_inputs({"n": ag.TensorSpec([2], ag.int32)})["n"].shape
    TensorShape([2])
    """
    rng = np.random.default_rng(0)
    inputs = {}
    for name, spec in specs.items():
        if spec.shape.rank is None or None in spec.shape.as_list():
            raise UserError(f"--signature: parameter {name!r} needs a size for every dimension "
                            f"to make an input (got {spec.shape})")
        shape = tuple(spec.shape.as_list())
        dtype = spec.dtype
        value: np.ndarray
        if dtype.is_floating or dtype.is_complex:
            value = rng.standard_normal(shape)
        elif dtype.is_integer:
            value = rng.integers(0, 10, shape)
        elif dtype == ag.bool:
            value = rng.random(shape) < 0.5
        else:
            raise UserError(f"--signature: parameter {name!r}: cannot make random "
                            f"{dtype.name} inputs; pass ARGs instead")
        inputs[name] = ag.constant(np.asarray(value).astype(dtype.as_numpy_dtype))
    return inputs
