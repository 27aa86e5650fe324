"""Tests of rummyrules.peers: OpenSpiel's Gin Rummy beside ours, and matches against its bots."""
