"""Page state of studio: the studio's own games (the Originals) and Crash."""
