"""`ag.keras.preprocessing.image`: Keras's image preprocessing. `load_img`, `img_to_array`,
`array_to_img`, `save_img` and `smart_resize`; `ImageDataGenerator`, which augments and
normalizes batches from arrays (`flow`) or class subfolders (`flow_from_directory`), its
iterators and its transforms. Image files are read with Pillow and transformed with
scipy.ndimage, both optional (pip install "autograph-dataflow[image]").

>>> import numpy as np
>>> import autograph as ag
>>> gen = ag.keras.preprocessing.image.ImageDataGenerator(rescale=1 / 255)
>>> next(gen.flow(np.full((2, 4, 4, 3), 255.0), batch_size=2)).max()
np.float32(1.0)
"""

from autograph.impl.tracebacks import filter_exports as _filter_exports
from autograph.runtime.train.keras.image.affine import (
    apply_affine_transform,
    apply_brightness_shift,
    apply_channel_shift,
    random_brightness,
    random_channel_shift,
    random_rotation,
    random_shear,
    random_shift,
    random_zoom,
)
from autograph.runtime.train.keras.image.directory import DirectoryIterator
from autograph.runtime.train.keras.image.generator import ImageDataGenerator
from autograph.runtime.train.keras.image.image_utils import (
    array_to_img,
    img_to_array,
    load_img,
    save_img,
    smart_resize,
)
from autograph.runtime.train.keras.image.iterators import Iterator, NumpyArrayIterator

__all__ = ["DirectoryIterator", "ImageDataGenerator", "Iterator", "NumpyArrayIterator",
           "apply_affine_transform", "apply_brightness_shift", "apply_channel_shift",
           "array_to_img", "img_to_array", "load_img", "random_brightness",
           "random_channel_shift", "random_rotation", "random_shear", "random_shift",
           "random_zoom", "save_img", "smart_resize"]


def __dir__() -> list[str]:
    """The public names only (`__all__`), not the modules this one imports."""
    return __all__


_filter_exports(globals())  # errors show the user's frames
