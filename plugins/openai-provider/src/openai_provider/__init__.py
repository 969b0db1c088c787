"""OpenAI-compatible chat completions provider (OpenAI, OpenRouter, Groq, Gemini, local servers)."""
