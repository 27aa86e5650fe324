"""Drivers of the engines rummyrules is checked against (the [peers] extra)."""
