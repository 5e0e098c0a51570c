"""dicehero: the scoresheet service for the roll-and-write game Super Dice Heroes."""

__version__ = "0.1.0"
