"""`python -m warp_empires`: the same as the `warp-empires` command."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
