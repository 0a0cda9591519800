"""Tafel's eyes: from camera frames (BGR numpy arrays) to the cards on the table.

Main entry points: ``vision.recognize.identify_cards``, ``vision.tracker.CardTracker``,
``vision.calibration.TableCalibration``, ``vision.synth.render_table``; commands in
``vision.cli``. See docs/vision.md.
"""

import os as _os

# The reader's matrix products are small: BLAS worker threads only fight the camera loop
# for the Pi's cores. Effective only when vision is imported before numpy.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    _os.environ.setdefault(_var, "1")
