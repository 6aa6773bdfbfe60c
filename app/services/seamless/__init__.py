"""Seamless wallet for game vendors: sessions, signed wallet calls, launch, round records."""
