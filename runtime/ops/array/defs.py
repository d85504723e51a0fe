"""Declarations of the array ops: shapes, joining and splitting, gathering, slicing, padding.

Names, inputs and attrs follow TensorFlow's ops. Shape functions live in
`runtime/ops/array/shapes.py`, `gathering_shapes.py` and `slicing.py`, kernels in
`kernels/array_kernels.py`, the user-facing functions in `runtime/ops/array/ops.py`.
"""

from autograph.runtime.ops.array import gathering_shapes, shapes, slicing
from autograph.runtime.registry import shape_inference as si
from autograph.runtime.registry.op_registry import register_op

_INDEX = "{int32, int64} = DT_INT32"

register_op("Identity").input("input: T").output("output: T").attr("T: type") \
    .set_shape_fn(si.unchanged) \
    .doc("Returns a tensor with the same shape and contents as the input.")

register_op("StopGradient").input("input: T").output("output: T").attr("T: type") \
    .set_shape_fn(si.unchanged) \
    .doc("Passes the input on; gradients do not flow through it (they stop here).")

register_op("Reshape").input("tensor: T").input("shape: Tshape").output("output: T") \
    .attr("T: type").attr(f"Tshape: {_INDEX}").set_shape_fn(shapes.reshape) \
    .doc("Returns the tensor's elements, in order, with a new shape.\n\n"
         "shape: the new sizes; one of them may be -1, inferred from the element count.")

for _name, _summary in (("Shape", "Returns the shape of a tensor, as a vector."),
                        ("Size", "Returns the number of elements of a tensor.")):
    register_op(_name).input("input: T").output("output: out_type").attr("T: type") \
        .attr(f"out_type: {_INDEX}") \
        .set_shape_fn(shapes.shape_of if _name == "Shape" else si.scalar).doc(_summary)

register_op("BroadcastGradientArgs").input("s0: T").input("s1: T").output("r0: T") \
    .output("r1: T").attr(f"T: {_INDEX}") \
    .set_shape_fn(shapes.broadcast_gradient_args) \
    .doc("The axes to sum a gradient over for each of two broadcast shapes.\n\n"
         "r0: the axes of the broadcast result along which s0 was broadcast (reduce a "
         "gradient over them to get s0's); r1: the same for s1.")

register_op("Rank").input("input: T").output("output: int32").attr("T: type") \
    .set_shape_fn(si.scalar).doc("Returns the number of dimensions of a tensor.")

register_op("ExpandDims").input("input: T").input("dim: Tdim").output("output: T") \
    .attr("T: type").attr(f"Tdim: {_INDEX}").set_shape_fn(shapes.expand_dims) \
    .doc("Inserts a dimension of size 1.\n\n"
         "dim: where the new dimension goes, in [-rank - 1, rank].")

register_op("Squeeze").input("input: T").output("output: T").attr("T: type") \
    .attr("squeeze_dims: list(int) >= 0 = []").set_shape_fn(shapes.squeeze) \
    .doc("Removes dimensions of size 1.\n\n"
         "squeeze_dims: the dimensions to remove (each must have size 1); all when empty.")

register_op("Transpose").input("x: T").input("perm: Tperm").output("y: T").attr("T: type") \
    .attr(f"Tperm: {_INDEX}").set_shape_fn(shapes.transpose) \
    .doc("Permutes the dimensions: output dimension i is input dimension perm[i].")

register_op("ConcatV2").input("values: N * T").input("axis: Tidx").output("output: T") \
    .attr("N: int >= 1").attr("T: type").attr(f"Tidx: {_INDEX}").set_shape_fn(shapes.concat) \
    .doc("Joins tensors along an existing dimension.\n\n"
         "values: tensors of one rank, equal in every dimension but `axis`.")

register_op("Pack").input("values: N * T").output("output: T").attr("N: int >= 1") \
    .attr("T: type").attr("axis: int = 0").set_shape_fn(shapes.pack) \
    .doc("Stacks tensors of one shape along a new dimension.\n\n"
         "axis: where the new dimension goes, in [-rank - 1, rank].")

register_op("Unpack").input("value: T").output("output: num * T").attr("num: int >= 0") \
    .attr("T: type").attr("axis: int = 0").set_shape_fn(shapes.unpack) \
    .doc("Splits a tensor into its slices along a dimension, removing that dimension.\n\n"
         "num: the size of dimension `axis`.")

