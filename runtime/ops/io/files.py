"""Files for the io ops and readers: TensorFlow's errors for a file that cannot be opened,
and writing through a temporary file.

>>> str(os_error(FileNotFoundError(2, "No such file or directory"), "data.bin"))
'data.bin; No such file or directory'
"""

from __future__ import annotations

import errno
import os
import tempfile

from autograph.runtime.core import errors


def os_error(error: OSError, path: str) -> errors.OpError:
    """The TensorFlow error for an `OSError` on `path`: its message is `"<path>; <reason>"`."""
    message = f"{path}; {error.strerror or error}"
    if error.errno == errno.ENOENT:
        return errors.NotFoundError(message)
    if error.errno in (errno.EISDIR, errno.ENOTDIR):
        return errors.FailedPreconditionError(message)
    if error.errno in (errno.EACCES, errno.EPERM):
        return errors.PermissionDeniedError(message)
    return errors.UnknownError(message)


def read_bytes(path: str) -> bytes:
    """The bytes of the file at `path`, or TensorFlow's error for it."""
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise os_error(e, path) from None


def write_bytes(path: str, data: bytes) -> None:
    """Writes `data` to `path` (making the missing directories), through a temporary file
    renamed into place, so a reader never sees half of it."""
    directory = os.path.dirname(path) or "."
    try:
        os.makedirs(directory, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=directory, prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError as e:
        raise os_error(e, path) from None
