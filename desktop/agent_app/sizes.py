"""Sizes in words people read (a module of its own so the GUI can import it cheaply)."""

_UNITS = ("KB", "MB", "GB", "TB")


def format_size(size: int) -> str:
    """A size for people: "812 bytes", "1.5 KB", "12.0 MB"."""
    if size < 1024:
        return f"{size} bytes"
    value = size / 1024
    unit = 0
    while value >= 1024 and unit < len(_UNITS) - 1:
        value /= 1024
        unit += 1
    return f"{value:.1f} {_UNITS[unit]}"
