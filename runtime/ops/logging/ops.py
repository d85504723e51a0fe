"""`print` (`ag.print`): prints tensors when the op runs, as TensorFlow's `tf.print`.

Eagerly it prints at once. In a graph it adds a `StringFormat` op and a stateful `PrintV2` op,
which print each time they run: every `Session.run` that runs them, every iteration of a loop
whose body holds them. Python values among the inputs are formatted when the op is made.

>>> print("total:", convert_to_tensor([1, 2, 3]), {"n": 3})
total: [1 2 3] {'n': 3}
"""

from __future__ import annotations

import sys
from typing import Any

from autograph.runtime.core import dtypes
from autograph.runtime.eager.dispatch import op_handle
from autograph.runtime.graph.tensor import Tensor
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.logging import defs as logging_defs  # noqa: F401  (declares the ops)

__all__ = ["print"]

_format = op_handle("StringFormat")
_print = op_handle("PrintV2")
# The objects the default argument below holds; `sys.stdout` may be replaced later (pytest's
# capsys, a notebook), and the op writes to whatever `sys.stdout` is when it runs.
_STDOUT, _STDERR = sys.stdout, sys.stderr
_TENSOR = object()  # marks a tensor's place among the pieces of text


def print(*inputs: Any, sep: str = " ", end: str = "\n",  # noqa: A001
          output_stream: Any = sys.stdout, summarize: int = 3, name: str | None = None) -> Any:
    """Prints `inputs` separated by `sep` and followed by `end`, when the op runs.

    Tensors are shown as `tf.print` shows them (`[[1 2]\\n [3 4]]`, strings quoted, bools
    as 1 / 0); other values with `str()`, and lists, tuples and dicts holding tensors with
    the tensors shown inside them.

    Args:
        *inputs: tensors and Python values.
        sep: the text between inputs.
        end: the text after the last input.
        output_stream: `sys.stdout` (default), `sys.stderr`, `'stdout'`, `'stderr'`, or
            `'file://<path>'` (appended to). Standard streams are looked up when the op
            runs, so redirecting `sys.stdout` later redirects the printing too.
        summarize: entries shown at each end of every dimension of a tensor; -1 shows all.
        name: the name of the `PrintV2` op in a graph.

    Returns:
        None eagerly; in a graph, the `PrintV2` op (run it, or make it a control dependency,
        unless it is inside a branch or loop body, where every op runs).

    Raises:
        ValueError: an unsupported `output_stream`.

    >>> print(convert_to_tensor(list(range(10))), summarize=2)
    [0 1 ... 8 9]
    """
    stream = _stream_name(output_stream)
    if len(inputs) == 1 and _is_string_scalar(inputs[0]):
        text = inputs[0]  # printed as it is, not quoted (as tf.print does)
    else:
        pieces: list[Any] = []
        tensors: list[Tensor] = []
        for i, value in enumerate(inputs):
            if i:
                pieces.append(sep)
            _add(value, pieces, tensors, top=True)
        template, placeholder = _template(pieces)
        text = _format.run([tensors], {"template": template, "placeholder": placeholder,
                                       "summarize": summarize})
    return _print.run([text], {"output_stream": stream, "end": end}, name)


def _stream_name(stream: Any) -> str:
    if stream in ("stdout", "stderr") or (isinstance(stream, str)
                                          and stream.startswith("file://")):
        return stream
    if stream is sys.stdout or stream is _STDOUT or stream is sys.__stdout__:
        return "stdout"
    if stream is sys.stderr or stream is _STDERR or stream is sys.__stderr__:
        return "stderr"
    raise ValueError(f"print: output_stream must be sys.stdout, sys.stderr, 'stdout', "
                     f"'stderr' or 'file://<path>', got {stream!r}.")


def _is_string_scalar(value: Any) -> bool:
    return (isinstance(value, Tensor) and value.dtype is dtypes.string
            and value.shape.rank == 0)


def _add(value: Any, pieces: list, tensors: list, top: bool = False) -> None:
    """Appends the text of `value` to `pieces`, with `_TENSOR` where a tensor goes."""
    if isinstance(value, Tensor) or hasattr(type(value), "__tf_tensor__"):
        pieces.append(_TENSOR)
        tensors.append(convert_to_tensor(value))
    elif isinstance(value, (list, tuple, dict)) and _holds_tensor(value):
        items = value.items() if isinstance(value, dict) else [(None, v) for v in value]
        opening, closing = {dict: ("{", "}"), list: ("[", "]")}.get(type(value), ("(", ")"))
        pieces.append(opening)
        for i, (key, item) in enumerate(items):
            pieces.append(", " if i else "")
            if isinstance(value, dict):
                pieces.append(f"{key!r}: ")
            _add(item, pieces, tensors)
        pieces.append("," + closing if type(value) is tuple and len(value) == 1 else closing)
    else:
        pieces.append(str(value) if top else repr(value))


def _holds_tensor(value: Any) -> bool:
    if isinstance(value, dict):
        value = list(value.values())
    return any(isinstance(v, Tensor) or hasattr(type(v), "__tf_tensor__") or (
        isinstance(v, (list, tuple, dict)) and _holds_tensor(v)) for v in value)


def _template(pieces: list) -> tuple[str, str]:
    """The template and a placeholder that occurs in it exactly where the tensors go."""
    segments = [""]
    for piece in pieces:
        if piece is _TENSOR:
            segments.append("")
        else:
            segments[-1] += piece
    placeholder = "{}"
    while any(placeholder in s for s in segments) or (
            placeholder.join(segments).split(placeholder) != segments):
        placeholder = "{" + placeholder + "}"
    return placeholder.join(segments), placeholder
