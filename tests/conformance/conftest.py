"""record.py imports TensorFlow, which is not a dependency: keep it out of collection."""

collect_ignore = ["record.py"]
