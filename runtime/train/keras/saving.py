"""The registry of custom Keras classes (`ag.keras.saving.register_keras_serializable`), by
the name Keras gives them: `"package>name"`.

>>> @register_keras_serializable(package="demo")
... class Scale:
...     pass
>>> get_registered_object("demo>Scale") is Scale, get_registered_name(Scale)
(True, 'demo>Scale')
"""

from __future__ import annotations

from typing import Any, Callable

__all__ = ["get_registered_name", "get_registered_object", "register_keras_serializable"]

_REGISTERED: dict[str, Any] = {}
_NAMES: dict[int, str] = {}


def register_keras_serializable(package: str = "Custom",
                                name: str | None = None) -> Callable[[Any], Any]:
    """Decorator registering a class or function under `"package>name"` (name: its own)."""
    if ">" in package:
        raise ValueError(f"package must not contain '>', got {package!r}.")

    def register(obj: Any) -> Any:
        key = f"{package}>{name or obj.__name__}"
        if key in _REGISTERED and _REGISTERED[key] is not obj:
            raise ValueError(f"{key!r} is registered already, to {_REGISTERED[key]!r}.")
        _REGISTERED[key] = obj
        _NAMES[id(obj)] = key
        return obj
    return register


def get_registered_object(name: str) -> Any:
    """The object registered under `name`, or None."""
    return _REGISTERED.get(name)


def get_registered_name(obj: Any) -> str:
    """The name `obj` is registered under (its own name when it is not registered)."""
    return _NAMES.get(id(obj), getattr(obj, "__name__", type(obj).__name__))
