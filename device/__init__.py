"""The running product: command line, and (later) camera sources, GPIO, serial, journal."""
