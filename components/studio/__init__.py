"""Components of the studio's game pages: one per game kind, plus the shared panels."""
