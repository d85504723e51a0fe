"""Entry point of the `autograph` command line.

The subcommands (`transpile`, `graph`, `ops`, `run`) arrive with the converter and the graph
runtime; today the program answers `--version` and `--help`.

>>> main(["--version"])
autograph 0.1.0
0
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from autograph import __version__

DESCRIPTION = """\
autograph converts plain Python functions into dataflow graphs and runs them on NumPy (CPU)
or CuPy (GPU) kernels. Use it from Python with `import autograph as ag`.

example:
  python -c "import autograph as ag; print(ag.add([1, 2], 3))"
"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="autograph", description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"autograph {__version__}")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line with `argv` (default: `sys.argv[1:]`); returns the exit code."""
    parser = build_parser()
    try:
        parser.parse_args(argv)
    except SystemExit as e:  # argparse exits for --help, --version and usage errors
        return int(e.code or 0)
    parser.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
