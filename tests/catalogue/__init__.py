"""Tests of catalogue."""
