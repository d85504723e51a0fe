"""Whether a function's compiled code shows that no converter would change it.

Converting starts by reading and parsing a function's source; for code that no converter acts
on (arithmetic, indexing, attribute reads: straight-line tensor code) that was most of the
work, and the answer was to run the original code anyway. The code object tells the same
thing sooner: every construct some converter acts on compiles to an instruction outside
`_PLAIN` (a jump for `if`, loops, `and`/`or`, conditional expressions and `assert`; a call;
a comparison; `not`; `raise`; a nested def, lambda, class or comprehension; the handlers of
`try` and `with`; `yield`, and the start of a generator or coroutine), or to a name the
converters watch (`append`, `TensorArray`, ...). So an unknown instruction (another Python
version's) only sends the function the long way.

    def step(x, c):                 # instructions: LOAD_FAST, LOAD_CONST, BINARY_OP,
        return x * 1.0001 + c       # RETURN_VALUE: runs as written, never parsed

    def clipped(x):                 # POP_JUMP_IF_FALSE (and a call): parsed and converted
        return x if x > 0 else 0

A `global` or `nonlocal` name read but not assigned compiles as a name that has none; those
declarations only matter to the converters where the name is assigned inside a loop or a
branch, which jumps. Python folds away tests that are constants (`if True: ...` on one line,
`not True`, `True and x`), leaving no instruction: those run as written too, and give what
converted code gives, whose control flow on a Python value is Python's.

Under `python -O` an `assert` leaves no instruction behind, so this check is not used there:
the converter turns `assert` into a graph assertion either way.
"""

from __future__ import annotations

import dis
import sys
import types

_PLAIN = frozenset(dis.opmap[name] for group in (
    # Bookkeeping; names: locals, globals and closure cells read (a `nonlocal` write is not).
    """LOAD_FAST NOP CACHE RESUME EXTENDED_ARG POP_TOP COPY_FREE_VARS LOAD_FAST_CHECK
    LOAD_FAST_BORROW LOAD_FAST_LOAD_FAST LOAD_FAST_BORROW_LOAD_FAST_BORROW STORE_FAST_LOAD_FAST
    STORE_FAST_STORE_FAST LOAD_SMALL_INT RETURN_CONST STORE_FAST DELETE_FAST LOAD_CONST
    LOAD_GLOBAL LOAD_DEREF RETURN_VALUE""",
    # Arithmetic (Python 3.10 had an instruction per operator); unary `-`, `+` and `~`.
    """BINARY_OP CALL_INTRINSIC_1 BINARY_ADD BINARY_SUBTRACT BINARY_MULTIPLY BINARY_TRUE_DIVIDE
    BINARY_FLOOR_DIVIDE BINARY_MODULO BINARY_POWER BINARY_MATRIX_MULTIPLY BINARY_LSHIFT
    BINARY_RSHIFT BINARY_AND BINARY_OR BINARY_XOR INPLACE_ADD INPLACE_SUBTRACT
    INPLACE_MULTIPLY INPLACE_TRUE_DIVIDE INPLACE_FLOOR_DIVIDE INPLACE_MODULO INPLACE_POWER
    INPLACE_MATRIX_MULTIPLY INPLACE_LSHIFT INPLACE_RSHIFT INPLACE_AND INPLACE_OR INPLACE_XOR
    UNARY_NEGATIVE UNARY_POSITIVE UNARY_INVERT""",
    # Indexing, slicing and attributes.
    """BINARY_SUBSCR BINARY_SLICE STORE_SLICE STORE_SUBSCR DELETE_SUBSCR BUILD_SLICE LOAD_ATTR
    STORE_ATTR DELETE_ATTR""",
    # Tuples, lists, dicts and sets written out, unpacking, and f-strings.
    """BUILD_TUPLE ROT_TWO ROT_THREE FORMAT_SIMPLE FORMAT_WITH_SPEC CONVERT_VALUE BUILD_LIST
    BUILD_SET BUILD_MAP BUILD_CONST_KEY_MAP LIST_APPEND LIST_EXTEND LIST_TO_TUPLE SET_UPDATE
    DICT_UPDATE UNPACK_SEQUENCE UNPACK_EX SWAP FORMAT_VALUE BUILD_STRING"""
) for name in group.split() if name in dis.opmap)


def runs_as_written(code: types.CodeType, watched_names: frozenset[str]) -> bool:
    """Whether `code` holds only instructions of `_PLAIN` and names none of `watched_names`:
    no converter would change it."""
    if sys.flags.optimize or not _PLAIN.issuperset(code.co_code[::2]):  # (opcode, arg) pairs
        return False
    return watched_names.isdisjoint(code.co_names + code.co_varnames + code.co_freevars)
