"""Samples of the graph-structure ops (`Placeholder` has none: it only runs when fed)."""

import numpy as np

from tests.op_testing import OpSample

SAMPLES = [
    OpSample("PlaceholderWithDefault", [np.ones((2, 3), np.float32)], {"shape": (None, 3)}),
    OpSample("PlaceholderWithDefault", [np.array(["a"], object)], {"shape": None}),
    OpSample("NoOp", []),
]
