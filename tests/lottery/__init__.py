"""Tests of lottery."""
