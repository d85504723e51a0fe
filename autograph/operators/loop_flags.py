"""The flags a tensor loop carries for a variable that may have no value.

A variable first assigned in the loop, or guarded by a `CheckDefined` before it (a tensor `if`
assigned it in one branch), may have no value in an iteration or after the loop. The loop
carries each of its tensors unchecked, with a bool flag per tensor as one more loop variable,
and reads it through a `CheckDefined` on that flag where the body or the code after the loop
uses it.

Before (`y` is first assigned under a tensor `if` in the body):

    while i < n:
        if i > k:
            y = i
        i += 1
    return y

After (as the `While` op sees it): loop variables `(i, y_flag, y)`, starting `(i, False, 0)`;
the body reads `check_defined(y, y_flag)` and gives back the If's unchecked value of `y` with
the flag `i > k or y_flag`; after the loop, `check_defined(y, y_flag)` stands for `y`.
"""

from __future__ import annotations

from typing import Any

from autograph.operators.variables import Undefined
from autograph.runtime.graph.func_graph import flatten, pack_sequence_as
from autograph.runtime.graph.tensor_conversion import convert_to_tensor
from autograph.runtime.ops.control_flow.ops import check_defined, is_checked
from autograph.runtime.ops.list.tensor_array import TensorArray


class MaybeUndefined:
    """The flags of a loop variable that may have no value: one per leaf, a loop variable
    itself, true once the leaf has one. The loop carries the leaf unchecked and checks it
    where the body or the code after the loop reads it, as Python raises UnboundLocalError
    there.

    A variable first assigned in the loop starts with false flags (and zeros); one that a
    `CheckDefined` guards before the loop (a tensor `if` assigned it in one branch) starts
    with that check's flag, and keeps its message."""

    @staticmethod
    def needed(value: Any) -> bool:
        if value is None or isinstance(value, Undefined):
            return True
        return not isinstance(value, (list, TensorArray)) and any(
            is_checked(leaf) for leaf in flatten(value))

    def __init__(self, before: Any, init: Any, name: str):
        if before is None or isinstance(before, Undefined):
            self.unchecked_init = init
            self.initial = [convert_to_tensor(False) for _ in flatten(init)]
            if before is None:  # a use in the body fails first, tracing it with None
                self.inside = self.after = [
                    f"'{name}' is None before a loop over tensors that assigns it tensors, and "
                    f"no iteration assigned it (the loop ran zero times, or skipped the "
                    f"assignment): a graph cannot give None for some runs only. Start it with "
                    f"a tensor value instead."] * len(self.initial)
                return
            self.inside = [
                f"'{name}' is first assigned inside a loop over tensors, and is read here "
                f"before any iteration assigned it, so it has no value. Assign it before the "
                f"loop."] * len(self.initial)
            self.after = [
                f"'{name}' is first assigned inside a loop over tensors, and no iteration "
                f"assigned it (the loop ran zero times, or skipped the assignment), so it has "
                f"no value after the loop: the loop must iterate at least once to initialize "
                f"{name}. Assign it before the loop."] * len(self.initial)
            return
        leaves = flatten(init)
        self.unchecked_init = pack_sequence_as(init, [
            leaf.op.inputs[0] if is_checked(leaf) else leaf for leaf in leaves])
        self.initial = [leaf.op.inputs[1] if is_checked(leaf) else convert_to_tensor(True)
                        for leaf in leaves]
        self.inside = self.after = [
            leaf.op.get_attr("message") if is_checked(leaf) else f"'{name}' has no value."
            for leaf in leaves]

    def checked(self, value: Any, flags: list, inside: bool) -> Any:
        """`value`'s leaves, each read through a `CheckDefined` on its flag."""
        messages = self.inside if inside else self.after
        return pack_sequence_as(value, [check_defined(leaf, flag, message) for leaf, flag,
                                        message in zip(flatten(value), flags, messages)])

    def unchecked(self, after: Any, checked_in: Any, flags_in: list) -> tuple[Any, list]:
        """The body's value `after` as unchecked leaves, and their flags: a leaf passed
        through keeps its flag, one a check guards (an `if` assigned it in one branch) takes
        that check's flag, and one the body assigned has a value."""
        leaves, flags = [], []
        inputs = flatten(checked_in)
        for j, leaf in enumerate(flatten(after)):
            if j < len(inputs) and leaf is inputs[j]:
                leaves.append(inputs[j].op.inputs[0])
                flags.append(flags_in[j])
            elif is_checked(leaf):
                leaves.append(leaf.op.inputs[0])
                flags.append(leaf.op.inputs[1])
            else:
                leaves.append(leaf)
                flags.append(convert_to_tensor(True))
        return pack_sequence_as(after, leaves), flags
