"""Pillow and scipy.ndimage, the optional libraries image preprocessing reads and transforms
images with (as Keras does), imported on first use."""

from __future__ import annotations

from typing import Any

MISSING = ('{what} needs {package}: pip install "autograph-dataflow[image]" '
           '(or pip install {pip}).')


def pil_image() -> Any:
    """`PIL.Image`, imported on first use.

    Raises:
        ImportError: Pillow is missing; the message names the extra that installs it.
    """
    try:
        from PIL import Image
    except ImportError:
        raise ImportError(MISSING.format(what="Reading and writing images", package="Pillow",
                                         pip="pillow")) from None
    return Image


def pil_image_enhance() -> Any:
    """`PIL.ImageEnhance`, imported on first use (see `pil_image`)."""
    pil_image()
    from PIL import ImageEnhance
    return ImageEnhance


def scipy_ndimage() -> Any:
    """`scipy.ndimage`, imported on first use.

    Raises:
        ImportError: scipy is missing; the message names the extra that installs it.
    """
    try:
        from scipy import ndimage  # type: ignore[import-untyped]
    except ImportError:
        raise ImportError(MISSING.format(what="Affine image transforms", package="scipy",
                                         pip="scipy")) from None
    return ndimage
