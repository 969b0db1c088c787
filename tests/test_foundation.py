"""The foundation every later test relies on: isolation from the user's dirs and keyring."""

import os

import keyring

from tests.support.keyring_backend import MemoryKeyring


def test_home_is_isolated(isolated_home):
    assert os.environ["AGENT_DESKTOP_HOME"] == str(isolated_home)
    assert isolated_home.is_dir()


def test_keyring_is_the_in_memory_backend():
    assert isinstance(keyring.get_keyring(), MemoryKeyring)
    keyring.set_password("agent-desktop", "probe", "value")
    assert keyring.get_password("agent-desktop", "probe") == "value"


def test_qt_renders_offscreen(qtbot):
    from PySide6.QtWidgets import QLabel

    label = QLabel("hello")
    qtbot.add_widget(label)
    label.show()
    assert label.isVisible()
