"""Samples of the summary ops (a no-op writer: nothing is written)."""

import numpy as np

from autograph.runtime.summary.writer import create_noop_writer
from tests.op_testing import OpSample

_NOWHERE = create_noop_writer()

SAMPLES = [
    OpSample("WriteSummary", [np.float32(0.5), np.int64(3), np.bool_(False)],
             {"writer": _NOWHERE.token, "tag": "loss", "kind": "scalar"}),
    OpSample("WriteSummary", [np.array([1.0, 2.0]), np.int64(3), np.bool_(True)],
             {"writer": _NOWHERE.token, "tag": "w", "kind": "histogram"}),
    OpSample("FlushSummaryWriter", [], {"writer": _NOWHERE.token}),
]
