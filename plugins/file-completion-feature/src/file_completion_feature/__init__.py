"""@file: path completions inside the agent workspace."""
