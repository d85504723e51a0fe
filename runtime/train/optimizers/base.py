"""`Optimizer`: the shared base of the optimizers (Keras 3's `BaseOptimizer`).

It owns what every update rule shares: the `iterations` counter (an int64 variable), the learning
rate (a float32 variable, a schedule evaluated at `iterations`, or a callable), the slot
variables (made on the first `apply_gradients`, or by `build`), gradient clipping (`clipnorm`,
`clipvalue`, `global_clipnorm`), decoupled weight decay, skipping `None` gradients with a
warning, and `get_config`/`from_config`. A subclass names its slots (`_slot_groups`) and writes one
`update_step(gradient, variable, learning_rate)`.

One `apply_gradients` does, as Keras does: build on first use; drop `None` gradients (warning);
clip; decay the weights (`w -= w * weight_decay * lr`); run `update_step` for each variable;
`iterations += 1`. It works eagerly and inside an `ag.function` (each step's ops are traced
once; the learning rate and `iterations` are variables read when the function runs, so setting
`optimizer.learning_rate = 0.1` changes a traced step too). In a TensorFlow 1 graph it returns
the step's op, for `Session.run`.

Slots are variables, so inside an `ag.function` they are made on the first trace only: a
Function traced again for a second optimizer raises the singleton-variable `ValueError`, with
the advice to make one Function per optimizer (or `build` the optimizer first).
"""

from __future__ import annotations

import contextlib
import itertools
import warnings
from collections import defaultdict
from typing import Any, Callable, Iterable, Sequence

import numpy as np

from autograph.runtime.core import dtypes, replicas
from autograph.runtime.gradients.tape import GradientTape
from autograph.runtime.graph.graph import building_graph
from autograph.runtime.graph.init_scope import init_scope, trace_building
from autograph.runtime.ops.creation.ops import cast
from autograph.runtime.ops.graph.ops import group, name_scope
from autograph.runtime.ops.math.clip import clip_by_global_norm, clip_by_norm
from autograph.runtime.ops.math.ops import clip_by_value, multiply, square, subtract
from autograph.runtime.ops.sparse.indexed_slices import IndexedSlices, densified, with_dtype
from autograph.runtime.state.module import camel_to_snake
from autograph.runtime.state.variables import Variable
from autograph.runtime.train.optimizers.schedules import (
    LearningRateSchedule,
    deserialize,
    serialize,
)

__all__ = ["Optimizer"]

_name_counts: defaultdict[str, itertools.count] = defaultdict(itertools.count)


def _unique_name(base: str) -> str:
    """`adam`, then `adam_1`, `adam_2`, ... (Keras' automatic optimizer names)."""
    index = next(_name_counts[base])
    return base if index == 0 else f"{base}_{index}"


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(
        value, (bool, np.bool_))


