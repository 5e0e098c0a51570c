"""Printed sheets from the host screen: the PDF a teacher downloads without a terminal.

One personalised sheet per hero who has joined, plus blank sheets, each with the game's
code, the address phones can reach as text and as a QR code. The same renderer as
``dicehero print``; a batch of 100 sheets takes a fraction of a second, so it is drawn
in the request.
"""

from __future__ import annotations

import io

from flask import Blueprint, Response, request

from dicehero.editions import load_edition
from dicehero.i18n import N_
from dicehero.printing import PAPERS, for_rounds, game_sheets, render_sheets
from dicehero.store.errors import Refusal
from dicehero.web import games
from dicehero.web.errors import ApiError
from dicehero.web.language import current_language, picker_languages
from dicehero.web.pages import join_base
from dicehero.web.request import bearer

bp = Blueprint("sheets", __name__)

MAX_BLANK = 100
_FLAGS = {"1": True, "true": True, "yes": True, "0": False, "false": False, "no": False, "": False}


def _blank_count() -> int:
    raw = request.args.get("blank", "0").strip()
    if not raw.isdigit() or int(raw) > MAX_BLANK:
        raise ApiError(Refusal.MALFORMED, "bad_blank",
                       N_("blank is a whole number of sheets from 0 to %(most)s."), most=MAX_BLANK)
    return int(raw)


def _paper() -> str:
    paper = request.args.get("paper", "a4").strip().lower()
    if paper not in PAPERS:
        raise ApiError(Refusal.MALFORMED, "bad_paper", N_("paper is one of: %(papers)s."),
                       papers=", ".join(PAPERS))
    return paper


def _rules() -> bool:
    raw = request.args.get("rules", "0").strip().lower()
    if raw not in _FLAGS:
        raise ApiError(Refusal.MALFORMED, "bad_rules",
                       N_("rules is 1 (print the rules page) or 0."))
    return _FLAGS[raw]


def _lang() -> str:
    lang = request.args.get("lang", "").strip() or current_language()
    offered = [code for code, _name in picker_languages()]
    if lang not in offered:
        raise ApiError(Refusal.MALFORMED, "bad_lang", N_("lang is one of: %(langs)s."),
                       langs=", ".join(offered))
    return lang


@bp.get("/api/games/<code>/sheets.pdf")
def sheets_pdf(code: str) -> Response:
    """The host: the game's sheets as a PDF download (one per hero, plus ``blank`` blank ones,
    on ``paper``, with the rules page if ``rules``, in ``lang``: by default the host page's)."""
    blank, paper, rules, lang = _blank_count(), _paper(), _rules(), _lang()
    roster = games().print_roster(code, bearer())
    names = roster["names"] + [""] * blank
    if not names and not rules:
        raise ApiError(Refusal.REFUSED, "nothing_to_print",
                       N_("No hero has joined yet: choose a number of "
                          "blank sheets, or the rules page."))
    edition = for_rounds(load_edition(roster["edition"]), roster["rounds"])
    out = io.BytesIO()
    headers = game_sheets(names, roster["code"], join_base(), roster["paper_paths"])
    render_sheets(edition, headers, out, paper=paper, rules=rules, lang=lang)
    resp = Response(out.getvalue(), mimetype="application/pdf")
    resp.headers["Cache-Control"] = "no-store"
    resp.headers["Content-Disposition"] = (
        f'attachment; filename="dicehero-{roster["code"]}-sheets.pdf"')
    return resp
