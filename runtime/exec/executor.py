"""The executor: compiles (graph, feeds, fetches) into a plan, a generated Python function.

Compiling does, once: prune the graph to what the fetches need, order it (creation order is
topological), resolve every op's device and kernel, insert copies between devices, and find
each value's last use. The plan is then written out as Python source, one line per kernel
call, releasing each value after its last use so memory is freed as early as possible
(scalars excepted: they hold too little to be worth it): an op's output takes the name of an
input that dies there, and other values that die get a `del`:

    def plan(feeds):
        v0 = feeds[0]
        v1 = feeds[1]
        v0 = k1(v0, v1)          # y = Mul(x, w)
        del v1
        v0 = k2(v0)              # z = Neg(y)
        return [v0]

An elementwise op whose kernel takes `out=` writes its result into the buffer of an input
that dies there and that nothing else can see (`v2 = k3(v1, c2, out=v1)`): `buffers` says
which, so a chain of elementwise ops needs no memory beyond its output.

A value needed on another device than the one it was made on is copied there by a call named
for its destination (`to_gpu0_4(v1)`), written into the line that needs it.

A kernel that can `specialize` (see `register_kernel`) is asked once, here, for a function
fitted to the op's dtypes, static shapes, attrs and constant inputs, and its line calls that.

`If`, `Case` and `While` ops are written as Python `if` / `while` statements around their
branch and body graphs, so only the taken branch runs and a loop iteration costs little more
than its kernels; the graph passes run over those graphs as over the top level
(`optimize.functions`), except in the exact plans observers may ask for.

`Plan.source` shows the code; errors name the op and the user's line that created it, found
from the plan line the error was raised at: "model.py:12: ...", and with traceback filtering
off the op too: "while executing `mul = Mul(x, y)` (model.py:12): ...".
"""

from __future__ import annotations

import operator
import time
from typing import Any, Callable, NoReturn, Sequence

import numpy as np

from autograph.runtime.core import devices, dtypes, host_allocator, thread_pools
from autograph.runtime.core.collector import collector_paused
from autograph.runtime.core.errors import InvalidArgumentError, OpError, is_held
from autograph.runtime.core.traceback_utils import is_traceback_filtering_enabled
from autograph.runtime.exec import buffers, concurrent_ops, plan_kernels
from autograph.runtime.exec.control_flow_writers import CONTROL_FLOW as _CONTROL_FLOW
from autograph.runtime.exec.optimize import functions
from autograph.runtime.exec.optimize.driver import optimize
from autograph.runtime.graph.graph import Graph, Operation, SymbolicTensor
from autograph.runtime.graph.graph_printer import _format_op
from autograph.runtime.graph.needed_ops import needed_ops
from autograph.runtime.graph.recording import (
    exact_plans_wanted,
    on_observers,
    plan_observer,
    plan_started,
)
from autograph.runtime.registry.op_def import kernel_attr_names

Fetch = Any  # SymbolicTensor | Operation


# Given a function graph's ops (as written, in order) and the ids of its outputs: the ops with
# runs of them replaced by ops running a compiled form of each (`jit.bodies`), or None.
BodyCompiler = Callable[[list[Operation], set[int]], "list[Operation] | None"]


class Plan:
    """A compiled, reusable execution of `fetches` given values for `feeds`; with
    `reuse_buffers=False` every kernel makes a new array (to compare against). With
    `compile_bodies`, the branches and bodies of control flow run the compiled regions it finds
    (`jit_compile`)."""

    def __init__(self, graph: Graph, feeds: Sequence[SymbolicTensor], fetches: Sequence[Fetch],
                 reuse_buffers: bool = True, compile_bodies: BodyCompiler | None = None):
        host_allocator.settle_host_allocator()
        self.feeds = list(feeds)
        self.fetches = list(fetches)
        self._graph = graph  # its feeds and fetches hold it anyway
        self._reuse_buffers = reuse_buffers
        writer = _Writer(reuse_buffers)
        writer.compile_bodies = compile_bodies
        with collector_paused():  # see runtime/core/collector.py
            # Graph passes run on a private copy (`optimize`); feeds and fetches keep their
            # order.
            planned = optimize(graph, self.feeds, self.fetches)
            # Left as it is (too small for the passes, or none on): so are its bodies.
            writer.bodies_as_written = planned[0] is graph
            self.ops = writer.write_plan(*planned)
            self.source = writer.source()
            self._run = writer.compiled()
        self._observed: dict[bool, Callable] = {}  # exact? -> the plan written for observers

    def run(self, feed_values: Sequence[Any]) -> list[Any]:
        """Runs the plan; `feed_values` are arrays in `feeds` order; returns fetch values.

        While an observer is installed, `_run_observed` takes this method's place."""
        try:
            return self._run(feed_values)
        except _PlanError as e:
            failure = e
        _raise(failure)

    def _run_observed(self, feed_values: Sequence[Any]) -> list[Any]:
        plan_started(self._graph)
        try:
            return self._observed_run()(feed_values)
        except _PlanError as e:
            failure = e
        _raise(failure)

    def _observed_run(self) -> Callable:
        """The plan written to tell observers of each op (`recording.observers`); with the
        graph passes off when an observer wants each op as the user made it."""
        exact = exact_plans_wanted()
        run = self._observed.get(exact)
        if run is None:
            graph = self._graph
            writer = _Writer(self._reuse_buffers, observe=True, exact=exact)
            writer.graph_name = getattr(graph, "name", "") or ""
            if exact:
                writer.write_plan(graph, self.feeds, self.fetches)
            else:
                planned = optimize(graph, self.feeds, self.fetches)
                writer.bodies_as_written = planned[0] is graph
                writer.write_plan(*planned)
            run = self._observed[exact] = writer.compiled()
        return run


