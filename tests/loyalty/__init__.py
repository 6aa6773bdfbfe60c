"""Tests of loyalty."""
