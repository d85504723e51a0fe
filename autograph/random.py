"""`ag.random`: random tensors and the global seed."""

from autograph.impl.tracebacks import filter_exports as _filter_exports  # noqa: E402
from autograph.runtime.ops.random.ops import *  # noqa: F401,F403
from autograph.runtime.ops.random.sampling import categorical, gamma, poisson, shuffle  # noqa: F401
from autograph.runtime.ops.random.stateless import (  # noqa: F401
    stateless_normal,
    stateless_truncated_normal,
    stateless_uniform,
)
from autograph.runtime.ops.state.ops import truncated_normal  # noqa: F401
from autograph.runtime.state.random_generator import (  # noqa: F401
    Generator,
    get_global_generator,
    set_global_generator,
)

_filter_exports(globals())  # errors show the user's frames

