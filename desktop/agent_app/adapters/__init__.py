"""Adapters that let tools written for other tool models run as ordinary core tool plugins."""
