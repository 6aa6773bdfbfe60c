"""Tests of seamless."""
