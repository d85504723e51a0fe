"""`ag.dtypes`: the dtypes and their helpers, as `tf.dtypes` groups them."""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.core.dtypes import (  # noqa: F401,A004
    DType,
    as_dtype,
    complex64,
    complex128,
    double,
    float16,
    float32,
    float64,
    half,
    int8,
    int16,
    int32,
    int64,
    resource,
    string,
    uint8,
    uint16,
    uint32,
    uint64,
    variant,
)
from autograph.runtime.core.dtypes import bool_ as bool  # noqa: F401,A004
from autograph.runtime.ops.complex.ops import complex  # noqa: F401,A004
from autograph.runtime.ops.creation.ops import cast  # noqa: F401

_filter_exports(globals())  # errors show the user's frames
