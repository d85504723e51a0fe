"""`except_star_cases.py` is Python 3.11 syntax: not imported for doctests before that."""

import sys

collect_ignore = ["except_star_cases.py"] if sys.version_info < (3, 11) else []
