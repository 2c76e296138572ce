"""Allow ``python -m deckcli``."""

from deckcli.cli.main import main

main()
