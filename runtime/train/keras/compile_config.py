"""What `compile` was given, as Keras 3 writes it in a `.keras` file (`compile_config`), and
`compile`'s arguments read back from one.

The optimizer is written with its class and config (plus Keras 3's options we do not have,
at their defaults), the loss and metrics by name, or by class and config for `Loss` and
`Metric` objects, or as Keras 3's `{"class_name": "function", "config": <name>}` for
functions (found again by name in `custom_objects` or the registry).

>>> from autograph.runtime.train.optimizers import SGD
>>> config = serialize_optimizer(SGD(0.5, name="sgd"))
>>> config["class_name"], config["config"]["learning_rate"]
('SGD', 0.5)
>>> type(deserialize_optimizer(config)).__name__
'SGD'
"""

from __future__ import annotations

from typing import Any

from autograph.runtime.train import losses as losses_module
from autograph.runtime.train import metrics as metrics_module
from autograph.runtime.train import optimizers as optimizers_module
from autograph.runtime.train.keras.saving import get_registered_name
from autograph.runtime.train.keras.serialization import deserialize, get_activation, init_kwargs
from autograph.runtime.train.keras.serialization import find_class as _find_class

__all__ = ["compile_config", "compile_arguments", "serialize_optimizer",
           "deserialize_optimizer"]

# Keras 3's optimizer options we do not have, and the values that mean "not used".
_KERAS_ONLY = {"use_ema": False, "ema_momentum": None, "ema_overwrite_frequency": None,
               "loss_scale_factor": None, "gradient_accumulation_steps": None}
_KERAS_DEFAULTS = {"use_ema": False, "ema_momentum": 0.99, "ema_overwrite_frequency": None,
                   "loss_scale_factor": None, "gradient_accumulation_steps": None}


def _function(function: Any) -> dict:
    return {"module": "builtins", "class_name": "function",
            "config": get_registered_name(function), "registered_name": "function"}


def _object(obj: Any, module: str, ours: list[str]) -> dict:
    cls = type(obj)
    builtin = cls.__name__ in ours and getattr(_module_of(module), cls.__name__, None) is cls
    return {"module": module if builtin else None, "class_name": cls.__name__,
            "config": obj.get_config(),
            "registered_name": None if builtin else get_registered_name(cls)}


def _module_of(module: str) -> Any:
    return {"keras.optimizers": optimizers_module, "keras.losses": losses_module,
            "keras.metrics": metrics_module}[module]


def serialize_optimizer(optimizer: Any) -> dict:
    """An optimizer as Keras 3 writes it (a schedule in Keras 3's form too)."""
    serialized = _object(optimizer, "keras.optimizers", optimizers_module.__all__)
    config = dict(serialized["config"])
    rate = config.get("learning_rate")
    if isinstance(rate, dict):
        config["learning_rate"] = {"module": "keras.optimizers.schedules", **rate,
                                   "registered_name": None}
    head = {k: config.pop(k) for k in ("name", "learning_rate", "weight_decay", "clipnorm",
                                       "global_clipnorm", "clipvalue") if k in config}
    serialized["config"] = {**head, **_KERAS_DEFAULTS, **config}
    return serialized


def deserialize_optimizer(value: Any) -> Any:
    """An optimizer from a compile config: a name, or a serialized optimizer.

    Raises:
        ValueError: an optimizer we do not have, or a Keras option we do not run
            (`use_ema`, `loss_scale_factor`, `gradient_accumulation_steps`).
    """
    if not isinstance(value, dict):
        return value
    name = value.get("class_name")
    config = dict(value.get("config") or {})
    for key, unused in _KERAS_ONLY.items():
        found = config.pop(key, unused)
        if key != "ema_momentum" and found not in (unused, None, False):
            raise ValueError(f"Optimizer {name}: {key}={found!r} is not supported.")
    if value.get("module") == "keras.optimizers" and name in optimizers_module.__all__:
        cls = getattr(optimizers_module, name)
    else:
        cls = _find_class(value)
    return cls.from_config(config)


def _serialize_loss(loss: Any) -> Any:
    if loss is None or isinstance(loss, str):
        return loss
    if isinstance(loss, losses_module.Loss):
        return _object(loss, "keras.losses", losses_module.__all__)
    return _function(loss)  # Keras 3 writes its own loss functions so too


def _serialize_metric(metric: Any) -> Any:
    if isinstance(metric, str):
        return metric
    if isinstance(metric, metrics_module.Metric):
        return _object(metric, "keras.metrics", metrics_module.__all__)
    return _function(metric)


def _each(value: Any, serialize: Any) -> Any:
    """`serialize` applied to each entry of a list or dict (per-output losses or metrics)."""
    if isinstance(value, dict):
        return {k: _each(v, serialize) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_each(v, serialize) for v in value]
    return serialize(value)


def compile_config(optimizer: Any, loss: Any, metrics: Any, run_eagerly: bool,
                   weighted_metrics: Any = None, loss_weights: Any = None) -> dict:
    """Keras 3's `compile_config` for what `compile` was given (per-output losses, weights
    and metrics kept as the list or dict they were given as)."""
    return {"optimizer": serialize_optimizer(optimizer), "loss": _each(loss, _serialize_loss),
            "loss_weights": loss_weights,
            "metrics": _each(metrics, _serialize_metric) if metrics else None,
            "weighted_metrics": _each(weighted_metrics, _serialize_metric)
            if weighted_metrics else None, "run_eagerly": bool(run_eagerly),
            "steps_per_execution": 1, "jit_compile": False}


def _named(value: Any, module: Any) -> Any:
    """A loss or metric from a compile config: names stay names; objects are made again."""
    if not isinstance(value, dict):
        return value
    if value.get("class_name") == "function":
        name = value.get("config")
        if isinstance(name, str) and name in getattr(module, "__all__", ()):
            return name
        return get_activation(value)  # a function found by name, as activations are
    name = value.get("class_name")
    if (value.get("module") in ("keras.losses", "keras.metrics") and isinstance(name, str)
            and name in module.__all__):
        cls = getattr(module, name)
        config = dict(value.get("config") or {})
        return cls(**init_kwargs(cls, config))
    return deserialize(value)


def compile_arguments(config: dict) -> dict:
    """`compile`'s keyword arguments from a compile config.

    Raises:
        ValueError: an unknown optimizer, loss or metric.
    """
    def read(value: Any, module: Any) -> Any:  # a list or dict of them: per output
        if isinstance(value, list):
            return [read(v, module) for v in value]
        if isinstance(value, dict) and "class_name" not in value:
            return {k: read(v, module) for k, v in value.items()}
        return _named(value, module)

    return {"optimizer": deserialize_optimizer(config.get("optimizer", "rmsprop")),
            "loss": read(config.get("loss"), losses_module),
            "loss_weights": config.get("loss_weights"),
            "metrics": read(config.get("metrics") or [], metrics_module),
            "weighted_metrics": read(config.get("weighted_metrics") or [], metrics_module),
            "run_eagerly": bool(config.get("run_eagerly", False))}
