"""The provider simulator: the outside game vendors of the demo catalogue, as a service of its
own (`python -m simulator`), moving money only through the platform's public vendor APIs."""
