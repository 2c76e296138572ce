"""Games as data: the registry read from ``carddb/<game>/game.json``, and the named code hooks games use."""
