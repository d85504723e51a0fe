"""Samples of the control-flow ops and of the TensorList ops behind TensorArray.

Branches and bodies are function graphs traced here, from argument tensors whose dtypes and
static shapes fix those of the functions' inputs. Tensor-list inputs are variant tensors
holding a `TensorList`; lists are persistent, so the samples that derive new lists from them
leave them unchanged for the others.
"""

import numpy as np

import autograph.kernels.list_kernels  # noqa: F401
from autograph.runtime.core import dtypes
from autograph.runtime.core.errors import hold_error
from autograph.runtime.graph.func_graph import func_graph_from_py_func
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.list.tensor_array import TensorList, variant_tensor
from tests.op_testing import OpSample

F32, I32 = dtypes.float32, dtypes.int32


def _arg(shape, dtype=np.float32):
    return convert_to_tensor(np.zeros(shape, dtype))


def _function(name, fn, *args):
    return func_graph_from_py_func(name, fn, args)


_PAIR = (_arg((2,)), _arg((2,)))
_THEN = _function("sample_then", lambda a, b: a * b, *_PAIR)
_ELSE = _function("sample_else", lambda a, b: a - b, *_PAIR)
_BRANCHES = (_THEN, _ELSE, _function("sample_add", lambda a, b: a + b, *_PAIR))
_COND = _function("sample_cond", lambda i, x: i < 5, _arg((), np.int32), _arg((3,)))
_BODY = _function("sample_body", lambda i, x: (i + 1, x * 2.0), _arg((), np.int32), _arg((3,)))
_A, _B = np.array([1.0, 2.0], np.float32), np.array([3.0, 4.0], np.float32)


def _list(items, element_shape=None, dtype=F32):
    """A variant tensor holding a tensor list of `items` (None: an element never set)."""
    arrays = [None if x is None else np.asarray(x, dtype.np_dtype) for x in items]
    return variant_tensor(TensorList(dtype, element_shape, arrays))


_ROWS = _list([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], (2,))
_GAPS = _list([[1.0, 2.0], None, None], (2,))
_PIECES = _list([[[1.0, 2.0]], [[3.0, 4.0], [5.0, 6.0]]], (None, 2))
_SHAPE_2 = np.array([2], np.int32)
_HELD = hold_error(ValueError("held"))  # never raised: the samples' condition is false

SAMPLES = [
    OpSample("If", [np.bool_(True), [_A, _B]],
             {"Tout": [F32], "then_branch": _THEN, "else_branch": _ELSE}),
    OpSample("If", [np.bool_(False), [_A, _B]],
             {"Tout": [F32], "then_branch": _THEN, "else_branch": _ELSE,
              "output_shapes": [(2,)]}),
    OpSample("Case", [np.int32(1), [_A, _B]], {"Tout": [F32], "branches": _BRANCHES}),
    OpSample("Case", [np.int32(9), [_A, _B]], {"Tout": [F32], "branches": _BRANCHES}),
    OpSample("While", [[np.int32(0), np.ones(3, np.float32)]], {"cond": _COND, "body": _BODY}),
    OpSample("Assert", [np.bool_(True), [np.array([1, 2]), np.array(["shown"], object)]]),
    OpSample("CheckDefined", [np.array([1.0, 2.0], np.float32), np.bool_(True)],
             {"message": "'x' has no value"}),
    OpSample("RaiseIf", [np.bool_(False)], {"token": _HELD, "message": "ValueError: held"}),
    OpSample("EmptyTensorList", [_SHAPE_2, np.int32(-1)], {"element_dtype": F32}),
    OpSample("TensorListReserve", [np.array([-1, 3], np.int64), np.int32(4)],
             {"element_dtype": dtypes.int64}),
    OpSample("TensorListFromTensor", [np.arange(6.0).reshape(3, 2), _SHAPE_2]),
    OpSample("AddN", [[_ROWS, _GAPS]]),
    OpSample("TensorListSetItem", [_ROWS, np.int32(1), _A]),
    OpSample("TensorListSetItem", [_ROWS, np.int32(5), _A],
             {"resize_if_index_out_of_bounds": True}),
    OpSample("TensorListGetItem", [_ROWS, np.int32(2), _SHAPE_2], {"element_dtype": F32}),
    OpSample("TensorListGetItem", [_GAPS, np.int32(1), np.array(-1, np.int32)],
             {"element_dtype": F32}),
    OpSample("TensorListStack", [_ROWS, _SHAPE_2], {"element_dtype": F32}),
    OpSample("TensorListStack", [_GAPS, np.array(-1, np.int32)],
             {"element_dtype": F32, "num_elements": 3}),
    OpSample("TensorListStack", [_list([], (2, 1)), np.array([-1, 1], np.int32)],
             {"element_dtype": F32}),
    OpSample("TensorListGather", [_ROWS, np.array([2, 0], np.int32), _SHAPE_2],
             {"element_dtype": F32}),
    OpSample("TensorListScatterIntoExistingList",
             [_ROWS, np.ones((2, 2), np.float32), np.array([0, 4], np.int32)]),
    OpSample("TensorListConcatV2", [_PIECES, np.array([-1, 2], np.int32), np.zeros(0, np.int64)],
             {"element_dtype": F32}),
    OpSample("TensorListConcatV2", [_list([None, [[1.0]]], (None, 1)),
                                    np.array([-1, 1], np.int64), np.array([2], np.int64)],
             {"element_dtype": F32}),
    OpSample("TensorListLength", [_ROWS]),
    OpSample("TensorListPushBack", [_ROWS, _B]),
    OpSample("TensorListPopBack", [_ROWS, _SHAPE_2], {"element_dtype": F32}),
    OpSample("TensorListElementShape", [_PIECES], {"shape_type": I32}),
    OpSample("TensorListElementShape", [_list([], None)], {"shape_type": dtypes.int64}),
    OpSample("TensorListResize", [_ROWS, np.int32(5)]),
]
