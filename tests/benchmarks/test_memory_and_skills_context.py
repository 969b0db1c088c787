"""What 50 skills and 500 remembered items cost each request at the default budgets: the
characters and tokens of the two system messages, the schemas of the tools they add, how many
items make it in, and the time to build both for one turn (done for every provider turn)."""

from __future__ import annotations

import json
import statistics
import time

from tests.benchmarks.test_skills_context import write_skills

from agent_memory import MemoryFeature, MemoryTools
from agent_memory.listing import approximate_tokens
from agent_memory.settings import DEFAULT_BUDGET_TOKENS, memory_store
from agent_skills import SkillsFeature, SkillTools

MEMORIES = 500
FACTS = (
    "Prefers metric units and 24-hour times in every answer",
    "Works on a thesis about moss growth on the north side of old buildings",
    "Writes Python 3.11 with type hints and ruff; dislikes one-letter names",
    "Lives in Lyon; meetings are in Central European Time",
)


def test_fifty_skills_and_five_hundred_memories_stay_within_their_budgets(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    write_skills(tmp_path / "skills")
    config = {
        "skills_dir": str(tmp_path / "skills"),
        "memory_path": str(tmp_path / "memory.sqlite3"),
        "agent_id": "default",
    }
    store = memory_store(config)
    for number in range(MEMORIES):
        scope = ("app", "agent", "project")[number % 3]
        key = {"app": "", "agent": "default", "project": "/home/me/thesis"}[scope]
        store.add(f"{FACTS[number % len(FACTS)]} (note {number})", scope, key)
    config["project_dir"] = "/home/me/thesis"

    timings = []
    for _ in range(7):
        started = time.perf_counter()
        skills = SkillsFeature().listing(config)
        memories = MemoryFeature().listing(config)
        timings.append(time.perf_counter() - started)
    schemas = json.dumps(SkillTools().get_tool_schemas({}) + MemoryTools().get_tool_schemas({}))
    listed = memories.count("\n- ")
    total = approximate_tokens(skills) + approximate_tokens(memories) + approximate_tokens(schemas)
    print(
        f"\n50 skills: {len(skills):,} chars ≈ {approximate_tokens(skills):,} tokens; "
        f"500 memories: {listed} listed, {len(memories):,} chars ≈ "
        f"{approximate_tokens(memories):,} tokens (budget {DEFAULT_BUDGET_TOKENS:,}); "
        f"tool schemas ≈ {approximate_tokens(schemas):,} tokens; per request ≈ {total:,} "
        f"tokens; both built in {statistics.median(timings) * 1000:.1f} ms (median)"
    )
    assert approximate_tokens(memories) <= DEFAULT_BUDGET_TOKENS
    assert 0 < listed < MEMORIES
    assert f"({MEMORIES - listed} older notes are left out" in memories
    assert statistics.median(timings) < 0.5
