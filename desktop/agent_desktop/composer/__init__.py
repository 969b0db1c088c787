"""The composer: the message box, attachments, and completions from plugins and tool servers."""
