"""`autograph graph`: the graph a function traces to, as text, DOT, SVG, PNG or JSON.

The module is imported (its top-level code runs), the function is wrapped in `ag.function`
(unless it is one already) and traced once with the tensor types of `--signature`.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import json
import shutil
import subprocess
import sys
from typing import Any

from autograph.cli.common import (
    UserError,
    as_ag_function,
    error_message,
    formatter,
    function_attrs,
    load_function,
    shown_operations,
    write_output,
)
from autograph.cli.dot import to_dot
from autograph.cli.graph_json import graph_to_json
from autograph.cli.signature import bind_signature, parse_signature
from autograph.runtime.graph.graph_printer import format_graph

FORMATS = ("text", "dot", "svg", "png", "json")
GRAPHVIZ_HINT = ("install Graphviz: apt install graphviz / brew install graphviz / "
                 "conda install graphviz")

EPILOG = """\
The module is imported to find FUNC, so its top-level code runs.

--signature gives each parameter as NAME: DTYPE[DIMS], separated by commas:
  x: float32[None, 3]   rank 2, first dimension unknown (`?` works too)
  n: int32[]            a scalar
  s: float32[*]         unknown rank (a bare `float32` means the same)
Parameters with a default value may be left out; they trace with their default. A function
decorated with ag.function(input_signature=...) needs no --signature.

--format text prints the canonical text form (sub-graphs of cond and while_loop indented
under their op) and the number of ops of each type; dot prints a Graphviz digraph; svg and
png run Graphviz's `dot` program (png needs -o PATH on a terminal); json prints the graph
def.

example:
  autograph graph examples/collatz.py:collatz_steps --signature "n: int32[]"
  autograph graph examples/newton.py:newton_sqrt --format dot -o newton.dot
"""


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Adds `graph` to the command line's subcommands."""
    parser = commands.add_parser(
        "graph", help="the graph a function traces to (imports the module)",
        description="Trace FILE.py:FUNC with the given signature and show its graph.",
        epilog=EPILOG, formatter_class=formatter())
    parser.add_argument("target", metavar="FILE.py:FUNC", help="the function to trace")
    parser.add_argument("--signature", "-s", default="", metavar="SIGNATURE",
                        help='parameter types, e.g. "x: float32[None, 3], n: int32[]"')
    parser.add_argument("--format", choices=FORMATS, default="text",
                        help="output format (default: text)")
    parser.add_argument("-o", "--output", metavar="PATH", help="write to PATH, not stdout")
    parser.set_defaults(handler=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Traces the function and writes its graph in the chosen format; returns 0."""
    dot_program = _check_output(args.format, args.output)
    specs = parse_signature(args.signature) if args.signature.strip() else {}
    # What the module and the trace print goes to stderr: stdout carries the graph alone, so
    # that `--format dot | dot -Tsvg` works on a function that prints while tracing.
    with contextlib.redirect_stdout(sys.stderr):
        path, name, func = load_function(args.target)
        function = as_ag_function(func)
        if specs or function.input_signature is None:  # else: trace with its input_signature
            bind_signature(function.python_function, specs)
        try:
            concrete = function.get_concrete_function(**specs)
        except Exception as e:  # the user's function failed while tracing
            raise UserError(f"{path}: tracing {name} failed: {error_message(e)}") from None
    write_output(render(concrete.graph, args.format, dot_program), args.output)
    return 0


def render(graph: Any, fmt: str, dot_program: str | None = None) -> str | bytes:
    """`graph` in format `fmt` (one of FORMATS); svg and png need the `dot` program's path."""
    if fmt == "text":
        return format_graph(graph) + "\n\n" + format_counts(count_ops(graph))
    if fmt == "json":
        return json.dumps(graph_to_json(graph), indent=2)
    dot = to_dot(graph, getattr(graph, "name", None) or "G")
    if fmt == "dot":
        return dot
    return _run_dot(dot_program or "dot", dot, fmt)


def count_ops(graph: Any) -> collections.Counter:
    """Op types counted over `graph` and every sub-graph in its ops' attrs (each op once), as
    the text form shows them (a function's input placeholders are its signature, not ops)."""
    counts: collections.Counter = collections.Counter()
    for op in shown_operations(graph):
        counts[op.type] += 1
        for _, fn in function_attrs(op):
            counts.update(count_ops(fn))
    return counts


def format_counts(counts: collections.Counter) -> str:
    """One line per op type, most frequent first (then by name), and the total.

    >>> print(format_counts(collections.Counter({"Const": 2, "AddV2": 1, "Mul": 2})))
    ops (sub-graphs included):
          2  Const
          2  Mul
          1  AddV2
          5  total
    """
    lines = ["ops (sub-graphs included):"]
    for op_type, n in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
        lines.append(f"{n:>7}  {op_type}")
    lines.append(f"{sum(counts.values()):>7}  total")
    return "\n".join(lines)


def _check_output(fmt: str, output: str | None) -> str | None:
    """Refuses what cannot work before the module is imported; returns `dot`'s path."""
    if fmt == "png" and output is None and sys.stdout.isatty():
        raise UserError("--format png writes binary data: give -o PATH (or pipe the output)")
    if fmt not in ("svg", "png"):
        return None
    program = shutil.which("dot")
    if program is None:
        raise UserError(f"--format {fmt} needs Graphviz's `dot` program, which is not on PATH; "
                        f"{GRAPHVIZ_HINT} (or use --format dot)")
    return program


def _run_dot(program: str, dot: str, fmt: str) -> str | bytes:
    result = subprocess.run([program, f"-T{fmt}"], input=dot.encode(), capture_output=True,
                            timeout=120)
    if result.returncode != 0:
        first = (result.stderr.decode(errors="replace").strip().splitlines() or ["no message"])
        raise UserError(f"Graphviz's dot failed on the graph: {first[0]}")
    return result.stdout.decode() if fmt == "svg" else result.stdout

