"""`python -m autograph`: the same program as the `autograph` command."""

import sys

from autograph.cli.main import main

if __name__ == "__main__":  # importing the module (a documentation tool does) runs nothing
    sys.exit(main())
