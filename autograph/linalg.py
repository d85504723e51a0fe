"""`ag.linalg`: linear algebra, as `tf.linalg` groups it.

`matmul`, `einsum` and `tensordot` are the runtime's ops, and so are the decompositions `eigh`,
`svd` and `qr` (LAPACK); the rest compose from ops (masks with `eye`, reductions, `matmul`;
factorisations and solves in `linalg_solve`; `pinv`, `matrix_rank` and `lstsq` from the
decompositions). Matrices are the
last two axes; earlier axes are batch axes. Functions that need a matrix's size (`diag_part`,
`set_diag`, `band_part`, `trace`) need it known when they are called, in a graph as eagerly.
"""

import sys as _sys

from autograph.impl.coverage import install_namespace as _install_namespace
from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.ops.linalg import decompositions as _decompositions
from autograph.runtime.ops.linalg.decompositions import *  # noqa: F403
from autograph.runtime.ops.linalg.matrix import *  # noqa: F403
from autograph.runtime.ops.linalg.matrix import __all__ as _matrix_names

__all__ = [*_matrix_names, *_decompositions.__all__]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
_install_namespace(_sys.modules[__name__])  # loaded on first use: autograph/__init__.py
