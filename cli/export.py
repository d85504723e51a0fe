"""`autograph export`: save a function or a model of a file as a saved model or an ONNX file.

`FILE.py:NAME` names a function (traced with `--signature`, or its own `input_signature`) or
an object of the module (an `ag.Module`, a Keras model): a function is saved as the one
function of a module, with its trace as the `serving_default` signature; an object is saved
whole (`ag.saved_model.save`). `--format onnx` writes an ONNX file (`ag.onnx.export`).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from typing import Any

import autograph as ag
from autograph import onnx, saved_model
from autograph.cli.common import (
    UserError,
    as_ag_function,
    error_message,
    formatter,
    import_file,
    split_target,
)
from autograph.cli.signature import bind_signature, parse_signature

FORMATS = ("saved", "onnx")

EPILOG = """\
The module is imported to find NAME, so its top-level code runs. --signature takes the
parameters as `autograph graph` does ("x: float32[None, 3], n: int32[]"); a function with an
input_signature, and an object, need none.

example:
  autograph export examples/newton.py:newton_sqrt -o newton_export
  autograph export examples/collatz.py:collatz_steps -s "n: int32[]" --format onnx -o c.onnx
  autograph inspect newton_export
"""


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Adds `export` to the command line's subcommands."""
    parser = commands.add_parser(
        "export", help="save a function or model as a saved model or ONNX (imports the module)",
        description="Save FILE.py:NAME (a function or a model) to PATH.", epilog=EPILOG,
        formatter_class=formatter())
    parser.add_argument("target", metavar="FILE.py:NAME", help="the function or object to save")
    parser.add_argument("--signature", "-s", default="", metavar="SIGNATURE",
                        help='parameter types, e.g. "x: float32[None, 3], n: int32[]"')
    parser.add_argument("--format", choices=FORMATS, default="saved",
                        help="saved (a saved-model directory, the default) or onnx (a file)")
    parser.add_argument("-o", "--output", required=True, metavar="PATH",
                        help="the directory (saved) or file (onnx) to write")
    parser.set_defaults(handler=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Saves the target; prints one line saying what was written; returns 0."""
    specs = parse_signature(args.signature) if args.signature.strip() else {}
    path, name = split_target(args.target)
    with contextlib.redirect_stdout(sys.stderr):  # what the module prints is not the result
        value = _find(path, name)
        try:
            what = _export(value, name, specs, args.format, args.output)
        except UserError:
            raise
        except Exception as e:  # the user's code failed while tracing, or cannot be saved
            raise UserError(f"{path}: exporting {name} failed: {error_message(e)}") from None
    print(f"wrote {what} to {args.output}")
    return 0


def _find(path: str, name: str) -> Any:
    try:
        value: Any = import_file(path)
    except UserError:
        raise
    except Exception as e:  # the module's top-level code failed
        raise UserError(f"{path}: importing it raised {type(e).__name__}: {e}") from None
    for part in name.split("."):
        if not hasattr(value, part):
            raise UserError(f"{path}: no function or object {name!r} in this file")
        value = getattr(value, part)
    return value


def _export(value: Any, name: str, specs: dict, fmt: str, output: str) -> str:
    if hasattr(type(value), "_trackable_children"):  # a module or model: saved whole
        if specs:
            raise UserError(f"--signature is for functions; {name} is a "
                            f"{type(value).__name__}, saved with the functions it has traced")
        if fmt == "onnx":
            onnx.export(value, output)
            return f"an ONNX model of {name}"
        saved_model.save(value, output)
        return f"a saved model of {name}"
    if not callable(value):
        raise UserError(f"{name!r} is neither a function nor a module or model")
    function = as_ag_function(value)
    if specs or function.input_signature is None:
        bind_signature(function.python_function, specs)
    concrete = function.get_concrete_function(**specs)
    if fmt == "onnx":
        onnx.export(concrete, output)
        return f"an ONNX model of {name}"
    holder = ag.Module(name="exported")
    setattr(holder, name.rsplit(".", 1)[-1], function)
    saved_model.save(holder, output, signatures=concrete)
    return f"a saved model of {name} (signature serving_default)"
