"""Ratings on the Elo scale: the fit and the player's update, the opponents' fitted table that
the page reads, and the styles that ratings alone cannot tell."""
