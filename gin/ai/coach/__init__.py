"""The coach: the hint for a view, the review of a saved match, and the reasons both give."""
