"""Declarations of the matrix products: `MatMul`, `BatchMatMulV2` and `Einsum`.

`parse_einsum_equation` is shared by Einsum's shape function and `tensordot`'s front-end
checks. An equation names each dimension of each input with a letter (`"ij,jk->ik"`); `...`
stands for broadcast dimensions; without `->` the output is `...` followed by the letters that
appear once, sorted, as in NumPy and TensorFlow.

>>> parse_einsum_equation("...ij,jk", 2)
([['.', 'i', 'j'], ['j', 'k']], None)
"""

from __future__ import annotations

from collections import Counter

from autograph.runtime.core.tensor_shape import format_raw
from autograph.runtime.registry import shape_inference as si
from autograph.runtime.registry.op_registry import register_op

ELLIPSIS = "."  # how a parsed equation holds `...`


def _matmul_dims(c: si.InferenceContext, a, b, trans_a: bool, trans_b: bool, flags: str):
    """(rows, cols) of the product of two matrices of shapes a and b (2-tuples)."""
    rows, inner_a = (a[1], a[0]) if trans_a else (a[0], a[1])
    inner_b, cols = (b[1], b[0]) if trans_b else (b[0], b[1])
    if inner_a is not None and inner_b is not None and inner_a != inner_b:
        raise c.error(f"Matrix size-incompatible: the inner dimensions {inner_a} and {inner_b} "
                      f"differ ({flags}). Transpose an input, or check the shapes.")
    return rows, cols


def _matmul_shape(c: si.InferenceContext) -> list:
    a = si.with_rank(c, c.shape(0), 2, "a")
    b = si.with_rank(c, c.shape(1), 2, "b")
    ta, tb = c.attr("transpose_a"), c.attr("transpose_b")
    flags = f"a: {format_raw(a)}, transpose_a={ta}; b: {format_raw(b)}, transpose_b={tb}"
    return [_matmul_dims(c, a, b, ta, tb, flags)]


register_op("MatMul").input("a: T").input("b: T").output("product: T") \
    .attr("transpose_a: bool = false").attr("transpose_b: bool = false") \
    .attr("T: {numbertype, complextype}").set_shape_fn(_matmul_shape).doc(
        "Multiplies matrix a by matrix b.\n\n"
        "a: a matrix (rank 2).\n"
        "b: a matrix of the same dtype.\n"
        "transpose_a: whether to use a's transpose.\n"
        "transpose_b: whether to use b's transpose.")


def _batch_matmul_shape(c: si.InferenceContext) -> list:
    x, y = c.shape(0), c.shape(1)
    for shape, what in ((x, "x"), (y, "y")):
        if shape is not None and len(shape) < 2:
            raise c.error(f"{what} must have rank >= 2 (a batch of matrices), but its shape is "
                          f"{format_raw(shape)}.")
    if x is None or y is None:
        return [None]
    adj_x, adj_y = c.attr("adj_x"), c.attr("adj_y")
    flags = f"x: {format_raw(x)}, adj_x={adj_x}; y: {format_raw(y)}, adj_y={adj_y}"
    rows, cols = _matmul_dims(c, x[-2:], y[-2:], adj_x, adj_y, flags)
    return [si.broadcast_shapes(c, x[:-2], y[:-2]) + (rows, cols)]


register_op("BatchMatMulV2").input("x: T").input("y: T").output("output: T") \
    .attr("T: {float16, float32, float64, int16, int32, int64, uint8, uint16, uint32, uint64, "
          "complex64, complex128}") \
    .attr("adj_x: bool = false").attr("adj_y: bool = false") \
    .set_shape_fn(_batch_matmul_shape).doc(
        "Multiplies the matrices in the last two dimensions of x and y, broadcasting the rest.\n\n"
        "x: a tensor of rank >= 2.\n"
        "y: a tensor of rank >= 2 and the same dtype.\n"
        "adj_x: whether to use the adjoint (for real numbers the transpose) of x's matrices.\n"
        "adj_y: whether to use the adjoint of y's matrices.")


