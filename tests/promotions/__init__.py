"""Tests of promotions."""
