"""The tools' names, shared by the feature that tells the model about them."""

LOAD_SKILL = "load_skill"
READ_SKILL_FILE = "read_skill_file"
