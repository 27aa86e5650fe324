"""``python -m rummyrules``: the ``rummyrules`` command (see :mod:`rummyrules.cli`).

>>> from rummyrules.cli import main
>>> main(["check", "1400", "AH AD 9C", "--wild", "9"])
valid: set AH AD 9C=A
0
"""

from rummyrules.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
