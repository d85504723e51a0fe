"""How a recorded case is shown: the repr of its value, or `ErrorType: first line of the
message`; the same under TensorFlow (recording) and here (testing). Standard library only: the
recorders run it with TensorFlow's Python."""

import pprint
import re


def show(case, namespace):
    try:
        return repr(eval(case, namespace))
    except Exception as error:  # noqa: BLE001  (compared as shown)
        return f"{type(error).__name__}: {str(error).splitlines()[0]}"


def ported(text):
    """TensorFlow's text with the ported import's names."""
    return re.sub(r"\btf\.", "ag.", text)


def record(setup, cases):
    """Prints what TensorFlow shows for each case, as the case modules' `TENSORFLOW`."""
    import tensorflow as tf

    namespace = {"tf": tf}
    exec(setup, namespace)
    pprint.pprint({case: show(case, namespace) for case in cases}, width=100,
                  sort_dicts=False)
