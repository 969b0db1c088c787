"""The first run: finding a local model server or setting up a provider's key."""
