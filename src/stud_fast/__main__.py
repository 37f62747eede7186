"""``python -m stud_fast``: see stud_fast.cli."""

import sys

try:
    from stud_fast.cli import main
except KeyboardInterrupt:  # Ctrl-C while starting up: no traceback either
    sys.stderr.write("interrupted\n")
    sys.exit(130)

sys.exit(main())
