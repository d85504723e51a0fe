"""`Feature`: the optional conversions, as TensorFlow's `tf.autograph.experimental.Feature`.

`ag.function(experimental_autograph_options=...)`, `ag.autograph.to_graph(...,
experimental_optional_features=...)` and `to_code` take one `Feature` or a collection of them;
those listed are on, the others off (`Feature.ALL` turns on all). Left out (None), the
converter does what it does by default, which converts more than TensorFlow's default (see
`STANDARD` in `autograph.pyct.transformer`).

>>> sorted(f.name for f in optional_features((Feature.LISTS, Feature.ASSERT_STATEMENTS)))
['ASSERT_STATEMENTS', 'LISTS']
"""

from __future__ import annotations

import enum
from typing import Any


class Feature(enum.Enum):
    """Optional conversions (TensorFlow's names and values).

    Attributes:
        ALL: all of them.
        AUTO_CONTROL_DEPS: stateful ops run in program order (an `ag.function` always does).
        ASSERT_STATEMENTS: `assert` on a tensor becomes an `Assert` op.
        BUILTIN_FUNCTIONS: `print` of tensors becomes a print op that runs on every call.
        EQUALITY_OPERATORS: `==` and `!=` become `ag.equal` and `ag.not_equal` on tensors.
        LISTS: list idioms (`append`, `pop`, comprehensions, TensorArray reads) are converted.
        NAME_SCOPES: the ops of each converted function are named in a scope of its name.
    """

    ALL = "ALL"
    AUTO_CONTROL_DEPS = "AUTO_CONTROL_DEPS"
    ASSERT_STATEMENTS = "ASSERT_STATEMENTS"
    BUILTIN_FUNCTIONS = "BUILTIN_FUNCTIONS"
    EQUALITY_OPERATORS = "EQUALITY_OPERATORS"
    LISTS = "LISTS"
    NAME_SCOPES = "NAME_SCOPES"

    @classmethod
    def all(cls) -> tuple[Feature, ...]:
        """Every feature, `ALL` included."""
        return tuple(cls.__members__.values())

    @classmethod
    def all_but(cls, exclude: Any) -> tuple[Feature, ...]:
        """Every feature but `exclude` (one feature or a collection) and `ALL`."""
        if not isinstance(exclude, (list, tuple, set)):
            exclude = (exclude,)
        return tuple(set(cls.all()) - set(exclude) - {cls.ALL})


def optional_features(value: Any) -> frozenset[Feature]:
    """`value` (None, one `Feature`, or a collection of them) as a set of features, as
    TensorFlow's `ConversionOptions` reads it: None is no feature.

    Raises:
        TypeError: `value` is something else, or holds something that is not a `Feature`.
    """
    if value is None:
        return frozenset()
    if isinstance(value, Feature):
        return frozenset((value,))
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise _refused(f"Expected an ag.autograph.experimental.Feature or a collection of "
                       f"them as the optional features, got {value!r}.")
    features = frozenset(value)
    strangers = [f for f in features if not isinstance(f, Feature)]
    if strangers:
        raise _refused(f"Optional features must be ag.autograph.experimental.Feature "
                       f"values, got {strangers[0]!r}; for example Feature.LISTS.")
    return features


def _refused(message: str) -> TypeError:
    error = TypeError(message)
    # a mistake of the caller's: an ag.function must not run its function unconverted instead
    error.unconverted_fallback = False  # type: ignore[attr-defined]
    return error
