"""Samples of the logging ops behind `ag.print` (`PrintV2` writes its sample to stderr)."""

import numpy as np

from tests.op_testing import OpSample

SAMPLES = [
    OpSample("StringFormat", [[np.arange(8, dtype=np.int64), np.array([[1.5, 2.0]], np.float32),
                               np.array(True)]],
             {"template": "a={} b={} c={}", "placeholder": "{}"}),
    OpSample("StringFormat", [[]], {"template": "no tensors"}),
    OpSample("PrintV2", [np.array(b"printed by the PrintV2 sample", dtype=object)],
             {"output_stream": "stderr"}),
]
