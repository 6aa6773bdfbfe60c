"""Game logic of the simulated providers, one module per kind; each states its RTP."""
