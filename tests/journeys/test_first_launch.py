"""A newcomer's very first launch: no config at all, a fresh data dir."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.gui


def test_first_launch_shows_the_window_ready_with_its_data_on_disk(journey, data_dir):
    window = journey.start()

    assert window.isVisible()
    journey.wait_until(lambda: window.state_label.text() == "Ready")
    # The store is created in the data dir the user chose, nowhere else.
    assert any(data_dir.rglob("sessions.sqlite3"))


def test_a_restart_keeps_the_app_usable(journey):
    journey.start()
    window = journey.restart()
    journey.wait_until(lambda: window.state_label.text() == "Ready")