_plain_run = Plan.run


def _switch_runs(observing: bool) -> None:
    Plan.run = Plan._run_observed if observing else _plain_run  # type: ignore[method-assign]


on_observers(_switch_runs)


class _PlanError(Exception):
    """Carries `error` out of the plan with the exception it is raised from (None: none)."""

    def __init__(self, error: BaseException, cause: BaseException | None = None):
        self.error = error
        self.cause = cause


def _raise(failure: _PlanError) -> NoReturn:
    if failure.cause is None:  # the program's own exception, with its own cause, as raised
        raise failure.error
    raise failure.error from failure.cause


def _op_failure(op: Operation | None, e: Exception) -> _PlanError:
    """The error to raise for `e`, raised while running `op` (None: feeding the plan)."""
    if is_held(e):  # a Python exception the program raises (`RaiseIf`), as it is
        return _PlanError(e)
    if isinstance(e, OpError):
        error = type(e)(_placed(op, e.message), e.op_name)
    else:
        error = InvalidArgumentError(_placed(op, f"{type(e).__name__}: {e}"))
    return _PlanError(error, cause=e)


def _placed(op: Operation | None, message: str) -> str:
    """`message` after the user's line that made `op` ("model.py:12: ..."); with traceback
    filtering off, or for an op made where no user's line was, after the op itself too."""
    if op is None:
        return f"while executing the plan's feeds: {message}"
    if op.source and is_traceback_filtering_enabled():
        return f"{op.source}: {message}"
    return f"while executing `{_format_op(op)}`" + (f" ({op.source})" if op.source else
                                                    "") + f": {message}"


