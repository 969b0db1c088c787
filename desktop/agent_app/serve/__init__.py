"""`agent-desktop serve`: the application layer without Qt, serving the platform's HTTP API.

`cli` (options, token, TLS, the listening socket) → `server` (uvicorn) → `guard` (token, Host,
Origin, rates, sizes, slow clients) → `http_api` (routes) → `runtime` (chats and approvals on an
`AgentApplication`) → `event_store` (SQLite events and per-session cursors).
"""
