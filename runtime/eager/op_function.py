"""`op_function(name)`: a Python front-end function made from a registered op's `OpDef`.

Inputs become positional parameters, attrs that inputs do not determine become keyword
parameters (with their defaults), and `name=None` comes last, as in TensorFlow's generated
`gen_*_ops` wrappers. The docstring is built from the op's documentation.

>>> from autograph.runtime import register_op, register_kernel
>>> _ = (register_op("TestDoctestScale").input("x: T").output("y: T").attr("T: {float32}")
...      .attr("factor: float = 2.0").doc("Multiplies by a factor.\\n\\nx: the input."))
>>> @register_kernel("TestDoctestScale", device=("CPU", "GPU"))
... def _scale(ctx, x, factor):
...     return (x * factor).astype(x.dtype)
>>> test_doctest_scale = op_function("TestDoctestScale")
>>> test_doctest_scale([1.0, 2.0], factor=3.0).numpy()
array([3., 6.], dtype=float32)
"""

from __future__ import annotations

import inspect
import re
from typing import Any, Callable

from autograph.runtime.core.traceback_utils import filter_traceback
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.registry.op_def import NO_DEFAULT, inferred_attr_names
from autograph.runtime.registry.op_registry import op_registry


def op_function(op_name: str) -> Callable[..., Any]:
    """The front-end function of op `op_name` (NotFoundError if it is not registered)."""
    op_def = op_registry().lookup_op_def(op_name)
    handle = op_handle(op_name)
    inferred = inferred_attr_names(op_def)
    input_names = [a.name for a in op_def.input_arg]
    attrs = [a for a in op_def.attr if a.name not in inferred]
    params = [inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD) for n in input_names]
    required = [a for a in attrs if a.default_value is NO_DEFAULT]
    optional = [a for a in attrs if a.default_value is not NO_DEFAULT]
    params += [inspect.Parameter(a.name, inspect.Parameter.POSITIONAL_OR_KEYWORD)
               for a in required]
    params += [inspect.Parameter(a.name, inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                 default=_python_default(a.default_value)) for a in optional]
    params.append(inspect.Parameter("name", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None))
    signature = inspect.Signature(params)
    attr_names = [a.name for a in attrs]

    def front_end(*args: Any, **kwargs: Any) -> Any:
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        values = bound.arguments
        return handle.run([values[n] for n in input_names],
                          {n: values[n] for n in attr_names})

    front_end.__name__ = front_end.__qualname__ = snake_case(op_name)
    front_end.__signature__ = signature  # type: ignore[attr-defined]  # inspect reads it
    front_end.__doc__ = _docstring(op_def, input_names, attrs)
    return filter_traceback(front_end)  # its errors leave with the user's frames only


def snake_case(name: str) -> str:
    """`ArgMax` -> `arg_max`, `BatchMatMulV2` -> `batch_mat_mul_v2`."""
    s = re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", name.lstrip("_"))
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", s).lower()


def _python_default(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _docstring(op_def, input_names, attrs) -> str:
    lines = [op_def.summary or f"Runs op {op_def.name}."]
    if op_def.description:
        lines += ["", op_def.description]
    lines += ["", "Args:"]
    for arg in op_def.input_arg:
        lines.append(f"    {arg.name}: a `Tensor` of type {arg.type_string()}. {arg.description}"
                     .rstrip())
    for attr in attrs:
        lines.append(f"    {attr.name}: {attr.type}. {attr.description}".rstrip())
    lines.append("    name: a name for the operation (optional).")
    lines += ["", "Returns:"]
    for arg in op_def.output_arg:
        lines.append(f"    {arg.name}: a `Tensor` of type {arg.type_string()}. {arg.description}"
                     .rstrip())
    if op_def.deprecation:
        lines += ["", f"Deprecated at version {op_def.deprecation[0]}: {op_def.deprecation[1]}"]
    return "\n".join(lines)