class _Writer:
    """Writes a plan's Python source; kernels and constants are bound by name. The function
    graphs of control flow are written optimised (`functions.optimized`) unless `exact` or
    the graph they belong to is too small for the passes (`bodies_as_written`)."""

    def __init__(self, reuse_buffers: bool, observe: bool = False, exact: bool = False):
        self.reuse_buffers = reuse_buffers
        self.observe = observe
        # Ops side by side only in the plans that run for results, not for observers.
        self.concurrency = 1 if observe or exact else thread_pools.inter_op_threads()
        self.observed: list[tuple[Operation, str]] = []  # with observe: (op, device name)
        self.graph_name = ""
        self.lines: list[str] = []
        self.constants: dict[str, Any] = {"_op_failure": _op_failure,
                                          "_start": thread_pools.submit_inter_op}
        self.written: list[Operation] = []  # in the order their lines were written
        self.op_lines: dict[int, int] = {}  # index in `lines` -> index in `written`
        self._names: dict[int, str] = {}  # id(tensor) -> local variable
        self._devices: dict[int, devices.Device] = {}  # id(tensor) -> where its value lives
        self._constants: set[int] = set()  # tensors bound to plan constants: never deleted
        self._counter = 0
        self.compile_bodies: BodyCompiler | None = None  # never in plans for observers
        self.bodies_as_written = exact  # else optimised, unless the whole graph is too small

    def source(self) -> str:
        return "\n".join(self.lines) + "\n"

    def compiled(self) -> Callable:
        """The written plan as a function of the feed values."""
        namespace = dict(self.constants)
        if self.observe:
            namespace.update(_clock=time.perf_counter,
                             _ran=plan_observer(self.observed, self.graph_name))
        exec(compile(self.source(), f"<plan of {len(self.written)} ops>", "exec"), namespace)
        return namespace["plan"]

    def bind(self, prefix: str, value: Any) -> str:
        name = f"{prefix}{len(self.constants)}"
        self.constants[name] = value
        return name

    def var(self, tensor: SymbolicTensor, device: devices.Device, free: list[str] | None = None
            ) -> str:
        """A local variable for `tensor`'s value: the first of the `free` names (taken from the
        list), else a new one."""
        if free:
            name = free.pop(0)
        else:
            name = f"v{self._counter}"
            self._counter += 1
        self._names[id(tensor)] = name
        self._devices[id(tensor)] = device
        return name

    # The whole plan -----------------------------------------------------------------------------
    def write_plan(self, graph: Graph, feeds: list, fetches: list) -> list[Operation]:
        ops = prune(graph, feeds, fetches)
        self.lines += ["def plan(feeds):", "    try:"]
        for i, t in enumerate(feeds):
            # A numeric scalar runs as a NumPy scalar, as constants do (see as_fast_scalar).
            numeric = np.dtype(t.dtype.as_numpy_dtype).kind in "biuf"
            scalar = "[()]" if t._shape == () and numeric else ""
            self.lines.append(f"        {self.var(t, devices.CPU)} = feeds[{i}]{scalar}")
        fetched = {id(f) for f in fetches if isinstance(f, SymbolicTensor)}
        self._write_ops(ops, "        ", keep=fetched)
        results = [self._on(f, devices.CPU) if isinstance(f, SymbolicTensor) else "None"
                   for f in fetches]
        self.lines.append(f"        return [{', '.join(results)}]")
        self.lines += ["    except Exception as _e:",
                       "        raise _op_failure(_line_ops[_e.__traceback__.tb_lineno], _e)"]
        self.constants["_line_ops"] = self._line_ops()
        return ops

    def _line_ops(self) -> list[Operation | None]:
        """The op each line of the plan runs, by line number: an error names the op from the
        line it was raised at, so running an op costs no bookkeeping. A line of no op of its
        own (copying, passing results on) counts as the op before it; feeding, as None."""
        ops: list[Operation | None] = [None]
        for i in range(len(self.lines)):
            at = self.op_lines.get(i)
            ops.append(ops[-1] if at is None else self.written[at])
        return ops

    def _write_ops(self, ops: list[Operation], indent: str, keep: set[int],
                   protected: set[int] | frozenset[int] = frozenset()) -> None:
        """Writes `ops`; deletes values after their last use except `keep` and `protected`,
        which no op writes over either (see `buffers`). Large independent ops run side by side
        when the inter-op threads allow (`concurrent_ops`)."""
        placed = plan_kernels.placements(ops)
        groups: list[list[Operation]] = []
        if self.concurrency > 1:
            ops, groups = concurrent_ops.schedule(
                ops, lambda op: id(op) in placed and placed[id(op)][0] is devices.CPU,
                self.concurrency, lambda op: id(op) not in placed or op.op_def.is_stateful)
        last_use = _last_uses(ops)
        reuse = buffers.donors(ops, placed, keep | protected) if self.reuse_buffers else {}
        beside = {id(group[0]): group[1:] for group in groups}  # ops run beside the first
        started = {id(member) for group in groups for member in group[1:]}
        for group in groups:
            for member in group:
                reuse.pop(id(member), None)
        names, constants = self._names, self._constants
        for position, op in enumerate(ops):
            dead = last_use.get(position)
            dying = {names[id(t)]: id(t) for t in dead
                     if (id(t) not in keep and id(t) not in protected and id(t) in names
                         and id(t) not in constants and t._shape != ())  # scalars: cheap
                     } if dead else {}
            if id(op) in beside:
                concurrent_ops.write_beside(self, op, beside[id(op)], indent, placed)
            elif id(op) not in started:
                # A kernel's outputs take the names of inputs that die there: rebinding a
                # name frees its value when `del` after the line would, in one line less.
                free = list(dying) if dying and id(op) in placed else []
                self.write_op(op, indent, placed.get(id(op)), reuse.get(id(op)), free)
                if dying:
                    for name in dying.keys() - set(free):  # taken: forget the dead name
                        del names[dying.pop(name)]
            for name in dying:
                self.lines.append(f"{indent}del {name}")

    # One op -------------------------------------------------------------------------------------
    def write_op(self, op: Operation, indent: str, placed: buffers.Placed | None,
                 donor: buffers.Donor | None, free: list[str] | None = None) -> None:
        """Writes `op`'s line(s): a kernel run on its `placed` (device, kernel), writing its
        output into `donor`'s buffer when one is given, or a control-flow statement. Its
        outputs take names from `free` (names of values dead after this op) while it has any,
        popping them."""
        self.written.append(op)
        at = len(self.written) - 1
        if placed is None:
            start = len(self.lines)
            _CONTROL_FLOW[op.type](self, op, indent)
            for line in range(start, len(self.lines)):  # the lines its branches left over
                self.op_lines.setdefault(line, at)
            return
        device, kernel = placed
        kernel_attrs = {name: op.attrs[name] for name in kernel_attr_names(op.op_def)}
        comment = f"  # {op.name} = {op.type}"
        if op.type == "Const":  # evaluated once, at plan time, already on its device
            (out,) = op.outputs
            value = as_fast_scalar(plan_kernels.bound_kernel(kernel.fn, device, kernel_attrs)())
            self._names[id(out)] = self.bind("c", value)
            self._devices[id(out)] = devices.CPU if kernel.host_memory else device
            self._constants.add(id(out))
            return
        args = self.arguments(op, device, kernel.host_memory)
        on_current = not (device.is_gpu and device.index)
        if donor is not None:  # the kernel itself, which takes out=
            fn = plan_kernels.bound_kernel(kernel.fn, device, kernel_attrs)
            call = f"{self.bind('k', fn)}({', '.join(args)}, out={self._buffer(donor)})"
        elif kernel.inline and not kernel_attrs and on_current:
            xp = f"xp_{device.device_type.lower()}{device.index}"  # its array module, bound once
            self.constants[xp] = device.xp
            call = kernel.inline.format(*args, xp=xp)
        else:
            fn = self.kernel_function(op, device, kernel, kernel_attrs)
            infix = _INFIX.get(id(fn)) if len(args) == 2 else None
            call = infix.format(*args) if infix else f"{self.bind('k', fn)}({', '.join(args)})"
        outs = self.outputs(op, device, kernel.host_memory, free)
        statement = f"{outs} = {call}" if outs else call
        if self.observe:
            self.lines.append(f"{indent}_t = _clock()")
        self.op_lines[len(self.lines)] = at
        self.lines.append(f"{indent}{statement}{comment}")
        if self.observe:  # its line counts as the op's: an observer's error names the op
            values = "".join(f"{self._names[id(t)]}, " for t in op.outputs)
            self.lines.append(f"{indent}_ran({len(self.observed)}, _t, ({values}))")
            self.observed.append((op, device.name))

    @staticmethod
    def kernel_function(op: Operation, device: devices.Device, kernel: Any,
                        attrs: dict[str, Any] | None = None) -> Callable:
        """The function a line calls for `op`: its kernel's specialization, else the kernel;
        `attrs` are the op's kernel attrs, when the caller has them already."""
        if attrs is None:
            attrs = {name: op.attrs[name] for name in kernel_attr_names(op.op_def)}
        return plan_kernels.kernel_function(op, device, kernel, attrs)

    def _buffer(self, donor: buffers.Donor) -> str:
        """The `out=` expression writing into `donor`'s buffer (None when it is too small)."""
        name = self._names[id(donor.tensor)]
        if donor.min_size:
            return f"{name} if {name}.size >= {donor.min_size} else None"
        return name

    def arguments(self, op: Operation, device: devices.Device, host: tuple) -> list[str]:
        if not host and op.op_def.single_inputs:  # most ops: no grouping to do
            return [self._on(t, device) for t in op.inputs]
        args = []
        for arg, tensors in op.input_groups():
            target = devices.CPU if arg.name in host else device
            values = [self._on(t, target) for t in tensors]
            args.append(f"[{', '.join(values)}]" if arg.is_list else values[0])
        return args

    def outputs(self, op: Operation, device: devices.Device, host: tuple,
                free: list[str] | None = None) -> str:
        if not host and op.op_def.single_outputs:
            return ", ".join([self.var(t, device, free) for t in op.outputs])
        groups = []
        for arg, tensors in op.output_groups():
            where = devices.CPU if arg.name in host else device
            names = [self.var(t, where, free) for t in tensors]
            groups.append(f"[{', '.join(names)}]" if arg.is_list else names[0])
        if not groups:
            return ""
        return groups[0] if len(groups) == 1 else ", ".join(groups)

    def _on(self, tensor: SymbolicTensor, device: devices.Device) -> str:
        """The expression for `tensor`'s value in `device`'s memory."""
        name = self._names.get(id(tensor))
        if name is None:
            raise InvalidArgumentError(f"Tensor {tensor.name} is used before it is computed.")
        have = self._devices[id(tensor)]
        if have is device or tensor.dtype.is_host_only:
            return name
        # Named for where it copies to, so that the plan's source shows each move.
        to = f"to_{device.device_type.lower()}{device.index}_"
        return f"{self.bind(to, device.import_array)}({name})"

    # Nested graphs (control flow) ---------------------------------------------------------------
    def write_function(self, fn: Any, args: list[str], indent: str) -> list[str]:
        """Writes `fn`'s ops with its inputs bound to the variables `args` (which hold values on
        their dtype's home device); returns expressions of its outputs on their home device."""
        compiled = None
        if self.compile_bodies is not None:
            # Compiled regions are found in the function as written, as `JitPlan` finds them
            # at the top level: the passes' fused ops have no compiled form.
            written = functions.as_written(fn)
            compiled = self.compile_bodies(_function_body(written),
                                           {id(t) for t in written.outputs})
        if compiled is not None:
            ops = compiled
        else:
            written = (functions.as_written(fn) if self.bodies_as_written
                       else functions.optimized(fn))
            ops = _function_body(written)
        for placeholder, name in zip(written.inputs, args):
            self._names[id(placeholder)] = name
            self._devices[id(placeholder)] = home_device(placeholder.dtype)
        outputs = {id(t) for t in written.outputs}
        self._write_ops(ops, indent, keep=outputs, protected={id(t) for t in written.inputs})
        return [self._on(t, home_device(t.dtype)) for t in written.outputs]

    def at_home(self, tensor: SymbolicTensor) -> str:
        return self._on(tensor, home_device(tensor.dtype))

    def on_cpu(self, tensor: SymbolicTensor) -> str:
        return self._on(tensor, devices.CPU)

    def home_var(self, tensor: SymbolicTensor) -> str:
        return self.var(tensor, home_device(tensor.dtype))