class Optimizer:
    """Base class of the optimizers: subclasses define `_slot_groups` and `update_step`.

    Args:
        learning_rate: a number (kept in a float32 variable), a `LearningRateSchedule`
            (evaluated at `iterations` on each step), a float variable, or a callable taking
            no argument. Keras 3 rejects an int; here `1` means `1.0`.
        weight_decay: if set, each step first does `w -= w * weight_decay * learning_rate`.
        clipnorm: if set, each gradient is scaled so that its L2 norm is at most this.
        clipvalue: if set, each gradient is clipped to `[-clipvalue, clipvalue]`.
        global_clipnorm: if set, all gradients are scaled so that their global norm is at
            most this. At most one of the three clipping arguments may be set.
        name: names the optimizer's variables (`adam/iteration:0`); default the class name in
            snake case, made unique (`adam`, `adam_1`), as in Keras.

    Raises:
        ValueError: an unknown argument, a bad learning rate, or more than one clipping
            argument.
    """

    def __init__(self, learning_rate: Any, weight_decay: float | None = None,
                 clipnorm: float | None = None, clipvalue: float | None = None,
                 global_clipnorm: float | None = None, name: str | None = None, **kwargs: Any):
        if kwargs.pop("decay", None) is not None:
            warnings.warn("Argument `decay` is no longer supported and will be ignored; use a "
                          "learning-rate schedule (ag.optimizers.schedules).", stacklevel=3)
        if kwargs:
            raise ValueError(f"{type(self).__name__}: argument(s) not recognized: "
                             f"{sorted(kwargs)}.")
        clips = {"clipnorm": clipnorm, "clipvalue": clipvalue,
                 "global_clipnorm": global_clipnorm}
        if sum(value is not None for value in clips.values()) > 1:
            raise ValueError(
                "Only one of `clipnorm`, `clipvalue` and `global_clipnorm` can be set. "
                "Received: " + ", ".join(f"{k}={v}" for k, v in clips.items()))
        self.name = name or _unique_name(camel_to_snake(type(self).__name__))
        self.weight_decay = weight_decay
        self.clipnorm, self.clipvalue, self.global_clipnorm = clipnorm, clipvalue, global_clipnorm
        self.built = False
        self._var_index: dict[int, int] = {}  # id(variable) -> its position, first apply's order
        self._trainable: list[Variable] = []
        self._slots: list[dict[str, Variable]] = []
        self._iterations = self._lifted(Variable, 0, name="iteration", dtype=dtypes.int64,
                                        trainable=False, aggregation="only_first_replica")
        self._learning_rate: Any = None
        self._created_rate: float | None = None  # the number a learning-rate variable began at
        self._set_learning_rate(learning_rate)

    def __setstate__(self, state: dict) -> None:
        """Unpickled in another process (a Ray worker): its variables are new objects there,
        so the index by identity is made again."""
        self.__dict__.update(state)
        self._var_index = {id(v): i for i, v in enumerate(self._trainable)}

    # -- learning rate and counters -----------------------------------------------------------

    @property
    def iterations(self) -> Variable:
        """The number of steps applied (an int64 variable)."""
        return self._iterations

    @property
    def learning_rate(self) -> Any:
        """The current learning rate: the variable, or the schedule's value at `iterations`."""
        rate = self._learning_rate
        if isinstance(rate, LearningRateSchedule):
            return rate(self._iterations)
        return rate() if callable(rate) else rate  # a variable, or a callable giving the rate

    @learning_rate.setter
    def learning_rate(self, learning_rate: Any) -> None:
        self._set_learning_rate(learning_rate)

    def _set_learning_rate(self, rate: Any) -> None:
        if isinstance(rate, (LearningRateSchedule, Variable)) or callable(rate):
            self._learning_rate = rate
            return
        if not _is_number(rate):
            raise ValueError(
                f"{type(self).__name__}: `learning_rate` should be a float, a "
                f"LearningRateSchedule, a float variable, or a callable returning the rate; "
                f"received {rate!r}.")
        if not isinstance(self._learning_rate, Variable):  # first set, or after a callable
            if isinstance(self._learning_rate, LearningRateSchedule):
                raise TypeError(
                    f"This optimizer was created with a LearningRateSchedule "
                    f"({type(self._learning_rate).__name__}) as its learning_rate, so its "
                    f"learning rate cannot be set to a number: create the optimizer with a "
                    f"float learning_rate to make it settable, or set another schedule.")
            self._learning_rate = self._lifted(Variable, float(rate), name="learning_rate",
                                               dtype=dtypes.float32, trainable=False)
            self._created_rate = float(np.float32(rate))
        elif self._learning_rate._graph is not None and trace_building(building_graph()) is None:
            # An assignment in a TensorFlow 1 graph runs only when a Session runs it.
            raise ValueError(
                f"{self.name}'s learning rate is a variable of a TensorFlow 1 graph: setting it "
                f"here would only add an op that nothing runs. Run "
                f"`session.run(optimizer.learning_rate.assign({float(rate)!r}))` instead.")
        else:
            self._learning_rate.assign(float(rate))

    # -- variables --------------------------------------------------------------------------

    @property
    def variables(self) -> list[Variable]:
        """`iterations`, the learning-rate variable (if any), then the slots in the order
        Keras makes them (see `_slot_groups`), over the variables in their first apply's order."""
        found = [self._iterations]
        if isinstance(self._learning_rate, Variable):
            found.append(self._learning_rate)
        for slot_group in self._slot_groups():
            found.extend(slots[name] for slots in self._slots for name, _ in slot_group)
        return found

    def _slot_groups(self) -> tuple[tuple[tuple[str, float], ...], ...]:
        """The slots each variable gets, as Keras makes them: groups of (name, initial value);
        a group's slots are made variable by variable, interleaved (Adam's momentum and
        velocity), one group after the other. Subclasses say which their configuration uses."""
        return ()

    def get_slot(self, variable: Variable, slot: str) -> Variable:
        """The slot `slot` (e.g. "momentum") kept for `variable`."""
        slots = self._slots[self._index_of(variable)]
        if slot not in slots:
            raise KeyError(f"{self.name} keeps no slot {slot!r} for {variable.name}; it keeps "
                           f"{sorted(slots)}.")
        return slots[slot]

    def _index_of(self, variable: Variable) -> int:
        index = self._var_index.get(id(variable))
        if index is None:
            raise ValueError(
                f"Unknown variable {getattr(variable, 'name', variable)!r}: optimizer "
                f"{self.name} was built for {[v.name for v in self._trainable]} (the variables "
                f"of its first apply_gradients) and can only update those. Use a new optimizer "
                f"for a new set of variables.")
        return index

    def _trackable_children(self) -> dict[str, Any]:
        """Checkpoint children, by Keras 3's attribute names, so that the keys are those
        TensorFlow 2.21 writes for a Keras 3 optimizer: `_iterations`, `_learning_rate` (when
        a variable) and `_variables`, the list `variables` gives (the slots in the order Keras
        makes them): `optimizer/_variables/2/.ATTRIBUTES/VARIABLE_VALUE` is the first slot."""
        children: dict[str, Any] = {"_iterations": self._iterations}
        if isinstance(self._learning_rate, Variable):
            children["_learning_rate"] = self._learning_rate
        children["_variables"] = self.variables
        return children

    def build(self, var_list: Sequence[Variable]) -> None:
        """Makes the slot variables for `var_list` (the first `apply_gradients` calls this).

        Inside an `ag.function`, only its first trace may make them: calling `build` eagerly
        first lets one Function serve several optimizers.
        """
        if self.built:
            return
        var_list = list(var_list)
        trace = trace_building(building_graph())
        if trace is not None and not trace.allow_variables:
            try:
                trace.check_variable_creation(f"the slots of optimizer {self.name}")
            except ValueError as error:
                raise ValueError(
                    f"{error} An optimizer creates its variables the first time it applies "
                    f"gradients, so a Function traced with one optimizer cannot be called with "
                    f"another: make a new Function for each optimizer (`train_step_1 = "
                    f"ag.function(train_step)`, `train_step_2 = ag.function(train_step)`), or "
                    f"call `optimizer.build(variables)` before the first call.") from None
        slots: list[dict[str, Variable]] = [{} for _ in var_list]
        for slot_group in self._slot_groups():
            for variable, made in zip(var_list, slots):
                made.update((slot, self._lifted(self._make_slot, variable, slot, initial))
                            for slot, initial in slot_group)
        self._trainable = var_list
        self._var_index = {id(v): i for i, v in enumerate(var_list)}
        self._slots = slots
        self.built = True

    def _lifted(self, make: Callable[..., Variable], *args: Any, **kwargs: Any) -> Variable:
        """`make(*args, **kwargs)` run outside any function being traced (`init_scope`), under
        the optimizer's name scope; a trace in progress records the variable as one it created
        (so that the Function traces again, as for any variable made on a first trace)."""
        trace = trace_building(building_graph())
        if trace is not None:
            trace.check_variable_creation(f"an optimizer variable of {self.name}")
        with init_scope(), name_scope(self.name):
            variable = make(*args, **kwargs)
        if trace is not None:
            trace.created.append(variable)
        return variable

    def _make_slot(self, variable: Variable, slot: str, initial: float) -> Variable:
        shape = variable.shape
        if not shape.is_fully_defined():
            raise ValueError(f"{self.name} cannot make the {slot} slot of {variable.name}: its "
                             f"shape {shape} is not fully defined.")
        base = variable.name.replace("/", "_").replace(":", "_")
        dims = [d for d in shape.as_list() if d is not None]  # all of them: fully defined
        value = np.full(dims, initial, variable.dtype.as_numpy_dtype)
        strategy = getattr(variable, "_strategy", None)  # a slot is made as its variable was
        with strategy.scope() if strategy is not None else contextlib.nullcontext():
            return Variable(value, name=f"{base}_{slot}", trainable=False)

    # -- applying gradients -----------------------------------------------------------------

    def apply_gradients(self, grads_and_vars: Iterable[tuple[Any, Variable]]) -> Any:
        """Applies one step: `grads_and_vars` pairs each gradient with its variable.

        `None` gradients are skipped with a warning naming their variables.

        Returns:
            `iterations`, as Keras returns it; in a TensorFlow 1 graph, the op that runs the
            step when a `Session` runs it (as TensorFlow 1's optimizers return).

        Raises:
            ValueError: no pairs, every gradient None, a variable the optimizer was not built
                for, or a gradient whose shape does not match its variable.
        """
        pairs = list(grads_and_vars)
        if not pairs:
            raise ValueError(f"{self.name}.apply_gradients got no (gradient, variable) pairs: "
                             f"pass e.g. zip(tape.gradient(loss, variables), variables).")
        grads = [g for g, _ in pairs]
        variables = [v for _, v in pairs]
        for variable in variables:
            if not isinstance(variable, Variable):
                raise TypeError(f"{self.name}.apply_gradients: expected (gradient, variable) "
                                f"pairs, got {type(variable).__name__} as a variable.")
        if not self.built:
            self.build(variables)
        for variable in variables:
            self._index_of(variable)
        graph = building_graph()
        v1_graph = graph if graph is not None and not graph.building_function else None
        first_op = len(v1_graph.get_operations()) if v1_graph is not None else 0
        with name_scope(self.name):
            grads, variables = self._filter_empty_gradients(grads, variables)
            grads = [with_dtype(g, v.dtype) if isinstance(g, IndexedSlices) else cast(g, v.dtype)
                     for g, v in zip(grads, variables)]
            for grad, variable in zip(grads, variables):
                if not grad.shape.is_compatible_with(variable.shape):
                    raise ValueError(f"{self.name}: the gradient of {variable.name} has shape "
                                     f"{grad.shape}, incompatible with the variable's "
                                     f"{variable.shape}.")
            grads = self._clip_gradients(grads)
            replica = replicas.replica_context_of_several()
            if replica is not None:
                self._check_distributed(replica.strategy, variables)
                grads = replica.all_reduce("SUM", [densified(g) for g in grads])
                replica.merge_call(self._update_every_copy, args=(grads, variables))
            else:
                self._update(grads, variables)
        self._iterations.assign_add(1)
        if v1_graph is not None:
            # A Session runs only what is fetched: one op runs the whole step, its updates in
            # the order they were made (the executor keeps creation order).
            step_ops = v1_graph.get_operations()[first_op:]
            return group(*[op for op in step_ops if op.op_def is not None
                           and op.op_def.is_stateful], name=f"{self.name}_step")
        return self._iterations

    def _update(self, grads: list, variables: list[Variable]) -> None:
        learning_rate = self.learning_rate
        self._apply_weight_decay(variables, learning_rate)
        for grad, variable in zip(grads, variables):
            if isinstance(grad, IndexedSlices) and self._updates_rows_only():
                self.sparse_update_step(grad, variable, learning_rate)
            else:
                self.update_step(grad, variable, learning_rate)

    def _update_every_copy(self, strategy: Any, grads: Any, variables: list[Variable]) -> None:
        """The merge of a step of several replicas: the summed gradients applied to each
        replica's copy of the variables (and slots), on its device."""
        strategy.extended.for_each_copy(self._update, list(grads), variables)

    def _check_distributed(self, strategy: Any, variables: list[Variable]) -> None:
        for variable in [self._iterations, *variables]:
            if getattr(variable, "_strategy", None) is not strategy:
                what = ("the optimizer" if variable is self._iterations
                        else f"variable {variable.name}")
                raise ValueError(
                    f"{self.name}.apply_gradients runs in {strategy.num_replicas_in_sync} "
                    f"replicas, but {what} was not made in the strategy's scope, so its "
                    f"replicas' updates cannot be kept in step. Make the model and the "
                    f"optimizer inside `with strategy.scope():`.")

    def minimize(self, loss: Any, var_list: Any, tape: GradientTape | None = None) -> Any:
        """Differentiates `loss` with respect to `var_list` and applies one step.

        Keras 3 dropped `minimize`; this is Keras 2's: `loss` is a callable taking no argument
        (called under a new tape), or, with `tape`, a tensor that tape recorded. `var_list`
        is a list of variables or a callable returning one.
        """
        if tape is None:
            if not callable(loss):
                raise ValueError("minimize: `tape` is required when the loss is a tensor; "
                                 "pass the GradientTape that recorded it, or pass the loss as "
                                 "a callable taking no argument.")
            with GradientTape() as tape:
                loss = loss()
        elif callable(loss):
            with tape:
                loss = loss()
        if callable(var_list):
            var_list = var_list()
        var_list = list(var_list)
        grads = tape.gradient(loss, var_list)
        return self.apply_gradients(zip(grads, var_list))

    def update_step(self, gradient: Any, variable: Variable, learning_rate: Any) -> None:
        """Updates `variable` (and its slots) from `gradient`: each optimizer's rule."""
        raise NotImplementedError(f"{type(self).__name__} must define update_step.")

    def _updates_rows_only(self) -> bool:
        """Whether a gradient of some rows (an `IndexedSlices`, the gradient of an embedding
        lookup) changes only those rows under this optimizer's rule, so that
        `sparse_update_step` applies it; otherwise `update_step` gets it, and its ops make it
        dense (Keras' rules with momentum decay every row, and give the same numbers)."""
        return False

    def sparse_update_step(self, gradient: IndexedSlices, variable: Variable,
                           learning_rate: Any) -> None:
        """Updates the rows of `variable` (and its slots) that `gradient` names."""
        raise NotImplementedError(f"{type(self).__name__} has no row-wise update.")

    def _filter_empty_gradients(self, grads: list[Any], variables: list[Variable]
                                ) -> tuple[list[Any], list[Variable]]:
        missing = [v.name for g, v in zip(grads, variables) if g is None]
        if len(missing) == len(grads):
            raise ValueError(f"No gradients provided for any variable: every gradient passed to "
                             f"{self.name} is None ({missing}). Check that the loss depends on "
                             f"the variables and was computed under the tape.")
        if missing:
            warnings.warn(f"Gradients do not exist for variables {missing} when minimizing the "
                          f"loss; {self.name} leaves them unchanged.", stacklevel=3)
        kept = [(g, v) for g, v in zip(grads, variables) if g is not None]
        return [g for g, _ in kept], [v for _, v in kept]

    def _clip_gradients(self, grads: list[Any]) -> list[Any]:
        if self.clipnorm or self.global_clipnorm or self.clipvalue:
            grads = [densified(g) for g in grads]
        if self.clipnorm and self.clipnorm > 0:
            return [clip_by_norm(g, self.clipnorm) for g in grads]
        if self.global_clipnorm and self.global_clipnorm > 0:
            return clip_by_global_norm(grads, self.global_clipnorm)[0]
        if self.clipvalue and self.clipvalue > 0:
            return [clip_by_value(g, -self.clipvalue, self.clipvalue) for g in grads]
        return grads

    def _apply_weight_decay(self, variables: list[Variable], learning_rate: Any) -> None:
        if self.weight_decay is None:
            return
        for variable in variables:
            lr = cast(learning_rate, variable.dtype)
            wd = cast(self.weight_decay, variable.dtype)
            variable.assign(subtract(variable, multiply(multiply(variable, wd), lr)))

    # -- configuration ----------------------------------------------------------------------

    def get_config(self) -> dict[str, Any]:
        """The arguments that rebuild this optimizer (without its state), as Keras names them;
        a schedule is serialised as `{"class_name": ..., "config": ...}`."""
        rate = self._learning_rate
        if isinstance(rate, LearningRateSchedule):
            learning_rate: Any = serialize(rate)
        elif isinstance(rate, Variable) and rate._graph is None:
            learning_rate = float(rate.numpy())
        elif isinstance(rate, Variable):  # a TensorFlow 1 graph's: its value is in a Session
            learning_rate = self._created_rate
        else:
            learning_rate = rate
        return {"name": self.name, "learning_rate": learning_rate,
                "weight_decay": self.weight_decay, "clipnorm": self.clipnorm,
                "global_clipnorm": self.global_clipnorm, "clipvalue": self.clipvalue}

    @classmethod
    def from_config(cls, config: dict[str, Any]) -> Optimizer:
        """A new optimizer from `get_config()`'s dictionary."""
        config = dict(config)
        if isinstance(config.get("learning_rate"), dict):
            config["learning_rate"] = deserialize(config["learning_rate"])
        return cls(**config)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} name={self.name!r}>"


def squared(gradient: Any) -> Any:
    """`gradient ** 2` as Keras computes it in its update rules: for an `IndexedSlices`, each
    row's square before repeated rows add up (Keras squares the rows, then makes the tensor)."""
    if isinstance(gradient, IndexedSlices):
        return densified(IndexedSlices._of(square(gradient.values), gradient.indices,
                                           gradient.dense_shape))
    return square(gradient)
