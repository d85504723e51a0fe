"""The recorder imports TensorFlow, which the suite does not have: it runs by hand only."""

collect_ignore = ["record.py"]
