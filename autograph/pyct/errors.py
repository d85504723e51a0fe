"""Errors of the converter: `ConversionError` (`UnsupportedLanguageElementError`), `StagingError`.

`ConversionError` is raised while converting (unsupported syntax, missing source) and names the
construct, the file and line, and what to do instead. `StagingError` wraps an error raised
while a converted function runs or traces, when the original exception type cannot be kept.
"""

from __future__ import annotations


class ConversionError(Exception):
    """A function cannot be converted; the message says where and what to do instead.

    `ag.function` then runs the function as written, as TensorFlow does, unless
    `unconverted_fallback` is False: where running it unconverted could give a wrong answer
    without an error.
    """

    unconverted_fallback = True


class UnsupportedLanguageElementError(ConversionError, NotImplementedError):
    """Python syntax that cannot be converted at all, such as a generator's `yield`.

    It is a `NotImplementedError` as TensorFlow's `UnsupportedLanguageElementError` is (recorded
    from TensorFlow 2.21: its bases are `PyCTError` and `NotImplementedError`), so code that
    catches what TensorFlow raises catches it too.
    """


class StagingError(Exception):
    """An error raised inside converted code, reported at the user's original lines."""


class KeyErrorWithMessage(KeyError):
    """A KeyError raised again at the user's lines: it prints its message as written (a
    KeyError prints the repr of its key, which would show the message on one line, escaped),
    and keeps the key as its argument. It shows and names itself as a KeyError."""

    def __init__(self, message: str, *args: object):
        super().__init__(*args)
        self.text = message

    def __str__(self) -> str:
        return self.text


KeyErrorWithMessage.__name__ = KeyErrorWithMessage.__qualname__ = "KeyError"
KeyErrorWithMessage.__module__ = "builtins"  # tracebacks show `KeyError: ...`
