"""Page state of catalogue: the lobby, game cards, providers, favourites, live rooms and the
console's games."""
