"""What 50 skills cost each request: the list's characters and tokens, the two tool schemas, and
the time to find the skills on disk (done for every provider turn, so an installed skill shows
at once)."""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

from agent_skills import SkillsFeature, SkillTools, enabled_skills
from agent_skills.feature import approximate_tokens

SKILLS = 50
DESCRIPTION = (
    "Extract tables and text from quarterly reports, fill in the standard forms and check "
    "the totals against the ledger. Use when the user mentions reports, forms, invoices, "
    "receipts or reconciling figures from a spreadsheet or PDF"
)


def write_skills(root: Path) -> None:
    for number in range(SKILLS):
        # 15 to 39 words: the spread of the descriptions in public skill collections.
        words = DESCRIPTION.split()[: 15 + number % 25]
        folder = root / f"skill-{number:02d}"
        folder.mkdir(parents=True)
        body = "## Steps\n" + "\n".join(f"{step}. Do step {step}." for step in range(1, 40))
        (folder / "SKILL.md").write_text(
            f"---\nname: skill-{number:02d}\ndescription: {' '.join(words)}.\n---\n{body}\n",
            encoding="utf-8",
        )


def test_fifty_skills_fit_the_default_budget_and_are_found_quickly(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    write_skills(tmp_path / "skills")
    config = {"skills_dir": str(tmp_path / "skills")}

    listing = SkillsFeature().listing(config)
    schemas = json.dumps(SkillTools().get_tool_schemas({}))
    timings = []
    for _ in range(7):
        started = time.perf_counter()
        enabled_skills(config)
        timings.append(time.perf_counter() - started)

    listed = listing.count("\n- skill-")
    print(
        f"\n50 skills: list {len(listing):,} chars ≈ {approximate_tokens(listing):,} tokens; "
        f"tool schemas {len(schemas):,} chars ≈ {approximate_tokens(schemas):,} tokens; "
        f"discovery median {statistics.median(timings) * 1000:.1f} ms"
    )
    assert listed == SKILLS
    assert approximate_tokens(listing) <= 4_000
    assert statistics.median(timings) < 0.25
