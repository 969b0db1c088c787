"""Offline provider that replays scripted turns (demos, tests, --self-test)."""
