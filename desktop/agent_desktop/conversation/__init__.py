"""The conversation view: rows painted from a chat's messages and tool calls, and what opens from
them.
"""
