"""Pages of support: tickets, the live chat, the inbox and their console desks."""
