"""Makes the checkout's `runtime/`, `kernels/` and `cli/` import as `autograph.runtime`, ...

Installed, the three folders are sub-packages of `autograph` (setup.py maps them with setuptools'
`package_dir`), so the distribution adds one name to the top level of `sys.modules` and a user's
own `runtime/` or `kernels.py` cannot shadow ours, nor ours theirs. A source checkout keeps them
beside `autograph/`, as the repository lays them out; there this finder maps the same names,
ahead of any installed copy, so that the checkout's code is the code that runs.
"""

import os
import sys
from importlib.machinery import ModuleSpec, PathFinder

SUBPACKAGES = ("runtime", "kernels", "cli")
_PACKAGE = os.path.dirname(os.path.abspath(__file__))
_ROOT = os.path.dirname(_PACKAGE)
IN_CHECKOUT = (not os.path.isdir(os.path.join(_PACKAGE, "runtime"))
               and os.path.isfile(os.path.join(_ROOT, "runtime", "__init__.py")))
SOURCE_DIRS = tuple(os.path.join(folder, "") for folder in [_PACKAGE, *(
    os.path.join(_ROOT, name) for name in SUBPACKAGES if IN_CHECKOUT)])
"""The folders of autograph's own code (each ending in a separator): tracebacks leave them out."""


class CheckoutFinder:
    """Finds `autograph.<name>`, for `name` in SUBPACKAGES, as the folder `<root>/<name>`."""

    def __init__(self, root: str):
        self.root = root

    def find_spec(self, fullname: str, path: object = None,
                  target: object = None) -> ModuleSpec | None:
        package, _, name = fullname.partition(".")
        if package != "autograph" or name not in SUBPACKAGES:
            return None
        return PathFinder.find_spec(fullname, [self.root])


def install() -> None:
    """Adds the finder when this package is in a source checkout (installed, it needs none)."""
    if IN_CHECKOUT and not any(isinstance(finder, CheckoutFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, CheckoutFinder(_ROOT))
