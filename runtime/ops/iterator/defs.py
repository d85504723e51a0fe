"""Declarations of the ops that iterate over a dataset inside a graph: `MakeIteratorFromHeld`
and `MakeIterator` (a new Python iterator over the dataset held under a token, or held by a
variant tensor such as a function's dataset argument, each time it runs) and
`IteratorGetNextAsOptional` (its next element, and whether there was one)."""

from autograph.runtime.registry import shape_inference as si
from autograph.runtime.registry.op_registry import register_op


def _get_next_shape(c: si.InferenceContext) -> list:
    return [(), [tuple(s) if s is not None else None for s in c.attr("output_shapes")]]


register_op("MakeIteratorFromHeld").output("handle: resource").attr("token: string") \
    .set_is_stateful().set_shape_fn(si.scalar).doc(
        "A new iterator over the dataset held under token (a fresh pass on every run).")

register_op("MakeIterator").input("dataset: variant").output("handle: resource") \
    .set_is_stateful().set_shape_fn(si.scalar).doc(
        "A new iterator over the dataset the variant holds (a fresh pass on every run).")

register_op("IteratorGetNext").input("iterator: resource").output("components: output_types") \
    .attr("output_types: list(type) >= 1").attr("output_shapes: list(shape)") \
    .set_is_stateful().set_shape_fn(lambda c: [_get_next_shape(c)[1]]).doc(
        "The iterator's next element; OutOfRangeError once it is done.")

register_op("IteratorGetNextAsOptional").input("iterator: resource").output("has_value: bool") \
    .output("components: output_types").attr("output_types: list(type) >= 1") \
    .attr("output_shapes: list(shape)").set_is_stateful().set_shape_fn(_get_next_shape).doc(
        "The iterator's next element, and whether there was one (zeros when there was not).\n\n"
        "output_types, output_shapes: the flattened element's dtypes and shapes.")