register_op("Split").input("split_dim: int32").input("value: T") \
    .output("output: num_split * T").attr("num_split: int >= 1").attr("T: type") \
    .set_shape_fn(shapes.split) \
    .doc("Splits a tensor into `num_split` equal parts along a dimension.\n\n"
         "split_dim: the dimension to split; its size must be a multiple of num_split.")

register_op("SplitV").input("value: T").input("size_splits: Tlen").input("split_dim: int32") \
    .output("output: num_split * T").attr("num_split: int >= 1").attr("T: type") \
    .attr("Tlen: {int8, int32, int64} = DT_INT64").set_shape_fn(shapes.split_v) \
    .doc("Splits a tensor into parts of the given sizes along a dimension.\n\n"
         "size_splits: the sizes of the parts; one may be -1, for what remains.")

register_op("Tile").input("input: T").input("multiples: Tmultiples").output("output: T") \
    .attr("T: type").attr(f"Tmultiples: {_INDEX}").set_shape_fn(shapes.tile) \
    .doc("Repeats a tensor `multiples[i]` times along each dimension i.")

register_op("GatherV2").input("params: Tparams").input("indices: Tindices") \
    .input("axis: Taxis").output("output: Tparams").attr("batch_dims: int = 0") \
    .attr("Tparams: type").attr("Tindices: {int16, int32, int64}") \
    .attr("Taxis: {int32, int64}").set_shape_fn(gathering_shapes.gather) \
    .doc("Gathers slices of params along `axis` at the given indices.\n\n"
         "indices: positions along `axis`, each in [0, params.shape[axis]).\n"
         "batch_dims: leading dimensions that params and indices share and gather in step.")

# TensorFlow's GatherNd has no batch_dims (its Python wrapper adds index ops); an attr keeps
# `gather_nd(..., batch_dims=b)` one op here.
register_op("GatherNd").input("params: Tparams").input("indices: Tindices") \
    .output("output: Tparams").attr("Tparams: type").attr("Tindices: {int16, int32, int64}") \
    .attr("batch_dims: int >= 0 = 0").set_shape_fn(gathering_shapes.gather_nd) \
    .doc("Gathers slices of params at coordinates given by the last dimension of indices.\n\n"
         "indices: coordinates into params, after its first batch_dims dimensions.\n"
         "batch_dims: leading dimensions that params and indices share and gather in step.")

# Scatters: ScatterNd makes a tensor of zeros; the TensorScatter ops start from `tensor`.
_SCATTER_INPUT = ("indices: coordinates into the output, in its last dimension.\n"
                  "updates: a value for each coordinate: shape indices.shape[:-1] + "
                  "shape[indices.shape[-1]:].")
register_op("ScatterNd").input("indices: Tindices").input("updates: T").input("shape: Tindices") \
    .output("output: T").attr("T: {numbertype, complextype, bool}") \
    .attr("Tindices: {int16, int32, int64}").set_shape_fn(gathering_shapes.scatter_nd) \
    .doc("A tensor of `shape`, zero but at the coordinates in indices, which hold the sum "
         "of their updates.\n\n" + _SCATTER_INPUT)
register_op("SparseToDense").input("sparse_indices: Tindices").input("output_shape: Tindices") \
    .input("sparse_values: T").input("default_value: T").output("dense: T") \
    .attr("validate_indices: bool = true").attr("T: type").attr("Tindices: {int32, int64}") \
    .set_shape_fn(gathering_shapes.sparse_to_dense) \
    .doc("A tensor of output_shape holding default_value, but sparse_values at the coordinates "
         "in sparse_indices.\n\n"
         "sparse_indices: coordinates, one row each ([N, R]; [N] or a scalar for R = 1).\n"
         "sparse_values: a value per coordinate ([N]), or one scalar for all.\n"
         "validate_indices: check that coordinates are in row-major order, distinct and in "
         "bounds.")
for _name, _types, _what in (
        ("TensorScatterUpdate", "type", "replaced by its update (the last, for repeats)"),
        ("TensorScatterAdd", "{numbertype, complextype}", "plus its updates"),
        ("TensorScatterSub", "{numbertype, complextype}", "minus its updates"),
        ("TensorScatterMin", "realnumbertype", "the least of it and its updates"),
        ("TensorScatterMax", "realnumbertype", "the greatest of it and its updates")):
    register_op(_name).input("tensor: T").input("indices: Tindices").input("updates: T") \
        .output("output: T").attr(f"T: {_types}").attr("Tindices: {int16, int32, int64}") \
        .set_shape_fn(gathering_shapes.tensor_scatter) \
        .doc(f"tensor, with each entry (or slice) at the coordinates in indices {_what}.\n\n"
             + _SCATTER_INPUT)

