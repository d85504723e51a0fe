"""`Checkpoint`: saves and restores the variables of a group of objects (`tf.train.Checkpoint`).

The objects are walked through the checkpoint protocol (`trackable.py`: `_trackable_children`,
keys such as `model/layers/0/w/.ATTRIBUTES/VARIABLE_VALUE`, as TensorFlow names them); the
values go to one `.npz` file per checkpoint, written atomically (`checkpoint_io.py`). A restore
assigns the values of variables that exist and keeps the others until their variables appear
(an optimizer's slots before its first step), so that training resumes bit for bit
(`restoration.py`); a restore that matches nothing warns.

Checkpoints are read and written eagerly: calling these methods while an `ag.function` traces
(or inside a TensorFlow-1 `ag.Graph`) is an error, where TensorFlow would build save and
restore ops. Variables created eagerly or inside an `ag.function` (lifted out, so eager) are
saved and restored alike, and the functions using them see the restored values.

>>> import os, tempfile
>>> from autograph.runtime.state.variables import Variable
>>> v = Variable([1.0, 2.0])
>>> ckpt = Checkpoint(v=v)
>>> with tempfile.TemporaryDirectory() as folder:
...     path = ckpt.save(os.path.join(folder, "ckpt"))
...     _ = v.assign([0.0, 0.0])
...     consumed = ckpt.restore(path).assert_consumed() is not None
>>> os.path.basename(path), consumed, v.numpy().tolist()
('ckpt-1', True, [1.0, 2.0])
"""

from __future__ import annotations

import os
import weakref
from typing import Any

from autograph.runtime.core import dtypes
from autograph.runtime.graph.graph import building_graph
from autograph.runtime.graph.init_scope import init_scope
from autograph.runtime.state.variables import Variable
from autograph.runtime.train import checkpoint_io, data_structures, trackable
from autograph.runtime.train import restoration as restoring

__all__ = ["Checkpoint", "CheckpointLoadStatus", "InitializationOnlyStatus"]

_SAVE_COUNTER = "save_counter"


