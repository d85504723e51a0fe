"""Entry point of the `autograph` command line: one subcommand per module of this package.

    autograph transpile FILE.py      converted code of a module's functions, without running it
    autograph graph FILE.py:FUNC     the graph a function traces to, as text, DOT, SVG, PNG, JSON
    autograph ops [NAME]             the registered ops and their kernels
    autograph run FILE.py:FUNC ARG…  call a function through ag.function and print the result
    autograph profile FILE.py:FUNC   run a function under the profiler; print its slowest ops
    autograph export FILE.py:NAME    save a function or model as a saved model or ONNX file
    autograph inspect PATH           the signatures and functions of a saved model or ONNX file
    autograph coverage [NAMESPACE]   which of TensorFlow's names autograph provides

Exit codes: 0 on success, 1 when the input is at fault (a file, function or argument: one line
on stderr names it), 2 for a usage error (argparse's own message). `python -m autograph` is the
same program.

>>> main(["--version"])
autograph 0.1.0
0
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Sequence

from autograph import __version__
from autograph.cli import coverage, export, graph, inspect_export, ops, profile, run, transpile
from autograph.cli.common import UserError

COMMANDS = (transpile, graph, ops, run, profile, export, inspect_export, coverage)

DESCRIPTION = """\
autograph converts plain Python functions into dataflow graphs and runs them on NumPy (CPU)
or CuPy (GPU) kernels. Use it from Python with `import autograph as ag`, or inspect your own
modules with the commands below.

example:
  autograph transpile examples/collatz.py
"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="autograph", description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"autograph {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    for command in COMMANDS:
        command.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line with `argv` (default: `sys.argv[1:]`); returns the exit code."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse exits for --help, --version and usage errors
        return int(e.code or 0)
    handler = getattr(args, "handler", None)
    if handler is None:  # a bare `autograph`: a usage error, as argparse reports one
        parser.print_usage(sys.stderr)
        print("autograph: error: a command is required (autograph --help lists them)",
              file=sys.stderr)
        return 2
    try:
        return handler(args)
    except UserError as e:
        print(f"autograph: error: {e}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader stopped early (`autograph transpile f.py | head`)
        # Python would report the pipe again while flushing stdout at exit: point it elsewhere
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141  # as a shell reports a process ended by SIGPIPE


if __name__ == "__main__":
    sys.exit(main())
