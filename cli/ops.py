"""`autograph ops`: the registered ops, their signatures, flags and kernels.

Without a name, one line per op, sorted: its name, `inputs -> outputs`, its flags and the
devices that have a kernel for it. With a name, that op in detail: inputs, outputs, attrs (type,
default, allowed values), flags, kernels (device and type constraints) and documentation.
"""

from __future__ import annotations

import argparse
import textwrap
from typing import Any

from autograph import kernels  # noqa: F401  (registers every kernel, so the devices are known)
from autograph.cli.common import UserError, formatter, write_output
from autograph.runtime.core.devices import DEVICE_TYPES
from autograph.runtime.core.errors import NotFoundError
from autograph.runtime.registry.kernel_registry import kernels_for
from autograph.runtime.registry.op_def import (
    NO_DEFAULT,
    ArgDef,
    AttrDef,
    OpDef,
    inferred_attr_names,
)
from autograph.runtime.registry.op_registry import op_registry

EPILOG = """\
Each line of the listing reads: NAME  (inputs) -> (outputs)  [flags]  devices.

example:
  autograph ops                  every op
  autograph ops --device GPU     the ops with a GPU kernel
  autograph ops MatMul           one op: inputs, outputs, attrs, kernels and documentation
"""

FLAGS = (("is_stateful", "stateful"), ("is_commutative", "commutative"),
         ("is_aggregate", "aggregate"), ("allows_uninitialized_input", "uninitialized-input"))


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Adds `ops` to the command line's subcommands."""
    parser = commands.add_parser(
        "ops", help="the registered ops and their kernels",
        description="List the registered ops, or show one in detail.",
        epilog=EPILOG, formatter_class=formatter())
    parser.add_argument("name", nargs="?", metavar="NAME", help="an op to show in detail")
    parser.add_argument("--device", type=str.upper, choices=DEVICE_TYPES,
                        help="only the ops with a kernel on this device")
    parser.add_argument("--all", action="store_true",
                        help="include internal ops (names starting with '_')")
    parser.set_defaults(handler=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Prints the listing, or one op's details; returns 0."""
    if args.name:
        write_output(describe_op(_lookup(args.name)), None)
        return 0
    op_defs = op_registry().export(include_internal=args.all)
    if args.device:
        op_defs = [d for d in op_defs if args.device in devices_of(d.name)]
    write_output(format_listing(op_defs), None)
    return 0


def devices_of(op_name: str) -> list[str]:
    """The device types with at least one kernel for `op_name`, in `DEVICE_TYPES` order."""
    have = {k.device for k in kernels_for(op_name)}
    return [d for d in DEVICE_TYPES if d in have]


def flags_of(op_def: OpDef) -> list[str]:
    """`stateful`, `commutative`, ... as they apply to `op_def`."""
    flags = [label for field, label in FLAGS if getattr(op_def, field)]
    if op_def.deprecation:
        flags.append("deprecated")
    return flags


def signature(op_def: OpDef) -> str:
    """`(x: T, y: T) -> (z: T)`."""
    return f"({_args(op_def.input_arg)}) -> ({_args(op_def.output_arg)})"


def format_listing(op_defs: list[OpDef]) -> str:
    """One aligned line per op: name, devices, flags, then the signature (last, so that a long
    one does not widen every line)."""
    if not op_defs:
        return "no ops match"
    rows = [(d.name, " ".join(devices_of(d.name)) or "-", ", ".join(flags_of(d)), signature(d))
            for d in op_defs]
    name_width = max(len(r[0]) for r in rows)
    device_width = max(len(r[1]) for r in rows)
    flag_width = max((len(r[2]) + 2 for r in rows if r[2]), default=0)
    lines = []
    for name, devices, flags, sig in rows:
        flags = f"[{flags}]" if flags else ""
        lines.append(f"{name:<{name_width}}  {devices:<{device_width}}  {flags:<{flag_width}}  "
                     f"{sig}")
    lines.append(f"{len(rows)} ops")
    return "\n".join(lines)


def describe_op(op_def: OpDef) -> str:
    """The detailed view of one op."""
    lines = [f"{op_def.name}{signature(op_def)}"]
    for text in (op_def.summary, op_def.description):
        if text:
            lines += [""] + textwrap.wrap(text, 100)
    lines += ["", "inputs:"] + _arg_lines(op_def.input_arg)
    lines += ["outputs:"] + _arg_lines(op_def.output_arg)
    inferred = inferred_attr_names(op_def)
    lines += ["attrs:"] + ([f"  {_attr(a, a.name in inferred)}" for a in op_def.attr]
                           or ["  (none)"])
    lines.append(f"flags: {', '.join(flags_of(op_def)) or '(none)'}")
    if op_def.deprecation:
        version, why = op_def.deprecation
        lines.append(f"deprecated since version {version}: {why}")
    lines.append("kernels:")
    kernel_defs = kernels_for(op_def.name)
    for k in kernel_defs:
        constraints = "; ".join(f"{name} in [{', '.join(sorted(d.name for d in allowed))}]"
                                for name, allowed in k.type_constraints) or "any types"
        host = f"; host memory: {', '.join(k.host_memory)}" if k.host_memory else ""
        lines.append(f"  {k.device}  {constraints}{host}  ({k.fn.__module__}."
                     f"{k.fn.__qualname__})")
    if not kernel_defs:
        lines.append("  (none registered: the op cannot run until a kernel is)")
    return "\n".join(lines)


def _lookup(name: str) -> OpDef:
    """The op named `name`, or the one op whose name differs from it in case only."""
    try:
        return op_registry().lookup_op_def(name)
    except NotFoundError as e:
        same = [d for d in op_registry().export(True) if d.name.lower() == name.lower()]
        if len(same) == 1:
            return same[0]
        raise UserError(getattr(e, "message", str(e))) from None


def _args(args: tuple[ArgDef, ...]) -> str:
    return ", ".join(f"{a.name}: {a.type_string()}" for a in args)


def _arg_lines(args: tuple[ArgDef, ...]) -> list[str]:
    if not args:
        return ["  (none)"]
    return [f"  {a.name}: {a.type_string()}" + (f"  {a.description}" if a.description else "")
            for a in args]


def _attr(attr: AttrDef, inferred: bool) -> str:
    text = f"{attr.name}: {attr.type}"
    if attr.allowed_values is not None:
        text += " in {" + ", ".join(_show(v) for v in attr.allowed_values) + "}"
    if attr.has_minimum:
        text += f" >= {attr.minimum}"
    if attr.default_value is not NO_DEFAULT:
        text += f" = {_show(attr.default_value)}"
    if inferred:
        text += "  (from the inputs)"
    if attr.description:
        text += f"  {attr.description}"
    return text


def _show(value: Any) -> str:
    name = getattr(value, "name", None)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    return name if isinstance(name, str) else repr(value)