# A kernel's specialization that is a Python operator (`operator.mod` for FloorMod by a constant
# divisor, `operator.eq` and `.ne` for Equal and NotEqual) is written as the operator: the same
# call, with no function call around it. Keyed by id: specializations need not be hashable.
_INFIX = {id(fn): form for fn, form in [
    (operator.mod, "{0} % {1}"), (operator.eq, "{0} == {1}"), (operator.ne, "{0} != {1}")]}


def as_fast_scalar(value: Any) -> Any:
    """A numeric 0-d NumPy array as a NumPy scalar: arithmetic on scalars skips most of the
    ufunc machinery (about 10x faster), with the same results and dtypes."""
    if isinstance(value, np.ndarray) and value.ndim == 0 and value.dtype.kind in "biuf":
        return value[()]
    return value


def home_device(dtype: dtypes.DType) -> devices.Device:
    """Where values that cross control flow (loop variables, branch results) live: the
    default device (GPU:0 when there is one), the host for strings, resources and variants."""
    if dtype.is_host_only:
        return devices.CPU
    gpus = devices.gpu_devices()
    return gpus[0] if gpus else devices.CPU


def _function_body(written: functions.Function) -> list[Operation]:
    """The ops a call of `written` runs, less its inputs' placeholders."""
    inputs = {id(t.op) for t in written.inputs}
    return [op for op in prune(written.graph, written.inputs, written.fetches)
            if id(op) not in inputs]


