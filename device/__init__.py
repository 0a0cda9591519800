"""The running product: the ``tafel`` command, camera sources, GPIO, serial, the journal,
config and the main loop; the only package that wires the others together."""

# First, before any module here loads numpy: vision's package start keeps BLAS to one
# thread (its worker threads fight the camera loop for the Pi's cores), which works only
# when it runs before numpy does.
import vision  # noqa: F401
