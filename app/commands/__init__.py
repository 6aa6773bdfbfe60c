"""The operator commands behind `python -m app.cli`, by area; `app/cli.py` is their parser."""