class Checkpoint:
    """Groups objects whose variables are saved and restored together.

    Args:
        root: an object whose children become the checkpoint's own (paths start at them).
        **kwargs: the objects, by name: variables, objects with `_trackable_children` (an
            `ag.Module`, an optimizer), or lists and dicts of them.

    Raises:
        ValueError: a value is none of these, or a name is `save_counter` (the checkpoint's
            own counter).
    """

    def __init__(self, root: Any = None, **kwargs: Any):
        if root is not None and not trackable.is_trackable(root):
            raise ValueError(f"ag.train.Checkpoint root must be an object with "
                             f"_trackable_children (such as an ag.Module); got {root!r}.")
        self._root = root
        self._objects: dict[str, Any] = {}
        self._save_counter: Variable | None = None
        self._restoration: restoring.Restoration | None = None
        for name, value in kwargs.items():
            setattr(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        """`ckpt.name = obj` adds `obj` as a TensorFlow Checkpoint does (names starting with
        `_` are the checkpoint's own attributes); a list or dict is kept wrapped, as a
        `ListWrapper` or `DictWrapper` of the very list or dict given."""
        if name.startswith("_"):
            object.__setattr__(self, name, value)
            return
        if name == _SAVE_COUNTER:
            raise ValueError("save_counter is the name of the checkpoint's own counter of "
                             "saves; give the object another name.")
        if not (trackable.is_trackable(value) or isinstance(value, (list, tuple, dict))):
            raise ValueError(
                f"ag.train.Checkpoint was expecting {name} to be a variable, an object with "
                f"_trackable_children (such as an ag.Module or an optimizer), or a list or "
                f"dict of them; got {value!r} ({type(value).__name__}).")
        self._objects[name] = data_structures.wrap(value)
        restoring.settle_all()  # what waits for this object is restored now, as TensorFlow

    def __getattr__(self, name: str) -> Any:
        """The object given as `name` (`ckpt.step.assign_add(1)`)."""
        objects = self.__dict__.get("_objects", {})
        if name in objects:
            return objects[name]
        raise AttributeError(f"This ag.train.Checkpoint has no object {name!r}; it has "
                             f"{sorted(objects)}.")

    def _trackable_children(self) -> dict[str, Any]:
        """The root's children, the named objects, and the save counter once it exists, sorted
        by name (TensorFlow's order: of two names for one object, the first sorted is its key)."""
        children: dict[str, Any] = {}
        if self._root is not None:
            children.update(trackable.children_of(self._root))
        children.update(self._objects)
        if self._save_counter is not None:
            children[_SAVE_COUNTER] = self._save_counter
        return {name: children[name] for name in sorted(children)}

    @property
    def save_counter(self) -> Variable:
        """An int64 variable counting `save` calls (made at the first use); numbers the
        checkpoints, and is saved and restored with them."""
        if self._save_counter is None:
            with init_scope():
                self._save_counter = Variable(0, dtype=dtypes.int64, trainable=False,
                                              name=_SAVE_COUNTER)
        return self._save_counter

    def save(self, file_prefix: str) -> str:
        """Writes a numbered checkpoint `file_prefix-N` (N: the save counter, incremented
        first) and records it as the latest in its directory's `checkpoint` file.

        Returns:
            The checkpoint's path (`file_prefix-N`), for `restore` and `latest_checkpoint`.
        """
        _check_eager("save")
        number = int(self.save_counter.assign_add(1).numpy())
        try:
            path = self.write(f"{os.fspath(file_prefix)}-{number}")
        except BaseException:
            self.save_counter.assign_sub(1)  # nothing was saved under this number
            raise
        checkpoint_io.write_state(os.path.dirname(path) or ".", path, [path])
        return path

    def write(self, file_prefix: str) -> str:
        """Writes a checkpoint to exactly `file_prefix` (no number, no `checkpoint` file).

        Returns:
            `file_prefix`.

        Raises:
            ValueError: a variable belongs to a TensorFlow-1 graph, two objects' children
                share a name, or an iterator's position cannot be saved (its pipeline reads a
                Python generator, for example); nothing is written then.
        """
        _check_eager("write")
        values, graph = trackable.serialize(list(self._trackable_children().items()))
        return checkpoint_io.write_values(os.fspath(file_prefix), values, graph)

    def restore(self, save_path: str | None) -> CheckpointLoadStatus | InitializationOnlyStatus:
        """Restores the checkpoint at `save_path` (a path `save` returned), creating the save
        counter so that it is restored too. None restores nothing.

        Values of variables that exist are assigned now; the others when their variables
        appear. The status checks what matched (`assert_consumed`).

        Raises:
            NotFoundError: there is no checkpoint at `save_path`.
            DataLossError: the file is damaged or not a checkpoint.
            ValueError: values do not fit their variables (dtype or shape): one error lists
                every difference, and nothing is assigned.
        """
        if save_path is None:
            return InitializationOnlyStatus()
        self.save_counter  # noqa: B018  (created, so that it is restored)
        return self.read(save_path)

    def read(self, save_path: str) -> CheckpointLoadStatus:
        """Like `restore`, for checkpoints written with `write`: the save counter is restored
        only if it exists (or once it is made)."""
        _check_eager("read")
        save_path = os.fspath(save_path)
        values, aliases = checkpoint_io.read_checkpoint(save_path)
        restoration = restoring.Restoration(
            save_path, self._trackable_children(), values, aliases, owner=self,
            bookkeeping=frozenset({trackable.key_of(_SAVE_COUNTER)}))
        restoration.match(atomic=True)
        restoring.wait_for_variables(restoration, replaces=self._restoration)
        self._restoration = restoration
        restoration.warn_if_nothing_matched()
        return CheckpointLoadStatus(restoration)

    def __repr__(self) -> str:
        return f"<ag.train.Checkpoint of {', '.join(self._objects) or 'nothing'}>"


class CheckpointLoadStatus:
    """What a restore matched: the checks below raise `AssertionError` listing every
    difference between the checkpoint and the objects."""

    def __init__(self, restoration: restoring.Restoration):
        self._restoration = restoration
        # Dropped with nothing matched and nothing able to match: say so at the restore.
        weakref.finalize(self, _check_on_drop, weakref.ref(restoration))

    def _differences(self) -> tuple[list[str], list[str], list[str]]:
        """(dtype/shape mismatches, objects missing from the checkpoint, checkpoint values
        with no object yet), after giving waiting values to variables made since."""
        restoring.settle([self._restoration])
        return self._restoration.differences()

    def assert_consumed(self) -> CheckpointLoadStatus:
        """Checks that every value of the checkpoint was restored and every variable of the
        objects had a value.

        Raises:
            AssertionError: listing, by path, the values unused (their variables not made
                yet, or gone from the program), the variables missing from the checkpoint,
                and the values refused for their dtype or shape.
        """
        problems, missing, unexpected = self._differences()
        if problems or missing or unexpected:
            raise AssertionError(_unmatched(len(missing)) + restoring.mismatch_message(
                self._restoration.save_path, problems, missing, unexpected))
        return self

    def assert_existing_objects_matched(self) -> CheckpointLoadStatus:
        """Checks that every variable that exists now had a value (values for variables not
        made yet may wait).

        Raises:
            AssertionError: listing, by path, the variables missing from the checkpoint and
                the values refused for their dtype or shape.
        """
        problems, missing, _ = self._differences()
        if problems or missing:
            raise AssertionError(_unmatched(len(missing)) + restoring.mismatch_message(
                self._restoration.save_path, problems, missing, []))
        return self

    def expect_partial(self) -> CheckpointLoadStatus:
        """Silences the warning given when values of the checkpoint are never restored (not
        the one of a restore that matched nothing at all)."""
        self._restoration.expect_partial = True
        return self


def _unmatched(count: int) -> str:
    """TensorFlow's first sentence, where objects were not matched."""
    if not count:
        return ""
    return (f"Found {count} Python objects that were not bound to checkpointed values, likely "
            f"due to changes in the Python program. ")


def _check_on_drop(restoration_ref: weakref.ref) -> None:
    restoration = restoration_ref()
    if restoration is not None:
        restoration.warn_if_nothing_matched()


class InitializationOnlyStatus:
    """The status of `restore(None)`: nothing was restored; the variables keep their initial
    values."""

    def assert_consumed(self) -> InitializationOnlyStatus:
        raise AssertionError("No checkpoint specified (save_path=None); nothing is being "
                             "restored.")

    def assert_existing_objects_matched(self) -> InitializationOnlyStatus:
        raise AssertionError("No checkpoint specified (save_path=None); no objects matched.")

    def expect_partial(self) -> InitializationOnlyStatus:
        """Nothing to silence: nothing was restored."""
        return self


def _check_eager(method: str) -> None:
    if building_graph() is not None:
        raise RuntimeError(
            f"Checkpoint.{method} runs eagerly, but it was called while a graph is being built "
            f"(inside an ag.function or an ag.Graph). Call it outside the function; the "
            f"variables the function uses are saved and restored all the same.")
