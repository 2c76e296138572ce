"""deckcli: deck builder, tournament deck checker and collection manager for trading card games."""

__version__ = "0.1.0"