def parse_einsum_equation(equation: str, num_inputs: int) -> tuple[list[list[str]], list | None]:
    """The labels of each input and of the output (None when the equation leaves it implicit).

    `...` becomes the label `ELLIPSIS`. Raises ValueError, saying what is wrong, for a malformed
    equation or one with a number of inputs other than `num_inputs`.
    """
    text = equation.replace(" ", "")
    if text.count("->") > 1:
        raise ValueError(f"einsum equation {equation!r} has more than one '->'.")
    lhs, arrow, rhs = text.partition("->")
    terms = lhs.split(",")
    if len(terms) != num_inputs:
        raise ValueError(f"einsum equation {equation!r} has {len(terms)} input subscript(s) "
                         f"but {num_inputs} input tensor(s) were given.")
    inputs = [_labels(term, equation) for term in terms]
    if not arrow:
        return inputs, None
    output = _labels(rhs, equation)
    repeated = sorted(label for label, n in Counter(output).items() if n > 1)
    if repeated:
        raise ValueError(f"einsum equation {equation!r}: output subscript(s) {repeated} appear "
                         f"more than once.")
    known = {label for labels in inputs for label in labels}
    missing = [label for label in output if label != ELLIPSIS and label not in known]
    if missing:
        raise ValueError(f"einsum equation {equation!r}: output subscript(s) {missing} appear "
                         f"in no input.")
    return inputs, output


def _labels(term: str, equation: str) -> list[str]:
    if term.count("...") > 1:
        raise ValueError(f"einsum equation {equation!r}: '...' appears more than once in "
                         f"{term!r}.")
    head, dots, tail = term.partition("...")
    for ch in head + tail:
        if not (ch.isascii() and ch.isalpha()):
            raise ValueError(f"einsum equation {equation!r}: invalid subscript {ch!r}; use "
                             f"letters a-z and A-Z, ',' between inputs, '->' before the output "
                             f"and '...' for broadcast dimensions.")
    return list(head) + ([ELLIPSIS] if dots else []) + list(tail)


def _einsum_shape(c: si.InferenceContext) -> list:
    equation = c.attr("equation")
    shapes = c.shape(0)
    try:
        inputs, output = parse_einsum_equation(equation, len(shapes))
    except ValueError as e:
        raise c.error(str(e)) from None
    sizes: dict[str, int | None] = {}
    broadcast: tuple | None = ()  # the `...` dimensions of all inputs, broadcast together
    for i, (labels, shape) in enumerate(zip(inputs, shapes)):
        named = [label for label in labels if label != ELLIPSIS]
        if shape is None:
            for label in named:
                sizes.setdefault(label, None)
            if ELLIPSIS in labels:
                broadcast = None
            continue
        if ELLIPSIS in labels:
            if len(shape) < len(named):
                raise c.error(f"einsum {equation!r}: input {i} has shape {format_raw(shape)}, "
                              f"fewer dimensions than its {len(named)} subscripts.")
            start = labels.index(ELLIPSIS)
            stop = start + len(shape) - len(named)
            if broadcast is not None:
                broadcast = si.broadcast_shapes(c, broadcast, shape[start:stop])
            shape = shape[:start] + shape[stop:]
        elif len(shape) != len(named):
            raise c.error(f"einsum {equation!r}: input {i} has shape {format_raw(shape)}, but "
                          f"its subscripts name {len(named)} dimension(s).")
        for label, size in zip(named, shape):
            have = sizes.get(label)
            if have is not None and size is not None and have != size:
                raise c.error(f"einsum {equation!r}: subscript {label!r} stands for size {have} "
                              f"and, in input {i} of shape {format_raw(shapes[i])}, for size "
                              f"{size}; every dimension a subscript names must be equal.")
            sizes[label] = size if have is None else have
    if output is None:
        counts = Counter(label for labels in inputs for label in labels if label != ELLIPSIS)
        output = ([ELLIPSIS] if any(ELLIPSIS in labels for labels in inputs) else []) + sorted(
            label for label, n in counts.items() if n == 1)
    elif ELLIPSIS not in output and broadcast:
        raise c.error(f"einsum {equation!r}: the inputs' '...' dimensions "
                      f"{format_raw(broadcast)} must appear in the output; add '...' to it.")
    if ELLIPSIS in output and broadcast is None:
        return [None]
    dims: list = []
    for label in output:
        dims.extend((broadcast or ()) if label == ELLIPSIS else [sizes[label]])
    return [tuple(dims)]


register_op("Einsum").input("inputs: N * T").output("output: T").attr("equation: string") \
    .attr("N: int >= 1") \
    .attr("T: {float16, float32, float64, int32, int64, complex64, complex128}") \
    .set_shape_fn(_einsum_shape).doc(
        "Contracts tensors as an Einstein summation equation says.\n\n"
        "inputs: one tensor per input subscript of the equation, all of one dtype.\n"
        "equation: such as 'ij,jk->ik' (matrix product), 'bij,bjk->bik' or '...ii->...i'.")
