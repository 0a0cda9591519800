"""The engine's errors: all are ``ValueError`` subclasses, and each message quotes the
input and the state it was refused in.

- :class:`CardSyntaxError`: text that is not a card or suit (``"1H"``, ``"ZZ"``).
- :class:`LogSyntaxError`: a table-log line that is not a valid event (bad JSON, a
  missing key, an unknown event type).
- :class:`RuleOptionError`: an unknown rule option or a value it cannot take.
- :class:`IllegalEventError` and its subclasses: a well-formed event that cannot
  happen in the current state (a play out of turn, a card seen twice, a card not in
  the player's known hand, a play before trump is known, ...). A *rule-breaking* play
  such as verzaken is not an error: it happened at the table and is recorded as a
  violation.
"""

from __future__ import annotations


class CardSyntaxError(ValueError):
    """Text that is not a card, rank or suit."""


class LogSyntaxError(ValueError):
    """A table-log line that is not a valid event."""


class RuleOptionError(ValueError):
    """An unknown rule option, or a value the option cannot take."""


class IllegalEventError(ValueError):
    """A well-formed event that cannot happen in the current state."""


class OutOfTurnError(IllegalEventError):
    """A seat acted when it was not its turn."""


class DuplicateCardError(IllegalEventError):
    """A card was seen twice in a one-deck game."""


class CardNotInHandError(IllegalEventError):
    """A play of a card the seat was not dealt (when the deal is known)."""


class WrongPhaseError(IllegalEventError):
    """An event that does not belong in this phase of the hand (a play during bidding)."""


class BadDealError(IllegalEventError):
    """A dealt hand with the wrong number of cards or cards outside the deck."""
