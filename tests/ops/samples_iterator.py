"""Op samples for the dataset iterator ops: a held endless dataset, and an iterator over it."""

import itertools

import numpy as np

from autograph.runtime.core import dtypes
from autograph.runtime.core.held_objects import hold
from autograph.runtime.eager.dispatch import execute
from autograph.runtime.ops.list.tensor_array import variant_tensor
from tests.op_testing import OpSample

_ELEMENT = (np.float32(1.5), np.array([1, 2], np.int32))
_ENDLESS = hold(itertools.repeat(_ELEMENT), "dataset")  # held for the whole test session
_ITERATOR = execute("MakeIteratorFromHeld", [], {"token": _ENDLESS})

SAMPLES = [
    OpSample("MakeIteratorFromHeld", [], {"token": _ENDLESS}),
    OpSample("MakeIterator", [variant_tensor(itertools.repeat(_ELEMENT))]),
    OpSample("IteratorGetNext", [_ITERATOR],
             {"output_types": [dtypes.float32, dtypes.int32], "output_shapes": [(), (2,)]}),
    OpSample("IteratorGetNextAsOptional", [_ITERATOR],
             {"output_types": [dtypes.float32, dtypes.int32], "output_shapes": [(), (2,)]}),
]
