"""Projects: a folder whose chats work in it.

The feature `projects` puts a project chat's instructions and pinned files before the
conversation; the tool plugin `project_tools` offers `search_project`, full-text search (FTS5,
kept up to date as files change) over the project folder. The application keeps the projects
and says which chat is in which (`agent_app.projects`).
"""

from agent_projects.feature import ProjectFeature, project_context
from agent_projects.index import Hit, ProjectIndex
from agent_projects.tools import ProjectTools

__all__ = ["Hit", "ProjectFeature", "ProjectIndex", "ProjectTools", "project_context"]
