"""Thread settings, as TensorFlow's `tf.config.threading`: intra-op threads (those one op uses:
the BLAS library's, set through `threadpoolctl`) and inter-op threads (those independent work
runs on: our own pools, the threads of a dataset `map` with `num_parallel_calls=AUTOTUNE` and
the default `cycle_length` of `interleave`, as tf.data runs on TensorFlow's inter-op pool).

0, the default, means the system's choice: BLAS as it was found, pools as big as the CPU
count. Unlike TensorFlow, which refuses a change once its runtime has started, a new setting
applies from then on (to pools made afterwards). `threadpoolctl` is an optional dependency
(`pip install "autograph[threads]"`), needed only to limit BLAS.

>>> set_inter_op_parallelism_threads(2)
>>> get_inter_op_parallelism_threads(), default_pool_size()
(2, 2)
>>> set_inter_op_parallelism_threads(0)
"""

from __future__ import annotations

import os
from typing import Any

__all__ = ["get_inter_op_parallelism_threads", "get_intra_op_parallelism_threads",
           "set_inter_op_parallelism_threads", "set_intra_op_parallelism_threads",
           "default_pool_size"]

_settings = {"intra": 0, "inter": 0}
_blas_limit: list[Any] = [None]  # threadpoolctl's limiter while BLAS is limited


def set_intra_op_parallelism_threads(num_threads: int) -> None:
    """Sets how many threads one op may use (BLAS, in matmul and the like); 0 restores the
    library's own number.

    Raises:
        ValueError: `num_threads` is not an int >= 0.
        ImportError: a limit is asked for and `threadpoolctl` is not installed.
    """
    n = _checked(num_threads, "intra")
    module = _threadpoolctl() if n else None  # fails before anything changes
    if _blas_limit[0] is not None:
        _blas_limit[0].restore_original_limits()
        _blas_limit[0] = None
    if module is not None:
        _blas_limit[0] = module.threadpool_limits(limits=n, user_api="blas")
    _settings["intra"] = n


def get_intra_op_parallelism_threads() -> int:
    """The number of threads one op may use; 0 means the system's choice."""
    return _settings["intra"]


def set_inter_op_parallelism_threads(num_threads: int) -> None:
    """Sets how many threads our pools run (dataset `map` with AUTOTUNE, `interleave`'s
    default cycle); 0 means one per CPU.

    Raises:
        ValueError: `num_threads` is not an int >= 0.
    """
    _settings["inter"] = _checked(num_threads, "inter")


def get_inter_op_parallelism_threads() -> int:
    """The number of threads our pools run; 0 means the system's choice."""
    return _settings["inter"]


def default_pool_size() -> int:
    """The threads a pool of ours runs when the caller leaves it to us: the inter-op setting,
    else the CPU count."""
    return _settings["inter"] or os.cpu_count() or 1


def _checked(num_threads: Any, kind: str) -> int:
    if isinstance(num_threads, bool) or not isinstance(num_threads, int) or num_threads < 0:
        raise ValueError(f"set_{kind}_op_parallelism_threads takes a number of threads, an int "
                         f">= 0 (0: the system's choice), got {num_threads!r}.")
    return int(num_threads)


def _threadpoolctl() -> Any:
    try:
        import threadpoolctl
    except ImportError:
        raise ImportError("Limiting the threads of BLAS needs threadpoolctl: pip install "
                          "'autograph[threads]' (or pip install threadpoolctl).") from None
    return threadpoolctl
