"""Pages of lottery: the lottery pages and the console's lottery issues."""
