"""Tests of protection."""
