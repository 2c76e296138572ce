"""Opening-hand statistics: exact odds, mulligans, Monte Carlo simulation and curves.

The library works on a draw deck given as ``(card_dict, count)`` pairs (``CardRef.as_dict()``), the conditions asked
of a hand (:mod:`deckcli.cards.conditions`) and a format's ``opening`` rules; it never touches click or the database.
"""

from deckcli.legality.opening import OpeningRules
from deckcli.odds.classes import DeckClasses, split_classes
from deckcli.odds.report import OddsResult, odds

__all__ = ["DeckClasses", "OddsResult", "OpeningRules", "odds", "split_classes"]
