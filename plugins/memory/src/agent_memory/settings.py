"""What one agent's config says about memory, and the store it names.

The application supplies ``memory_path`` (a file in its data folder) and, for a chat in a
project, ``project_dir``; the agent's ``memory`` block (and a chat's own override of it, the
per-chat switch) says whether memory is on and how many tokens it may take per request.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from agent_app.secrets import redact
from agent_core.errors import redact_secrets
from agent_memory.store import MemoryStore, MemoryStoreError, RequestScope

CONFIG_BLOCK = "memory"
#: Tokens the remembered items may take in each request unless the agent says otherwise.
DEFAULT_BUDGET_TOKENS = 1_000


def memory_settings(config: dict[str, Any]) -> dict[str, Any]:
    block = config.get(CONFIG_BLOCK)
    block = block if isinstance(block, dict) else {}
    budget = block.get("budget_tokens")
    return {
        "enabled": block.get("enabled", True) is not False,
        "budget_tokens": budget
        if isinstance(budget, int) and not isinstance(budget, bool) and budget >= 0
        else DEFAULT_BUDGET_TOKENS,
    }


def request_scope(config: dict[str, Any]) -> RequestScope:
    project = config.get("project_dir")
    return RequestScope(
        agent_id=str(config.get("agent_id") or "default"),
        project=str(project) if isinstance(project, str) else "",
    )


def memory_store(config: dict[str, Any]) -> MemoryStore:
    """The store the application named; MemoryStoreError when it named none (an app that does
    not supply ``memory_path`` has no place to keep memories)."""
    path = config.get("memory_path")
    if not isinstance(path, str) or not path:
        raise MemoryStoreError(
            "the application gives memory no place to be kept (no 'memory_path' in the config)"
        )

    def clean(text: str) -> str:
        # By value only, as everywhere in the app: the secrets it knows (keyring entries,
        # resolved references) and the secret-named values of this agent's config.
        return redact(redact_secrets(text, config))

    return MemoryStore(Path(path), clean)
