"""Keras 3's serialized form of layers, models, initializers, activations and dtypes.

An object is written as Keras 3 writes it in a `.keras` file's `config.json`:
`{"module": "keras.layers", "class_name": "Dense", "config": {...}, "registered_name": None}`,
plus `"build_config"` for a built layer. `deserialize` turns such a dictionary back into an
object: the class is found among the classes this package registered with `keras_class`, in
`custom_objects`, or in `ag.keras.saving.register_keras_serializable`'s registry; an unknown
class is one error naming it and saying how to provide it. Nothing is imported, evaluated or
unpickled on the way: a name either matches a class we hold, or loading stops.

>>> serialize_dtype("float32")["config"]
{'name': 'float32'}
>>> serialize_activation(get_activation("relu"))
'relu'
"""

from __future__ import annotations

import inspect
import threading
from typing import Any, Callable, Iterator

from autograph.runtime.core import dtypes
from autograph.runtime.state import initializers as state_initializers
from autograph.runtime.train.keras import activations, initializers
from autograph.runtime.train.keras.saving import get_registered_name, get_registered_object

__all__ = ["keras_class", "serialize", "deserialize", "serialize_dtype", "deserialize_dtype",
           "serialize_initializer", "deserialize_initializer", "serialize_activation",
           "get_activation", "serialize_function", "deserialize_function", "loading_scope",
           "init_kwargs", "refuse_options"]

_CLASSES: dict[str, tuple[type, str]] = {}  # Keras class name -> (our class, Keras module)
_scope = threading.local()


def keras_class(module: str, *aliases: str) -> Callable[[type], type]:
    """Class decorator: `cls` is what Keras 3 writes as `{"module": module, "class_name":
    cls.__name__}` (and reads under `aliases`, such as `MaxPool2D`)."""
    def register(cls: type) -> type:
        for name in (cls.__name__, *aliases):
            _CLASSES[name] = (cls, module)
        return cls
    return register


class loading_scope:  # noqa: N801  (used as a context manager, like Keras's scopes)
    """While loading: the user's `custom_objects`, seen by nested `from_config` calls (Keras
    keeps them in a global scope, as here per thread)."""

    def __init__(self, custom_objects: dict | None = None):
        self.custom_objects = dict(custom_objects or {})

    def __enter__(self) -> loading_scope:
        stack = _scope.__dict__.setdefault("stack", [])
        stack.append(self)
        return self

    def __exit__(self, *exc_info: Any) -> None:
        _scope.stack.pop()


def _current() -> loading_scope:
    stack = getattr(_scope, "stack", None)
    return stack[-1] if stack else loading_scope()


# dtypes -------------------------------------------------------------------------------------
def serialize_dtype(dtype: Any) -> dict:
    """A dtype as Keras 3 writes a layer's dtype: its `DTypePolicy`."""
    return {"module": "keras", "class_name": "DTypePolicy",
            "config": {"name": dtypes.as_dtype(dtype).name}, "registered_name": None}


def deserialize_dtype(value: Any) -> Any:
    """The dtype name in a `DTypePolicy` dictionary (or the value as it is).

    Raises:
        ValueError: a mixed-precision or quantized policy, which we do not run.
    """
    if not isinstance(value, dict):
        return value
    name = value.get("config", {}).get("name") if isinstance(value.get("config"), dict) else None
    if value.get("class_name") not in ("DTypePolicy", "FloatDTypePolicy") or not name:
        raise ValueError(f"Unsupported dtype policy {value!r}: only plain dtypes (a "
                         f"DTypePolicy such as 'float32') can be loaded.")
    try:
        return dtypes.as_dtype(name).name
    except (TypeError, ValueError, KeyError):
        raise ValueError(f"Unsupported dtype policy {name!r}: mixed-precision and quantized "
                         f"policies cannot be loaded; use a plain dtype such as 'float32'."
                         ) from None


