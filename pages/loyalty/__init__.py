"""Pages of loyalty: VIP, missions, the points mall and their console pages."""
