"""`settle_host_allocator()`: glibc's `malloc` set, once, to the thresholds that its own
adjustment moves toward, so that the arrays one run of a plan frees serve the next run instead
of going back to the system and returning page by page.

glibc serves a block over M_MMAP_THRESHOLD with an `mmap` of its own, and gives memory back to
the system once more than M_TRIM_THRESHOLD lies free at the top of its heap. Both start at
128 KiB and rise as the program frees large blocks, up to 32 MiB and 64 MiB on 64-bit systems,
but only as far as the largest block freed so far. A training step that keeps a recurrent
loop's values for its gradient frees some 20 MiB of 32-128 KiB arrays at its end; glibc gives
that back, and the next step takes it again a 4 KiB page at a time, each a fault that zeroes
the page. Measured on a 2-core x86_64 machine (Python 3.11, glibc), the LSTM step of
`benchmarks/lstm_step.py`: 8 200-9 300 minor page faults and 55-58 ms a step with glibc's
defaults, none and 41-43 ms with these thresholds. The MLP and CNN steps of `training_step.py`
and `digits_cnn.py` neither gain nor lose (their arrays stay within what glibc keeps).

The cost: up to 64 MiB of freed memory stays with the process, as the allocators of other
frameworks keep theirs. Only glibc is touched (Linux), once, when the first plan is made;
never where the environment sets glibc's malloc itself (`MALLOC_*_` variables,
`GLIBC_TUNABLES`), and not with `AUTOGRAPH_MALLOC_DEFAULTS=1`.
"""

from __future__ import annotations

import os
import sys
from typing import Any

__all__ = ["settle_host_allocator"]

M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3  # mallopt's parameters (malloc.h)
MMAP_THRESHOLD = 32 << 20  # glibc's DEFAULT_MMAP_THRESHOLD_MAX on 64-bit systems
TRIM_THRESHOLD = 2 * MMAP_THRESHOLD  # where glibc's adjustment puts it: twice the above
# Environment variables through which a program sets glibc's malloc itself.
_USER_SETTINGS = ("MALLOC_TRIM_THRESHOLD_", "MALLOC_MMAP_THRESHOLD_", "MALLOC_TOP_PAD_",
                  "MALLOC_MMAP_MAX_")

_settled = False


def settle_host_allocator() -> None:
    """Sets glibc's malloc thresholds (see the module's docstring), the first time only."""
    global _settled
    if _settled:
        return
    _settled = True
    if not wanted(os.environ):
        return
    libc = glibc()
    if libc is not None:
        libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)
        libc.mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD)


def wanted(environment: Any) -> bool:
    """Whether the thresholds are ours to set: not opted out of, and not set by the program."""
    if environment.get("AUTOGRAPH_MALLOC_DEFAULTS", "") not in ("", "0"):
        return False
    if "glibc.malloc" in environment.get("GLIBC_TUNABLES", ""):
        return False
    return not any(name in environment for name in _USER_SETTINGS)


def glibc() -> Any:
    """The C library as a `ctypes` library where it is glibc, else None."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        version = os.confstr("CS_GNU_LIBC_VERSION") or ""
    except (ValueError, OSError):  # a C library that does not know the name: not glibc
        return None
    if not version.startswith("glibc"):
        return None
    import ctypes  # here: loading it costs an import of every program that never plans
    return ctypes.CDLL(None)
