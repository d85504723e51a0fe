"""`ag.strings.substr`, as `tf.strings.substr`: the `Substr` op and its function.

`pos` counts from the end when negative; a `len` past the end (or negative) takes the rest of
the string; `pos` outside the string is TensorFlow's error. `pos` and `len` have one shape,
which broadcasts against the strings'. On ragged strings it applies to the values.

>>> substr(["hello", "ab"], 1, 2).numpy()
array([b'el', b'b'], dtype=object)
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.registry import shape_inference as si
from autograph.runtime.registry.op_registry import register_op

__all__ = ["substr"]


def _substr_shape(c: si.InferenceContext) -> list:
    if c.shape(1) is not None and c.shape(2) is not None and c.shape(1) != c.shape(2):
        raise c.error(f"pos and len should have the same shape, got: "
                      f"{_listed(c.shape(1))} vs. {_listed(c.shape(2))}")
    return [si.broadcast_shapes(c, c.shape(0), c.shape(1))]


def _listed(shape: tuple) -> str:
    return "[" + ",".join(str(d) for d in shape) + "]"


register_op("Substr").input("input: string").input("pos: T").input("len: T") \
    .output("output: string").attr("T: {int32, int64}") \
    .attr("unit: {'BYTE', 'UTF8_CHAR'} = 'BYTE'").set_shape_fn(_substr_shape).doc(
        "The substring of each string that starts at pos and has len units.\n\n"
        "pos, len: one shape, broadcasting against input's; pos < 0 counts from the end.\n"
        "unit: BYTE counts bytes, UTF8_CHAR UTF-8 encoded characters.")

_substr = op_handle("Substr")


def substr(input: Any, pos: Any, len: Any, unit: str = "BYTE",  # noqa: A002
           name: str | None = None) -> Tensor:
    """The `len` bytes (`unit="BYTE"`) or characters (`"UTF8_CHAR"`) of each string from
    position `pos`.

    Raises:
        InvalidArgumentError: `pos` and `len` have different shapes, or a `pos` is outside
            its string.
    """
    return _substr.run([input, pos, len], {"unit": unit}, name)
