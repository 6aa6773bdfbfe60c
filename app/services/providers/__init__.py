"""Game providers: how an outside vendor's games are launched, listed and reconciled."""
