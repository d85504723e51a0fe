"""How a Ray strategy's functions, models and variables reach its workers, and stay there.

A step function sent to the workers drags along what it refers to: the model, the optimizer,
their variables. Sent as copies each time, a worker's state would be lost after each step, so
objects with state travel once and are named afterwards:

- a variable made in the strategy's scope is always sent as its token: each worker made its
  own copy when the driver made the variable (`VariableSpec`);
- a model, layer, metric or optimizer (`STATEFUL`) is sent whole the first time, then as its
  token; the worker keeps what it got under that token, so every later function that refers
  to the same model finds the worker's copy, with its state.

These payloads are made with Ray's own cloudpickle, between the processes of one Ray job,
as Ray sends every task's arguments; no file is ever read back this way.
"""

from __future__ import annotations

import io
import itertools
import pickle
import weakref
from typing import Any

from ray import cloudpickle

from autograph.runtime.state.module import Module
from autograph.runtime.state.variables import Variable
from autograph.runtime.train.optimizers.base import Optimizer

__all__ = ["Sender", "Receiver", "VariableSpec", "STATEFUL"]

STATEFUL = (Module, Optimizer)
_tokens = itertools.count(1)


class VariableSpec:
    """What a worker needs to make its copy of a variable."""

    def __init__(self, variable: Variable, value: Any):
        self.name = variable.name.rsplit(":", 1)[0]
        self.value = value  # every copy starts with the initial value, as in TensorFlow
        self.trainable = variable.trainable
        self.synchronization = variable.synchronization.name
        self.aggregation = variable.aggregation.name


class Sender:
    """The driver's side: payloads for the workers, naming what they already hold."""

    def __init__(self) -> None:
        # id(obj) -> (a weak reference to it, its token); by identity, since variables
        # compare by value and are not hashable.
        self._token_of: dict[int, tuple[weakref.ref, int]] = {}
        self._sent: set[int] = set()

    def token(self, obj: Any) -> int:
        found = self._token_of.get(id(obj))
        if found is None or found[0]() is not obj:
            found = self._token_of[id(obj)] = (weakref.ref(obj), next(_tokens))
        return found[1]

    def payload(self, value: Any, strategy: Any) -> bytes:
        """`value` pickled for the workers (`strategy` stands for each worker's own, and its
        variables, which the workers hold, for theirs).

        Raises:
            TypeError: `value` holds something that cannot travel (a variable made outside
                the strategy's scope, an open file, ...), saying so.
        """
        return self.payloads([value], strategy)[0]

    def payloads(self, values: list, strategy: Any) -> list[bytes]:
        """One payload per value, each for a different worker: an object none of them holds
        travels whole in each payload that refers to it (as `payload`)."""
        found, new_objects = [], {}
        for value in values:
            buffer = io.BytesIO()
            pickler = _TokenPickler(buffer, self, strategy)
            try:
                pickler.dump(value)
                pickler.dump(pickler.new_objects)
            except (TypeError, pickle.PicklingError, AttributeError) as error:
                raise TypeError(
                    f"Cannot send the replica function's arguments or what it refers to to "
                    f"the Ray workers: {error}. Make the variables, models and optimizers it "
                    f"uses inside `strategy.scope()`, and pass tensors, NumPy arrays or plain "
                    f"Python values.") from None
            found.append(buffer.getvalue())
            new_objects.update(pickler.new_objects)
        self._sent.update(new_objects)
        return found

    def forget(self) -> None:
        """After the workers restarted: they hold nothing."""
        self._sent.clear()


class _TokenPickler(cloudpickle.CloudPickler):
    def __init__(self, buffer: io.BytesIO, sender: Sender, strategy: Any):
        super().__init__(buffer)
        self._sender = sender
        self._strategy = strategy
        self._is_strategy_variable = lambda v: getattr(v, "_strategy", None) is strategy
        self.new_objects: dict[int, Any] = {}

    def persistent_id(self, obj: Any) -> Any:
        if obj is self._strategy:
            return ("strategy", 0)  # each worker's own strategy object
        if isinstance(obj, Variable):
            if not self._is_strategy_variable(obj):
                raise TypeError(f"variable {obj.name} was not made in the strategy's scope")
            return ("variable", self._sender.token(obj))
        if isinstance(obj, STATEFUL):
            token = self._sender.token(obj)
            if token in self._sender._sent:
                return ("object", token)
            self.new_objects[token] = obj  # pickled here, whole, this once
        return None


class Receiver:
    """The worker's side: what it holds by token, and payloads read with them."""

    def __init__(self, strategy: Any) -> None:
        self.variables: dict[int, Variable] = {}
        self.objects: dict[int, Any] = {0: strategy}

    def load(self, payload: bytes) -> Any:
        unpickler = _TokenUnpickler(io.BytesIO(payload), self)
        value = unpickler.load()
        self.objects.update(unpickler.load())
        return value


class _TokenUnpickler(pickle.Unpickler):
    def __init__(self, buffer: io.BytesIO, receiver: Receiver):
        super().__init__(buffer)
        self._receiver = receiver

    def persistent_load(self, pid: Any) -> Any:
        kind, token = pid  # ("strategy", 0) is objects[0], the worker's strategy
        table = self._receiver.variables if kind == "variable" else self._receiver.objects
        return table[token]
