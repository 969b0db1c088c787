"""Entry script of the bundled `agent-desktop` binary (PyInstaller freezes this file).

It hands over to the same `main()` the `agent-desktop` console script runs, so the bundle and
`uv run agent-desktop` behave the same. `agent-desktop -m <module> [arguments]` runs one of the
app's helper modules instead, as `python -m` would (the bundle has no `python`; see
`agent_core.helper_programs`).
"""

import sys

if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "-m":
        import runpy

        sys.argv = sys.argv[2:]
        runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
    else:
        from agent_desktop.__main__ import main

        main()
