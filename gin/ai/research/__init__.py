"""Research tools, never loaded by the page: the arena, the rated ladder and the results file
they share."""
