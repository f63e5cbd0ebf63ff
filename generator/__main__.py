"""`python -m generator ...`"""

import sys

try:
    from .command import entry
except KeyboardInterrupt:  # Ctrl-C before the entry point's own handling is in place
    sys.stderr.write("interrupted; nothing was written\n")  # (problems.INTERRUPTED)
    sys.exit(130)

entry()
