"""Elements from Python generators, checked against the dataset's signature.

(Ranges and tensor slices are `rows.Rows`.)
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

from autograph.runtime.core import errors
from autograph.runtime.data.iterator_state import refuse_saving
from autograph.runtime.data.structure import Structure

Flat = tuple  # one element: a tuple of NumPy arrays


def generator_elements(make: Callable[[], Any], structure: Structure) -> Iterator[Flat]:
    """The elements of a Python generator, each checked against `structure`.

    Raises:
        InvalidArgumentError: the generator raised (the original error is the cause), or it
            yielded an element that does not match the signature.
    """
    refuse_saving("a Python generator (Dataset.from_generator), whose position cannot be "
                  "saved")
    it = iter(make())
    index = 0
    while True:
        try:
            value = next(it)
        except StopIteration:
            return
        except Exception as e:
            raise errors.InvalidArgumentError(
                f"The generator of Dataset.from_generator raised {type(e).__name__}: {e} "
                f"while producing element {index}.") from e
        yield tuple(structure.from_value(value, f"Element {index} of the generator"))
        index += 1
