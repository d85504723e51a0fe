"""`python -m autograph`: the same program as the `autograph` command."""

import sys

from autograph.cli.main import main

sys.exit(main())
