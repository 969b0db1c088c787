"""Schedules in the window: the list, the editor with a plain recurrence picker, and
each run's history."""
