"""Toy Rummy's own tests: its integer core against its turn machine."""
