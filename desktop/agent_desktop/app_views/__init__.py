"""MCP App views: interactive web views that MCP servers' tools return, shown in tool rows.

The web engine runs only in a helper process (`helper`), started when the first view is shown
and ended when none has been visible for a while (`host`); rows paint the frames it sends and
forward input to it (`view_widget`). See desktop/README.md, "MCP App views".
"""