register_op("Slice").input("input: T").input("begin: Index").input("size: Index") \
    .output("output: T").attr("T: type").attr("Index: {int32, int64}") \
    .set_shape_fn(slicing.slice_shape) \
    .doc("Extracts the block of `size[i]` elements from `begin[i]` in each dimension i.\n\n"
         "size: the block's sizes; -1 takes the rest of the dimension.")

register_op("StridedSlice").input("input: T").input("begin: Index").input("end: Index") \
    .input("strides: Index").output("output: T").attr("T: type") \
    .attr("Index: {int16, int32, int64}").attr("begin_mask: int = 0").attr("end_mask: int = 0") \
    .attr("ellipsis_mask: int = 0").attr("new_axis_mask: int = 0") \
    .attr("shrink_axis_mask: int = 0").set_shape_fn(slicing.strided_slice_shape) \
    .doc("Extracts a strided slice, as Python's `x[begin:end:stride, ...]`.\n\n"
         "begin_mask: bit i set: begin[i] is ignored and the slice starts at the edge.\n"
         "end_mask: bit i set: end[i] is ignored and the slice runs to the edge.\n"
         "ellipsis_mask: bit i set: entry i is `...`, the dimensions no other entry takes.\n"
         "new_axis_mask: bit i set: entry i inserts a dimension of size 1.\n"
         "shrink_axis_mask: bit i set: entry i indexes begin[i] and removes that dimension.")

register_op("PadV2").input("input: T").input("paddings: Tpaddings") \
    .input("constant_values: T").output("output: T").attr("T: type") \
    .attr(f"Tpaddings: {_INDEX}").set_shape_fn(shapes.pad) \
    .doc("Pads a tensor with a constant value.\n\n"
         "paddings: an int matrix of shape (rank, 2): the counts before and after each "
         "dimension.")

register_op("MirrorPad").input("input: T").input("paddings: Tpaddings").output("output: T") \
    .attr("T: type").attr(f"Tpaddings: {_INDEX}").attr("mode: {'REFLECT', 'SYMMETRIC'}") \
    .set_shape_fn(shapes.mirror_pad) \
    .doc("Pads a tensor with mirrored copies of its edges.\n\n"
         "mode: REFLECT mirrors without the edge element, SYMMETRIC with it.")

register_op("ReverseV2").input("tensor: T").input("axis: Tidx").output("output: T") \
    .attr("Tidx: {int32, int64} = DT_INT32").attr("T: type").set_shape_fn(shapes.reverse) \
    .doc("Reverses the order of elements along the given dimensions.")

register_op("OneHot").input("indices: TI").input("depth: int32").input("on_value: T") \
    .input("off_value: T").output("output: T").attr("axis: int = -1").attr("T: type") \
    .attr("TI: {uint8, int8, int32, int64} = DT_INT64").set_shape_fn(gathering_shapes.one_hot) \
    .doc("Returns a one-hot tensor: on_value where an index matches, off_value elsewhere.\n\n"
         "depth: the size of the new dimension; indices outside [0, depth) give all off_value.\n"
         "axis: where the new dimension goes: -1 (last) or in [0, rank(indices)].")

register_op("Where").input("input: T").output("index: int64") \
    .attr("T: {numbertype, bool} = DT_BOOL").set_shape_fn(gathering_shapes.where) \
    .doc("Returns the coordinates of the true (non-zero) elements, shape (num_true, rank).")

register_op("SelectV2").input("condition: bool").input("t: T").input("e: T") \
    .output("output: T").attr("T: type").set_shape_fn(gathering_shapes.select) \
    .doc("Picks elements of t where condition is true and of e elsewhere, with broadcasting.")

register_op("BroadcastTo").input("input: T").input("shape: Tidx").output("output: T") \
    .attr("T: type").attr(f"Tidx: {_INDEX}").set_shape_fn(shapes.broadcast_to) \
    .doc("Broadcasts a tensor to a shape, with NumPy's broadcasting rules.")
