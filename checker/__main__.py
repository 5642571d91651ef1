import sys

from checker.cli import main

if __name__ == "__main__":
    sys.exit(main())