def function_ops(fn: Any) -> list[Operation]:
    """The ops a call of function graph `fn` runs: those its outputs need, and every op with
    side effects (an `Assert`, a print, a variable update), in creation order, as TensorFlow
    runs a function's stateful ops and prunes what nothing needs."""
    return prune(fn, list(fn.inputs), functions.as_written(fn).fetches)


def prune(graph: Graph, feeds: list, fetches: list) -> list[Operation]:
    """The ops the fetches need, in creation (topological) order, stopping at fed tensors;
    an unfed placeholder among them is an error."""
    ops = needed_ops(graph, feeds, fetches)
    for op in ops:
        if op.type == "Placeholder":
            shape = "unknown" if op.attrs["shape"] is None else list(op.attrs["shape"])
            raise InvalidArgumentError(
                f"You must feed a value for placeholder tensor {op.name!r} with dtype "
                f"{op.attrs['dtype'].name} and shape {shape}: add it to feed_dict.")
    return ops


def _last_uses(ops: list[Operation]) -> dict[int, list[SymbolicTensor]]:
    """Position -> tensors whose last consumer (among `ops`) is the op at that position."""
    last: dict[int, tuple[int, SymbolicTensor]] = {}
    for position, op in enumerate(ops):
        for t in op.inputs:
            last[id(t)] = (position, t)
        for t in op.outputs:
            last.setdefault(id(t), (position, t))  # never consumed: free right away
    by_position: dict[int, list[SymbolicTensor]] = {}
    for position, t in last.values():
        by_position.setdefault(position, []).append(t)
    return by_position

