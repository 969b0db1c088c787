"""Entry script of the bundled `agent-desktop` binary (PyInstaller freezes this file).

It only hands over to the same `main()` the `agent-desktop` console script runs, so the bundle
and `uv run agent-desktop` behave the same.
"""

from agent_desktop.__main__ import main

if __name__ == "__main__":
    main()
