"""A system-wide key on X11: a passive grab on the root window, through libxcb (ctypes).

Everything X11 happens on one background thread with its own connection to the X server: it
grabs the key (once per lock-key state, so Caps Lock or Num Lock being on does not matter),
then waits for presses. It touches no widget: it reports through the callbacks it was given,
which the caller turns into queued Qt signals. `stop()` wakes it through a pipe; it releases
the grab and disconnects.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os
import select
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)

SHIFT_MASK = 1
LOCK_MASK = 2  # Caps Lock
CONTROL_MASK = 4
MOD1_MASK = 8  # Alt
MOD2_MASK = 16  # Num Lock on nearly every keyboard map
MOD4_MASK = 64  # Super (Qt calls it Meta)
_LOCK_STATES = (0, LOCK_MASK, MOD2_MASK, LOCK_MASK | MOD2_MASK)

_GRAB_MODE_ASYNC = 1
_BAD_ACCESS = 10  # the X error for a key another client already grabbed
_KEY_PRESS = 2
_STOP_WAIT_SECONDS = 2.0


class _Cookie(ctypes.Structure):
    _fields_ = [("sequence", ctypes.c_uint)]


class _ScreenIterator(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("rem", ctypes.c_int), ("index", ctypes.c_int)]


class _GenericError(ctypes.Structure):
    _fields_ = [("response_type", ctypes.c_uint8), ("error_code", ctypes.c_uint8)]


class _KeyPressEvent(ctypes.Structure):
    _fields_ = [
        ("response_type", ctypes.c_uint8),
        ("detail", ctypes.c_uint8),
        ("sequence", ctypes.c_uint16),
        ("time", ctypes.c_uint32),
        ("root", ctypes.c_uint32),
        ("event", ctypes.c_uint32),
        ("child", ctypes.c_uint32),
        ("root_x", ctypes.c_int16),
        ("root_y", ctypes.c_int16),
        ("event_x", ctypes.c_int16),
        ("event_y", ctypes.c_int16),
        ("state", ctypes.c_uint16),
    ]


class _Xcb:
    """The few libxcb (and xcb-keysyms) calls a key grab needs, with their C signatures."""

    def __init__(self) -> None:
        xcb = ctypes.CDLL(ctypes.util.find_library("xcb") or "libxcb.so.1")
        keysyms = ctypes.CDLL(ctypes.util.find_library("xcb-keysyms") or "libxcb-keysyms.so.1")
        libc = ctypes.CDLL(None)
        pointer = ctypes.c_void_p
        self.connect = xcb.xcb_connect
        self.connect.argtypes, self.connect.restype = [ctypes.c_char_p, ctypes.c_void_p], pointer
        self.has_error = xcb.xcb_connection_has_error
        self.has_error.argtypes, self.has_error.restype = [pointer], ctypes.c_int
        self.get_setup = xcb.xcb_get_setup
        self.get_setup.argtypes, self.get_setup.restype = [pointer], pointer
        self.roots = xcb.xcb_setup_roots_iterator
        self.roots.argtypes, self.roots.restype = [pointer], _ScreenIterator
        self.next_screen = xcb.xcb_screen_next
        self.next_screen.argtypes = [ctypes.POINTER(_ScreenIterator)]
        self.next_screen.restype = None
        self.grab_key = xcb.xcb_grab_key_checked
        self.grab_key.argtypes = [
            pointer,
            ctypes.c_uint8,
            ctypes.c_uint32,
            ctypes.c_uint16,
            ctypes.c_uint8,
            ctypes.c_uint8,
            ctypes.c_uint8,
        ]
        self.grab_key.restype = _Cookie
        self.ungrab_key = xcb.xcb_ungrab_key
        self.ungrab_key.argtypes = [pointer, ctypes.c_uint8, ctypes.c_uint32, ctypes.c_uint16]
        self.ungrab_key.restype = _Cookie
        self.request_check = xcb.xcb_request_check
        self.request_check.argtypes, self.request_check.restype = [pointer, _Cookie], pointer
        self.flush = xcb.xcb_flush
        self.flush.argtypes, self.flush.restype = [pointer], ctypes.c_int
        self.file_descriptor = xcb.xcb_get_file_descriptor
        self.file_descriptor.argtypes, self.file_descriptor.restype = [pointer], ctypes.c_int
        self.poll_for_event = xcb.xcb_poll_for_event
        self.poll_for_event.argtypes, self.poll_for_event.restype = [pointer], pointer
        self.disconnect = xcb.xcb_disconnect
        self.disconnect.argtypes, self.disconnect.restype = [pointer], None
        self.symbols_alloc = keysyms.xcb_key_symbols_alloc
        self.symbols_alloc.argtypes, self.symbols_alloc.restype = [pointer], pointer
        self.symbols_free = keysyms.xcb_key_symbols_free
        self.symbols_free.argtypes, self.symbols_free.restype = [pointer], None
        self.keycodes = keysyms.xcb_key_symbols_get_keycode
        self.keycodes.argtypes = [pointer, ctypes.c_uint32]
        self.keycodes.restype = ctypes.POINTER(ctypes.c_uint8)
        self.free = libc.free
        self.free.argtypes, self.free.restype = [pointer], None


class X11KeyGrab:
    """Grab `keysym` with `modifiers` (an X modifier mask) on `display` until `stop()`.

    Callbacks run on the grab's thread: `on_grabbed()` once the grab holds, `on_failed(reason)`
    when it cannot be taken (the thread then ends), `on_pressed()` for every press.
    """

    def __init__(
        self,
        display: str,
        keysym: int,
        modifiers: int,
        *,
        on_grabbed: Callable[[], None],
        on_failed: Callable[[str], None],
        on_pressed: Callable[[], None],
    ) -> None:
        self.display = display
        self.keysym = keysym
        self.modifiers = modifiers
        self._on_grabbed = on_grabbed
        self._on_failed = on_failed
        self._on_pressed = on_pressed
        self._wake_read, self._wake_write = os.pipe()
        self._thread = threading.Thread(target=self._run, name="x11-key-grab", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """Release the grab; returns once the thread has let go (or after two seconds)."""
        try:
            os.write(self._wake_write, b"x")
        except OSError as error:  # already closed: the thread ended on its own
            log.debug("key grab already ended: %s", error)
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(_STOP_WAIT_SECONDS)
        if not self._thread.is_alive():
            for descriptor in (self._wake_read, self._wake_write):
                try:
                    os.close(descriptor)
                except OSError as error:
                    log.debug("wake pipe already closed: %s", error)

    # ------------------------------------------------------------------ the thread
    def _run(self) -> None:
        try:
            xcb = _Xcb()
        except (OSError, AttributeError) as error:
            self._on_failed(f"libxcb could not be loaded ({error})")
            return
        screen_number = ctypes.c_int(0)
        connection = xcb.connect(self.display.encode(), ctypes.byref(screen_number))
        try:
            if not connection or xcb.has_error(connection):
                self._on_failed(f"the X display {self.display} could not be reached")
                return
            root = self._root_window(xcb, connection, screen_number.value)
            keycodes = self._keycodes(xcb, connection)
            if not keycodes:
                self._on_failed("no key on this keyboard map types that key")
                return
            problem = self._grab(xcb, connection, root, keycodes)
            if problem is not None:
                self._ungrab(xcb, connection, root, keycodes)
                self._on_failed(problem)
                return
            self._on_grabbed()
            self._listen(xcb, connection, set(keycodes))
            self._ungrab(xcb, connection, root, keycodes)
        finally:
            if connection:
                xcb.disconnect(connection)

    @staticmethod
    def _root_window(xcb: _Xcb, connection: int, screen_number: int) -> int:
        screens = xcb.roots(xcb.get_setup(connection))
        for _ in range(screen_number):
            xcb.next_screen(ctypes.byref(screens))
        return ctypes.c_uint32.from_address(screens.data).value  # `root` opens xcb_screen_t

    def _keycodes(self, xcb: _Xcb, connection: int) -> list[int]:
        symbols = xcb.symbols_alloc(connection)
        if not symbols:
            return []
        try:
            found = xcb.keycodes(symbols, self.keysym)
            if not found:
                return []
            codes: list[int] = []
            while found[len(codes)] != 0:  # a list ended by XCB_NO_SYMBOL
                codes.append(found[len(codes)])
            xcb.free(ctypes.cast(found, ctypes.c_void_p))
            return codes
        finally:
            xcb.symbols_free(symbols)

    def _grab(self, xcb: _Xcb, connection: int, root: int, keycodes: list[int]) -> str | None:
        cookies = [
            xcb.grab_key(
                connection,
                1,
                root,
                self.modifiers | lock_state,
                keycode,
                _GRAB_MODE_ASYNC,
                _GRAB_MODE_ASYNC,
            )
            for keycode in keycodes
            for lock_state in _LOCK_STATES
        ]
        codes = []
        for cookie in cookies:
            error = xcb.request_check(connection, cookie)
            if error:
                codes.append(_GenericError.from_address(error).error_code)
                xcb.free(error)
        if not codes:
            return None
        if _BAD_ACCESS in codes:
            return "another app already uses that key combination for itself"
        return f"the X server refused the key grab (X error {codes[0]})"

    def _ungrab(self, xcb: _Xcb, connection: int, root: int, keycodes: list[int]) -> None:
        for keycode in keycodes:
            for lock_state in _LOCK_STATES:
                xcb.ungrab_key(connection, keycode, root, self.modifiers | lock_state)
        xcb.flush(connection)

    def _listen(self, xcb: _Xcb, connection: int, keycodes: set[int]) -> None:
        x_socket = xcb.file_descriptor(connection)
        while True:
            readable, _, _ = select.select([x_socket, self._wake_read], [], [])
            if self._wake_read in readable:
                return
            while event := xcb.poll_for_event(connection):
                press = _KeyPressEvent.from_address(event)
                if press.response_type & 0x7F == _KEY_PRESS and press.detail in keycodes:
                    self._on_pressed()
                xcb.free(event)
            if xcb.has_error(connection):
                self._on_failed(f"the connection to the X display {self.display} was lost")
                return
