"""Pages of promotions: promotions, bonuses and their console pages."""
