"""Tests of rummyrules.formats: positions, records, saved JSON and its schema, the readers' refusals, sampling, fair deals."""
