"""deckcli's data files (game.json, card sets, formats) checked against its JSON Schemas, passes remembered."""
