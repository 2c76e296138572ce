"""The collection: what a player owns (counts per printing, finish, condition, language and tag) and what decks need."""
