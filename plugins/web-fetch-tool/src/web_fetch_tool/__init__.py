"""Fetch a web page and return readable text."""
