"""Kernels of `WriteSummary` and `FlushSummaryWriter`: the writer a function was traced with,
found by its token, writes the value on the host.

>>> import numpy as np
>>> write_summary(None, np.float32(1.0), np.int64(0), np.bool_(False), writer="none",
...               tag="loss", kind="scalar", description="", buckets=30, max_outputs=3,
...               sample_rate=0.0)
array(False)
"""

from __future__ import annotations

import numpy as np

from autograph.kernels.common import BOTH
from autograph.runtime.registry.kernel_registry import register_kernel
from autograph.runtime.summary.writer import lookup


@register_kernel("WriteSummary", device=BOTH,
                 host_memory=("tensor", "step", "record", "written"))
def write_summary(ctx, tensor, step, record, writer, tag, kind, description, buckets,
                  max_outputs, sample_rate):
    if not bool(record):
        return np.array(False)
    lookup(writer).write(kind, tag, np.asarray(tensor), int(step), description=description,
                         buckets=buckets, max_outputs=max_outputs, sample_rate=sample_rate)
    return np.array(True)


@register_kernel("FlushSummaryWriter", device=BOTH)
def flush_summary_writer(ctx, writer):
    lookup(writer).flush()
