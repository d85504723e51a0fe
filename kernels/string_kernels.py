"""Kernels of the string ops: NumPy only, since string tensors live in host memory on a GPU too.

Every input and output is listed in `host_memory`, so the same body serves both devices.
"""

import numpy as np

from runtime.kernel_registry import register_kernel

BOTH = ("CPU", "GPU")


@register_kernel("StringJoin", device=BOTH, host_memory=("inputs", "output"))
def string_join(ctx, inputs, separator):
    if not inputs:
        return np.array(b"", dtype=object)
    sep = np.array(separator.encode("utf-8"), dtype=object)
    out = np.array(inputs[0], dtype=object)  # a copy: the inputs stay untouched
    for x in inputs[1:]:
        out = out + sep + x  # elementwise bytes concatenation; scalars broadcast
    return np.asarray(out, dtype=object)  # 0-d object arithmetic gives a bare `bytes`


@register_kernel("StringLength", device=BOTH, host_memory=("input", "output"))
def string_length(ctx, input, unit):  # noqa: A002
    if unit == "BYTE":
        count = len
    else:  # UTF8_CHAR: count the bytes that start a character, as TensorFlow does
        def count(s: bytes) -> int:
            return sum((b & 0xC0) != 0x80 for b in s)
    lengths = [count(s) for s in input.reshape(-1)]
    return np.array(lengths, dtype=np.int32).reshape(input.shape)
