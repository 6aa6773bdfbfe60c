"""Agents and affiliates: the agent tree, contracts, pay, the team's figures and transfers."""
