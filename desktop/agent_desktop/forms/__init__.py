"""Forms and dialogs generated from what plugins and tool servers declare."""
