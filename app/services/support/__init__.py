"""Support: tickets and feedback with their answers (tickets) and the live chat (live_chat).
The member's inbox, written by every capability, is app/services/inbox.py."""

# The modules other capabilities and the adapters may import (tests/platform/test_architecture.py).
PUBLIC_MODULES = ("live_chat", "tickets")
