"""A program the app runs to ask the system keyring whether it can keep secrets.

`SecretStore.headline_at_a_glance` runs it so the first-run pane can say where a key would be
kept without loading the keyring client (Secret Service, D-Bus, cryptography: about 13 MB) into
the app for a user who may never type a key. Prints ``[available, problem]`` as JSON.
"""

from __future__ import annotations

import json
import sys

from agent_app.secrets import probe_keyring


def main() -> None:
    print(json.dumps(probe_keyring(sys.argv[1])), flush=True)


if __name__ == "__main__":
    main()
