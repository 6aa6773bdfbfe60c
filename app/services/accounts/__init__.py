"""Who the visitor is: members, sessions, login, registration, passwords, verification."""
