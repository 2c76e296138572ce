"""The ``deckcli`` command line: a thin Click layer over the library. Heavy imports happen inside commands."""