# activations --------------------------------------------------------------------------------
_ACTIVATIONS = frozenset(activations.__all__) - {"get", "serialize"}


def get_activation(value: Any) -> Callable:
    """An activation from a layer's config: a name, or Keras 3's dictionary for a function
    (`{"class_name": "function", "config": "my_fn"}`), looked up in `custom_objects` and the
    registry when it is not one of ours."""
    if isinstance(value, dict):
        if value.get("class_name") != "function" or not isinstance(value.get("config"), str):
            raise ValueError(f"Cannot load activation {value!r}: only functions given by name "
                             f"can be loaded.")
        value = value["config"]
    if isinstance(value, str):
        found = _custom(value)
        if found is not None:
            return found
        if ">" in value and value.split(">", 1)[1] in _ACTIVATIONS:
            value = value.split(">", 1)[1]  # Keras's own registered names: "keras>relu"
        if value not in _ACTIVATIONS:
            raise ValueError(f"Unknown activation {value!r}. Pass it in custom_objects "
                             f"({{{value!r}: function}}) or register it with "
                             f"@ag.keras.saving.register_keras_serializable().")
    return activations.get(value)


def serialize_activation(function: Callable) -> Any:
    """A built-in activation's name, as Keras 3 writes it; another function as Keras 3's
    `{"module": "builtins", "class_name": "function", "config": <registered name>}`."""
    name = activations.serialize(function)
    if name in _ACTIVATIONS:  # ours, or a function of that name (`ag.nn.relu`), as Keras
        return name
    if not hasattr(function, "__name__"):
        return name  # an object without a name: its repr, which cannot be loaded again
    return {"module": "builtins", "class_name": "function",
            "config": get_registered_name(function), "registered_name": "function"}


# initializers -------------------------------------------------------------------------------
_SCALINGS = ("GlorotUniform", "GlorotNormal", "HeNormal", "HeUniform", "LecunNormal",
             "LecunUniform")


def _initializer_config(init: Any) -> tuple[str, dict] | None:
    """Keras 3's class name and config for one of our initializers, or None."""
    name = type(init).__name__
    if name in _SCALINGS:
        return name, {"seed": init.seed, "input_axes": None, "output_axes": None}
    if isinstance(init, state_initializers.VarianceScaling):
        return "VarianceScaling", {"seed": init.seed, "scale": init.scale, "mode": init.mode,
                                   "distribution": init.distribution, "input_axes": None,
                                   "output_axes": None}
    if isinstance(init, initializers.Orthogonal):
        return "Orthogonal", {"seed": init.seed, "gain": init.gain}
    if isinstance(init, (state_initializers.Zeros, state_initializers.Ones)):
        return name, {}
    if isinstance(init, state_initializers.Constant):
        value = init.value
        return "Constant", {"value": value.tolist() if hasattr(value, "tolist") else value}
    if isinstance(init, state_initializers.RandomUniform):
        return "RandomUniform", {"seed": init.seed, "minval": init.minval,
                                 "maxval": init.maxval}
    if isinstance(init, state_initializers.RandomNormal):  # TruncatedNormal too
        return name, {"seed": init.seed, "mean": init.mean, "stddev": init.stddev}
    return None


def serialize_initializer(value: Any) -> Any:
    """An initializer (or its name) as Keras 3 writes it in a layer's config."""
    init = initializers.get(value) if isinstance(value, str) else value
    found = _initializer_config(init)
    if found is not None:
        return {"module": "keras.initializers", "class_name": found[0], "config": found[1],
                "registered_name": None}
    return _serialize_custom(init)


