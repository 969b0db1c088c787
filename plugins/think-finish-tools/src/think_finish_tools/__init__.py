"""The think and finish tools."""
