"""Entry point of `agent-desktop`."""

import sys


def main() -> int:
    print("Agent Desktop: the GUI is not built yet.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
