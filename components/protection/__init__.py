"""Components of protection: responsible gaming: limits, breaks and the reality check."""
