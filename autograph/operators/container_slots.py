"""Items that a tensor `if`'s branches replace in place in the lists and dicts of its state.

A branch may change a list or dict that a variable of the `if` holds, before rebinding the
variable (the converter makes an item state of its own only while its owner is not rebound):

    xs = [0, 1]
    ys = xs
    if x > 0:            # x a tensor: both branches are traced
        xs[1] = x + 5    # changes the list `ys` also holds...
        xs = [xs[1], 0]  # ...then rebinds xs

Plain Python changes the old list only when the branch runs. `Slots` finds such replaced
items after each branch's trace, puts the old values back (so the other branch sees them), and
makes each item (`xs[1]`) one more output of the `If` op, whose result is written into the
list after it. Growing or shrinking a list or dict, or adding or removing keys, in a branch is
an error: its structure cannot depend on a value known only when the graph runs.
"""

from __future__ import annotations

from typing import Any, Sequence


class Slot:
    """One item, `container[key]`, reached from the state as `name` (`xs[1]`, `d['b']['c']`)."""

    __slots__ = ("container", "key", "name")

    def __init__(self, container: Any, key: Any, name: str):
        self.container, self.key, self.name = container, key, name

    def same(self, other: Slot) -> bool:
        return self.container is other.container and self.key == other.key


class Slots:
    """The lists and dicts reachable from a statement's state (`state`, named `names`), as
    they were before it, and the items its branches have replaced so far (`found`)."""

    def __init__(self, state: Sequence[Any], names: Sequence[str]):
        self.found: list[Slot] = []
        self._containers: dict[int, tuple] = {}  # id -> (container, items before, path)
        pending = [(value, name) for value, name in zip(state, names)]
        while pending:
            value, path = pending.pop()
            kind = type(value)
            if (kind is list or kind is dict) and id(value) not in self._containers:
                before = list(value) if kind is list else dict(value)
                self._containers[id(value)] = (value, before, path)
                items = enumerate(value) if kind is list else value.items()
                pending.extend((v, f"{path}[{k!r}]") for k, v in items)

    def replaced(self, label: str, what: str) -> list[Slot]:
        """The items the branch just traced (`label`) replaced in place; a changed length or
        set of keys is an error (after `restore`)."""
        replaced = []
        for container, before, path in self._containers.values():
            if type(container) is list:
                resized = len(container) != len(before)
                keys = [] if resized else [
                    i for i, (x, y) in enumerate(zip(container, before)) if x is not y]
            else:
                resized = container.keys() != before.keys()
                keys = [] if resized else [k for k, v in before.items() if container[k] is not v]
            if resized:
                self.restore()
                raise _resized(container, path, label, what)
            replaced += [Slot(container, k, f"{path}[{k!r}]") for k in keys]
        return replaced

    def add(self, slots: Sequence[Slot]) -> list[Slot]:
        """Adds the `slots` not found before to `found`; returns those."""
        new = [s for s in slots if not any(s.same(f) for f in self.found)]
        self.found += new
        return new

    def values(self) -> tuple:
        """The current value of each found item."""
        return tuple(s.container[s.key] for s in self.found)

    def restore(self) -> None:
        """Puts back the items before the statement, in every container."""
        for container, before, _ in self._containers.values():
            if type(container) is list:
                container[:] = before
            else:
                container.clear()
                container.update(before)

    def changed_ids(self) -> set[int]:
        """The ids of the containers whose items differ from before now."""
        changed = set()
        for key, (container, before, _) in self._containers.items():
            items = zip(container, before) if type(container) is list else (
                (container.get(k), v) for k, v in before.items())
            if len(container) != len(before) or any(x is not y for x, y in items):
                changed.add(key)
        return changed

    def write(self, values: Sequence[Any]) -> None:
        """Writes the `If` op's results for the found items into their containers."""
        for slot, value in zip(self.found, values):
            slot.container[slot.key] = value


def detached(value: Any, changed: set[int]) -> Any:
    """`value` with each list, tuple or dict on the way to a container in `changed` copied,
    so that putting those containers back leaves the branch's value as the branch left it."""
    kind = type(value)
    if kind is not list and kind is not tuple and kind is not dict:
        return value
    items = list(value.items()) if kind is dict else list(enumerate(value))
    copies = [(k, detached(v, changed)) for k, v in items]
    if id(value) not in changed and all(c is v for (_, c), (_, v) in zip(copies, items)):
        return value
    return dict(copies) if kind is dict else kind(c for _, c in copies)


def _resized(container: Any, path: str, label: str, what: str) -> ValueError:
    kind = type(container).__name__
    how = "its length" if kind == "list" else "its keys"
    return ValueError(f"{kind} '{path}' is changed in place in {label} of "
                      f"{'an' if what == 'if' else 'a'} `{what}` whose condition is a tensor, "
                      f"which changes {how}; that cannot depend on a value known only when the "
                      f"graph runs. Use a TensorArray, build a new one instead, or change it "
                      f"outside the `{what}`.")
