"""record_grad_cases.py imports TensorFlow, which is not a dependency: keep it out of
collection."""

collect_ignore = ["record_grad_cases.py"]
