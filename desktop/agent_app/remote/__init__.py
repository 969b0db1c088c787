"""The desktop as a client of an agent server (`agent-desktop serve` or the platform's own).

`client.RemoteAgentClient` speaks the HTTP API (`desktop/agent-server-openapi.json`) and follows a
chat's events across network cuts and server restarts with ``since_id``, handing each event on
once. `conversation.RemoteConversation` is a chat on the server with the face of a local
`Conversation`, so the window shows it the same way. `connections.RemoteConnections` keeps the
servers the user connected to (their tokens in the keyring).
"""
