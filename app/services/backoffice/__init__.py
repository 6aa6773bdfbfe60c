"""The back office (operator console): staff, roles and the permission check, the audit log,
four-eyes approvals, and one module of use cases per console area. Importing the package
registers every approval kind's executor."""

from app.services.backoffice import agents, channels, lottery, payments, players

__all__ = ["agents", "channels", "lottery", "payments", "players"]
