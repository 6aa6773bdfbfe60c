"""Demo data: the two demo brands with their settings, payment channels and help pages
(`seed`), and the generated catalogue of vendors, 10,000 games and winners (`catalogue`).

Loaded by `python -m app.cli seed` (and `setup`, `make run`), by the tests and the benches;
idempotent. Nothing in app/services imports it: the services serve whatever data is there.
"""
