"""The sidebar: the list of chats, its search, and what is done to whole chats (rename, delete,
export, import).
"""
