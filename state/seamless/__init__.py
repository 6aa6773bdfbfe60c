"""Page state of seamless: the betting record and profit of third-party games."""
