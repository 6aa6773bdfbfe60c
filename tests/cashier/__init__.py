"""Tests of cashier."""
