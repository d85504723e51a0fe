"""FarmHash's Fingerprint64, the hash behind `ag.strings.to_hash_bucket_fast`, from the
optional `pyfarmhash` package (imported at first use): TensorFlow buckets a string by
`farmhash::Fingerprint64(s) % num_buckets`, so the same package gives the same buckets."""

from __future__ import annotations

import importlib
from typing import Any, Callable

MISSING = ('ag.strings.to_hash_bucket_fast hashes with FarmHash, from the pyfarmhash package: '
           'pip install "autograph-dataflow[strings]" (or pip install pyfarmhash).')

_fingerprint64: Callable[[bytes], int] | None = None


def require() -> Any:
    """The pyfarmhash module; ImportError naming the package to install when it is missing."""
    try:
        return importlib.import_module("farmhash")  # the import name of pyfarmhash
    except ImportError:
        raise ImportError(MISSING) from None


def fingerprint64(data: bytes) -> int:
    """FarmHash Fingerprint64 of `data`, an unsigned 64-bit integer; ImportError naming the
    package to install when pyfarmhash is missing."""
    global _fingerprint64
    if _fingerprint64 is None:
        _fingerprint64 = require().fingerprint64
    return _fingerprint64(data)
