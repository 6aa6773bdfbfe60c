"""Tests of studio."""
