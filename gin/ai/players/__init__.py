"""The computer players: each module registers the opponents it defines (:mod:`gin.ai.base`);
the planner is the thinking player several of them tune."""
