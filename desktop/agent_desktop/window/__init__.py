"""The window shell: the main window, its menus, the chat column it lays out, and what the window
does for the user around one chat.
"""
