"""`ag.debugging`: assertions, numerics checks, and the switch of traceback filtering (as
`tf.debugging`)."""

from autograph.impl.tracebacks import filter_exports as _filter_exports  # noqa: E402
from autograph.runtime.core.traceback_utils import (  # noqa: F401
    disable_traceback_filtering,
    enable_traceback_filtering,
    is_traceback_filtering_enabled,
)
from autograph.runtime.ops.checks.assertions import (  # noqa: F401
    assert_equal,
    assert_greater,
    assert_greater_equal,
    assert_integer,
    assert_less,
    assert_less_equal,
    assert_negative,
    assert_non_negative,
    assert_non_positive,
    assert_none_equal,
    assert_positive,
    assert_rank,
    assert_rank_at_least,
    assert_rank_in,
    assert_scalar,
    assert_type,
)
from autograph.runtime.ops.checks.device_placement import set_log_device_placement  # noqa: F401
from autograph.runtime.ops.checks.numerics import (  # noqa: F401
    assert_all_finite,
    check_numerics,
    disable_check_numerics,
    enable_check_numerics,
)
from autograph.runtime.ops.checks.shapes import assert_shapes  # noqa: F401
from autograph.runtime.ops.control_flow.ops import Assert  # noqa: F401

_filter_exports(globals())  # errors show the user's frames
