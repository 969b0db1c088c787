"""Shell command tool with streamed output, timeout and kill on cancel."""
