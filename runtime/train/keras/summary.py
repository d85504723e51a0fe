"""Keras's model summary: a table of the layers, their output shapes, parameter counts (and,
for a functional model that is not a plain chain, the tensors each layer is connected to),
then the totals, drawn with box characters as Keras 3 draws it to a file or a pipe (76
characters wide).

A cell too narrow for its text wraps it between words, as Keras's table does; a word longer
than the cell is cut with `…`. Nested models are one row, or with `expand_nested` are
followed by their own layers, indented (`   └ dense (Dense)`).
"""

from __future__ import annotations

import re
from typing import Any, Callable

from autograph.runtime.core.tensor_shape import TensorShape
from autograph.runtime.graph.func_graph import flatten
from autograph.runtime.train.keras.functional import defines_output_shape

__all__ = ["draw_summary", "model_summary"]

LINE_LENGTH = 76  # Keras: min(88 or 108, terminal width - 4); a pipe counts as 80 wide
_CHAIN = ("Layer (type)", "Output Shape", "Param #"), (0.45, 0.80, 1.0), "<<>"
_GRAPH = (("Layer (type)", "Output Shape", "Param #", "Connected to"),
          (0.3, 0.56, 0.74, 1.0), "<<><")


def shape_text(shape: Any) -> str:
    """`(None, 4)`; a list of shapes as Keras writes several outputs; `?` when unknown."""
    shapes = flatten(shape) if isinstance(shape, (list, tuple)) else [shape]
    if any(s is None or TensorShape(s).rank is None for s in shapes):
        return "?"
    texts = [str(tuple(TensorShape(s).as_list())) for s in shapes]
    return texts[0] if len(texts) == 1 else "[" + ", ".join(texts) + "]"


def layer_row(layer: Any, shape: Any, prefix: str) -> list[str]:
    """The name, output shape and parameter cells of `layer`'s row."""
    params = f"{layer.count_params():,}" if layer.built else "0 (unbuilt)"
    return [f"{prefix}{layer.name} ({type(layer).__name__})", shape_text(shape), params]


def draw_summary(name: str, rows: list[list[str]], trainable: list[Any],
                 non_trainable: list[Any], optimizer: list[Any] | None = None) -> str:
    """Keras's summary of `rows` (three cells each, or four with "Connected to"), and the
    parameter totals of the weights (`optimizer`: the optimizer's variables, once it made
    them), with their sizes in bytes."""
    headers, positions, align = _GRAPH if rows and len(rows[0]) == 4 else _CHAIN
    widths = _column_widths(positions)

    def line(cells: list[str], edge: str) -> list[str]:
        wrapped = [_wrap(text, w - 2) for text, w in zip(cells, widths)]
        lines = []
        for i in range(max(len(w) for w in wrapped)):
            texts = [(w[i] if i < len(w) else "") for w in wrapped]
            lines.append(edge + edge.join(
                f" {t:{'<' if a == '<' else '>'}{w - 2}} "
                for t, w, a in zip(texts, widths, align)) + edge)
        return lines

    def rule(left: str, middle: str, right: str, fill: str) -> str:
        return left + middle.join(fill * w for w in widths) + right

    out = [f'Model: "{name}"', rule("┏", "┳", "┓", "━"), *line(list(headers), "┃"),
           rule("┡", "╇", "┩", "━")]
    for i, row in enumerate(rows):
        out.extend(line(row, "│"))
        out.append(rule("├", "┼", "┤", "─") if i < len(rows) - 1 else rule("└", "┴", "┘", "─"))
    totals = [("Total", [*trainable, *non_trainable, *(optimizer or [])]),
              ("Trainable", trainable), ("Non-trainable", non_trainable)]
    if optimizer is not None:
        totals.append(("Optimizer", optimizer))
    for label, weights in totals:
        count = sum(w.shape.num_elements() or 0 for w in weights)
        size = sum((w.shape.num_elements() or 0) * w.dtype.size for w in weights)
        out.append(f" {label} params: {count:,} ({_size(size)})")
    return "\n".join(out)


def _column_widths(positions: tuple[float, ...]) -> list[int]:
    """Keras's column widths for `LINE_LENGTH`, shrunk as its table (rich's) shrinks them so
    that the borders fit: the excess shared out in turn, rounded."""
    widths, current = [], 0
    for position in positions:
        widths.append(int(position * LINE_LENGTH) - current)
        current += widths[-1]
    excess, left = len(widths) + 1, len(widths)
    for i, width in enumerate(widths):
        cut = round(excess / left)
        widths[i], excess, left = width - cut, excess - cut, left - 1
    return widths


def _wrap(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` characters, broken between words (a word keeps the
    spaces before it at the start of a line, as Keras's table does); a word longer than a
    line is cut, ending in `…`."""
    lines: list[str] = []
    current = ""
    for word in re.findall(r"\s*\S+\s*", text):
        if current and len(current) + len(word.rstrip()) > width:
            lines.append(current.rstrip())
            current = word
        else:
            current += word
    lines.append(current.rstrip())
    return [ln if len(ln) <= width else ln[:width - 1] + "…" for ln in lines]


def _size(size: float) -> str:
    """Bytes in Keras's units, B to PB (from 1024 PB up Keras divides once more; not here)."""
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if size < 1024:
            return f"{size:.2f} {unit}"
        size /= 1024
    return f"{size:.2f} PB"


def nested_rows(layer: Any, shape: Any, make_row: Callable[[Any, Any, str], list[str]],
                expand: bool, level: int = 0) -> list[list[str]]:
    """`layer`'s row and, with `expand`, its own layers' rows beneath it, indented."""
    prefix = "   " * level + "└ " if level else ""
    rows = [make_row(layer, shape, prefix)]
    inner = getattr(layer, "layers", None) if expand else None
    for sublayer in inner or []:
        rows.extend(nested_rows(sublayer, last_output_shape(sublayer), make_row, expand,
                                level + 1))
    return rows


def last_output_shape(layer: Any) -> Any:
    """The output shape(s) of `layer`'s last call in a model (Keras's summary shows that),
    else what it computes for the shape it was built for, else None."""
    nodes = layer.__dict__.get("_inbound_nodes")
    if nodes:
        shapes = [t.shape for t in nodes[-1].outputs]
        return shapes[0] if len(shapes) == 1 else shapes
    built = getattr(layer, "_built_input_shape", None)
    if built is None or not defines_output_shape(layer):
        return None  # Keras shows "?": it would not guess
    return layer.compute_output_shape(built)


def model_summary(model: Any, layers: list[Any], connections: dict[int, str] | None,
                  expand_nested: bool, shapes: dict[int, Any] | None = None) -> str:
    """The summary of `model`: a row per layer of `layers` (with its "Connected to" cell when
    `connections` is given; its output shape from `shapes` by id, else from its last call),
    and the totals, the optimizer's variables once it made them."""
    def make_row(layer: Any, shape: Any, prefix: str) -> list[str]:
        row = layer_row(layer, shape, prefix)
        if connections is not None:
            row.append(connections.get(id(layer), "-"))
        return row

    shapes = shapes or {}
    rows = [row for layer in layers
            for row in nested_rows(layer, shapes.get(id(layer), last_output_shape(layer)),
                                   make_row, expand_nested)]
    optimizer: Any = getattr(model, "optimizer", None)  # its variables, once it made them
    slots = list(optimizer.variables) if getattr(optimizer, "built", False) else None
    return draw_summary(model.name, rows, list(model.trainable_weights),
                        list(model.non_trainable_weights), slots)
