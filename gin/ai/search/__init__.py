"""Judging a move: sampled futures of one's own hand, worlds of the hidden cards played out,
and what a hand's points are worth to the match."""
