"""record_dtype_errors.py imports TensorFlow, which is not a dependency: keep it out of
collection (the suite reads what it recorded, `dtype_error_cases.RECORDED`)."""

collect_ignore = ["record_dtype_errors.py"]
