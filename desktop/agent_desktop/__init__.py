"""The Qt desktop GUI of Agent Desktop."""

__version__ = "0.1.0"
