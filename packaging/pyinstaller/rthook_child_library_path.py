"""PyInstaller runtime hook: programs the app starts get the user's library path back.

The bootloader starts the app with the bundle's library folder first on LD_LIBRARY_PATH (the
user's value saved in LD_LIBRARY_PATH_ORIG). Commands run by the shell tool and MCP servers (git,
node, python, ...) would inherit it and load the bundle's copies of libstdc++, OpenSSL or
libpython instead of their own. This process's dynamic loader read the variable when it started,
so restoring it here changes only what child processes see.
"""

import os


def _restore_library_path() -> None:
    original = os.environ.pop("LD_LIBRARY_PATH_ORIG", None)
    if original is None:
        os.environ.pop("LD_LIBRARY_PATH", None)
    else:
        os.environ["LD_LIBRARY_PATH"] = original


_restore_library_path()
