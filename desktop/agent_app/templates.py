"""Feature templates (`FeaturePlugin.get_template`) offered as composer completions.

The spec says templates are "for applications that need a feature-specific textual template (for
example, to construct editor snippets or autocomplete expansions)". Reading chosen: an
autocomplete expansion. When the text typed so far (leading spaces ignored, at least one
character) is the start of a template, case-insensitively, the whole template is offered in the
completion popup; accepting it replaces what was typed. Placeholders such as ``{{file}}`` are
inserted as they are, for the user to fill in.
"""

from __future__ import annotations

from typing import Any


def template_completions(templates: list[dict[str, Any]], text: str) -> list[dict[str, Any]]:
    """Completions for `templates` (``[{"plugin", "template"}]``) given the text before the
    cursor; each replaces the typed text from where it starts."""
    typed = text.lstrip()
    if not typed:
        return []
    start = len(text) - len(typed)
    offered = []
    for entry in templates:
        template = entry.get("template")
        if not isinstance(template, str) or template == typed:
            continue
        if template.lower().startswith(typed.lower()):
            first_line = template.splitlines()[0] if template.strip() else template
            offered.append(
                {
                    "display": first_line,
                    "display_meta": f"template · {entry.get('plugin')}",
                    "replacement": template,
                    "start": start,
                    "plugin": entry.get("plugin"),
                }
            )
    return offered
