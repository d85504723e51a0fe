"""Keras's image preprocessing (`keras.preprocessing.image`, Keras 3's legacy
`ImageDataGenerator` and `keras.utils`' image functions), over Pillow and scipy.ndimage as
Keras itself uses them.

    optional      Pillow and scipy.ndimage, imported on first use
    image_utils   load_img, img_to_array, array_to_img, save_img, smart_resize
    affine        apply_affine_transform and the random_* / apply_* transforms
    iterators     Iterator and NumpyArrayIterator
    directory     DirectoryIterator
    generator     ImageDataGenerator

Random draws use NumPy's global generator (`np.random`) in Keras's order, so that the same seed
gives the same augmented batches as Keras.
"""
