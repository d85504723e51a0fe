"""Keras's model summary: a table of the layers, their output shapes and parameter counts,
then the totals, drawn with box characters."""

from __future__ import annotations

from typing import Any

from autograph.runtime.core.tensor_shape import TensorShape

__all__ = ["draw_summary"]


def draw_summary(name: str, layers: list[tuple[Any, TensorShape]], total: int,
                 trainable: int) -> str:
    """Keras's summary table of `layers` (each with its output shape), and the totals."""
    widths = (33, 24, 15)
    rows = [(f"{layer.name} ({type(layer).__name__})",
             "?" if shape.rank is None else str(tuple(shape.as_list())),
             f"{layer.count_params():,}" if layer.built else "0 (unbuilt)")
            for layer, shape in layers]

    def line(cells: tuple[str, str, str], edge: str = "│") -> str:
        texts = [f" {cells[0]:<{widths[0] - 2}} ", f" {cells[1]:<{widths[1] - 2}} ",
                 f" {cells[2]:>{widths[2] - 2}} "]
        return edge + edge.join(texts) + edge

    def rule(left: str, middle: str, right: str, fill: str) -> str:
        return left + middle.join(fill * w for w in widths) + right

    out = [f'Model: "{name}"', rule("┏", "┳", "┓", "━"),
           line(("Layer (type)", "Output Shape", "Param #"), "┃"), rule("┡", "╇", "┩", "━")]
    for i, row in enumerate(rows):
        out.append(line(row))
        out.append(rule("├", "┼", "┤", "─") if i < len(rows) - 1 else rule("└", "┴", "┘", "─"))
    for label, count in (("Total", total), ("Trainable", trainable),
                         ("Non-trainable", total - trainable)):
        out.append(f" {label} params: {count:,} ({_size(count * 4)})")
    return "\n".join(out)


def _size(size: float) -> str:
    """Bytes in Keras's units, B to PB (from 1024 PB up Keras divides once more; not here)."""
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if size < 1024:
            return f"{size:.2f} {unit}"
        size /= 1024
    return f"{size:.2f} PB"
