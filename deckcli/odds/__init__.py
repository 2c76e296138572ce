"""Opening-hand statistics: exact odds, mulligans, Monte Carlo simulation, sample hands and curves.

The library works on a draw deck given as ``(card_dict, count)`` pairs (``CardRef.as_dict()``) plus a
format's ``opening`` rules; it never touches click or the database.
"""

from deckcli.legality.opening import OpeningRules
from deckcli.odds.classes import DeckClasses, split_classes
from deckcli.odds.conditions import Condition, parse_condition, parse_conditions
from deckcli.odds.report import OddsResult, odds

__all__ = [
    "Condition",
    "DeckClasses",
    "OddsResult",
    "OpeningRules",
    "odds",
    "parse_condition",
    "parse_conditions",
    "split_classes",
]
