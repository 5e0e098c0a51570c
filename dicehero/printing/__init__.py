"""The printed sheet: one PDF page per player, drawn from the edition data with reportlab."""

from dicehero.printing.geometry import PAPERS
from dicehero.printing.render import for_rounds, game_sheets, join_url, render_sheets
from dicehero.printing.sheet import SheetHeader

__all__ = ["PAPERS", "SheetHeader", "for_rounds", "game_sheets", "join_url", "render_sheets"]
