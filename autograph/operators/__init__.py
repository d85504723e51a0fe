"""The `ag__` operators: what converted code calls in place of Python statements and builtins.

Converted code imports this module as `ag__`. Every operator keeps plain Python's semantics
for Python values and eager tensors (its Python path), and builds graph ops when the value
that decides (a condition, an iterable, an operand) is a symbolic tensor (its graph path).
Each module's docstring gives the plain Python each operator stands for.

>>> import autograph.operators as ag__
>>> def loop_body(i, s):
...     return s + i
>>> ag__.for_stmt(ag__.range(4), loop_body, (0,), ("s",))
6
"""

from autograph.operators.call import converted_call, set_conversion_hook
from autograph.operators.conditional_expressions import if_exp
from autograph.operators.control_flow import for_stmt, if_stmt, while_stmt
from autograph.operators.data_structures import get_item, list_append, list_pop, new_list
from autograph.operators.exceptions import assert_stmt
from autograph.operators.handlers import Handlers, handled_error, raise_to
from autograph.operators.logical import and_, eq, not_, not_eq, or_
from autograph.operators.py_builtins import (
    abs_,
    enumerate_,
    float_,
    int_,
    iter_,
    len_,
    max_,
    min_,
    next_,
    print_,
    print_each_call,
    range_,
    zip_,
)
from autograph.operators.raising_branches import finally_begins, finally_entered, finally_return
from autograph.operators.traced_errors import (
    TryTrace,
    finally_ends,
    handling,
    recovered,
    reraise_traced,
)
from autograph.operators.variables import (
    Undefined,
    UndefinedReturnValue,
    is_undefined,
    is_undefined_return,
    ld,
    retval,
)

# The builtins converted code calls as `ag__.len(x)`, `ag__.range(n)`, ...
len = len_
range = range_
print = print_
int = int_
float = float_
abs = abs_
max = max_
min = min_
enumerate = enumerate_
zip = zip_
iter = iter_
next = next_

__all__ = [
    "if_stmt", "while_stmt", "for_stmt", "and_", "or_", "not_", "if_exp", "converted_call",
    "set_conversion_hook", "ld", "Undefined", "UndefinedReturnValue", "is_undefined",
    "is_undefined_return", "retval", "len", "range", "print", "int", "float", "abs", "max",
    "min", "enumerate", "zip", "iter", "next", "list_append", "list_pop", "new_list", "get_item",
    "assert_stmt", "handling", "reraise_traced", "recovered", "finally_entered", "finally_return",
    "TryTrace", "finally_begins", "finally_ends", "Handlers",
    "raise_to", "handled_error", "eq", "not_eq", "print_each_call",
]
