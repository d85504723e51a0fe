"""Error types raised by the runtime, mirroring TensorFlow's `tf.errors`.

Every error carries a human-readable message that says what went wrong, where (the op, the
argument) and what to do about it. `OpError.op_name` names the op at fault when there is one.

>>> try:
...     raise InvalidArgumentError("bad axis", op_name="Sum")
... except OpError as e:
...     print(e.op_name, "-", e)
Sum - bad axis [Op:Sum]
"""

from __future__ import annotations

import itertools


class OpError(Exception):
    """Base class of the errors an op can raise while being built or run."""

    error_code = 2  # UNKNOWN, as in TensorFlow's error_codes.proto

    def __init__(self, message: str, op_name: str | None = None):
        self.message = message
        self.op_name = op_name
        super().__init__(message)

    def __str__(self) -> str:
        return f"{self.message} [Op:{self.op_name}]" if self.op_name else self.message


class CancelledError(OpError):
    error_code = 1


class InvalidArgumentError(OpError):
    """An argument (input, attr, shape, dtype) is not acceptable to an op."""

    error_code = 3


class NotFoundError(OpError):
    """Something looked up by name (an op, a kernel, a device) does not exist."""

    error_code = 5


class UnknownError(OpError):
    """An error of no other kind (an operating system error while reading a file)."""

    error_code = 2


class PermissionDeniedError(OpError):
    """The caller may not do the operation (a file it may not read or write)."""

    error_code = 7


class AlreadyExistsError(OpError):
    """Something registered by name (an op) is registered already."""

    error_code = 6


class FailedPreconditionError(OpError):
    """The system is not in a state in which the operation can run."""

    error_code = 9


class OutOfRangeError(OpError):
    """An index or iteration went past the valid range."""

    error_code = 11


class UnimplementedError(OpError):
    """The operation is not implemented (for this device or dtype)."""

    error_code = 12


class InternalError(OpError):
    """An invariant of the runtime was broken: a bug, please report it."""

    error_code = 13


class ResourceExhaustedError(OpError):
    """Memory or another resource ran out."""

    error_code = 8


class UnavailableError(OpError):
    """A service a computation needs went away (a worker of a distribution strategy died);
    retrying may succeed."""

    error_code = 14


class DataLossError(OpError):
    """Stored data (a checkpoint file) is corrupt or unreadable."""

    error_code = 15


__all__ = [
    "OpError",
    "CancelledError",
    "InvalidArgumentError",
    "NotFoundError",
    "AlreadyExistsError",
    "PermissionDeniedError",
    "UnknownError",
    "FailedPreconditionError",
    "OutOfRangeError",
    "UnimplementedError",
    "InternalError",
    "ResourceExhaustedError",
    "UnavailableError",
    "DataLossError",
]


# Python exceptions that an op raises when its graph runs (`RaiseIf`), held by token -------
_held: dict[str, BaseException] = {}
_held_count = itertools.count()
_HELD_MARK = "_runtime_held_token"


def hold_error(error: BaseException) -> str:
    """Keeps `error` for an op to raise later; returns the token the op names it by. Its
    traceback is dropped (it would keep the frames, and the graph, alive); `release_error`
    forgets it."""
    token = f"error{next(_held_count)}"
    error.__traceback__ = None
    error.__context__ = None
    setattr(error, _HELD_MARK, token)
    _held[token] = error
    return token


def held_error(token: str) -> BaseException:
    """The exception held under `token`."""
    try:
        return _held[token]
    except KeyError:
        raise NotFoundError(f"No exception is held under {token!r}: the graph that raises it "
                            f"was made in another process, or has been deleted.") from None


def is_held(error: BaseException) -> bool:
    """Whether `error` is raised by ops as it is: a held exception, or one `raise_as_is`
    marked."""
    if getattr(error, _AS_IS_MARK, False):
        return True
    token = getattr(error, _HELD_MARK, None)
    return token is not None and _held.get(token) is error


_AS_IS_MARK = "_runtime_raise_as_is"


def raise_as_is(error: BaseException) -> BaseException:
    """Marks `error`, raised by the program's own Python code that an op called (`py_function`),
    to leave the executor as it is, its traceback (the program's frames) kept; returns it."""
    setattr(error, _AS_IS_MARK, True)
    return error


def release_error(token: str) -> None:
    _held.pop(token, None)
