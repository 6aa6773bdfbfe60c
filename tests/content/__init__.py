"""Tests of content."""
