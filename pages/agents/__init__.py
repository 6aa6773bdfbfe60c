"""Pages of agents: the agent centre, the affiliate programme and the console's agents."""
