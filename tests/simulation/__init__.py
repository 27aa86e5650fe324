"""Tests of rummyrules.simulation: simulate and its summary."""
