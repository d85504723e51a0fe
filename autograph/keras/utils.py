"""`ag.keras.utils`: `PyDataset` (also `Sequence`), batches by index for `fit`, `evaluate`
and `predict`; `set_random_seed`, one seed for Python, NumPy and autograph; `load_img`,
`img_to_array`, `array_to_img` and `save_img`, image files through Pillow."""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.train.keras.image.image_utils import (
    array_to_img,
    img_to_array,
    load_img,
    save_img,
)
from autograph.runtime.train.keras.py_dataset import PyDataset, Sequence
from autograph.runtime.train.keras.rng_utils import set_random_seed

__all__ = ["PyDataset", "Sequence", "array_to_img", "img_to_array", "load_img", "save_img",
           "set_random_seed"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
