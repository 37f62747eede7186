"""``python -m stud_fast``: see stud_fast.cli."""

import sys

from stud_fast.cli import main

sys.exit(main())
