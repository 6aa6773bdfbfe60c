"""APIs that game vendors call (signed with their secret, not with a member session)."""
