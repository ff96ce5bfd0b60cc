"""What one seat knows: its view read into a table of the game so far, the odds of each unseen
card, the read of the other hand that its visible history could have produced, and the measures
of a hand that the players weigh."""
