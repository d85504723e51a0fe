"""`ag.summary.experimental`: the default step, as `tf.summary.experimental`."""

from autograph.runtime.summary.summaries import get_step, set_step  # noqa: F401