def deserialize_initializer(value: Any) -> Any:
    """An initializer from a layer's config (a name, or a serialized initializer)."""
    if not isinstance(value, dict):
        return value if value is None or not isinstance(value, str) else initializers.get(
            _custom(value) or value)
    name = value.get("class_name")
    if name == "function":  # a function of the user's, by its (registered) name
        function_name = value.get("config")
        found = _custom(function_name) if isinstance(function_name, str) else None
        if found is None:
            raise ValueError(f"Unknown initializer function {function_name!r}. Pass it "
                             f"in custom_objects or register it with "
                             f"@ag.keras.saving.register_keras_serializable().")
        return found
    config = dict(value.get("config") or {})
    if value.get("module") == "keras.initializers" and isinstance(name, str):
        for axes in ("input_axes", "output_axes"):
            if config.pop(axes, None) is not None:
                raise ValueError(f"Cannot load initializer {name}: {axes} (for EinsumDense) "
                                 f"is not supported.")
        cls = getattr(initializers, name, None) if name in initializers.__all__ else None
        if not isinstance(cls, type):
            known = sorted(n for n in initializers.__all__ if n[0].isupper())
            raise ValueError(f"Unknown initializer {name!r}. Known: {', '.join(known)}.")
        if name in _SCALINGS:
            return cls(seed=config.get("seed"))
        return cls(**config)
    return deserialize(value)


# layers, models, custom objects --------------------------------------------------------------
def _custom(name: str) -> Any:
    """`name` from `custom_objects` (by its name or registered name), else the registry."""
    custom = _current().custom_objects
    if name in custom:
        return custom[name]
    short = name.split(">", 1)[-1]
    if short in custom:
        return custom[short]
    return get_registered_object(name)


def serialize_function(function: Callable) -> dict:
    """A function of the user's as Keras 3 writes it: by its (registered) name."""
    return {"module": "builtins", "class_name": "function",
            "config": get_registered_name(function), "registered_name": "function"}


def deserialize_function(value: Any, what: str) -> Callable:
    """The function `serialize_function` wrote, found in `custom_objects` or the registry.

    Raises:
        ValueError: not a function's entry, or a name the user did not provide.
    """
    name = value.get("config") if isinstance(value, dict) else value
    if not isinstance(name, str) or isinstance(value, dict) and value.get(
            "class_name") != "function":
        raise ValueError(f"Cannot load the {what} {value!r}: only functions given by name can "
                         f"be loaded.")
    found = _custom(name)
    if found is None:
        raise ValueError(f"Unknown function {name!r} ({what}). Pass it in custom_objects "
                         f"({{{name!r}: function}}) or register it with "
                         f"@ag.keras.saving.register_keras_serializable().")
    return found


def _serialize_custom(obj: Any) -> dict:
    if inspect.isfunction(obj):
        return serialize_function(obj)
    if not hasattr(obj, "get_config"):
        raise TypeError(f"Cannot serialize {obj!r}: give its class get_config() (and "
                        f"from_config), as Keras asks of custom objects.")
    return {"module": None, "class_name": type(obj).__name__, "config": obj.get_config(),
            "registered_name": get_registered_name(type(obj))}


def serialize(obj: Any) -> dict:
    """A layer or model as Keras 3 writes it: module, class name, config, registered name,
    and the build config of a built layer (`get_build_config`); an initializer as Keras 3
    writes one (`keras.initializers`)."""
    if isinstance(obj, state_initializers.Initializer):
        return serialize_initializer(obj)
    cls = type(obj)
    builtin = _CLASSES.get(cls.__name__)
    if builtin is not None and builtin[0] is cls:
        module, registered = builtin[1], None
        if cls.__name__ == "Model" and getattr(obj, "_graph_ends", None) is not None:
            return _with_build_config(obj, {
                "module": "keras.src.models.functional", "class_name": "Functional",
                "config": obj.get_config(), "registered_name": "Functional"})
    else:
        module, registered = None, get_registered_name(cls)
    return _with_build_config(obj, {"module": module, "class_name": cls.__name__,
                                    "config": obj.get_config(), "registered_name": registered})


