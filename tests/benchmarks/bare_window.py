"""The cold-start baseline: a bare PySide6 window, and nothing else imported.

Kept apart from gui_probe.py on purpose: that module imports asyncio and json for its other
modes, which would slow the baseline and flatter the ratio.
"""

import sys
import time

from PySide6.QtWidgets import QApplication, QWidget

app = QApplication([sys.argv[0]])
window = QWidget()
window.resize(1180, 780)
window.show()
app.processEvents()
print(f"shown {time.perf_counter():.6f}", flush=True)
