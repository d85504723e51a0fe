"""SavedModel-style exports: an object's variables, traced functions and signatures in a
directory that loads without the code that wrote it (`save.py`, `load.py`; the format in
`files.py` and `graph_codec.py`)."""

from autograph.runtime.saving.saved_model.files import contains_export
from autograph.runtime.saving.saved_model.load import LoadedObject, RestoredFunction, load
from autograph.runtime.saving.saved_model.save import save

__all__ = ["save", "load", "contains_export", "LoadedObject", "RestoredFunction"]
