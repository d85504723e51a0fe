"""`ag.sparse`: sparse tensors and the functions over them, as `tf.sparse`.

A `SparseTensor` is its coordinates, values and dense shape; these functions compose dense ops
over them, so they run eagerly, in functions and under a gradient tape alike.
"""

import sys as _sys

from autograph.impl.coverage import install_namespace as _install_namespace
from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.ops.sparse.concat import concat
from autograph.runtime.ops.sparse.ops import *  # noqa: F403
from autograph.runtime.ops.sparse.ops import __all__ as _ops_names

__all__ = [*_ops_names, "concat"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
_install_namespace(_sys.modules[__name__])  # loaded on first use: autograph/__init__.py
