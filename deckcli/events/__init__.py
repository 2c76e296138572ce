"""Tournament events: registration of locked decklists, deck checks, side exchanges, printed sheets, published sites."""
