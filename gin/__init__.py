"""Gin Rummy: an exact rules engine, computer opponents and a JSON face for the browser.

The modules, bottom up: :mod:`gin.cards` (notation), :mod:`gin.melds` (melds, deadwood,
layoffs), :mod:`gin.rules` (options), :mod:`gin.actions` (action notation), :mod:`gin.game`
(one hand), :mod:`gin.match` (hands to the target), :mod:`gin.view` (one seat's knowledge),
:mod:`gin.save` (match documents) and :mod:`gin.api` (JSON strings in and out).
"""
