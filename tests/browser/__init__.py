"""The browser table of ``rummyrules serve`` in headless Chromium: fixtures in conftest.py, helpers in pages.py."""
