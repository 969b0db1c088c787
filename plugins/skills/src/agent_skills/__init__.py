"""Agent Skills: folders holding a SKILL.md, offered to the model by name and description.

Two plugins share this package: the feature `skills` lists each enabled skill in the context,
and the tool plugin `skill_tools` lets the model load a skill's instructions and files when it
decides to. `install_skill` installs one from a folder or a `.zip` into the app's skills folder.
"""

from agent_skills.catalog import (
    Skill,
    SkillProblem,
    SkillSet,
    discover_skills,
    enabled_skills,
)
from agent_skills.feature import SkillsFeature, skills_listing
from agent_skills.install import SkillInstallError, install_skill
from agent_skills.tools import SkillTools

__all__ = [
    "Skill",
    "SkillInstallError",
    "SkillProblem",
    "SkillSet",
    "SkillTools",
    "SkillsFeature",
    "discover_skills",
    "enabled_skills",
    "install_skill",
    "skills_listing",
]
