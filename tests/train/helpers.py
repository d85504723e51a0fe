"""Small objects shared by the checkpoint tests, and the text of a mismatch error."""

import numpy as np

import autograph as ag


class Dense(ag.Module):
    """A module with a kernel, a bias, a list and a dict of variables, and a submodule."""

    def __init__(self, units=2, dtype=np.float32):
        super().__init__()
        self.w = ag.Variable(np.arange(units, dtype=dtype) + 1)
        self.layers = [ag.Variable(3.0), {"b": ag.Variable(4)}]
        self.units = units  # not state: skipped


class LazyVariable:
    """Creates its variable on first use, and says so through `_trackable_children`."""

    def __init__(self, initial=(0.0, 0.0)):
        self.initial = initial
        self.v = None

    def _trackable_children(self):
        return {"v": self.v}

    def __call__(self):
        if self.v is None:
            self.v = ag.Variable(list(self.initial))
        return self.v.read_value()


class MomentumSGD:
    """Heavy-ball SGD whose slots appear at the first `apply_gradients`, named by the
    optimizer protocol: `{"iterations": v, "slots": {"<i>": {"momentum": v}}}`."""

    def __init__(self, learning_rate=0.1, momentum=0.9):
        self.learning_rate, self.momentum = learning_rate, momentum
        self.iterations = ag.Variable(0, dtype=ag.int64, trainable=False)
        self.slots = {}

    def _trackable_children(self):
        return {"iterations": self.iterations, "slots": self.slots}

    def apply_gradients(self, grads_and_vars):
        for i, (grad, var) in enumerate(grads_and_vars):
            if str(i) not in self.slots:
                self.slots[str(i)] = {"momentum": ag.Variable(ag.zeros_like(var))}
            slot = self.slots[str(i)]["momentum"]
            slot.assign(self.momentum * slot + grad)
            var.assign_sub(self.learning_rate * slot)
        self.iterations.assign_add(1)


def mismatch(path, *differences):
    """The whole message of a checkpoint at `path` that does not fit the objects restored into
    it, one line for each difference."""
    return (f"Checkpoint '{path}' does not match the objects restored into it:\n"
            + "".join(f"  {difference}\n" for difference in differences)
            + "Restore into objects built as those that were saved (same attribute names, "
              "shapes and dtypes); status.expect_partial() accepts values that stay unused.")
