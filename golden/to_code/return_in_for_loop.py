"""`return` inside a loop: the loop stops once `do_return` is set. (Python values only for
now: a graph loop needs a first value for `retval_`, which `ag__.for_stmt` does not yet
settle; see test_return_statements.py's xfail.)"""

import numpy as np


def f(xs, threshold):
    for x in xs:
        if x > threshold:
            return x
    return -1.0


PYTHON_ARGS = [(np.array([1.0, 5.0, 7.0], np.float32), 4.0),
               (np.array([1.0, 2.0], np.float32), 4.0)]