def _with_build_config(obj: Any, serialized: dict) -> dict:
    build_config = getattr(obj, "get_build_config", lambda: None)()
    if build_config is not None:
        serialized["build_config"] = build_config
    return serialized


def find_class(serialized: dict) -> Any:
    """The class a serialized object names.

    Raises:
        ValueError: a class we do not have and the user did not provide.
    """
    name, module = serialized.get("class_name"), serialized.get("module")
    registered = serialized.get("registered_name")
    if not isinstance(name, str):
        raise ValueError(f"Not a serialized Keras object (no class_name): {serialized!r}.")
    for key in (registered, name):
        found = _custom(key) if isinstance(key, str) else None
        if isinstance(found, type):
            return found
    builtin = _CLASSES.get(name)
    if builtin is not None and (module is None or str(module).startswith("keras")):
        return builtin[0]
    where = f" (module {module!r})" if module else ""
    raise ValueError(f"Unknown class {name!r}{where}. Pass it to load_model as "
                     f"custom_objects={{{name!r}: {name}}}, or decorate the class with "
                     f"@ag.keras.saving.register_keras_serializable().")


def deserialize(serialized: Any, custom_objects: dict | None = None) -> Any:
    """The object a serialized dictionary describes, built when it has a build config."""
    if not isinstance(serialized, dict):
        raise ValueError(f"Not a serialized Keras object: {serialized!r}.")
    if custom_objects is not None:
        with loading_scope(custom_objects):
            return deserialize(serialized)
    if serialized.get("class_name") == "function":
        return get_activation(serialized)
    if serialized.get("module") == "keras.initializers":
        return deserialize_initializer(serialized)
    cls = find_class(serialized)
    config = serialized.get("config") or {}
    if not isinstance(config, dict):
        raise ValueError(f"The config of {serialized.get('class_name')!r} must be a "
                         f"dictionary, got {config!r}.")
    obj = cls.from_config(config)
    build_config = serialized.get("build_config")
    if build_config and hasattr(obj, "build_from_config"):
        obj.build_from_config(build_config)
    return obj


# constructors from configs ------------------------------------------------------------------
def _accepted(cls: type) -> set[str] | None:
    """The keyword arguments `cls(...)` takes: its `__init__`'s, and, through `**kwargs`
    passed on, its bases' (None: anything)."""
    names: set[str] = set()
    for klass in cls.__mro__:
        init = vars(klass).get("__init__")
        if init is None:
            continue
        parameters = inspect.signature(init).parameters.values()
        names.update(p.name for p in parameters if p.kind not in (
            inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD))
        if not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters):
            return names
    return None


def init_kwargs(cls: type, config: dict) -> dict:
    """`config` as keyword arguments of `cls(...)`: keys it does not take are dropped when
    they hold Keras's defaults (None, False, True for `autocast`) or are Keras's base keys
    (`name`, `trainable`, `dtype`), else refused."""
    accepted = _accepted(cls)
    if accepted is None:
        return dict(config)
    kwargs = {}
    for key, value in config.items():
        if key in accepted:
            kwargs[key] = value
        elif key in ("name", "trainable", "dtype") or value is None or value is False or (
                key == "autocast" and value is True):
            continue  # Keras's base keys, or an option left at its default
        else:
            raise ValueError(f"Cannot make {cls.__name__} from its config: it does not take "
                             f"{key}={value!r}. Give the class a from_config (or an __init__ "
                             f"taking {key!r}).")
    return kwargs


def refuse_options(layer: str, **options: Any) -> None:
    """Keras options we do not have (regularizers, constraints, ...) must be None."""
    for name, value in options.items():
        if value is not None:
            raise ValueError(f"{layer}: {name} is not supported (got {value!r}); leave it None.")


def iter_classes() -> Iterator[tuple[str, type]]:
    """The registered Keras classes by name (aliases included)."""
    for name, (cls, _) in sorted(_CLASSES.items()):
        yield name, cls
