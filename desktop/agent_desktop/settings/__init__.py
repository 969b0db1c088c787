"""The settings dialog's pages, one module per page (the dialog is `settings_dialog`)."""
