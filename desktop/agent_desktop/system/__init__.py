"""The process and the desktop around the window: crash reports, logs, one copy per data folder,
the global shortcut, the heap.
"""
