"""What is typed but not sent survives a crash and a restart, and never keeps a secret.

Seen walking the app: text in the message box was lost when the app crashed. It is now written
to the data folder a second after typing stops, so it is on disk while the app still runs (what
a crash would leave), and comes back at the next start.
"""

from __future__ import annotations

import json

from agent_desktop.composer.unsent_text import UNSENT_TEXT_FILE_NAME
from agent_desktop.toolkit.lazy_qt import Qt
from tests.support.server_behaviours import openai_text
from tests.support.wire_servers import WireServer

SECRET = "sk-unsent-secret-4242424242"


def test_unsent_text_is_on_disk_while_the_app_runs_and_comes_back_after_a_restart(
    journey, monkeypatch
):
    monkeypatch.setenv("LOOPBACK_KEY", SECRET)
    with WireServer() as server:
        config_path = journey.use_local_server(f"{server.url}/v1")
        config = json.loads(config_path.read_text(encoding="utf-8"))
        config["providers"]["local"]["api_key"] = "${env:LOOPBACK_KEY}"
        journey.write_config(config)
        server.enqueue(openai_text("Noted."))
        window = journey.start()
        kept = journey.app.paths.data_dir / UNSENT_TEXT_FILE_NAME

        # One message sent, so the app has read the key and knows it as a secret.
        journey.press(Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier, widget=window)
        journey.type_text("First question")
        journey.press(Qt.Key.Key_Return)
        journey.wait_until(lambda: len(server.posts) == 1 and not window.busy(), timeout=30)
        assert server.posts[0].headers["authorization"] == f"Bearer {SECRET}"
        journey.wait_until(lambda: not kept.exists())  # sent: nothing is left unsent

        journey.type_text(f"Half a thought about Lisbon, and my key {SECRET}")
        journey.wait_until(kept.exists, timeout=5)
        on_disk = kept.read_text(encoding="utf-8")
        assert on_disk.startswith("Half a thought about Lisbon")
        assert SECRET not in on_disk

        window = journey.restart()
        journey.wait_until(lambda: window.composer.text().startswith("Half a thought"))
        assert SECRET not in window.composer.text()

        journey.act(window.composer.edit.clear)
        journey.wait_until(lambda: not kept.exists(), timeout=5)
        window = journey.restart()
        journey.settle(0.5)
        assert window.composer.text() == ""
