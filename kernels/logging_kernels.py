"""Kernels of `StringFormat` and `PrintV2` (the ops behind `ag.print`).

Both work on host memory on every device (the tensors shown are copied to the host first), so
one NumPy body serves the CPU and the GPU. Tensors are formatted as TensorFlow's
`Tensor::SummarizeValue(summarize, print_v2=true)` formats them, which is what `tf.print`
shows: floats with 6 significant digits when that reads back exactly (else 9; 15 / 17 for
float64), bools as 1 / 0, strings quoted and C-escaped, dimensions in brackets with newlines
between rows, and dimensions longer than `2 * summarize` cut to both ends around `...`.

>>> summarize_value(np.arange(10, dtype=np.int32), 3)
'[0 1 2 ... 7 8 9]'
>>> print(summarize_value(np.array([[1.5, 2.0], [0.1, 1 / 3]], np.float32), 3))
[[1.5 2]
 [0.1 0.333333343]]
"""

from __future__ import annotations

import sys
from typing import Any, Callable

import numpy as np

from autograph.kernels.common import BOTH
from autograph.runtime.core.dtypes import string
from autograph.runtime.registry.kernel_registry import register_kernel

_ESCAPES = {ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): "\\t", ord('"'): '\\"',
            ord("'"): "\\'", ord("\\"): "\\\\"}


def summarize_value(value: np.ndarray, summarize: int) -> str:
    """`value` as `tf.print` shows it, with `summarize` entries at each end of a dimension."""
    value = np.asarray(value)
    limit = value.size if summarize < 0 else min(summarize, value.size)
    if value.ndim == 0:
        shown = " ".join(_element(value[()]) for _ in range(limit))
        return shown + ("..." if value.size > limit else "")
    if value.size == 0:
        return "[]"  # TensorFlow shows "[\n ...]" for shape (2, 0); NumPy's way is clearer
    parts: list[str] = []
    _dimension(value, 0, limit, parts)
    return "".join(parts)


def _dimension(value: np.ndarray, dim: int, ends: int, parts: list[str]) -> None:
    """Appends `value` (the sub-array at dimension `dim` of the whole) to `parts`."""
    if not isinstance(value, np.ndarray):  # an element (NumPy scalar, bytes)
        parts.append(_element(value))
        return
    count = value.shape[0]
    spacing = " " if value.ndim == 1 else "\n" * (value.ndim - 1) + " " * (dim + 1)
    parts.append("[")
    for i in range(min(ends, count)):
        if i:
            parts.append(spacing)
        _dimension(value[i], dim + 1, ends, parts)
    if count > 2 * ends:
        parts.append(spacing + "...")
    for i in range(max(ends, count - ends), count):
        parts.append(spacing)
        _dimension(value[i], dim + 1, ends, parts)
    parts.append("]")


def _element(x: Any) -> str:
    if isinstance(x, bytes):
        return '"' + _escape(x) + '"'
    if isinstance(x, (bool, np.bool_)):
        return "1" if x else "0"
    if isinstance(x, np.floating):
        return _float(x)
    return str(x)


def _float(x: np.floating) -> str:
    """The shortest of TensorFlow's two precisions that reads back as the same value."""
    if x.dtype == np.float64:
        short, long_, kind = 15, 17, np.float64
    else:
        short, long_, kind = 6, 9, np.float32  # float16 prints as float32, as in TensorFlow
    value = kind(x)
    if not np.isfinite(value):
        return "nan" if np.isnan(value) else ("inf" if value > 0 else "-inf")
    text = f"{float(value):.{short}g}"
    return text if kind(text) == value else f"{float(value):.{long_}g}"


def _escape(data: bytes) -> str:
    """C escapes for control characters, quotes and backslashes; UTF-8 text stays as it is,
    and bytes that are not UTF-8 become octal escapes too (TensorFlow writes them raw, which a
    text stream cannot hold)."""
    text = data.decode("utf-8", "surrogateescape")  # a byte it cannot decode: U+DC80..U+DCFF
    out = []
    for ch in text:
        code = ord(ch)
        if code in _ESCAPES:
            out.append(_ESCAPES[code])
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\{code:03o}")
        elif 0xDC80 <= code <= 0xDCFF:
            out.append(f"\\{code - 0xDC00:03o}")
        else:
            out.append(ch)
    return "".join(out)


def _scalar_formatter(dtype) -> Callable[[Any], str]:
    """What `_element` does to a scalar of `dtype`, chosen once."""
    kind = dtype.np_dtype.kind
    if dtype == string:
        return lambda x: '"' + _escape(x) + '"'
    if kind == "b":
        return lambda x: "1" if x else "0"
    if kind == "f":
        return _float
    return str if kind in "iuc" else _element


def _specialize_string_format(ctx, attrs, types, shapes, values):
    """Scalar inputs (how `ag.print` of loop counters and messages looks): each shown by the
    formatter of its dtype, chosen here; no inputs at all: the template's text, made here."""
    if attrs["summarize"] == 0 or any(shape != () for shape in shapes[0]):
        return None
    pieces = attrs["template"].split(attrs["placeholder"])
    first, rest = pieces[0], pieces[1:len(types[0]) + 1]
    if not types[0]:
        text = first.encode("utf-8")
        return lambda inputs: np.array(text, dtype=object)
    shown = list(zip([_scalar_formatter(t) for t in types[0]], rest))
    if len(shown) == 1:  # `ag.print("i =", i)`: no generator to run
        ((show, last),) = shown
        return lambda inputs: np.array((first + show(inputs[0][()]) + last).encode("utf-8"),
                                       dtype=object)

    def string_format_scalars(inputs):
        text = first + "".join(fmt(x[()]) + piece for (fmt, piece), x in zip(shown, inputs))
        return np.array(text.encode("utf-8"), dtype=object)
    return string_format_scalars


@register_kernel("StringFormat", device=BOTH, host_memory=("inputs", "output"),
                 specialize=_specialize_string_format)
def string_format(ctx, inputs, template, placeholder, summarize):
    pieces = template.split(placeholder)
    text = pieces[0] + "".join(summarize_value(x, summarize) + piece
                               for x, piece in zip(inputs, pieces[1:]))
    return np.array(text.encode("utf-8"), dtype=object)


def _specialize_print(ctx, attrs, types, shapes, values):
    """Printing to stdout or stderr: the stream's name read once, the stream itself (which a
    program may redirect) on every call; a constant message (`ag.print("fizz")`, folded) is
    decoded once."""
    stream, end = attrs["output_stream"], attrs["end"]
    if stream not in ("stdout", "stderr") or shapes[0] != ():
        return None
    message = None if values[0] is None else values[0][()]
    if isinstance(message, bytes):
        text = message.decode("utf-8", "replace") + end

        def print_message(input):  # noqa: A002
            getattr(sys, stream).write(text)
        return print_message

    def print_to_stream(input):  # noqa: A002
        getattr(sys, stream).write(input[()].decode("utf-8", "replace") + end)
    return print_to_stream


@register_kernel("PrintV2", device=BOTH, host_memory=("input",), specialize=_specialize_print)
def print_v2(ctx, input, output_stream, end):  # noqa: A002
    text = np.asarray(input)[()].decode("utf-8", "replace") + end
    if output_stream.startswith("file://"):
        with open(output_stream[len("file://"):], "a", encoding="utf-8") as f:
            f.write(text)
        return None
    # Looked up now, not when the op was made: the stream in use when the op runs.
    (sys.stdout if output_stream == "stdout" else sys.stderr).write(text)
    return None
