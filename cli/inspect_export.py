"""`autograph inspect`: what a saved model or an ONNX file holds, as `saved_model_cli show`.

For a saved model: each signature's inputs and outputs (name, dtype, shape), each saved
function's traces, and the variables. For an `.onnx` file: its inputs, outputs, opsets and op
counts (read with the `onnx` package).
"""

from __future__ import annotations

import argparse
import collections
import os
from typing import Any

import autograph as ag
from autograph import saved_model
from autograph.cli.common import UserError, formatter, write_output
from autograph.runtime.core import errors
from autograph.runtime.graph.func_graph import flatten
from autograph.runtime.saving.saved_model import LoadedObject, RestoredFunction

EPILOG = """\
example (after `autograph export`, which writes them):
  autograph inspect newton_export
  autograph inspect c.onnx
"""


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Adds `inspect` to the command line's subcommands."""
    parser = commands.add_parser(
        "inspect", help="the signatures, functions and variables of a saved model or ONNX file",
        description="Show what PATH (a saved-model directory or an .onnx file) holds.",
        epilog=EPILOG, formatter_class=formatter())
    parser.add_argument("path", metavar="PATH", help="a saved-model directory or .onnx file")
    parser.set_defaults(handler=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Prints the description of `args.path`; returns 0."""
    path = args.path
    if os.path.isfile(path) and path.endswith(".onnx"):
        write_output(describe_onnx(path), None)
        return 0
    try:
        loaded = saved_model.load(path)
    except (errors.NotFoundError, errors.DataLossError) as e:
        raise UserError(f"{path}: {e}") from None
    write_output(describe_saved_model(loaded), None)
    return 0


def describe_saved_model(loaded: Any) -> str:
    """The signatures, functions and variables of a loaded saved model, as text."""
    lines = []
    for name, signature in loaded.signatures.items():
        lines.append(f"signature {name!r}:")
        lines.append("  inputs:")
        for key, spec in signature.structured_input_signature[1].items():
            lines.append(f"    {key}: {_spec(spec)}")
        lines.append("  outputs:")
        for key, spec in signature.structured_outputs.items():
            lines.append(f"    {key}: {_spec(spec)}")
    if not loaded.signatures:
        lines.append("no signatures")
    for path, function in _functions(loaded):
        lines.append(f"function {path}:")
        for concrete in function.concrete_functions:
            lines.append(f"  {concrete.pretty_printed_signature(verbose=False)}")
            args, kwargs = concrete.structured_input_signature
            for spec in flatten((args, kwargs)):
                if isinstance(spec, ag.TensorSpec):
                    lines.append(f"    {spec.name}: {_spec(spec)}")
    variables = loaded.variables
    count = sum(int(v.shape.num_elements() or 0) for v in variables)
    lines.append(f"variables: {len(variables)} ({count} values)")
    for v in variables:
        lines.append(f"  {v.name}: {_spec(v)}{'' if v.trainable else ' (not trainable)'}")
    return "\n".join(lines)


def _functions(root: Any) -> list[tuple[str, RestoredFunction]]:
    found, seen, queue = [], {id(root)}, [("", root)]
    while queue:
        path, obj = queue.pop(0)
        for name, value in vars(obj).items():
            where = f"{path}.{name}" if path else name
            if isinstance(value, RestoredFunction):
                found.append((where, value))
            for index, item in _items(value):
                if isinstance(item, LoadedObject) and id(item) not in seen:
                    seen.add(id(item))
                    queue.append((where + index, item))
    return found


def _items(value: Any) -> list[tuple[str, Any]]:
    if isinstance(value, dict):
        return [(f"[{k!r}]", v) for k, v in value.items()]
    if isinstance(value, (list, tuple)):
        return [(f"[{i}]", v) for i, v in enumerate(value)]
    return [("", value)]


def _spec(spec: Any) -> str:
    shape = spec.shape
    dims = "<unknown rank>" if shape.rank is None else str(tuple(
        -1 if d is None else d for d in shape.as_list()))
    return f"{spec.dtype.name} {dims}"


def describe_onnx(path: str) -> str:
    """The inputs, outputs, opsets and op counts of the ONNX file at `path`, as text."""
    try:
        import onnx
    except ImportError:
        raise UserError("reading .onnx files needs the onnx package: "
                        "pip install \"autograph-dataflow[onnx]\"") from None
    try:
        model = onnx.load(path)
    except Exception as e:  # a damaged file: onnx raises protobuf's DecodeError and others
        raise UserError(f"{path}: not a readable ONNX model ({type(e).__name__}: {e})") from None
    graph = model.graph
    producer = " ".join(filter(None, [model.producer_name, model.producer_version])) or "unknown"
    lines = [f"ONNX model (IR version {model.ir_version}, producer {producer})",
             "opsets: " + ", ".join(f"{o.domain or 'ai.onnx'} {o.version}"
                                    for o in model.opset_import)]
    initializers = {i.name for i in graph.initializer}
    for title, values in (("inputs", [v for v in graph.input if v.name not in initializers]),
                          ("outputs", graph.output)):
        lines.append(f"{title}:")
        for value in values:
            lines.append(f"  {value.name}: {_onnx_type(onnx, value.type)}")
    lines.append(f"initializers: {len(graph.initializer)}")
    counts = collections.Counter(node.op_type for node in graph.node)
    lines.append("ops: " + ", ".join(f"{op} {n}" for op, n in sorted(counts.items())))
    return "\n".join(lines)


def _onnx_type(onnx: Any, value_type: Any) -> str:
    tensor = value_type.tensor_type
    dtype = onnx.helper.tensor_dtype_to_np_dtype(tensor.elem_type).name if tensor.elem_type \
        else "unknown"
    if not tensor.HasField("shape"):
        return f"{dtype} <unknown rank>"
    dims = [d.dim_param or (d.dim_value if d.HasField("dim_value") else "?")
            for d in tensor.shape.dim]
    return f"{dtype} ({', '.join(str(d) for d in dims)}{',' if len(dims) == 1 else ''})"
