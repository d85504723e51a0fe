"""How an eager ragged tensor prints, as TensorFlow prints it: `<ag.RaggedTensor [[1, 2],
[3]]>`, its NumPy value (an array of rows, or of objects where row lengths differ) written with
commas between elements and each scalar as `str` gives it (`2.0`, `b'a'`).

>>> import numpy as np
>>> ragged_repr(np.array([[1, 2], [3, 4]]))
'<ag.RaggedTensor [[1, 2],\\n [3, 4]]>'
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["ragged_repr"]


def _element(x: Any) -> str:
    if isinstance(x, np.ndarray):
        if x.size == 0:
            return repr(x.tolist())  # array2string writes no separator for an empty array
        return np.array2string(x, separator=", ")
    return str(x)


def ragged_repr(value: np.ndarray) -> str:
    """The text of a ragged tensor whose NumPy value is `value`."""
    with np.printoptions(formatter={"all": _element}):
        return f"<ag.RaggedTensor {_element(value)}>"
