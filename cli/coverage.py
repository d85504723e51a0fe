"""`autograph coverage`: which of TensorFlow's names autograph provides (docs/coverage.md).

Without a namespace, the whole page (Markdown); with one (`tf.keras.layers`), its section.
"""

from __future__ import annotations

import argparse

from autograph.cli.common import UserError, formatter, write_output
from autograph.impl import coverage

EPILOG = """\
example:
  autograph coverage                   every TensorFlow namespace
  autograph coverage tf.keras.layers   one namespace: what is provided, what is not yet
"""


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Adds `coverage` to the command line's subcommands."""
    parser = commands.add_parser(
        "coverage", help="which of TensorFlow's names autograph provides",
        description="Show which of TensorFlow's public names autograph provides.",
        epilog=EPILOG, formatter_class=formatter())
    parser.add_argument("namespace", nargs="?", metavar="NAMESPACE",
                        help="a TensorFlow namespace, as tf.nn or tf.keras.layers")
    parser.set_defaults(handler=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Prints the page, or one namespace's section; returns 0."""
    page = coverage.page()
    if args.namespace:
        heading = f"## `{args.namespace}`\n"
        if heading not in page:
            raise UserError(f"{args.namespace!r} is not a TensorFlow namespace with names "
                            "(`autograph coverage` lists them)")
        page = heading + page.split(heading, 1)[1].split("\n## ", 1)[0].rstrip("\n") + "\n"
    write_output(page, None)
    return 0
